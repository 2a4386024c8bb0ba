import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CallStore } from '../../../../client/src/panel/callStore';
import { EMPTY_FILTER } from '../../../../shared/src/panel/filter';
import type { ToWebviewMessage } from '../../../../shared/src/panel/messages';
import { PanelFeed } from '../../../../client/src/panel/panelFeed';
import { CallFeed } from '../../../../client/src/traces/callFeed';
import { request, response } from './traceSamples';

function setup() {
  const store = new CallStore();
  const calls = new CallFeed();
  const sent: ToWebviewMessage[] = [];
  let pending: (() => void) | undefined;
  const feed = new PanelFeed({
    post: (message) => sent.push(message),
    rows: () => store.rows(),
    call: (uid) => store.get(uid)?.call,
    folders: () => ['/traces'],
    schedule: (flush) => {
      assert.equal(pending, undefined, 'one flush scheduled at a time');
      pending = flush;
    },
  });
  store.onDidChangeRows((rows) => feed.onRows(rows));
  store.onDidReset(() => feed.onReset());
  const add = (...entries: Parameters<CallFeed['ingest']>[1]) => store.apply(calls.ingest('/t/a', entries));
  const tick = () => {
    const flush = pending;
    pending = undefined;
    flush?.();
  };
  const summary = () =>
    sent.splice(0).map((m) => {
      if (m.type === 'reset' || m.type === 'upsert')
        return `${m.type}:${m.rows.map((r) => `${r.uid}/${r.outcome}`).join(',')}`;
      if (m.type === 'state') return `state:${m.paused ? 'paused' : 'live'}:${m.held}`;
      if (m.type === 'detail') return `detail:${m.uid}:${m.call?.outcome ?? 'gone'}`;
      return `setFilter:${m.filter.tool}`;
    });
  return { store, calls, feed, add, tick, summary, pending: () => pending !== undefined };
}

void describe('what the panel sends to its webview', () => {
  void it('sends nothing before ready, then every row, the state and a filter asked for meanwhile', () => {
    const t = setup();
    t.add(request(1, 'a', {}, 0));
    t.feed.setFilter({ ...EMPTY_FILTER, tool: 'a' });
    assert.deepEqual(t.summary(), []);
    assert.equal(t.pending(), false);
    t.feed.onReady();
    assert.deepEqual(t.summary(), ['reset:c1/pending', 'state:live:0', 'setFilter:a']);
  });

  void it('batches changes into one upsert per flush, each call once, in order', () => {
    const t = setup();
    t.feed.onReady();
    t.summary();
    t.add(request(1, 'a', {}, 0));
    t.add(request(2, 'b', {}, 1));
    t.add(response(1, { content: [{ type: 'text', text: 'ok' }] }, 2));
    assert.deepEqual(t.summary(), []);
    t.tick();
    assert.deepEqual(t.summary(), ['upsert:c1/success,c2/pending']);
    t.tick();
    assert.deepEqual(t.summary(), [], 'nothing new, nothing sent');
  });

  void it('re-sends the detail of the selected call when it changes, and says when it is gone', () => {
    const t = setup();
    t.feed.onReady();
    t.add(request(1, 'a', {}, 0));
    t.tick();
    t.summary();
    t.feed.select('c1');
    assert.deepEqual(t.summary(), ['detail:c1:pending']);
    t.add(response(1, { content: [] }, 5));
    assert.deepEqual(t.summary(), ['detail:c1:empty']);
    t.store.clear();
    t.tick();
    assert.deepEqual(t.summary(), ['detail:c1:gone', 'reset:']);
  });

  void it('holds changes while paused, counts them, and resets on resume', () => {
    const t = setup();
    t.feed.onReady();
    t.summary();
    t.feed.setPaused(true);
    assert.deepEqual(t.summary(), ['state:paused:0']);
    t.add(request(1, 'a', {}, 0));
    t.add(request(2, 'b', {}, 1));
    t.add(response(1, { content: [] }, 2));
    assert.deepEqual(t.summary(), ['state:paused:1', 'state:paused:2']);
    assert.equal(t.feed.heldCount, 2);
    t.tick();
    assert.deepEqual(t.summary(), []);
    t.feed.setPaused(false);
    assert.deepEqual(t.summary(), ['state:live:0']);
    t.tick();
    assert.deepEqual(t.summary(), ['reset:c1/empty,c2/pending']);
  });

  void it('clear while paused shows at once; resume without held calls sends nothing more', () => {
    const t = setup();
    t.feed.onReady();
    t.add(request(1, 'a', {}, 0));
    t.tick();
    t.feed.setPaused(true);
    t.summary();
    t.store.clear();
    assert.deepEqual(t.summary(), ['reset:', 'state:paused:0']);
    t.feed.setPaused(false);
    assert.deepEqual(t.summary(), ['state:live:0']);
    assert.equal(t.pending(), false);
  });

  void it('a closed panel gets nothing until its next ready, which sends everything again', () => {
    const t = setup();
    t.feed.onReady();
    t.add(request(1, 'a', {}, 0));
    t.feed.detach();
    t.tick();
    t.add(request(2, 'b', {}, 1));
    t.feed.postState();
    assert.deepEqual(t.summary(), ['reset:', 'state:live:0']);
    t.feed.onReady();
    assert.deepEqual(t.summary(), ['reset:c1/pending,c2/pending', 'state:live:0']);
  });
});
