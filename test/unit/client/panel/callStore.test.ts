import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CallStore } from '../../../../client/src/panel/callStore';
import {
  callsAsTrace,
  decodedCallsJsonl,
  findingDocsUrl,
  wantsTraceFormat,
} from '../../../../client/src/panel/callExport';
import { lensTitle } from '../../../../client/src/codelens/lensTitle';
import { CallFeed } from '../../../../client/src/traces/callFeed';
import { decodeCalls } from '../../../../shared/src/decoder';
import { parseTrace, type TraceEntry } from '../../../../shared/src/trace';
import { request, response, sampleEntries } from './traceSamples';

function filledStore(max?: number): { store: CallStore; feed: CallFeed } {
  const store = new CallStore(max);
  const feed = new CallFeed();
  store.apply(feed.ingest('/t/a.mcptrace.jsonl', sampleEntries()));
  return { store, feed };
}

void describe('call store, CodeLens counts and export', () => {
  void it('keeps one row per call, updated in place, and tells listeners what changed', () => {
    const store = new CallStore();
    const feed = new CallFeed();
    const seen: string[][] = [];
    store.onDidChangeRows((rows) => seen.push(rows.map((row) => `${row.uid}:${row.outcome}`)));
    store.apply(feed.ingest('/t/a.mcptrace.jsonl', [request(1, 'x', {}, 0)]));
    store.apply(feed.ingest('/t/a.mcptrace.jsonl', [response(1, { content: [{ type: 'text', text: 'ok' }] }, 5)]));
    assert.deepEqual(seen, [['c1:pending'], ['c1:success']]);
    assert.equal(store.size, 1);
    assert.equal(store.rows()[0].source, 'a.mcptrace.jsonl');
  });

  void it('counts calls and errors per tool by kind', () => {
    const { store } = filledStore();
    assert.deepEqual(store.statsFor('get_order'), { calls: 2, errors: 1, errorsByKind: { TRANSIENT: 1 } });
    assert.deepEqual(store.statsFor('cancel_order'), { calls: 1, errors: 1, errorsByKind: { protocol: 1 } });
    assert.deepEqual(store.statsFor('never_called'), { calls: 0, errors: 0, errorsByKind: {} });
    assert.deepEqual(store.outcomeCounts(), { success: 1, empty: 1, 'tool-error': 2, 'protocol-error': 1, pending: 1 });
  });

  void it('writes the CodeLens title from the counts', () => {
    assert.equal(lensTitle({ calls: 0, errors: 0, errorsByKind: {} }), 'no live calls yet');
    assert.equal(lensTitle({ calls: 1, errors: 0, errorsByKind: {} }), '1 call · no errors');
    assert.equal(
      lensTitle({ calls: 14, errors: 3, errorsByKind: { VALIDATION: 1, TRANSIENT: 2 } }),
      '14 calls · 3 errors (TRANSIENT 2, VALIDATION 1)',
    );
  });

  void it('drops the oldest calls beyond its cap and asks views to reload', () => {
    let resets = 0;
    const store = new CallStore(4);
    store.onDidReset(() => resets++);
    store.apply(new CallFeed().ingest('/t/a', sampleEntries()));
    assert.equal(store.size, 4);
    assert.deepEqual(
      store.rows().map((row) => row.tool),
      ['get_order', 'refund_order', 'cancel_order', 'slow_report'],
    );
    assert.equal(resets, 1);
  });

  void it('clear and removeFile empty the model and reset the views', () => {
    const { store } = filledStore();
    let resets = 0;
    store.onDidReset(() => resets++);
    store.removeFile('/t/other');
    assert.equal(resets, 0, 'nothing of that file: no reset');
    store.removeFile('/t/a.mcptrace.jsonl');
    assert.equal(store.size, 0);
    store.clear();
    assert.equal(resets, 2);
  });

  void it('exports decoded calls as JSON Lines in the calls format, with the raw messages', () => {
    const calls = decodeCalls(sampleEntries());
    const lines = decodedCallsJsonl(calls)
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    assert.equal(lines.length, 6);
    assert.deepEqual(Object.keys(lines[0]).slice(0, 4), ['id', 'server', 'tool', 'arguments']);
    assert.equal(lines[2].category, 'TRANSIENT');
    assert.ok(lines[0].request && lines[0].response);
    assert.equal(lines[5].response, null);
  });

  void it('exports a trace that decodes to the same calls', () => {
    const calls = decodeCalls(sampleEntries());
    const cancelled = decodeCalls([
      request(8, 'long', {}, 0),
      {
        ts: '2026-11-30T10:00:01.000Z',
        dir: 'host→server',
        server: 'orders',
        msg: { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 8, reason: 'user stop' } },
      },
    ]);
    const text = callsAsTrace([...calls, ...cancelled]);
    const parsed = parseTrace(text);
    assert.deepEqual(parsed.problems, []);
    const again = decodeCalls(parsed.entries);
    const summary = (list: typeof calls) =>
      list.map((c) => [c.id, c.tool, c.outcome, c.category, c.retryable, c.durationMs, c.message]);
    assert.deepEqual(summary(again).sort(), summary([...calls, ...cancelled]).sort());
  });

  void it('an exported trace keeps the session, so two sessions reusing an id pair apart again', () => {
    const inSession = (session: string, entry: TraceEntry): TraceEntry => ({ ...entry, run: 'r1', session });
    const original = decodeCalls([
      inSession('a', request(3, 'slow', {}, 0)),
      inSession('b', request(3, 'quick', {}, 800)),
      inSession('b', response(3, { content: [] }, 1800)),
      inSession('a', response(3, { content: [] }, 3000)),
    ]);
    const again = decodeCalls(parseTrace(callsAsTrace(original)).records);
    assert.deepEqual(
      again.map((c) => [c.tool, c.session, c.durationMs]),
      [
        ['slow', 'a', 3000],
        ['quick', 'b', 1000],
      ],
    );
  });

  void it('chooses the export format from the file name, and links findings to their docs', () => {
    assert.equal(wantsTraceFormat('/x/run.mcptrace.jsonl'), true);
    assert.equal(wantsTraceFormat('/x/run.jsonl'), false);
    assert.match(findingDocsUrl('missing-is-retryable'), /\/docs\/checks\/missing-is-retryable\.md$/);
    assert.match(findingDocsUrl('retry-storm'), /\/docs\/panel\.md#retry-storm$/);
  });
});
