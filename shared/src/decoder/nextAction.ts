/** The recovery matrix (docs/decoder.md, "Next action"), as one sentence per decoded call. */
import { defaultRetryable, type ErrorCategory } from '../taxonomy';
import type { CallOutcome } from '../decodedCall';
import type { DecodedResult } from './result';

export interface NextActionInput {
  outcome: CallOutcome;
  category: ErrorCategory | null;
  retryable: boolean | null;
  retryAfterMs?: number;
  hasPartialResults: boolean;
  /** The JSON-RPC error code, for protocol errors. */
  rpcCode?: number;
  /** Why the request was malformed, when the server rejected it before any tool ran. */
  requestFault?: string;
  /** The answer says the called tool does not exist. */
  unknownTool?: boolean;
  /** A category the text strongly suggests when the server gave none (e.g. the SDK's input validation text). */
  textHint?: ErrorCategory;
}

function categorySentence(category: ErrorCategory, retryable: boolean, retryAfterMs: number | undefined): string {
  switch (category) {
    case 'TRANSIENT':
      return retryable
        ? `Retry the same call with exponential backoff and jitter${
            retryAfterMs !== undefined ? ` (wait at least ${retryAfterMs} ms first)` : ''
          }, within a retry budget.`
        : 'The retry budget is spent: report partial coverage or switch to a fallback.';
    case 'VALIDATION':
      return 'Change the input as the message says, then call again (a new call, not a retry).';
    case 'PERMISSION':
      return 'Escalate, re-authenticate, or use a tool with the right scope; do not retry.';
    case 'BUSINESS':
      return 'Explain the policy to the user and offer alternatives; never retry.';
    case 'NOT_FOUND':
      return retryable
        ? 'Check the identifier; the resource may still appear, so a later retry with backoff is allowed.'
        : 'Check the identifier; do not retry the same call.';
    case 'UNKNOWN':
      return 'Report the failure with diagnostics to an operator.';
  }
}

function protocolSentence(code: number | undefined, requestFault: string | undefined): string {
  if (requestFault !== undefined) {
    return `The request was malformed (${requestFault}), so the tool never ran: send tools/call with a string name and an object of arguments.`;
  }
  const prefix = `Protocol error${code !== undefined ? ` (JSON-RPC ${code})` : ''}: the model usually never sees it; `;
  if (code === -32602) return `${prefix}fix the arguments to match the tool's input schema, then call again.`;
  if (code === -32601) return `${prefix}the method or tool does not exist: check the tool name against tools/list.`;
  return `${prefix}report it to the server's operator (the tool should return an isError result instead).`;
}

const CHECK_TOOL_NAME =
  'No tool has that name: check the tool name against tools/list and call a listed tool (changing the input will not help).';

/** One sentence telling an agent what to do next with this call's result. */
export function nextActionFor(input: NextActionInput): string {
  if (input.unknownTool === true && (input.outcome === 'tool-error' || input.outcome === 'protocol-error')) {
    return CHECK_TOOL_NAME;
  }
  switch (input.outcome) {
    case 'success':
      return 'Use the data; do not retry.';
    case 'empty':
      return 'A valid empty answer: use it (nothing matched); do not retry.';
    case 'pending':
      return 'No response yet: wait, or cancel the request with notifications/cancelled.';
    case 'cancelled':
      return 'The call was cancelled: ignore any late result; call again only if the answer is still needed.';
    case 'no-answer':
      return 'The server exited before answering: do not wait; the server must be restarted before any call can succeed, and the crash reported to its operator with the exit status.';
    case 'protocol-error':
      return protocolSentence(input.rpcCode, input.requestFault);
    case 'tool-error':
      break;
  }
  const partial = input.hasPartialResults ? 'Continue with the partial results gathered and note the gap. ' : '';
  if (input.category === null) {
    const hinted = input.textHint
      ? categorySentence(input.textHint, defaultRetryable(input.textHint), input.retryAfterMs)
      : 'do not retry blindly; report it with diagnostics to an operator.';
    return `${partial}Unclassified failure (no errorCategory or isRetryable): ${
      input.textHint ? `the text reads as ${input.textHint}: ${hinted}` : hinted
    }`;
  }
  const retryable = input.retryable ?? defaultRetryable(input.category);
  const assumed = input.retryable === null ? ' (retryability not stated; assumed from the category)' : '';
  return `${partial}${categorySentence(input.category, retryable, input.retryAfterMs)}${assumed}`;
}

/** The next action for a decoded answer (a tool result or a JSON-RPC error). */
export function nextActionForResult(decoded: DecodedResult): string {
  return nextActionFor({
    outcome: decoded.outcome,
    category: decoded.category,
    retryable: decoded.retryable,
    retryAfterMs: decoded.retryAfterMs,
    hasPartialResults: decoded.partialResults !== undefined,
    rpcCode: decoded.rpcCode,
    requestFault: decoded.requestFault,
    unknownTool: decoded.unknownTool,
    textHint: decoded.textHint,
  });
}
