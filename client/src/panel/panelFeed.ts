/**
 * What the extension sends to one Tool Calls webview, and when: nothing before the page says `ready`, then
 * every row; afterwards changed rows in batches (one `upsert` per flush, in sequence order), a full `reset`
 * when rows were removed, held rows while paused (a `reset` on resume), and the detail of the selected call
 * again whenever it changes. Pure: the panel gives it a way to post, to read the store, and a timer.
 */
import type { DecodedCall } from '../../../shared/src/decodedCall';
import type { CallRow } from '../../../shared/src/panel/callRow';
import type { CallFilter } from '../../../shared/src/panel/filter';
import type { ToWebviewMessage } from '../../../shared/src/panel/messages';

export interface PanelFeedHost {
  post(message: ToWebviewMessage): void;
  rows(): CallRow[];
  call(uid: string): DecodedCall | undefined;
  folders(): readonly string[];
  /** Runs `flush` later (the panel uses a 100 ms timer). */
  schedule(flush: () => void): void;
}

export class PanelFeed {
  private ready = false;
  private paused = false;
  private readonly held = new Set<string>();
  private readonly queued = new Map<string, CallRow>();
  private resetQueued = false;
  private flushScheduled = false;
  private selected: string | null = null;
  private filterOnReady: CallFilter | undefined;

  constructor(private readonly host: PanelFeedHost) {}

  get isReady(): boolean {
    return this.ready;
  }

  get isPaused(): boolean {
    return this.paused;
  }

  get heldCount(): number {
    return this.held.size;
  }

  /** The page loaded (again): send everything, then any filter asked for meanwhile. */
  onReady(): void {
    this.ready = true;
    this.queued.clear();
    this.resetQueued = false;
    this.held.clear();
    this.host.post({ type: 'reset', rows: this.host.rows() });
    this.postState();
    if (this.filterOnReady) this.host.post({ type: 'setFilter', filter: this.filterOnReady });
    this.filterOnReady = undefined;
  }

  /** The page went away (panel closed): nothing is sent until the next `ready`. Pause is kept. */
  detach(): void {
    this.ready = false;
    this.selected = null;
    this.queued.clear();
    this.resetQueued = false;
  }

  setFilter(filter: CallFilter): void {
    if (this.ready) this.host.post({ type: 'setFilter', filter });
    else this.filterOnReady = filter;
  }

  select(uid: string | null): void {
    this.selected = uid;
    if (uid !== null) this.postDetail(uid);
  }

  setPaused(paused: boolean): void {
    if (this.paused === paused) return;
    this.paused = paused;
    if (!paused && this.held.size > 0) {
      this.held.clear();
      this.queueReset();
    }
    this.postState();
  }

  /** New or changed rows from the store. */
  onRows(rows: readonly CallRow[]): void {
    if (!this.ready) return;
    if (this.paused) {
      const before = this.held.size;
      for (const row of rows) this.held.add(row.uid);
      if (this.held.size !== before) this.postState();
      return;
    }
    for (const row of rows) this.queued.set(row.uid, row);
    if (this.selected !== null && rows.some((row) => row.uid === this.selected)) this.postDetail(this.selected);
    this.scheduleFlush();
  }

  /** Rows were removed from the store (clear, reload, cap). */
  onReset(): void {
    if (!this.ready) return;
    if (this.selected !== null && !this.host.call(this.selected)) this.postDetail(this.selected);
    if (this.paused) {
      // What the user asked for (Clear, a reopened trace) shows at once; it includes what was held.
      this.held.clear();
      this.queued.clear();
      this.resetQueued = false;
      this.host.post({ type: 'reset', rows: this.host.rows() });
      this.postState();
      return;
    }
    this.queueReset();
  }

  /** Re-sends the pause state and the watched folders. */
  postState(): void {
    if (!this.ready) return;
    this.host.post({ type: 'state', paused: this.paused, held: this.held.size, folders: [...this.host.folders()] });
  }

  /** Sends what accumulated since the last flush. */
  flush(): void {
    this.flushScheduled = false;
    if (!this.ready) return;
    if (this.resetQueued) {
      this.resetQueued = false;
      this.queued.clear();
      this.host.post({ type: 'reset', rows: this.host.rows() });
      return;
    }
    if (this.queued.size === 0) return;
    const rows = [...this.queued.values()].sort((a, b) => a.seq - b.seq);
    this.queued.clear();
    this.host.post({ type: 'upsert', rows });
  }

  private queueReset(): void {
    this.resetQueued = true;
    this.queued.clear();
    this.scheduleFlush();
  }

  private scheduleFlush(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    this.host.schedule(() => this.flush());
  }

  private postDetail(uid: string): void {
    this.host.post({ type: 'detail', uid, call: this.host.call(uid) ?? null });
  }
}
