import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { argumentSkeleton, checkArguments } from '../../../../client/src/tapping/toolArguments';
import { backupFileFor, readBackupFile, TapRecords, type RecordStore } from '../../../../client/src/tapping/tapRecords';
import type { TapRecord } from '../../../../client/src/tapping/tapRewrite';
import { TapEditError } from '../../../../client/src/tapping/tapRewrite';
import {
  discoverServers,
  isTappedHttp,
  refreshCliPaths,
  staleCliRecords,
  tapServer,
  untapServer,
} from '../../../../client/src/tapping/tapService';
import { CLAUDE_DESKTOP_JSON, CLAUDE_USER_JSON, VSCODE_MCP_JSON } from './hostFixtures';

class MemoryStore implements RecordStore {
  records: readonly TapRecord[] = [];
  read(): readonly TapRecord[] {
    return this.records;
  }
  write(records: readonly TapRecord[]): Promise<void> {
    this.records = records;
    return Promise.resolve();
  }
}

const CLI = '/ext/dist/cli.js';

void describe('tapping files on disk', () => {
  let home: string;
  let workspace: string;

  beforeEach(() => {
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-envelope-home-'));
    workspace = path.join(home, 'orders');
    fs.mkdirSync(path.join(workspace, '.vscode'), { recursive: true });
    fs.writeFileSync(path.join(workspace, '.vscode', 'mcp.json'), VSCODE_MCP_JSON);
    fs.writeFileSync(path.join(home, '.claude.json'), CLAUDE_USER_JSON);
    fs.mkdirSync(path.join(home, '.config', 'Claude'), { recursive: true });
    fs.writeFileSync(path.join(home, '.config', 'Claude', 'claude_desktop_config.json'), CLAUDE_DESKTOP_JSON);
  });

  afterEach(() => fs.rmSync(home, { recursive: true, force: true }));

  function discover(): ReturnType<typeof discoverServers> {
    return discoverServers({ workspaceFolders: [workspace], home, platform: 'linux' });
  }

  void it('finds the files that exist and their servers', () => {
    assert.deepEqual(
      discover().map((file) => [path.relative(home, file.candidate.file), file.entries.map((entry) => entry.name)]),
      [
        ['orders/.vscode/mcp.json', ['orders', 'remote-docs', 'legacy-events']],
        ['.claude.json', ['memory', 'orders-local']],
        ['.config/Claude/claude_desktop_config.json', ['filesystem']],
      ],
    );
  });

  void it('taps, keeps backups in both places, refuses a second tap, and untaps to the identical bytes', async () => {
    const store = new MemoryStore();
    const records = new TapRecords(store);
    const memory = discover()[1].entries[0];
    const file = memory.file;
    const record = await tapServer(memory, { kind: 'stdio', cliPath: CLI }, records);

    assert.notEqual(fs.readFileSync(file, 'utf8'), CLAUDE_USER_JSON);
    assert.deepEqual(store.records, [record]);
    assert.deepEqual(readBackupFile(file), [record]);
    assert.equal(fs.statSync(backupFileFor(file)).mode & 0o777, 0o600);

    const tappedEntry = discover()[1].entries[0];
    assert.ok(tappedEntry.tap);
    await assert.rejects(tapServer(tappedEntry, { kind: 'stdio', cliPath: CLI }, records), TapEditError);

    assert.equal(await untapServer(record, records), 'restored');
    assert.equal(fs.readFileSync(file, 'utf8'), CLAUDE_USER_JSON);
    assert.deepEqual(store.records, []);
    assert.equal(fs.existsSync(backupFileFor(file)), false, 'the backup file goes with the last record');
  });

  void it('untaps from the backup file alone when the extension state was lost', async () => {
    const desktop = discover()[2].entries[0];
    await tapServer(desktop, { kind: 'stdio', cliPath: CLI }, new TapRecords(new MemoryStore()));
    const fresh = new TapRecords(new MemoryStore());
    const [record] = fresh.all([desktop.file]);
    assert.equal(record.name, 'filesystem');
    assert.equal(await untapServer(record, fresh), 'restored');
    assert.equal(fs.readFileSync(desktop.file, 'utf8'), CLAUDE_DESKTOP_JSON);
  });

  void it('forgets the backup of an entry whose file was deleted', async () => {
    const store = new MemoryStore();
    const records = new TapRecords(store);
    const desktop = discover()[2].entries[0];
    const record = await tapServer(desktop, { kind: 'stdio', cliPath: CLI }, records);
    fs.rmSync(desktop.file);
    assert.equal(await untapServer(record, records), 'entry-missing');
    assert.deepEqual(store.records, []);
    assert.equal(fs.existsSync(backupFileFor(desktop.file)), false);
  });

  void it('refuses to tap an entry that changed on disk since it was listed', async () => {
    const orders = discover()[0].entries[0];
    fs.writeFileSync(orders.file, VSCODE_MCP_JSON.replace('"tsx"', '"ts-node"'));
    await assert.rejects(
      tapServer(orders, { kind: 'stdio', cliPath: CLI }, new TapRecords(new MemoryStore())),
      /changed since it was listed/,
    );
  });

  void it('marks tapped HTTP entries by their record and keeps the record when the entry was edited', async () => {
    const records = new TapRecords(new MemoryStore());
    const docs = discover()[0].entries[1];
    const record = await tapServer(docs, { kind: 'http', port: 45999 }, records);
    const tapped = discover()[0].entries[1];
    assert.equal(tapped.url, 'http://127.0.0.1:45999/mcp?tenant=a');
    assert.equal(isTappedHttp(tapped, records.all()), record);
    assert.equal(isTappedHttp(docs, records.all()), undefined);

    const text = fs.readFileSync(docs.file, 'utf8');
    fs.writeFileSync(docs.file, text.replace('http://127.0.0.1:45999/mcp?tenant=a', 'https://elsewhere.test/mcp'));
    assert.equal(await untapServer(record, records), 'changed-since-tap');
    assert.equal(records.all().length, 1, 'the backup stays until the user decides');
    assert.equal(await untapServer(record, records, { force: true }), 'restored');
    assert.equal(fs.readFileSync(docs.file, 'utf8'), VSCODE_MCP_JSON);
  });
});

void describe('after an extension update', () => {
  void it('points tapped entries whose dist/cli.js is gone at the new one, and untap still restores the original bytes', async () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-envelope-update-'));
    try {
      const file = path.join(home, '.claude.json');
      fs.writeFileSync(file, CLAUDE_USER_JSON);
      const records = new TapRecords(new MemoryStore());
      const oldCli = path.join(home, 'ext-0.1.0', 'dist', 'cli.js');
      const newCli = path.join(home, 'ext-0.2.0', 'dist', 'cli.js');
      fs.mkdirSync(path.dirname(newCli), { recursive: true });
      fs.writeFileSync(newCli, '');
      const [memory, ordersLocal] = discoverServers({ workspaceFolders: [], home, platform: 'linux' })[0].entries;
      await tapServer(memory, { kind: 'stdio', cliPath: oldCli }, records);
      await tapServer(ordersLocal, { kind: 'stdio', cliPath: newCli }, records);

      const stale = staleCliRecords(records.all(), newCli);
      assert.deepEqual(
        stale.map((record) => record.name),
        ['memory'],
      );
      assert.deepEqual(await refreshCliPaths(stale, newCli, records), { updated: ['memory'], left: [] });
      const refreshed = discoverServers({ workspaceFolders: [], home, platform: 'linux' })[0].entries[0];
      assert.equal(refreshed.args[0], newCli);
      assert.deepEqual(staleCliRecords(records.all(), newCli), []);

      for (const record of records.all()) assert.equal(await untapServer(record, records), 'restored');
      assert.equal(fs.readFileSync(file, 'utf8'), CLAUDE_USER_JSON);
    } finally {
      fs.rmSync(home, { recursive: true, force: true });
    }
  });
});

void describe('tool arguments', () => {
  const schema = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: {
      sku: { type: 'string' },
      quantity: { type: 'integer', minimum: 1 },
      mode: { type: 'string', enum: ['reserve', 'hold'] },
      note: { type: 'string' },
      address: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    },
    required: ['sku', 'quantity', 'mode', 'address'],
    additionalProperties: false,
  };

  void it('builds a skeleton of the required properties', () => {
    assert.deepEqual(argumentSkeleton(schema), { sku: '', quantity: 1, mode: 'reserve', address: { city: '' } });
    assert.deepEqual(argumentSkeleton({ type: 'object', properties: { limit: { type: 'number', default: 10 } } }), {
      limit: 10,
    });
    assert.deepEqual(argumentSkeleton(undefined), {});
  });

  void it('checks JSON against the schema before sending', () => {
    assert.deepEqual(
      checkArguments('{"sku": "A", "quantity": 2, "mode": "hold", "address": {"city": "Oslo"}}', schema),
      {
        ok: true,
        value: { sku: 'A', quantity: 2, mode: 'hold', address: { city: 'Oslo' } },
      },
    );
    const bad = checkArguments('{"sku": "A", "quantity": 0, "mode": "sell", "address": {}, "extra": 1}', schema);
    assert.equal(bad.ok, false);
    assert.match(bad.ok ? '' : bad.message, /quantity/);
    assert.equal(checkArguments('{"sku": ', schema).ok, false);
    assert.equal(checkArguments('[1]', schema).ok, false);
    assert.deepEqual(checkArguments('', { type: 'object' }), { ok: true, value: {} });
  });

  void it('sends without checking, and says so, when the schema itself cannot be compiled', () => {
    const broken = { type: 'object', properties: { a: { $ref: '#/definitions/missing' } } };
    const first = checkArguments('{"a": 1}', broken);
    assert.equal(first.ok && first.note !== undefined && /could not be compiled/.test(first.note), true);
    assert.deepEqual(
      checkArguments('{"a": 2}', broken),
      { ...first, value: { a: 2 } },
      'the same answer from the cache',
    );
  });
});
