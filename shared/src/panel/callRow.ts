/**
 * The summary of one decoded call that the Tool Calls list shows (one row), and its verdict label.
 * Pure: used by the extension (to build rows) and by the webview (to render and filter them).
 */
import { describeReading, type CallOutcome, type DecodedCall } from '../decodedCall';
import type { ErrorCategory } from '../taxonomy';

/** Colour family of a verdict; the webview maps each to a `--vscode-*` colour. */
export type VerdictTone = 'ok' | 'empty' | 'retry' | 'error' | 'protocol' | 'cancelled' | 'pending';

export interface CallRow {
  /** Unique across every trace the panel reads (JSON-RPC ids repeat between sessions). */
  uid: string;
  /** Order in which the panel first saw the call. */
  seq: number;
  server: string;
  tool: string;
  startedAt: string;
  durationMs: number | null;
  outcome: CallOutcome;
  category: ErrorCategory | null;
  retryable: boolean | null;
  verdict: string;
  tone: VerdictTone;
  /** Arguments as compact JSON, cut to a preview length. */
  argumentsPreview: string;
  /** The decoded message, cut to a preview length. */
  message: string;
  /**
   * The classifier's reading of a failure the server declared no category for, with its evidence
   * ('declared: none · read: NOT_FOUND, not retryable — errno ENOENT'); empty when there is none.
   */
  reading: string;
  /** `tap --repair` rewrote the answer the host received. */
  repaired: boolean;
  /** Check ids of the call's findings, in order. */
  findings: string[];
  /** Where the call was read from (a trace file name). */
  source: string;
}

export const PREVIEW_LENGTH = 240;

/** Cuts text to `max` characters, marking the cut with an ellipsis. */
export function preview(text: string, max = PREVIEW_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

/** Compact JSON for any value, never throwing (cycles and BigInt are reported as text). */
export function compactJson(value: unknown): string {
  if (value === undefined) return '';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** The short verdict the list shows: success, valid empty, TRANSIENT ↻, VALIDATION, protocol error, … */
export function verdictOf(call: Pick<DecodedCall, 'outcome' | 'category' | 'retryable'>): {
  verdict: string;
  tone: VerdictTone;
} {
  switch (call.outcome) {
    case 'success':
      return { verdict: 'success', tone: 'ok' };
    case 'empty':
      return { verdict: 'valid empty', tone: 'empty' };
    case 'pending':
      return { verdict: 'pending', tone: 'pending' };
    case 'cancelled':
      return { verdict: 'cancelled', tone: 'cancelled' };
    case 'no-answer':
      return { verdict: 'no answer', tone: 'error' };
    case 'protocol-error':
      return { verdict: 'protocol error', tone: 'protocol' };
    case 'tool-error': {
      const category = call.category ?? 'UNKNOWN';
      return call.retryable === true
        ? { verdict: `${category} ↻`, tone: 'retry' }
        : { verdict: category, tone: 'error' };
    }
  }
}

/** Whether a call counts as an error in the CodeLens counts. */
export function isErrorOutcome(outcome: CallOutcome): boolean {
  return outcome === 'tool-error' || outcome === 'protocol-error' || outcome === 'no-answer';
}

export function toCallRow(uid: string, seq: number, source: string, call: DecodedCall): CallRow {
  return {
    uid,
    seq,
    server: call.server,
    tool: call.tool,
    startedAt: call.startedAt,
    durationMs: call.durationMs,
    outcome: call.outcome,
    category: call.category,
    retryable: call.retryable,
    ...verdictOf(call),
    argumentsPreview: preview(compactJson(call.arguments)),
    message: preview(call.message ?? ''),
    reading: call.reading ? describeReading(call.reading) : '',
    repaired: call.repaired !== undefined,
    findings: call.findings.map((finding) => finding.check),
    source,
  };
}

/** `12:03:04.567` in local time, or the raw text when it is not a date. */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
}

/** `850 ms`, `2.4 s`, `1 m 05 s`, or an em dash while pending. */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1000);
  return `${minutes} m ${String(seconds).padStart(2, '0')} s`;
}
