/**
 * The decoded form of one `tools/call`, shared by the decoder, the CLI (`calls --format json`),
 * the probe and the Tool Calls panel. Field names follow the `calls` format (docs/architecture.md).
 */
import type { ErrorCategory, SuggestedAction } from './taxonomy';

export type CallOutcome = 'success' | 'empty' | 'tool-error' | 'protocol-error' | 'cancelled' | 'no-answer' | 'pending';

/**
 * Which encoding the envelope's facts were read from (docs/decoder.md, "Encodings"). `meta-proposal`: the `_meta`
 * key `io.modelcontextprotocol/toolFailure` (an open proposal for the MCP specification); `foreign-shape`: another
 * tool's shape (`{ code, category, retry }`, `{ category, is_retryable }`, `{ recoverable }`).
 */
export type EnvelopeEncoding =
  | 'top-level'
  | 'json-text'
  | 'structured-content'
  | 'ok-code'
  | 'meta-proposal'
  | 'foreign-shape'
  | 'plain-text'
  | 'json-rpc-error'
  | 'none';

export interface CallFinding {
  /** A static check id where one applies, or a live-only id such as `retry-storm`. */
  check: string;
  message: string;
}

/** The latest `notifications/progress` seen for a call, and how many arrived. */
export interface CallProgress {
  updates: number;
  progress: number;
  total?: number;
  message?: string;
}

/**
 * The classifier's reading of a raw failure (one without a declared category): what its evidence says, kept
 * apart from what the server declared. Also the reading `tap --repair` acted on.
 */
export interface ClassifierReading {
  category: ErrorCategory;
  retryable: boolean;
  retryAfterMs?: number;
  /** Deciding evidence first: 'errno ENOENT', 'HTTP 429', 'MCP SDK: Input validation error'. */
  evidence: string[];
  /** What the server itself declared (null: nothing; the SDK's rejections declare nothing). */
  declared: { category: ErrorCategory | null; retryable: boolean | null };
}

/** `tap --repair` rewrote the answer: the host received an envelope built from the classifier's reading. */
export interface CallRepair {
  /** The envelope style written (`top-level`, `structured`, `json-text`, `meta`, `ok-code`). */
  style: string;
  /** The answer as the host received it (the call's `response` is the server's own). */
  sent: unknown;
}

export interface DecodedCall {
  /** JSON-RPC id of the request, as sent. */
  id: string | number;
  server: string;
  /** The tap run that recorded the call (traces of format version 2 and later). */
  run?: string;
  /** The HTTP session (`Mcp-Session-Id`) the call was made in. */
  session?: string;
  tool: string;
  arguments: unknown;
  startedAt: string;
  durationMs: number | null;
  outcome: CallOutcome;
  category: ErrorCategory | null;
  retryable: boolean | null;
  message: string | null;
  encoding: EnvelopeEncoding;
  nextAction: string;
  findings: CallFinding[];
  retryAfterMs?: number;
  suggestedAction?: SuggestedAction | string;
  attemptedQuery?: unknown;
  partialResults?: unknown;
  /** The classifier's reading, for a failure whose server declared no category (or that the tap repaired). */
  reading?: ClassifierReading;
  /** Set when `tap --repair` rewrote the answer; the outcome and fields above are what the server declared. */
  repaired?: CallRepair;
  /** Progress notifications seen for this call (via the request's `_meta.progressToken`). */
  progress?: CallProgress;
  /** The raw request and response messages, for the panel's detail view. */
  request?: unknown;
  response?: unknown;
}

/** 'declared: none · read: NOT_FOUND, not retryable — errno ENOENT' */
export function describeReading(reading: ClassifierReading): string {
  const { category, retryable } = reading.declared;
  const stated = retryable === null ? '' : retryable ? ', retryable' : ', not retryable';
  const declared = category === null ? (retryable === null ? 'none' : stated.slice(2)) : `${category}${stated}`;
  const retry = reading.retryable ? 'retryable' : 'not retryable';
  const evidence = reading.evidence.length > 0 ? ` — ${reading.evidence.join(', ')}` : ' — no evidence';
  return `declared: ${declared} · read: ${reading.category}, ${retry}${evidence}`;
}
