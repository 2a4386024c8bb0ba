import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseFilter, parseFromWebview, parseToWebview } from '../../../../shared/src/panel/messages';
import { EMPTY_FILTER } from '../../../../shared/src/panel/filter';

void describe('webview message validation', () => {
  void it('accepts every well-formed message from the webview', () => {
    const valid = [
      { type: 'ready' },
      { type: 'clear' },
      { type: 'openTrace' },
      { type: 'pause', paused: true },
      { type: 'export', uids: ['c1', 'c2'] },
      { type: 'select', uid: null },
      { type: 'select', uid: 'c3' },
      { type: 'goToHandler', tool: 'get_order' },
      { type: 'copy', text: '{"a":1}' },
      { type: 'openDocs', check: 'missing-is-retryable' },
      { type: 'rendered', shown: 3, total: 10 },
    ];
    for (const message of valid) assert.deepEqual(parseFromWebview(message), message);
  });

  void it('drops extra fields and rejects malformed or unknown messages', () => {
    assert.deepEqual(parseFromWebview({ type: 'clear', extra: '<script>' }), { type: 'clear' });
    const invalid: unknown[] = [
      null,
      'ready',
      [],
      {},
      { type: 'nope' },
      { type: 'pause', paused: 'yes' },
      { type: 'export', uids: ['c1', 2] },
      { type: 'select' },
      { type: 'goToHandler', tool: '' },
      { type: 'openDocs', check: '../../etc/passwd' },
      { type: 'openDocs', check: 'javascript:alert(1)' },
      { type: 'rendered', shown: -1, total: 2 },
      { type: 'rendered', shown: 1.5, total: 2 },
    ];
    for (const message of invalid) assert.equal(parseFromWebview(message), undefined, JSON.stringify(message));
  });

  void it('reads filters defensively', () => {
    assert.deepEqual(parseFilter(undefined), EMPTY_FILTER);
    assert.deepEqual(parseFilter({ tool: 'x', outcome: 'exploded', server: 3 }), { ...EMPTY_FILTER, tool: 'x' });
    assert.deepEqual(parseFilter({ outcome: 'error', category: 'TRANSIENT', text: 'q' }), {
      ...EMPTY_FILTER,
      outcome: 'error',
      category: 'TRANSIENT',
      text: 'q',
    });
  });

  void it('validates messages to the webview', () => {
    const row = { uid: 'c1', seq: 1, tool: 't', verdict: 'success' };
    assert.equal(parseToWebview({ type: 'upsert', rows: [row] })?.type, 'upsert');
    assert.equal(parseToWebview({ type: 'reset', rows: [{ uid: 1 }] }), undefined);
    assert.deepEqual(parseToWebview({ type: 'state', paused: false, held: 0, folders: ['/t'] }), {
      type: 'state',
      paused: false,
      held: 0,
      folders: ['/t'],
    });
    assert.equal(parseToWebview({ type: 'detail', uid: 'c1', call: 'x' }), undefined);
    assert.deepEqual(parseToWebview({ type: 'detail', uid: 'c1', call: null }), {
      type: 'detail',
      uid: 'c1',
      call: null,
    });
    assert.deepEqual(parseToWebview({ type: 'setFilter', filter: { tool: 'a' } }), {
      type: 'setFilter',
      filter: { ...EMPTY_FILTER, tool: 'a' },
    });
    assert.equal(parseToWebview({ type: 'eval', code: '1' }), undefined);
  });
});
