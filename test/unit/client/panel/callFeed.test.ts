import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CallFeed } from '../../../../client/src/traces/callFeed';
import { decodeCalls } from '../../../../shared/src/decoder';
import { request, response, sampleEntries } from './traceSamples';

void describe('incremental decoding (call feed)', () => {
  void it('decodes entries fed one at a time exactly as a whole trace', () => {
    const feed = new CallFeed();
    const entries = sampleEntries();
    const latest = new Map<string, unknown>();
    for (const entry of entries) for (const update of feed.ingest('a', [entry])) latest.set(update.uid, update.call);
    const whole = decodeCalls(entries);
    assert.deepEqual(
      [...latest.values()].map((call) => (call as { outcome: string }).outcome),
      whole.map((call) => call.outcome),
    );
    assert.deepEqual(
      whole.map((call) => call.outcome),
      ['success', 'empty', 'tool-error', 'tool-error', 'protocol-error', 'pending'],
    );
  });

  void it('reports each changed call once per batch, with stable uids and sequence numbers', () => {
    const feed = new CallFeed();
    const first = feed.ingest('a', [request(1, 'x', {}, 0)]);
    const second = feed.ingest('a', [response(1, { content: [] }, 5), request(2, 'y', {}, 6)]);
    assert.equal(first.length, 1);
    assert.deepEqual(
      second.map((u) => u.uid),
      [first[0].uid, 'c2'],
    );
    assert.equal(second[0].call.outcome, 'empty');
    assert.deepEqual(
      second.map((u) => u.seq),
      [1, 2],
    );
  });

  void it('never pairs a response with a request of another trace file', () => {
    const feed = new CallFeed();
    feed.ingest('a', [request(1, 'x', {}, 0)]);
    assert.deepEqual(feed.ingest('b', [response(1, { content: [] }, 5)]), []);
    const [update] = feed.ingest('a', [response(1, { isError: true, content: [{ type: 'text', text: 'x' }] }, 9)]);
    assert.equal(update.call.outcome, 'tool-error');
    assert.equal(update.file, 'a');
  });

  void it('after clear, late responses of cleared calls stay hidden but new calls appear', () => {
    const feed = new CallFeed();
    feed.ingest('a', [request(1, 'x', {}, 0)]);
    feed.clear();
    assert.deepEqual(feed.ingest('a', [response(1, { content: [] }, 5)]), []);
    assert.equal(feed.ingest('a', [request(2, 'y', {}, 6)]).length, 1);
  });

  void it('a restarted file pairs afresh: an old pending id is not answered by the new file', () => {
    const feed = new CallFeed();
    feed.ingest('a', [request(1, 'x', {}, 0)]);
    const updates = feed.ingest('a', [response(1, { content: [] }, 5)], true);
    assert.deepEqual(updates, []);
  });
});
