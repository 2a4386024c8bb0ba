import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CallTracker, decodeCalls, toCallsJson } from '../../../../shared/src/decoder';
import type { TraceEntry } from '../../../../shared/src/trace';

const base = Date.parse('2026-11-30T10:00:00.000Z');
let clock = 0;
function at(ms: number): string {
  return new Date(base + ms).toISOString();
}
function host(msg: unknown, ms = clock++): TraceEntry {
  return { ts: at(ms), dir: 'host→server', server: 'demo', msg };
}
function server(msg: unknown, ms = clock++): TraceEntry {
  return { ts: at(ms), dir: 'server→host', server: 'demo', msg };
}
function call(id: string | number, name: string, args: unknown, extra: Record<string, unknown> = {}) {
  return { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args, ...extra } };
}
function reply(id: string | number, result: unknown) {
  return { jsonrpc: '2.0', id, result };
}
const textResult = (text: string, isError = false) => ({
  content: [{ type: 'text', text }],
  ...(isError && { isError }),
});

void describe('decoder: pairing requests and responses', () => {
  void it('pairs out-of-order responses, string and number ids kept apart', () => {
    const calls = decodeCalls([
      host(call(1, 'a', { q: 1 }), 0),
      host(call('1', 'b', { q: 2 }), 5),
      server(reply('1', textResult('from b')), 12),
      server(reply(1, textResult('from a')), 40),
    ]);
    assert.equal(calls.length, 2);
    assert.deepEqual(
      calls.map((c) => [c.id, c.tool, c.outcome, c.durationMs]),
      [
        [1, 'a', 'success', 40],
        ['1', 'b', 'success', 7],
      ],
    );
    assert.deepEqual((calls[0].response as { result: unknown }).result, textResult('from a'));
  });

  void it('leaves unanswered calls pending and ignores other methods and server-initiated requests', () => {
    const calls = decodeCalls([
      host({ jsonrpc: '2.0', id: 0, method: 'tools/list' }),
      server({ jsonrpc: '2.0', id: 0, result: { tools: [] } }),
      server({ jsonrpc: '2.0', id: 7, method: 'sampling/createMessage', params: {} }),
      host(call(7, 'slow', {})),
      host({ jsonrpc: '2.0', id: 7, result: { content: [] } }),
    ]);
    assert.equal(calls.length, 1);
    assert.equal(calls[0].outcome, 'pending');
    assert.equal(calls[0].durationMs, null);
    assert.match(calls[0].nextAction, /No response yet/);
  });

  void it('reads batched messages', () => {
    const calls = decodeCalls([
      host([call(1, 'a', {}), call(2, 'b', {})]),
      server([reply(2, textResult('ok')), reply(1, textResult('', false))]),
    ]);
    assert.deepEqual(
      calls.map((c) => c.outcome),
      ['empty', 'success'],
    );
  });

  void it('turns a JSON-RPC error into a protocol error with the right finding', () => {
    const calls = decodeCalls([
      host(call(1, 'run', {})),
      server({ jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'Internal error' } }),
      host(call(2, 'run', { x: 'bad' })),
      server({ jsonrpc: '2.0', id: 2, error: { code: -32602, message: 'Invalid params' } }),
    ]);
    assert.equal(calls[0].outcome, 'protocol-error');
    assert.equal(calls[0].encoding, 'json-rpc-error');
    assert.deepEqual(
      calls[0].findings.map((f) => f.check),
      ['protocol-error-for-execution-failure'],
    );
    assert.match(calls[0].nextAction, /JSON-RPC -32603/);
    assert.deepEqual(calls[1].findings, []);
    assert.match(calls[1].nextAction, /input schema/);
  });
});

void describe('decoder: notifications', () => {
  void it('notifications/cancelled makes the call cancelled, even when a late response arrives', () => {
    const calls = decodeCalls([
      host(call('c1', 'long', {}), 0),
      host(
        { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'c1', reason: 'user pressed stop' } },
        300,
      ),
      server(reply('c1', textResult('late')), 900),
    ]);
    assert.equal(calls[0].outcome, 'cancelled');
    assert.equal(calls[0].durationMs, 300);
    assert.equal(calls[0].message, 'user pressed stop');
    assert.ok(calls[0].response, 'late response kept for the detail view');
  });

  void it('follows progress notifications by progress token', () => {
    const tracker = new CallTracker();
    tracker.add(host(call(3, 'long', { steps: 3 }, { _meta: { progressToken: 'p-3' } })));
    for (const step of [1, 2]) {
      const changed = tracker.add(
        server({
          jsonrpc: '2.0',
          method: 'notifications/progress',
          params: { progressToken: 'p-3', progress: step, total: 3 },
        }),
      );
      assert.equal(changed.length, 1);
    }
    assert.deepEqual(tracker.calls[0].progress, { updates: 2, progress: 2, total: 3 });
    assert.equal(tracker.calls[0].outcome, 'pending');
  });
});

void describe('decoder: retry-storm', () => {
  const notFound = {
    isError: true,
    errorCategory: 'NOT_FOUND',
    isRetryable: false,
    content: [{ type: 'text', text: 'Order 9 not found' }],
  };

  void it('flags an identical call after a non-retryable error (argument order does not matter)', () => {
    const calls = decodeCalls([
      host(call(1, 'get_order', { id: 9, verbose: true })),
      server(reply(1, notFound)),
      host(call(2, 'get_order', { verbose: true, id: 9 })),
      server(reply(2, notFound)),
    ]);
    assert.deepEqual(
      calls[1].findings.map((f) => f.check),
      ['retry-storm'],
    );
    assert.deepEqual(calls[0].findings, []);
  });

  void it('flags an identical call after the SDK rejected the input, naming why', () => {
    const rejected = textResult('MCP error -32602: Input validation error: expected number at a', true);
    const calls = decodeCalls([
      host(call(1, 'get-sum', { a: 'x' })),
      server(reply(1, rejected)),
      host(call(2, 'get-sum', { a: 'x' })),
      server({ jsonrpc: '2.0', id: 2, error: { code: -32602, message: 'Invalid params' } }),
      host(call(3, 'get-sum', { a: 'x' })),
    ]);
    assert.match(
      calls[1].findings.find((f) => f.check === 'retry-storm')?.message ?? '',
      /call 1, which failed with the SDK’s rejection of the request \(VALIDATION\)/,
    );
    assert.match(
      calls[2].findings.find((f) => f.check === 'retry-storm')?.message ?? '',
      /call 2, which failed with JSON-RPC error -32602/,
    );
  });

  void it('does not flag different arguments, retryable errors, or a call made before the error arrived', () => {
    const transient = {
      isError: true,
      errorCategory: 'TRANSIENT',
      isRetryable: true,
      content: [{ type: 'text', text: 'retry' }],
    };
    const calls = decodeCalls([
      host(call(1, 'get_order', { id: 9 })),
      host(call(2, 'get_order', { id: 9 })),
      server(reply(1, notFound)),
      host(call(3, 'get_order', { id: 10 })),
      host(call(4, 'search', { q: 'x' })),
      server(reply(4, transient)),
      host(call(5, 'search', { q: 'x' })),
    ]);
    for (const decoded of calls)
      assert.ok(!decoded.findings.some((f) => f.check === 'retry-storm'), String(decoded.id));
  });
});

void describe('decoder: next action and the calls JSON shape', () => {
  void it('writes the recovery matrix sentence per call', () => {
    const results = [
      {
        isError: true,
        errorCategory: 'TRANSIENT',
        isRetryable: true,
        retryAfterMs: 1500,
        content: [{ type: 'text', text: 'retry' }],
      },
      {
        isError: true,
        errorCategory: 'TRANSIENT',
        isRetryable: false,
        content: [{ type: 'text', text: 'no more retries' }],
      },
      {
        isError: true,
        errorCategory: 'BUSINESS',
        isRetryable: false,
        content: [{ type: 'text', text: 'business rule' }],
      },
      {
        isError: true,
        errorCategory: 'VALIDATION',
        isRetryable: false,
        partialResults: [1],
        content: [{ type: 'text', text: 'validation' }],
      },
      textResult('db down', true),
    ];
    const entries: TraceEntry[] = [];
    results.forEach((result, index) => entries.push(host(call(index, 't', { index })), server(reply(index, result))));
    const actions = decodeCalls(entries).map((c) => c.nextAction);
    assert.match(actions[0], /backoff and jitter \(wait at least 1500 ms first\)/);
    assert.match(actions[1], /budget is spent/);
    assert.match(actions[2], /never retry/);
    assert.match(actions[3], /^Continue with the partial results.*Change the input/);
    assert.match(actions[4], /^Unclassified failure/);
  });

  void it('toCallsJson keeps exactly the design fields, in order', () => {
    const [decoded] = decodeCalls([host(call(1, 't', { a: 1 })), server(reply(1, textResult('ok')))]);
    assert.deepEqual(Object.keys(toCallsJson(decoded)), [
      'id',
      'server',
      'tool',
      'arguments',
      'startedAt',
      'durationMs',
      'outcome',
      'category',
      'retryable',
      'message',
      'encoding',
      'nextAction',
      'findings',
    ]);
  });
});
