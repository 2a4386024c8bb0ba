import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { decodeCalls } from '../../../../shared/src/decoder';
import { toCallRow } from '../../../../shared/src/panel/callRow';
import { callsAsTrace } from '../../../../client/src/panel/callExport';
import { parseTrace, type TraceEntry } from '../../../../shared/src/trace';

const ts = '2026-11-30T10:00:00.000Z';
const request: TraceEntry = {
  ts,
  dir: 'host→server',
  server: 'fs',
  msg: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'read_file', arguments: { path: 'a' } } },
};
const rawFailure = {
  jsonrpc: '2.0',
  id: 1,
  result: { content: [{ type: 'text', text: "ENOENT: no such file or directory, open '/x/a'" }], isError: true },
};

void describe("panel rows: the classifier's reading and repairs", () => {
  void it('a raw failure row carries the reading with its evidence, apart from the declared verdict', () => {
    const [call] = decodeCalls([request, { ts, dir: 'server→host', server: 'fs', msg: rawFailure }]);
    const row = toCallRow('u1', 0, 'trace.jsonl', call);
    assert.equal(row.category, null);
    assert.equal(row.reading, 'declared: none · read: NOT_FOUND, not retryable — errno ENOENT');
    assert.equal(row.repaired, false);
  });

  void it('a repaired answer is flagged as repaired', () => {
    const sent = { jsonrpc: '2.0', id: 1, result: { content: [], isError: true, errorCategory: 'NOT_FOUND' } };
    const [call] = decodeCalls([
      request,
      {
        ts,
        dir: 'server→host',
        server: 'fs',
        msg: sent,
        repair: {
          style: 'top-level',
          category: 'NOT_FOUND',
          isRetryable: false,
          evidence: ['errno ENOENT'],
          original: rawFailure,
        },
      },
    ]);
    const row = toCallRow('u1', 0, 'trace.jsonl', call);
    assert.equal(row.repaired, true);
    assert.match(row.reading, /read: NOT_FOUND, not retryable — errno ENOENT$/);
  });

  void it('a success has no reading', () => {
    const [call] = decodeCalls([
      request,
      {
        ts,
        dir: 'server→host',
        server: 'fs',
        msg: { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'hi' }] } },
      },
    ]);
    assert.equal(toCallRow('u1', 0, 'trace.jsonl', call).reading, '');
  });
});

void describe('exporting a repaired call as a trace', () => {
  void it('writes what the host received with the repair record, so reading it again shows the same call', () => {
    const sent = { jsonrpc: '2.0', id: 1, result: { content: [], isError: true, errorCategory: 'NOT_FOUND' } };
    const repair = {
      style: 'top-level',
      category: 'NOT_FOUND',
      isRetryable: false,
      evidence: ['errno ENOENT'],
      original: rawFailure,
    };
    const calls = decodeCalls([request, { ts, dir: 'server→host', server: 'fs', msg: sent, repair }]);
    const again = decodeCalls(parseTrace(callsAsTrace(calls)).records);
    assert.deepEqual(again[0].repaired, calls[0].repaired);
    assert.deepEqual(again[0].reading, calls[0].reading);
    assert.deepEqual(again[0].response, rawFailure);
    const line = parseTrace(callsAsTrace(calls)).entries.find((entry) => entry.repair);
    assert.deepEqual(line?.msg, sent);
  });
});
