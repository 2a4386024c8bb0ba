/**
 * The virtualised list of calls: a spacer as tall as every row, and only the rows in view (plus a few) as
 * elements, reused as the user scrolls. Follows new calls while scrolled to the bottom.
 */
import { formatDuration, formatTime, type CallRow } from '../../shared/src/panel/callRow';
import { ROW_HEIGHT } from '../../shared/src/panel/panelStyles';
import { isAtBottom, scrollToReveal, visibleWindow } from '../../shared/src/panel/virtualList';
import { el } from './dom';

export class ListView {
  private rows: CallRow[] = [];
  private selected: string | null = null;
  private follow = true;
  private frame = 0;
  private readonly pool: HTMLDivElement[] = [];

  constructor(
    private readonly scroller: HTMLElement,
    private readonly spacer: HTMLElement,
    private readonly container: HTMLElement,
    private readonly onSelect: (uid: string | null) => void,
  ) {
    scroller.addEventListener('scroll', () => {
      this.follow = isAtBottom(scroller.scrollTop, scroller.clientHeight, this.rows.length * ROW_HEIGHT, ROW_HEIGHT);
      this.schedule();
    });
    new ResizeObserver(() => this.schedule()).observe(scroller);
    container.addEventListener('click', (event) => {
      const row = (event.target as Element | null)?.closest<HTMLElement>('.row');
      const uid = row?.dataset.uid;
      if (uid) this.select(uid, true);
    });
    scroller.addEventListener('keydown', (event) => this.onKey(event));
  }

  get selectedUid(): string | null {
    return this.selected;
  }

  /** The rows to show (already filtered), oldest first. */
  setRows(rows: CallRow[]): void {
    const wasFollowing = this.follow;
    this.rows = rows;
    this.spacer.style.height = `${rows.length * ROW_HEIGHT}px`;
    if (wasFollowing) this.scroller.scrollTop = this.scroller.scrollHeight;
    this.schedule();
  }

  select(uid: string | null, notify: boolean): void {
    this.selected = uid;
    if (uid !== null) {
      const index = this.rows.findIndex((row) => row.uid === uid);
      if (index >= 0) this.reveal(index);
    }
    this.schedule();
    if (notify) this.onSelect(uid);
  }

  private reveal(index: number): void {
    const top = scrollToReveal(index, this.scroller.scrollTop, this.scroller.clientHeight, ROW_HEIGHT);
    if (top !== undefined) this.scroller.scrollTop = top;
  }

  private onKey(event: KeyboardEvent): void {
    if (this.rows.length === 0) return;
    const page = Math.max(1, Math.floor(this.scroller.clientHeight / ROW_HEIGHT) - 1);
    const current = this.selected === null ? -1 : this.rows.findIndex((row) => row.uid === this.selected);
    const moves: Record<string, number> = {
      ArrowDown: current + 1,
      ArrowUp: current < 0 ? this.rows.length - 1 : current - 1,
      PageDown: current + page,
      PageUp: current - page,
      Home: 0,
      End: this.rows.length - 1,
    };
    if (event.key === 'Escape') {
      this.select(null, true);
      event.preventDefault();
      return;
    }
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const index = Math.min(this.rows.length - 1, Math.max(0, target));
    this.select(this.rows[index].uid, true);
  }

  private schedule(): void {
    if (this.frame !== 0) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.render();
    });
  }

  private render(): void {
    const window = visibleWindow(this.scroller.scrollTop, this.scroller.clientHeight, ROW_HEIGHT, this.rows.length);
    this.container.style.transform = `translateY(${window.offsetTop}px)`;
    const count = window.end - window.start;
    while (this.pool.length < count) {
      const row = this.createRow();
      this.pool.push(row);
      this.container.appendChild(row);
    }
    for (let i = 0; i < this.pool.length; i++) {
      const element = this.pool[i];
      if (i >= count) {
        element.hidden = true;
        continue;
      }
      element.hidden = false;
      this.fill(element, this.rows[window.start + i]);
    }
  }

  private createRow(): HTMLDivElement {
    const row = el('div', 'row');
    row.setAttribute('role', 'option');
    for (const name of ['time', 'server', 'tool', 'args', 'duration', 'verdict'])
      row.appendChild(el('span', `cell ${name}`));
    return row;
  }

  /** Writes one call into a pooled row element, as text only. */
  private fill(element: HTMLDivElement, row: CallRow): void {
    element.dataset.uid = row.uid;
    const selected = row.uid === this.selected;
    element.classList.toggle('selected', selected);
    element.setAttribute('aria-selected', String(selected));
    const [time, server, tool, args, duration, verdict] = Array.from(element.children) as HTMLElement[];
    time.textContent = formatTime(row.startedAt);
    time.title = row.startedAt;
    server.textContent = row.server;
    server.title = `${row.server} (${row.source})`;
    tool.textContent = row.tool;
    tool.title = row.tool;
    args.textContent = row.argumentsPreview;
    args.title = row.argumentsPreview;
    duration.textContent = formatDuration(row.durationMs);
    verdict.textContent = '';
    const label = el('span', `verdict tone-${row.tone}`, row.verdict);
    label.title = [row.message === '' ? row.verdict : `${row.verdict}: ${row.message}`, row.reading]
      .filter((line) => line !== '')
      .join('\n');
    verdict.appendChild(label);
    if (row.repaired) {
      const repaired = el('span', 'repaired', 'repaired');
      repaired.title = `The tap rewrote this answer from the classifier's reading (${row.reading})`;
      verdict.appendChild(repaired);
    }
    if (row.findings.length > 0) {
      const flag = el('span', 'flag', `⚑ ${row.findings.length}`);
      flag.title = `Envelope findings: ${row.findings.join(', ')}`;
      verdict.appendChild(flag);
    }
  }
}
