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

  // Speed at this size is measured by `npm run bench`; these tests hold what must be true on any machine, however slow.
  void it('decodes and stores 10,000 calls fed in live-sized chunks', () => {
    for (let i = 0; i < entries.length; i += 50)
      store.apply(feed.ingest('/t/big.mcptrace.jsonl', entries.slice(i, i + 50)));
    assert.equal(store.size, 10_000);
    assert.equal(store.statsFor('tool_0').calls, 400);
  });

  void it('filters 10,000 rows by free text, and reads each row only once (the search text is cached)', () => {
    let reads = 0;
    const counted = store.rows().map(
      (row) =>
        new Proxy(row, {
          get(target, key, receiver) {
            if (key === 'message') reads++;
            return Reflect.get(target, key, receiver) as unknown;
          },
        }),
    );
    const filter = { ...EMPTY_FILTER, text: 'transient tool_3' };
    const matches = filterRows(counted, filter);
    assert.ok(
      matches.length > 0 && matches.every((row) => row.verdict === 'TRANSIENT ↻' && row.tool.startsWith('tool_3')),
    );
    const firstReads = reads;
    assert.equal(firstReads, 10_000);
    assert.deepEqual(filterRows(counted, filter), matches);
    assert.equal(reads, firstReads, 'the second filter read no row again');
  });

  void it('renders a few dozen rows wherever the 10,000-row list is scrolled', () => {
    for (const scrollTop of [0, 120_000, 239_000, 10_000_000]) {
      const window = visibleWindow(scrollTop, 600, 24, 10_000);
      assert.ok(window.end - window.start <= Math.ceil(600 / 24) + 17, JSON.stringify(window));
      assert.ok(window.end <= 10_000 && window.start >= 0);
    }
  });
});
