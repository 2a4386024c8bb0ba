/**
 * The stdio tap between the SDK's real Client and real servers from npm: every response through the tap equals the
 * direct one, the trace decodes to the right verdicts, is created 0600, and holds no secret values.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  connectStdio,
  connectThroughTap,
  EVERYTHING_SERVER,
  FILESYSTEM_SERVER,
  readTrace,
  tapEnvironment,
  tempDir,
} from './tapHarness';

type ToolCall = { name: string; arguments: Record<string, unknown> };

async function session(client: Client, calls: ToolCall[]): Promise<unknown[]> {
  const answers: unknown[] = [await client.listTools()];
  for (const call of calls) answers.push(await client.callTool(call));
  await client.close();
  return answers;
}

const SECRET = 'tap-test-secret-5f1c9a77';

void describe('stdio tap with server-everything', () => {
  const dir = tempDir('everything');
  const trace = path.join(dir, 'traces', 'everything.mcptrace.jsonl');
  const calls: ToolCall[] = [
    { name: 'echo', arguments: { message: 'hello through the tap ✓' } },
    { name: 'get-sum', arguments: { a: 2, b: 3 } },
    { name: 'get-sum', arguments: { a: 'two', b: 3 } },
    { name: 'get-sum', arguments: { b: 3, a: 'two' } },
    { name: 'no-such-tool', arguments: {} },
    { name: 'get-env', arguments: {} },
  ];
  let direct: unknown[];
  let tapped: unknown[];

  before(async () => {
    // Same environment both ways (get-env prints it), including the switch that runs the tap entry.
    const env = { EXAMPLE_API_TOKEN: SECRET };
    [direct, tapped] = await Promise.all([
      connectStdio(process.execPath, [EVERYTHING_SERVER], tapEnvironment(env)).then((c) => session(c, calls)),
      connectThroughTap(trace, 'everything', [process.execPath, EVERYTHING_SERVER], env).then((c) => session(c, calls)),
    ]);
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  void it('returns identical answers with and without the tap', () => {
    assert.equal(tapped.length, calls.length + 1);
    assert.deepEqual(tapped, direct);
    assert.ok(JSON.stringify(tapped[calls.length]).includes(SECRET), 'the host still receives the real value');
  });

  void it('writes a 0600 trace whose calls decode to the right verdicts', async () => {
    assert.equal(fs.statSync(trace).mode & 0o777, 0o600);
    const { calls: decoded, entries } = await readTrace(trace, calls.length);
    assert.ok(entries.every((entry) => entry.server === 'everything'));
    assert.deepEqual(
      decoded.map((call) => [call.tool, call.outcome]),
      [
        ['echo', 'success'],
        ['get-sum', 'success'],
        ['get-sum', 'tool-error'],
        ['get-sum', 'tool-error'],
        ['no-such-tool', 'tool-error'],
        ['get-env', 'success'],
      ],
    );
    // The SDK (v1.x) rejects the input before the handler runs: VALIDATION, its prefix stripped, no findings
    // against the server's own envelopes.
    const invalid = decoded[2];
    assert.equal(invalid.encoding, 'plain-text');
    assert.equal(invalid.category, 'VALIDATION');
    assert.match(invalid.message ?? '', /^Input validation error/);
    assert.match(invalid.nextAction, /^Change the input/);
    assert.deepEqual(invalid.findings, []);
    assert.deepEqual(
      decoded[3].findings.map((f) => f.check),
      ['retry-storm'],
    );
    const unknown = decoded[4];
    assert.deepEqual([unknown.category, unknown.message], ['VALIDATION', 'Tool no-such-tool not found']);
    assert.match(unknown.nextAction, /check the tool name against tools\/list/);
    assert.ok(decoded.every((call) => typeof call.durationMs === 'number'));
  });

  void it('keeps secret values out of the trace', () => {
    const text = fs.readFileSync(trace, 'utf8');
    assert.ok(!text.includes(SECRET), 'secret value leaked into the trace');
    assert.ok(text.includes('EXAMPLE_API_TOKEN'), 'the variable name stays, only its value is hidden');
    assert.ok(text.includes('[redacted by mcp-envelope]'));
  });
});

void describe('stdio tap with server-filesystem', () => {
  const dir = tempDir('filesystem');
  const allowed = path.join(dir, 'allowed');
  fs.mkdirSync(allowed);
  fs.writeFileSync(path.join(allowed, 'notes.txt'), 'line one\nline two\n');
  const trace = path.join(dir, 'fs.mcptrace.jsonl');
  const calls: ToolCall[] = [
    { name: 'read_text_file', arguments: { path: path.join(allowed, 'notes.txt') } },
    { name: 'read_text_file', arguments: { path: path.join(dir, 'outside.txt') } },
    { name: 'read_text_file', arguments: { path: path.join(allowed, 'missing.txt') } },
    { name: 'read_text_file', arguments: { path: path.join(allowed, 'missing.txt') } },
  ];
  const server = [process.execPath, FILESYSTEM_SERVER, allowed];

  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  void it('forwards identically and decodes the failures', async () => {
    const [direct, tapped] = await Promise.all([
      connectStdio(server[0], server.slice(1)).then((c) => session(c, calls)),
      connectThroughTap(trace, 'files', server).then((c) => session(c, calls)),
    ]);
    assert.deepEqual(tapped, direct);
    const { calls: decoded } = await readTrace(trace, calls.length);
    assert.deepEqual(
      decoded.map((call) => call.outcome),
      ['success', 'tool-error', 'tool-error', 'tool-error'],
    );
    const denied = decoded[1];
    assert.match(denied.message ?? '', /Access denied/);
    assert.match(denied.nextAction, /reads as PERMISSION/);
    assert.match(decoded[2].nextAction, /reads as NOT_FOUND/);
    assert.ok(!decoded[3].findings.some((f) => f.check === 'retry-storm'), 'retryability unknown: no storm claimed');
  });
});
