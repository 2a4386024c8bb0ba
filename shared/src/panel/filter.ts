/** Filtering of Tool Calls rows by server, tool, outcome, category and free text. Pure (webview and tests). */
import type { CallOutcome } from '../decodedCall';
import type { CallRow } from './callRow';

/** Category filter values: a category, or `none` for failures without one. */
export const UNCLASSIFIED = 'none';

export interface CallFilter {
  /** Empty string: any. */
  server: string;
  tool: string;
  outcome: '' | CallOutcome | 'error';
  category: string;
  /** Case-insensitive; every whitespace-separated word must occur somewhere in the row. */
  text: string;
}

export const EMPTY_FILTER: CallFilter = { server: '', tool: '', outcome: '', category: '', text: '' };

export const OUTCOME_CHOICES: readonly { value: CallFilter['outcome']; label: string }[] = [
  { value: '', label: 'Any outcome' },
  { value: 'error', label: 'Any error' },
  { value: 'success', label: 'Success' },
  { value: 'empty', label: 'Valid empty' },
  { value: 'tool-error', label: 'Tool error' },
  { value: 'protocol-error', label: 'Protocol error' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'no-answer', label: 'No answer (server exited)' },
  { value: 'pending', label: 'Pending' },
];

const OUTCOME_VALUES = new Set<string>(OUTCOME_CHOICES.map((choice) => choice.value));

export function isOutcomeFilter(value: string): value is CallFilter['outcome'] {
  return OUTCOME_VALUES.has(value);
}

/** Lower-cased search text per row; rows are replaced (not mutated) when a call changes, so entries stay valid. */
const searchCache = new WeakMap<CallRow, string>();

function searchableText(row: CallRow): string {
  const cached = searchCache.get(row);
  if (cached !== undefined) return cached;
  const text = [
    row.server,
    row.tool,
    row.verdict,
    row.outcome,
    row.category ?? '',
    row.message,
    row.argumentsPreview,
    row.findings.join(' '),
    row.source,
  ]
    .join('\n')
    .toLowerCase();
  searchCache.set(row, text);
  return text;
}

/** A predicate for one filter; the search words are lower-cased once. */
export function rowMatcher(filter: CallFilter): (row: CallRow) => boolean {
  const words = filter.text
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '');
  return (row) => {
    if (filter.server !== '' && row.server !== filter.server) return false;
    if (filter.tool !== '' && row.tool !== filter.tool) return false;
    if (filter.outcome === 'error') {
      if (row.outcome !== 'tool-error' && row.outcome !== 'protocol-error') return false;
    } else if (filter.outcome !== '' && row.outcome !== filter.outcome) {
      return false;
    }
    if (filter.category !== '') {
      if (filter.category === UNCLASSIFIED) {
        if (row.outcome !== 'tool-error' || row.category !== null) return false;
      } else if (row.category !== filter.category) {
        return false;
      }
    }
    if (words.length > 0) {
      const haystack = searchableText(row);
      return words.every((word) => haystack.includes(word));
    }
    return true;
  };
}

export function filterRows(rows: readonly CallRow[], filter: CallFilter): CallRow[] {
  return rows.filter(rowMatcher(filter));
}

export function isFilterEmpty(filter: CallFilter): boolean {
  return (
    filter.server === '' && filter.tool === '' && filter.outcome === '' && filter.category === '' && filter.text === ''
  );
}

/** The distinct servers and tools of the rows, sorted, for the filter drop-downs. */
export function facets(rows: readonly CallRow[]): { servers: string[]; tools: string[] } {
  const servers = new Set<string>();
  const tools = new Set<string>();
  for (const row of rows) {
    servers.add(row.server);
    tools.add(row.tool);
  }
  const sorted = (values: Set<string>) => [...values].sort((a, b) => a.localeCompare(b));
  return { servers: sorted(servers), tools: sorted(tools) };
}
