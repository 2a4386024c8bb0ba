import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isAtBottom, scrollToReveal, visibleWindow } from '../../../../shared/src/panel/virtualList';

void describe('virtual list windowing', () => {
  void it('renders only the rows in view plus the overscan, for 10,000 rows', () => {
    const window = visibleWindow(24 * 5000, 480, 24, 10_000, 8);
    assert.deepEqual(window, { start: 4992, end: 5028, offsetTop: 4992 * 24, totalHeight: 240_000 });
    assert.ok(window.end - window.start <= 480 / 24 + 16);
  });

  void it('clamps at the top and at the bottom', () => {
    assert.deepEqual(visibleWindow(-50, 100, 20, 100, 2), { start: 0, end: 7, offsetTop: 0, totalHeight: 2000 });
    const bottom = visibleWindow(1_000_000, 100, 20, 100, 2);
    assert.deepEqual([bottom.start, bottom.end], [93, 100]);
  });

  void it('handles a partial row at the bottom edge and lists shorter than the viewport', () => {
    assert.deepEqual(visibleWindow(10, 50, 20, 100, 0), { start: 0, end: 3, offsetTop: 0, totalHeight: 2000 });
    assert.deepEqual(visibleWindow(0, 500, 20, 3, 8), { start: 0, end: 3, offsetTop: 0, totalHeight: 60 });
  });

  void it('renders nothing for an empty list or a zero row height', () => {
    assert.deepEqual(visibleWindow(0, 500, 20, 0), { start: 0, end: 0, offsetTop: 0, totalHeight: 0 });
    assert.deepEqual(visibleWindow(0, 500, 0, 10), { start: 0, end: 0, offsetTop: 0, totalHeight: 0 });
  });

  void it('renders at least one row in a zero-height viewport (before layout)', () => {
    assert.deepEqual(visibleWindow(0, 0, 20, 10, 0), { start: 0, end: 1, offsetTop: 0, totalHeight: 200 });
  });

  void it('scrolls just enough to reveal a row', () => {
    assert.equal(scrollToReveal(5, 200, 100, 20), 100);
    assert.equal(scrollToReveal(20, 200, 100, 20), 320);
    assert.equal(scrollToReveal(12, 200, 100, 20), undefined);
  });

  void it('knows when the view is at the bottom (and should follow new calls)', () => {
    assert.equal(isAtBottom(1900, 100, 2000, 20), true);
    assert.equal(isAtBottom(1885, 100, 2000, 20), true);
    assert.equal(isAtBottom(1500, 100, 2000, 20), false);
    assert.equal(isAtBottom(0, 500, 200, 20), true);
  });
});
