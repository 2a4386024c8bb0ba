import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { decodeCalls, describeReading, toCallsJson } from '../../../../shared/src/decoder';
import type { TraceEntry, TraceRepair } from '../../../../shared/src/trace';

const ts = '2026-11-30T10:00:00.000Z';
const host = (msg: unknown): TraceEntry => ({ ts, dir: 'host→server', server: 'demo', msg });
const server = (msg: unknown, repair?: TraceRepair): TraceEntry => ({
  ts,
  dir: 'server→host',
  server: 'demo',
  msg,
  ...(repair && { repair }),
});
const call = (id: number, name: string, args: unknown) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args },
});
const failure = (id: number, text: string, extra: Record<string, unknown> = {}) => ({
  jsonrpc: '2.0',
  id,
  result: { content: [{ type: 'text', text }], isError: true, ...extra },
});

void describe("decoder: the classifier's reading, kept apart from what the server declared", () => {
  void it('reads a raw failure from its evidence; a declared envelope gets no reading', () => {
    const [raw, declared, success] = decodeCalls([
      host(call(1, 'read_file', { path: 'a.txt' })),
      server(failure(1, "ENOENT: no such file or directory, open '/srv/a.txt'")),
      host(call(2, 'read_file', { path: 'b.txt' })),
      server(failure(2, 'b.txt is missing', { errorCategory: 'NOT_FOUND', isRetryable: false })),
      host(call(3, 'read_file', { path: 'c.txt' })),
      server({ jsonrpc: '2.0', id: 3, result: { content: [{ type: 'text', text: 'ENOENT is a word' }] } }),
    ]);
    assert.equal(raw.category, null, 'the declared category stays null');
    assert.ok(raw.reading);
    assert.equal(describeReading(raw.reading), 'declared: none · read: NOT_FOUND, not retryable — errno ENOENT');
    assert.deepEqual(toCallsJson(raw).reading, raw.reading);
    assert.equal(declared.reading, undefined);
    assert.equal(success.reading, undefined);
  });

  void it("the SDK's input rejection declares nothing: the reading names the SDK phrase", () => {
    const [rejected] = decodeCalls([
      host(call(1, 'add', {})),
      server(failure(1, 'MCP error -32602: Input validation error: Invalid arguments for tool add: expected number')),
    ]);
    assert.equal(rejected.category, 'VALIDATION');
    assert.equal(
      rejected.reading && describeReading(rejected.reading),
      'declared: none · read: VALIDATION, not retryable — MCP SDK: Input validation error',
    );
  });

  void it('a repaired answer is judged as the server sent it, with the repair beside it', () => {
    const original = failure(1, 'EACCES: permission denied');
    const sent = {
      jsonrpc: '2.0',
      id: 1,
      result: {
        content: [{ type: 'text', text: '[PERMISSION, not retryable] write failed: permission denied' }],
        isError: true,
        errorCategory: 'PERMISSION',
        isRetryable: false,
      },
    };
    const [repaired] = decodeCalls([
      host(call(1, 'write', { path: 'x' })),
      server(sent, {
        style: 'top-level',
        category: 'PERMISSION',
        isRetryable: false,
        evidence: ['errno EACCES'],
        original,
      }),
    ]);
    assert.equal(repaired.category, null, 'the server declared nothing');
    assert.deepEqual(repaired.response, original);
    assert.deepEqual(repaired.repaired, { style: 'top-level', sent });
    assert.deepEqual(repaired.reading?.evidence, ['errno EACCES']);
    assert.equal(repaired.reading?.category, 'PERMISSION');
    assert.deepEqual(toCallsJson(repaired).repaired, { style: 'top-level' });
  });
});
