/**
 * A tapped HTTP entry end to end: the entry's url is rewritten to a loopback port, the extension's proxy manager
 * runs `tap --http` there, a host (the SDK client) using the rewritten url reaches the real server, the trace
 * records the call, and untapping restores the file and stops the proxy.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { TapProxies } from '../../../client/src/tapping/httpProxies';
import { TapRecords, type RecordStore } from '../../../client/src/tapping/tapRecords';
import type { TapRecord } from '../../../client/src/tapping/tapRewrite';
import { findFreePort } from '../../../client/src/tapping/tapProcess';
import { discoverServers, tapServer, untapServer } from '../../../client/src/tapping/tapService';
import { TRACE_DIR_VARIABLE } from '../../../shared/src/traceLocation';
import { readCalls, startEnvelopeServer, tapCli } from './tappingHarness';

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

void describe('tapped HTTP entries run through a proxy the extension starts', () => {
  let scratch: string;
  let cliPath: string;
  let previousTraceDir: string | undefined;

  before(async () => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-envelope-proxy-'));
    cliPath = await tapCli(scratch);
    previousTraceDir = process.env[TRACE_DIR_VARIABLE];
    process.env[TRACE_DIR_VARIABLE] = path.join(scratch, 'traces');
  });

  after(() => {
    if (previousTraceDir === undefined) delete process.env[TRACE_DIR_VARIABLE];
    else process.env[TRACE_DIR_VARIABLE] = previousTraceDir;
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  void it('rewrites the url, proxies and records the host’s calls, and untaps', async () => {
    const server = await startEnvelopeServer();
    const proxies = new TapProxies({ cliPath }, () => undefined);
    try {
      const workspace = path.join(scratch, 'ws');
      fs.mkdirSync(workspace);
      const file = path.join(workspace, '.mcp.json');
      const original = `{\n  "mcpServers": {\n    "inventory": { "type": "http", "url": "${server.url}" }\n  }\n}\n`;
      fs.writeFileSync(file, original);
      const discover = (): ReturnType<typeof discoverServers> =>
        discoverServers({ workspaceFolders: [workspace], home: path.join(scratch, 'home'), platform: 'linux' });

      const records = new TapRecords(new MemoryStore());
      const port = await findFreePort();
      const record = await tapServer(discover()[0].entries[0], { kind: 'http', port }, records);
      const proxy = await proxies.ensure(record);
      assert.ok(proxy, 'the proxy starts');
      assert.equal(proxy.origin, `http://127.0.0.1:${port}`);
      assert.equal(await proxies.ensure(record), proxy, 'one proxy per entry');

      // The host reads the rewritten entry and connects where it now points.
      const rewritten = discover()[0].entries[0];
      assert.equal(rewritten.url, `http://127.0.0.1:${port}/mcp`);
      const host = new Client({ name: 'host', version: '1.0.0' });
      await host.connect(new StreamableHTTPClientTransport(new URL(rewritten.url ?? '')));
      const result = await host.callTool({ name: 'reserve', arguments: { sku: 'B-2' } });
      assert.equal(result.isError, true);
      await host.close();

      const [trace] = fs.readdirSync(path.join(scratch, 'traces'));
      assert.match(trace, /^inventory-.*\.mcptrace\.jsonl$/);
      const calls = await readCalls(path.join(scratch, 'traces', trace), 1);
      assert.deepEqual(
        calls.map((call) => [call.server, call.tool, call.outcome, call.category, call.retryable]),
        [['inventory', 'reserve', 'tool-error', 'TRANSIENT', true]],
      );

      assert.equal(await untapServer(record, records), 'restored');
      await proxies.stop(record);
      assert.notEqual(proxy.child.exitCode ?? proxy.child.signalCode, null, 'the proxy process ended');
      assert.equal(fs.readFileSync(file, 'utf8'), original);
    } finally {
      await proxies.stopAll();
      await server.close();
    }
  });

  void it('reports a port that another window’s proxy already holds, and a proxy the tap refuses', async () => {
    const messages: string[] = [];
    const first = new TapProxies({ cliPath }, (message) => messages.push(message));
    const second = new TapProxies({ cliPath }, (message) => messages.push(message));
    const port = await findFreePort();
    const record: TapRecord = {
      version: 1,
      file: path.join(scratch, 'x.json'),
      path: ['mcpServers', 'x'],
      name: 'x',
      host: 'cursor',
      transport: 'http',
      originalText: '{}',
      original: {},
      tapped: {},
      tappedAt: new Date(0).toISOString(),
      http: { target: 'http://127.0.0.1:9/mcp', listen: `127.0.0.1:${port}`, label: 'x' },
    };
    try {
      assert.ok(await first.ensure(record));
      assert.equal(await second.ensure(record), undefined);
      assert.match(messages.at(-1) ?? '', /is in use \(another window may already run it\)/);
      const refused = { ...record, path: ['mcpServers', 'y'], http: { ...record.http!, listen: '0.0.0.0:0' } };
      assert.equal(await second.ensure(refused), undefined);
      assert.match(messages.at(-1) ?? '', /could not start: .*loopback only/);
    } finally {
      await first.stopAll();
      await second.stopAll();
    }
  });
});
