/**
 * Messages between the extension and the Tool Calls webview: `{type, …}` objects, one discriminated union per
 * direction. Both sides validate what they receive (a webview message is input like any other). Pure.
 */
import type { DecodedCall } from '../decodedCall';
import type { CallRow } from './callRow';
import { isOutcomeFilter, type CallFilter } from './filter';

/** Extension → webview. */
export type ToWebviewMessage =
  /** Every row the view should show (on ready, clear, resume, or a trace opened). */
  | { type: 'reset'; rows: CallRow[] }
  /** New or changed rows (matched by uid). */
  | { type: 'upsert'; rows: CallRow[] }
  /** Pause state, calls held back while paused, and the folders being watched. */
  | { type: 'state'; paused: boolean; held: number; folders: string[] }
  /** The full decoded call for the detail view; null when it is no longer known (cleared). */
  | { type: 'detail'; uid: string; call: DecodedCall | null }
  /** Replace the filter (a CodeLens click filters to one tool). */
  | { type: 'setFilter'; filter: CallFilter };

/** Webview → extension. */
export type FromWebviewMessage =
  | { type: 'ready' }
  | { type: 'pause'; paused: boolean }
  | { type: 'clear' }
  | { type: 'openTrace' }
  /** Export these calls (the visible ones, in view order). */
  | { type: 'export'; uids: string[] }
  | { type: 'select'; uid: string | null }
  | { type: 'goToHandler'; tool: string }
  | { type: 'copy'; text: string }
  | { type: 'openDocs'; check: string }
  /** What the view shows now: rows after filtering, of how many. For the test-only state query. */
  | { type: 'rendered'; shown: number; total: number };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;
const MAX_TEXT = 5_000_000;

/** Validates a message from the webview; anything malformed is undefined (and ignored by the caller). */
export function parseFromWebview(value: unknown): FromWebviewMessage | undefined {
  if (!isRecord(value) || !isString(value.type)) return undefined;
  switch (value.type) {
    case 'ready':
    case 'clear':
    case 'openTrace':
      return { type: value.type };
    case 'pause':
      return typeof value.paused === 'boolean' ? { type: 'pause', paused: value.paused } : undefined;
    case 'export':
      return Array.isArray(value.uids) && value.uids.every(isString) ? { type: 'export', uids: value.uids } : undefined;
    case 'select':
      return value.uid === null || isString(value.uid) ? { type: 'select', uid: value.uid } : undefined;
    case 'goToHandler':
      return isString(value.tool) && value.tool !== '' ? { type: 'goToHandler', tool: value.tool } : undefined;
    case 'copy':
      return isString(value.text) && value.text.length <= MAX_TEXT ? { type: 'copy', text: value.text } : undefined;
    case 'openDocs':
      return isString(value.check) && /^[a-z][a-z0-9-]{0,80}$/.test(value.check)
        ? { type: 'openDocs', check: value.check }
        : undefined;
    case 'rendered':
      return isCount(value.shown) && isCount(value.total)
        ? { type: 'rendered', shown: value.shown, total: value.total }
        : undefined;
    default:
      return undefined;
  }
}

/** Reads a filter from untrusted input; missing or malformed fields are empty. */
export function parseFilter(value: unknown): CallFilter {
  const record = isRecord(value) ? value : {};
  const text = (key: string) => (isString(record[key]) ? record[key] : '');
  const outcome = text('outcome');
  return {
    server: text('server'),
    tool: text('tool'),
    outcome: isOutcomeFilter(outcome) ? outcome : '',
    category: text('category'),
    text: text('text'),
  };
}

function isRow(value: unknown): value is CallRow {
  return (
    isRecord(value) &&
    isString(value.uid) &&
    typeof value.seq === 'number' &&
    isString(value.tool) &&
    isString(value.verdict)
  );
}

/** Validates a message from the extension (the webview's side of the contract). */
export function parseToWebview(value: unknown): ToWebviewMessage | undefined {
  if (!isRecord(value) || !isString(value.type)) return undefined;
  switch (value.type) {
    case 'reset':
    case 'upsert':
      return Array.isArray(value.rows) && value.rows.every(isRow) ? { type: value.type, rows: value.rows } : undefined;
    case 'state':
      return typeof value.paused === 'boolean' &&
        isCount(value.held) &&
        Array.isArray(value.folders) &&
        value.folders.every(isString)
        ? { type: 'state', paused: value.paused, held: value.held, folders: value.folders }
        : undefined;
    case 'detail':
      return isString(value.uid) && (value.call === null || isRecord(value.call))
        ? { type: 'detail', uid: value.uid, call: value.call as DecodedCall | null }
        : undefined;
    case 'setFilter':
      return { type: 'setFilter', filter: parseFilter(value.filter) };
    default:
      return undefined;
  }
}
