import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { formatTraceLine, parseTrace, TraceStreamReader, type TraceEntry } from '../../../../shared/src/trace';

const entry = (id: number): TraceEntry => ({
  ts: '2026-11-30T10:00:00.000Z',
  dir: 'host→server',
  server: 'demo',
  msg: { jsonrpc: '2.0', id, method: 'tools/list' },
});

void describe('trace reader', () => {
  void it('round-trips entries written by formatTraceLine', () => {
    const text = formatTraceLine(entry(1)) + formatTraceLine(entry(2));
    const parsed = parseTrace(text);
    assert.deepEqual(parsed.entries, [entry(1), entry(2)]);
    assert.deepEqual(parsed.problems, []);
    assert.equal(parsed.truncatedTail, false);
  });

  void it('survives a truncated last line', () => {
    const line = formatTraceLine(entry(3));
    const parsed = parseTrace(formatTraceLine(entry(1)) + line.slice(0, 30));
    assert.deepEqual(parsed.entries, [entry(1)]);
    assert.equal(parsed.truncatedTail, true);
    assert.deepEqual(parsed.problems, []);
  });

  void it('ignores unknown fields and accepts ASCII arrows', () => {
    const text = '{"ts":"t","dir":"server->host","server":"s","msg":{"id":1},"pid":42,"extra":{"x":1}}\n';
    assert.deepEqual(parseTrace(text).entries, [{ ts: 't', dir: 'server→host', server: 's', msg: { id: 1 } }]);
  });

  void it('reports malformed lines in the middle with their line numbers', () => {
    const text = `${formatTraceLine(entry(1))}not json\n{"dir":"sideways","msg":{}}\n${formatTraceLine(entry(2))}`;
    const parsed = parseTrace(text);
    assert.equal(parsed.entries.length, 2);
    assert.deepEqual(
      parsed.problems.map((p) => p.line),
      [2, 3],
    );
  });

  void it('reads a growing trace chunk by chunk', () => {
    const reader = new TraceStreamReader();
    const text = formatTraceLine(entry(1)) + formatTraceLine(entry(2));
    const cut = 17;
    assert.deepEqual(reader.push(text.slice(0, cut)), []);
    assert.deepEqual(reader.push(text.slice(cut, text.length - 5)), [entry(1)]);
    assert.ok(reader.unfinished.length > 0);
    assert.deepEqual(reader.push(text.slice(text.length - 5)), [entry(2)]);
    assert.equal(reader.unfinished, '');
  });
});
