import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CallStore } from '../../../../client/src/panel/callStore';
import { EMPTY_FILTER, filterRows } from '../../../../shared/src/panel/filter';
import { visibleWindow } from '../../../../shared/src/panel/virtualList';
import { CallFeed } from '../../../../client/src/traces/callFeed';
import type { TraceEntry } from '../../../../shared/src/trace';
import { request, response } from './traceSamples';

/** 10,000 calls, as the panel must stay smooth with. */
function manyEntries(count: number): TraceEntry[] {
  const entries: TraceEntry[] = [];
  for (let i = 0; i < count; i++) {
    const tool = `tool_${i % 25}`;
    entries.push(request(i, tool, { id: i, note: 'x'.repeat(40) }, i * 10));
    const result =
      i % 7 === 0
        ? {
            isError: true,
            errorCategory: 'TRANSIENT',
            isRetryable: true,
            content: [{ type: 'text', text: `TRANSIENT: upstream ${i} timed out, retry` }],
          }
        : { content: [{ type: 'text', text: `{"id":${i},"ok":true}` }] };
    entries.push(response(i, result, i * 10 + 5));
  }
  return entries;
}

void describe('the panel model at 10,000 calls', () => {
  const store = new CallStore();
  const feed = new CallFeed();
  const entries = manyEntries(10_000);

  void it('decodes and stores 10,000 calls fed in live-sized chunks', () => {
    const started = performance.now();
    for (let i = 0; i < entries.length; i += 50)
      store.apply(feed.ingest('/t/big.mcptrace.jsonl', entries.slice(i, i + 50)));
    const elapsed = performance.now() - started;
    assert.equal(store.size, 10_000);
    assert.equal(store.statsFor('tool_0').calls, 400);
    assert.ok(elapsed < 5000, `${elapsed.toFixed(0)} ms`);
  });

  void it('filters 10,000 rows by free text quickly, and faster the second time (cached search text)', () => {
    const rows = store.rows();
    const filter = { ...EMPTY_FILTER, text: 'transient tool_3' };
    const first = performance.now();
    const matches = filterRows(rows, filter);
    const firstMs = performance.now() - first;
    const again = performance.now();
    assert.deepEqual(filterRows(rows, filter), matches);
    const againMs = performance.now() - again;
    assert.ok(
      matches.length > 0 && matches.every((row) => row.verdict === 'TRANSIENT ↻' && row.tool.startsWith('tool_3')),
    );
    assert.ok(firstMs < 500, `first filter ${firstMs.toFixed(1)} ms`);
    assert.ok(againMs < 100, `cached filter ${againMs.toFixed(1)} ms`);
  });

  void it('renders a few dozen rows wherever the 10,000-row list is scrolled', () => {
    for (const scrollTop of [0, 120_000, 239_000, 10_000_000]) {
      const window = visibleWindow(scrollTop, 600, 24, 10_000);
      assert.ok(window.end - window.start <= Math.ceil(600 / 24) + 17, JSON.stringify(window));
      assert.ok(window.end <= 10_000 && window.start >= 0);
    }
  });
});
