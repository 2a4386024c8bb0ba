/**
 * The Tool Calls webview: keeps the row summaries the extension sends, filters them, renders the visible ones
 * through the virtual list, and asks the extension for a call's detail when one is selected.
 * Bundled by esbuild as a browser IIFE to dist/webview.js.
 */
import type { CallRow } from '../../shared/src/panel/callRow';
import {
  EMPTY_FILTER,
  facets,
  isFilterEmpty,
  OUTCOME_CHOICES,
  rowMatcher,
  UNCLASSIFIED,
  type CallFilter,
} from '../../shared/src/panel/filter';
import { parseFilter, parseToWebview, type ToWebviewMessage } from '../../shared/src/panel/messages';
import { ERROR_CATEGORIES } from '../../shared/src/taxonomy';
import { byId, clear, el, loadState, post, saveState } from './dom';
import { renderDetail, renderDetailGone } from './detailView';
import { ListView } from './listView';

const rows: CallRow[] = [];
const positions = new Map<string, number>();
let filtered: CallRow[] = [];
let filter: CallFilter = parseFilter((loadState() as { filter?: unknown } | undefined)?.filter ?? EMPTY_FILTER);
let paused = false;
let held = 0;
let folders: string[] = [];
let refreshQueued = false;

const serverSelect = byId<HTMLSelectElement>('filter-server');
const toolSelect = byId<HTMLSelectElement>('filter-tool');
const outcomeSelect = byId<HTMLSelectElement>('filter-outcome');
const categorySelect = byId<HTMLSelectElement>('filter-category');
const searchInput = byId<HTMLInputElement>('filter-text');
const pauseButton = byId<HTMLButtonElement>('pause');
const status = byId<HTMLElement>('status');
const empty = byId<HTMLElement>('empty');
const detail = byId<HTMLElement>('detail');

const list = new ListView(byId('list'), byId('spacer'), byId('rows'), (uid) => {
  if (uid === null) detail.hidden = true;
  post({ type: 'select', uid });
});

function setOptions(
  select: HTMLSelectElement,
  choices: readonly { value: string; label: string }[],
  current: string,
): void {
  const signature = choices.map((choice) => `${choice.value}\u0000${choice.label}`).join('\u0001');
  if (select.dataset.signature !== signature) {
    clear(select);
    for (const choice of choices) {
      const option = el('option', undefined, choice.label);
      option.value = choice.value;
      select.appendChild(option);
    }
    select.dataset.signature = signature;
  }
  select.value = current;
}

function withCurrent(values: string[], current: string): string[] {
  return current !== '' && !values.includes(current) ? [...values, current] : values;
}

function renderFilters(): void {
  const { servers, tools } = facets(rows);
  setOptions(
    serverSelect,
    [{ value: '', label: 'Any server' }, ...withCurrent(servers, filter.server).map((s) => ({ value: s, label: s }))],
    filter.server,
  );
  setOptions(
    toolSelect,
    [{ value: '', label: 'Any tool' }, ...withCurrent(tools, filter.tool).map((t) => ({ value: t, label: t }))],
    filter.tool,
  );
  setOptions(outcomeSelect, OUTCOME_CHOICES, filter.outcome);
  const categories = [
    { value: '', label: 'Any category' },
    ...ERROR_CATEGORIES.map((category) => ({ value: category, label: category })),
    { value: UNCLASSIFIED, label: 'No category' },
  ];
  setOptions(categorySelect, categories, filter.category);
  if (searchInput.value !== filter.text) searchInput.value = filter.text;
}

function watching(): string {
  if (folders.length === 0) return '';
  return `Watching ${folders.join(', ')} for *.mcptrace.jsonl traces. `;
}

function renderStatus(): void {
  clear(status);
  const shown = filtered.length === rows.length ? `${rows.length} calls` : `${filtered.length} of ${rows.length} calls`;
  status.appendChild(document.createTextNode(shown));
  if (paused) status.appendChild(el('span', 'held', held > 0 ? `paused · ${held} held` : 'paused'));
  pauseButton.textContent = paused ? 'Resume' : 'Pause';
  pauseButton.setAttribute('aria-pressed', String(paused));
  if (rows.length === 0) {
    empty.hidden = false;
    empty.textContent =
      `No tool calls yet. ${watching()}` +
      'Tap a server with "MCP Envelope: Tap a Server…" or "mcp-envelope tap", or open a saved trace.';
  } else {
    empty.hidden = filtered.length > 0;
    empty.textContent = 'No calls match the filter.';
  }
}

/** Re-filters and redraws once per frame, however many messages arrived. */
function refresh(): void {
  if (refreshQueued) return;
  refreshQueued = true;
  requestAnimationFrame(() => {
    refreshQueued = false;
    const matches = rowMatcher(filter);
    filtered = rows.filter(matches);
    list.setRows(filtered);
    renderFilters();
    renderStatus();
    post({ type: 'rendered', shown: filtered.length, total: rows.length });
  });
}

function setFilter(next: CallFilter): void {
  filter = next;
  saveState({ filter });
  renderFilters(); // at once: a control changed right after must read the new values
  refresh();
}

function upsert(incoming: CallRow[]): void {
  for (const row of incoming) {
    const index = positions.get(row.uid);
    if (index === undefined) {
      positions.set(row.uid, rows.length);
      rows.push(row);
    } else {
      rows[index] = row;
    }
  }
}

function handle(message: ToWebviewMessage): void {
  switch (message.type) {
    case 'reset':
      rows.length = 0;
      positions.clear();
      upsert(message.rows);
      if (list.selectedUid !== null && !positions.has(list.selectedUid)) list.select(null, false);
      refresh();
      break;
    case 'upsert':
      upsert(message.rows);
      refresh();
      break;
    case 'state':
      paused = message.paused;
      held = message.held;
      folders = message.folders;
      renderStatus();
      break;
    case 'detail': {
      if (message.uid !== list.selectedUid) break;
      if (message.call === null) {
        renderDetailGone(detail);
        break;
      }
      const index = positions.get(message.uid);
      const source = index === undefined ? '' : rows[index].source;
      renderDetail(detail, message.call, source, () => list.select(null, true));
      break;
    }
    case 'setFilter':
      setFilter(message.filter);
      break;
  }
}

window.addEventListener('message', (event: MessageEvent) => {
  const message = parseToWebview(event.data);
  if (message) handle(message);
});

const onFilterInput = () =>
  setFilter(
    parseFilter({
      server: serverSelect.value,
      tool: toolSelect.value,
      outcome: outcomeSelect.value,
      category: categorySelect.value,
      text: searchInput.value,
    }),
  );
for (const select of [serverSelect, toolSelect, outcomeSelect, categorySelect])
  select.addEventListener('change', onFilterInput);
searchInput.addEventListener('input', onFilterInput);
byId('reset-filter').addEventListener('click', () => setFilter(EMPTY_FILTER));
pauseButton.addEventListener('click', () => post({ type: 'pause', paused: !paused }));
byId('clear').addEventListener('click', () => post({ type: 'clear' }));
byId('open').addEventListener('click', () => post({ type: 'openTrace' }));
byId('export').addEventListener('click', () => post({ type: 'export', uids: filtered.map((row) => row.uid) }));
document.addEventListener('keydown', (event) => {
  if (event.key === 'f' && (event.ctrlKey || event.metaKey)) {
    searchInput.focus();
    event.preventDefault();
  }
});

renderFilters();
renderStatus();
if (!isFilterEmpty(filter)) saveState({ filter });
post({ type: 'ready' });
