/**
 * The decoded form of one `tools/call`, shared by the decoder, the CLI (`calls --format json`),
 * the probe and the Tool Calls panel. Field names follow the `calls` format (docs/architecture.md).
 */
import type { ErrorCategory, SuggestedAction } from './taxonomy';

export type CallOutcome = 'success' | 'empty' | 'tool-error' | 'protocol-error' | 'cancelled' | 'no-answer' | 'pending';

/** Which encoding the envelope's facts were read from (docs/decoder.md, "Encodings"). */
export type EnvelopeEncoding =
  'top-level' | 'json-text' | 'structured-content' | 'ok-code' | 'plain-text' | 'json-rpc-error' | 'none';

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
  /** Progress notifications seen for this call (via the request's `_meta.progressToken`). */
  progress?: CallProgress;
  /** The raw request and response messages, for the panel's detail view. */
  request?: unknown;
  response?: unknown;
}
