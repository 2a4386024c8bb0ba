import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../../../../cli/src/main';
import type { CliIo } from '../../../../cli/src/usage';
import { formatTraceLine, type TraceEntry } from '../../../../shared/src/trace';

/** Runs the command with its output captured. */
async function capture(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: (text) => (stdout += `${text}\n`),
    stderr: (text) => (stderr += `${text}\n`),
    cwd: process.cwd(),
    isTty: false,
    version: 'test',
  };
  const code = await main(['calls', ...argv], io);
  return { code, stdout, stderr };
}

const entries: TraceEntry[] = [
  {
    ts: '2026-11-30T10:00:00.000Z',
    dir: 'host→server',
    server: 'shop',
    msg: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_stock', arguments: { sku: 'a123' } } },
  },
  {
    ts: '2026-11-30T10:00:00.250Z',
    dir: 'server→host',
    server: 'shop',
    msg: {
      jsonrpc: '2.0',
      id: 1,
      result: {
        isError: true,
        content: [
          {
            type: 'text',
            text: '{"ok":false,"code":"INVALID_SKU","message":"SKU a123 is malformed","retryable":false}',
          },
        ],
      },
    },
  },
  {
    ts: '2026-11-30T10:00:01.000Z',
    dir: 'host→server',
    server: 'shop',
    msg: { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'list_skus', arguments: {} } },
  },
];

void describe('mcp-envelope calls', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-envelope-calls-'));
  const file = path.join(dir, 'shop-20261130T100000Z-1.mcptrace.jsonl');
  fs.writeFileSync(file, entries.map(formatTraceLine).join('') + '{"ts":"2026-11-30T10:00:02Z","dir":"server→ho');
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  void it('prints the design JSON shape for every call', async () => {
    const { code, stdout, stderr } = await capture([file, '--format', 'json']);
    assert.equal(code, 0);
    assert.equal(stderr, '', 'a truncated last line is not a problem');
    assert.deepEqual(JSON.parse(stdout), [
      {
        id: 1,
        server: 'shop',
        tool: 'get_stock',
        arguments: { sku: 'a123' },
        startedAt: '2026-11-30T10:00:00.000Z',
        durationMs: 250,
        outcome: 'tool-error',
        category: 'VALIDATION',
        retryable: false,
        message: 'SKU a123 is malformed',
        encoding: 'ok-code',
        nextAction: 'Change the input as the message says, then call again (a new call, not a retry).',
        findings: [],
      },
      {
        id: 2,
        server: 'shop',
        tool: 'list_skus',
        arguments: {},
        startedAt: '2026-11-30T10:00:01.000Z',
        durationMs: null,
        outcome: 'pending',
        category: null,
        retryable: null,
        message: null,
        encoding: 'none',
        nextAction: 'No response yet: wait, or cancel the request with notifications/cancelled.',
        findings: [],
      },
    ]);
  });

  void it('reads a folder of traces and prints a readable summary', async () => {
    const { code, stdout } = await capture([dir]);
    assert.equal(code, 0);
    assert.match(stdout, /shop {2}get_stock \{"sku":"a123"\} {2}tool-error {2}250 ms/);
    assert.match(stdout, /VALIDATION, not retryable {2}\(read from ok-code\)/);
    assert.match(stdout, /next: Change the input/);
  });

  void it('exit codes: 2 for usage errors, 1 for an unreadable trace', async () => {
    assert.equal((await capture([])).code, 2);
    assert.equal((await capture([file, '--format', 'xml'])).code, 2);
    const missing = await capture([path.join(dir, 'missing.jsonl')]);
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /cannot read/);
  });
});
