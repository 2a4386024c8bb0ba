/**
 * Windowing math for the Tool Calls list: with fixed-height rows, only the rows in (and just around)
 * the viewport are rendered, so 10,000 calls cost as much as 40. Pure (webview and tests).
 */

export interface ListWindow {
  /** First rendered row (inclusive). */
  start: number;
  /** One past the last rendered row. */
  end: number;
  /** Pixel offset of the first rendered row. */
  offsetTop: number;
  /** Height of the whole (mostly unrendered) list, for the scroll area. */
  totalHeight: number;
}

/**
 * The rows to render for a scroll position. `overscan` extra rows above and below keep fast scrolling
 * from showing blank space; the result is clamped to the list.
 */
export function visibleWindow(
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
  total: number,
  overscan = 8,
): ListWindow {
  const totalHeight = Math.max(0, total * rowHeight);
  if (total <= 0 || rowHeight <= 0) return { start: 0, end: 0, offsetTop: 0, totalHeight };
  const maxScroll = Math.max(0, totalHeight - viewportHeight);
  const top = Math.min(Math.max(0, scrollTop), maxScroll);
  const firstVisible = Math.floor(top / rowHeight);
  const lastVisible = Math.ceil((top + Math.max(0, viewportHeight)) / rowHeight);
  const start = Math.max(0, firstVisible - overscan);
  const end = Math.min(total, Math.max(lastVisible, firstVisible + 1) + overscan);
  return { start, end, offsetTop: start * rowHeight, totalHeight };
}

/** The scrollTop that brings row `index` fully into view, or undefined when it already is. */
export function scrollToReveal(
  index: number,
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
): number | undefined {
  const top = index * rowHeight;
  const bottom = top + rowHeight;
  if (top < scrollTop) return top;
  if (bottom > scrollTop + viewportHeight) return Math.max(0, bottom - viewportHeight);
  return undefined;
}

/** Whether the view is scrolled to (within one row of) the bottom, so new rows should keep it there. */
export function isAtBottom(scrollTop: number, viewportHeight: number, totalHeight: number, rowHeight: number): boolean {
  return scrollTop + viewportHeight >= totalHeight - rowHeight;
}
