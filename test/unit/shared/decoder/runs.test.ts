/**
 * Pairing across tap runs, HTTP sessions and server exits (trace format 2), and requests the server rejected
 * before any tool ran.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { decodeCalls } from '../../../../shared/src/decoder';
import { parseTrace, formatTraceLine, type TraceEntry, type TraceRecord } from '../../../../shared/src/trace';

const at = (second: number): string => new Date(Date.UTC(2026, 10, 30, 10, 0, second)).toISOString();

function call(second: number, id: number, args: unknown, where: Pick<TraceEntry, 'run' | 'session'>): TraceEntry {
  return {
    ts: at(second),
    ...where,
    dir: 'host→server',
    server: 'everything',
    msg: { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'work', arguments: args } },
  };
}

function answer(second: number, id: number, text: string, where: Pick<TraceEntry, 'run' | 'session'>): TraceEntry {
  return {
    ts: at(second),
    ...where,
    dir: 'server→host',
    server: 'everything',
    msg: { jsonrpc: '2.0', id, result: { content: [{ type: 'text', text }] } },
  };
}

void describe('pairing per run and session', () => {
  void it('two HTTP sessions using the same id each get their own answer', () => {
    const a = { run: 'r1', session: 'session-a' };
    const b = { run: 'r1', session: 'session-b' };
    // A's 3-second call, B's 1-second call started 0.8 s later: B answers first.
    const calls = decodeCalls([
      call(0, 3, { seconds: 3 }, a),
      call(1, 3, { seconds: 1 }, b),
      answer(2, 3, 'B done', b),
      answer(3, 3, 'A done', a),
    ]);
    assert.deepEqual(
      calls.map((each) => [each.session, each.outcome, each.durationMs, (each.response as { result: unknown }).result]),
      [
        ['session-a', 'success', 3000, { content: [{ type: 'text', text: 'A done' }] }],
        ['session-b', 'success', 1000, { content: [{ type: 'text', text: 'B done' }] }],
      ],
    );
  });

  void it('runs appended to one file neither pair across nor share retry-storm history', () => {
    const failing = (second: number, id: number, run: string): TraceEntry => ({
      ts: at(second),
      run,
      dir: 'server→host',
      server: 'everything',
      msg: { jsonrpc: '2.0', id, error: { code: -32602, message: 'Invalid params' } },
    });
    const records: TraceRecord[] = [
      { ts: at(0), event: 'start', run: 'first', server: 'everything', version: 2, command: ['node', 's.js'] },
      call(1, 1, { x: 1 }, { run: 'first' }),
      failing(2, 1, 'first'),
      { ts: at(3), event: 'start', run: 'second', server: 'everything', version: 2, command: ['node', 's.js'] },
      call(4, 1, { x: 1 }, { run: 'second' }),
      call(5, 2, { x: 1 }, { run: 'second' }),
      failing(6, 2, 'second'),
      failing(7, 1, 'second'),
    ];
    const calls = decodeCalls(parseTrace(records.map(formatTraceLine).join('')).records);
    assert.deepEqual(
      calls.map((each) => [each.run, each.id, each.durationMs, each.findings.map((finding) => finding.check)]),
      [
        ['first', 1, 1000, []],
        ['second', 1, 3000, []],
        ['second', 2, 1000, []],
      ],
      'the second run repeats the first run’s call without a retry-storm: each client starts afresh',
    );
  });

  void it('a call open when its run’s server exits has no answer, with advice that fits', () => {
    const records: TraceRecord[] = [
      call(0, 5, {}, { run: 'crashed' }),
      call(0, 5, {}, { run: 'other' }),
      { ts: at(2), event: 'exit', run: 'crashed', code: 3, signal: null },
    ];
    const [crashed, other] = decodeCalls(records);
    assert.equal(crashed.outcome, 'no-answer');
    assert.equal(crashed.message, 'no answer: the server exited (code 3)');
    assert.equal(crashed.durationMs, 2000);
    assert.match(crashed.nextAction, /do not wait; the server must be restarted/);
    assert.doesNotMatch(crashed.nextAction, /wait, or cancel/);
    assert.equal(other.outcome, 'pending', 'another run’s call is not touched');
    const killed = decodeCalls([
      call(0, 1, {}, { run: 'k' }),
      { ts: at(1), event: 'exit', run: 'k', code: null, signal: 'SIGKILL' },
    ]);
    assert.equal(killed[0].message, 'no answer: the server exited (signal SIGKILL)');
  });

  void it('version 1 traces (no run, no session) still pair by id', () => {
    const calls = decodeCalls(
      parseTrace(formatTraceLine(call(0, 1, {}, {})) + formatTraceLine(answer(1, 1, 'ok', {}))).records,
    );
    assert.equal(calls[0].outcome, 'success');
    assert.equal(calls[0].run, undefined);
  });
});

void describe('requests rejected before any tool ran', () => {
  const rejected = (params: unknown): TraceRecord[] => [
    { ts: at(0), dir: 'host→server', server: 's', msg: { jsonrpc: '2.0', id: 1, method: 'tools/call', params } },
    {
      ts: at(1),
      dir: 'server→host',
      server: 's',
      msg: { jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'Internal error' } },
    },
  ];

  for (const [what, params, fault] of [
    ['no name', { arguments: {} }, 'no tool name'],
    ['arguments as a string', { name: 'echo', arguments: '{"message":"hi"}' }, 'arguments is not an object'],
  ] as const) {
    void it(`-32603 for ${what} is the request's fault, not an execution failure`, () => {
      const [decoded] = decodeCalls(rejected(params));
      assert.equal(decoded.outcome, 'protocol-error');
      assert.deepEqual(decoded.findings, []);
      assert.match(decoded.nextAction, new RegExp(`The request was malformed \\(${fault}\\), so the tool never ran`));
    });
  }

  void it('-32603 for a well-formed request is still an execution failure', () => {
    const [decoded] = decodeCalls(rejected({ name: 'echo', arguments: {} }));
    assert.deepEqual(
      decoded.findings.map((finding) => finding.check),
      ['protocol-error-for-execution-failure'],
    );
  });
});
