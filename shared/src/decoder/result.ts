/**
 * Decodes one `tools/call` answer — a `CallToolResult` or a JSON-RPC error — into an outcome, the envelope's
 * facts, the encoding they were read from, and findings. Pure TypeScript: it runs in the tap, the CLI and a webview.
 */
import { readForeignFailure } from '../classifier/foreignShapes';
import { canonicalCategory, nearestCategory, NEVER_RETRYABLE, type ErrorCategory } from '../taxonomy';
import type { CallFinding, CallOutcome, EnvelopeEncoding } from '../decodedCall';
import { isEmptyPayload, readContent, type ContentView } from './content';
import { fillMissingFacts, hasClassification, readFacts, saysFailure, type EnvelopeFacts } from './fields';
import { isRecord, type JsonObject } from './json';
import {
  categoryHintFromText,
  isGenericMessage,
  leakedInternals,
  mentionsFacts,
  readsAsFailure,
  saysNoResults,
  saysUnknownTool,
  sdkRejectionMessage,
} from './text';

export interface DecodedResult {
  outcome: CallOutcome;
  category: ErrorCategory | null;
  retryable: boolean | null;
  message: string | null;
  encoding: EnvelopeEncoding;
  findings: CallFinding[];
  retryAfterMs?: number;
  suggestedAction?: string;
  attemptedQuery?: unknown;
  partialResults?: unknown;
  /** The JSON-RPC error code, for protocol errors. */
  rpcCode?: number;
  /** Why the request itself was malformed (the tool never ran), when it was. */
  requestFault?: string;
  /** A category the text suggests when the server gave none (for the next action only). */
  textHint?: ErrorCategory;
  /**
   * The category comes from the request being rejected (the SDK's input validation, a JSON-RPC -32602), not
   * from the server's own envelope: set for both SDK lines, so the probe can grade them alike.
   */
  rejectedRequest?: boolean;
  /** The text says the called tool does not exist: the fix is the tool name, not the input. */
  unknownTool?: boolean;
}

type Source = { encoding: 'top-level' | 'json-text' | 'structured-content'; facts: EnvelopeFacts };

const RESULT_KEYS = new Set(['content', 'structuredContent', '_meta', 'isError', 'is_error', 'type', 'tool_use_id']);

/** The result's own payload beside the MCP fields (seed-style `{isError: false, results: []}`), if any. */
function extraPayload(result: JsonObject): JsonObject | undefined {
  let extra: JsonObject | undefined;
  for (const key of Object.keys(result)) {
    if (RESULT_KEYS.has(key)) continue;
    extra ??= {};
    extra[key] = result[key];
  }
  return extra;
}

/** Where facts are read, in order: structuredContent before text, so a text that mirrors it names the former. */
function collectSources(result: JsonObject, content: ContentView): Source[] {
  const sources: Source[] = [{ encoding: 'top-level', facts: readFacts(result) }];
  if (isRecord(result.structuredContent)) {
    sources.push({ encoding: 'structured-content', facts: readFacts(result.structuredContent) });
  }
  for (const object of content.jsonObjects) sources.push({ encoding: 'json-text', facts: readFacts(object) });
  return sources;
}

/** A success whose only content is short text that reports a failure ("Error: Operation failed"). */
function failureTextWithoutFlag(result: JsonObject, content: ContentView): string | undefined {
  if (content.otherBlocks > 0 || content.jsonObjects.length > 0 || content.jsonOther.length > 0) return undefined;
  if (result.structuredContent !== undefined) return undefined;
  const texts = content.texts.filter((text) => text.trim() !== '');
  return texts.length === 1 && readsAsFailure(texts[0]) ? texts[0].trim() : undefined;
}

/** The SDK's own rejection of a request (isError text), decoded as VALIDATION with the SDK's prefix removed. */
function decodeSdkRejection(content: ContentView, facts: EnvelopeFacts): DecodedResult | undefined {
  if (facts.category !== undefined || facts.retryable !== undefined || content.texts.length !== 1) return undefined;
  const message = sdkRejectionMessage(content.texts[0]);
  if (message === undefined) return undefined;
  return {
    outcome: 'tool-error',
    category: 'VALIDATION',
    retryable: null,
    message,
    encoding: 'plain-text',
    // The handler never ran: nothing in the server's own envelopes to report.
    findings: [],
    rejectedRequest: true,
    ...(saysUnknownTool(message) && { unknownTool: true }),
  };
}

/** Merges the facts of all sources, earlier sources first; returns the encoding of the classifying source. */
function mergeFacts(sources: Source[], hasText: boolean): { facts: EnvelopeFacts; encoding: EnvelopeEncoding } {
  const merged: EnvelopeFacts = { okFalse: false };
  let encoding: EnvelopeEncoding | undefined;
  for (const { encoding: where, facts } of sources) {
    if (encoding === undefined && hasClassification(facts)) {
      encoding = facts.category === undefined && facts.okFalse && facts.code !== undefined ? 'ok-code' : where;
    }
    fillMissingFacts(merged, facts);
    if (where !== 'top-level' && facts.isError === true) merged.isError = true;
    merged.okFalse ||= facts.okFalse;
  }
  return { facts: merged, encoding: encoding ?? (hasText ? 'plain-text' : 'none') };
}

function isEmptySuccess(result: JsonObject, content: ContentView, facts: EnvelopeFacts): boolean {
  if (content.otherBlocks > 0) return false;
  if (isRecord(result.structuredContent) && !isEmptyPayload(result.structuredContent)) return false;
  const texts = content.texts.filter((text) => text.trim() !== '');
  const extra = extraPayload(result);
  if (extra && Object.values(extra).some((value) => Array.isArray(value) || isRecord(value))) {
    if (!isEmptyPayload(extra)) return false;
    if (texts.length === 0) return true;
  }
  if (texts.length === 0) return facts.message === undefined || saysNoResults(facts.message);
  if (content.jsonObjects.length + content.jsonOther.length === texts.length) {
    return [...content.jsonObjects, ...content.jsonOther].every(isEmptyPayload);
  }
  return texts.some(saysNoResults);
}

function successMessage(facts: EnvelopeFacts, content: ContentView): string | null {
  if (facts.message !== undefined) return facts.message;
  const text = content.texts.join('\n').trim();
  return text === '' ? null : text;
}

function resolveCategory(facts: EnvelopeFacts, findings: CallFinding[]): ErrorCategory | null {
  if (facts.category !== undefined) {
    const canonical = canonicalCategory(facts.category);
    if (canonical) return canonical;
    const nearest = nearestCategory(facts.category);
    findings.push({
      check: 'invalid-error-category',
      message: `errorCategory "${facts.category}" is not one of TRANSIENT, VALIDATION, PERMISSION, BUSINESS, NOT_FOUND, UNKNOWN (read as ${nearest}).`,
    });
    return nearest;
  }
  // A `code` classifies only in the failure shape (`ok: false` or an `error` object), as hasClassification says.
  return facts.okFalse && facts.code !== undefined ? nearestCategory(facts.code) : null;
}

function errorFindings(
  facts: EnvelopeFacts,
  category: ErrorCategory | null,
  encoding: EnvelopeEncoding,
  content: ContentView,
  message: string | null,
  findings: CallFinding[],
): void {
  const visibleText = content.texts.join('\n');
  if (visibleText.trim() === '' && content.otherBlocks === 0) {
    findings.push({
      check: 'missing-error-content',
      message: 'The error has no text in content: the model gets no explanation.',
    });
  }
  if (category === null) {
    findings.push({
      check: 'missing-error-category',
      message: 'No errorCategory: the agent cannot tell what kind of failure this is.',
    });
  }
  if (facts.retryable === undefined) {
    findings.push({
      check: 'missing-is-retryable',
      message: 'No isRetryable: the agent has to guess whether the same call can succeed later.',
    });
  } else if (facts.retryable && category !== null && NEVER_RETRYABLE.has(category)) {
    findings.push({
      check: 'contradictory-retryable',
      message: `isRetryable is true for a ${category} error: the identical call cannot succeed, so the agent will loop.`,
    });
  }
  if (message !== null && isGenericMessage(message)) {
    findings.push({
      check: 'generic-error-message',
      message: `"${message.trim()}" says nothing the agent can act on: name the operation, the input and the constraint.`,
    });
  }
  const leak = leakedInternals(
    message !== null && !visibleText.includes(message) ? `${visibleText}\n${message}` : visibleText,
  );
  if (leak) findings.push({ check: 'leaked-internals', message: `The error text shows ${leak} to the model.` });
  if ((message !== null && saysNoResults(message)) || content.texts.some(saysNoResults)) {
    findings.push({
      check: 'empty-result-as-error',
      message: 'isError is set but the text says there were no results: a valid empty answer should be a success.',
    });
  }
  const hiddenEncoding = encoding === 'top-level' || encoding === 'structured-content' || encoding === 'meta-proposal';
  if (hiddenEncoding && !mentionsFacts(visibleText, category)) {
    const where =
      encoding === 'top-level' ? 'top-level fields' : encoding === 'meta-proposal' ? '_meta' : 'structuredContent';
    findings.push({
      check: 'envelope-hidden-from-model',
      message: `errorCategory/isRetryable are only in ${where}; most hosts show the model only content, whose text does not mention them.`,
    });
  }
}

/**
 * A failure's category from the shapes other tools and proposals write (the `_meta` key
 * `io.modelcontextprotocol/toolFailure`, `{ code, category, retry }`, `{ category, is_retryable }`, `{ recoverable }`),
 * when MCP Envelope's own fields name none. Only for failures: a success's `category` is data.
 */
function readForeignShape(record: JsonObject, facts: EnvelopeFacts, encoding: EnvelopeEncoding): EnvelopeEncoding {
  if (facts.category !== undefined || (facts.okFalse && facts.code !== undefined)) return encoding;
  const foreign = readForeignFailure(record);
  if (!foreign) return encoding;
  facts.category = foreign.category;
  facts.retryable ??= foreign.isRetryable;
  facts.retryAfterMs ??= foreign.retryAfterMs;
  return foreign.source.startsWith('_meta') ? 'meta-proposal' : 'foreign-shape';
}

/** Decodes a `CallToolResult` (the `result` of a JSON-RPC response to `tools/call`). */
export function decodeToolResult(result: unknown): DecodedResult {
  const record: JsonObject = isRecord(result) ? result : { content: result };
  const content = readContent(record.content);
  const merged = mergeFacts(collectSources(record, content), content.texts.length > 0);
  const { facts } = merged;
  const flagged = record.isError === true || record.is_error === true;
  const encoding = flagged || saysFailure(facts) ? readForeignShape(record, facts, merged.encoding) : merged.encoding;
  const findings: CallFinding[] = [];
  const extras = {
    ...(facts.retryAfterMs !== undefined && { retryAfterMs: facts.retryAfterMs }),
    ...(facts.suggestedAction !== undefined && { suggestedAction: facts.suggestedAction }),
    ...(facts.attemptedQuery !== undefined && { attemptedQuery: facts.attemptedQuery }),
    ...(facts.partialResults !== undefined && { partialResults: facts.partialResults }),
  };
  const failureText = flagged || saysFailure(facts) ? undefined : failureTextWithoutFlag(record, content);
  if (!flagged && !saysFailure(facts) && failureText === undefined) {
    const outcome: CallOutcome = isEmptySuccess(record, content, facts) ? 'empty' : 'success';
    const message = outcome === 'empty' ? successMessage(facts, content) : null;
    return {
      outcome,
      category: null,
      retryable: null,
      message,
      encoding,
      findings,
      ...extras,
    };
  }
  if (flagged) {
    const rejection = decodeSdkRejection(content, facts);
    if (rejection) return rejection;
  } else if (failureText !== undefined) {
    findings.push({
      check: 'failure-as-success',
      message: `The text reads as a failure ("${failureText.length > 80 ? `${failureText.slice(0, 79)}…` : failureText}") but isError is not set: hosts and agents treat it as data.`,
    });
  } else {
    findings.push({
      check: 'failure-as-success',
      message:
        'The result reports a failure (ok: false / isError inside the payload) but isError is not set: hosts treat it as data.',
    });
  }
  const category = resolveCategory(facts, findings);
  const message = facts.message ?? (content.texts.length > 0 ? content.texts.join('\n') : null);
  errorFindings(facts, category, encoding, content, message, findings);
  const textHint = category === null && message !== null ? categoryHintFromText(message) : undefined;
  return {
    outcome: 'tool-error',
    category,
    retryable: facts.retryable ?? null,
    message,
    encoding,
    findings,
    ...extras,
    ...(textHint && { textHint }),
    ...(message !== null && saysUnknownTool(message) && { unknownTool: true }),
  };
}

/** JSON-RPC codes that answer the request itself (parse, shape, method, params), not a failure while running. */
const REQUEST_LEVEL_CODES = new Set([-32700, -32600, -32601, -32602]);

/**
 * Decodes a JSON-RPC `error` answering `tools/call`: a protocol error the model usually never sees.
 * `requestFault` says why the request was malformed (no tool name, arguments not an object): then the tool
 * never ran, whatever code the server chose (the SDK answers such requests -32603 before any handler runs).
 */
export function decodeRpcError(error: unknown, requestFault?: string): DecodedResult {
  const record = isRecord(error) ? error : {};
  const code = typeof record.code === 'number' ? record.code : undefined;
  const text = typeof record.message === 'string' ? record.message : null;
  const message = text !== null ? (sdkRejectionMessage(text) ?? text) : null;
  const findings: CallFinding[] = [];
  const data = isRecord(record.data) ? readFacts(record.data) : undefined;
  const declared = data?.category !== undefined ? nearestCategory(data.category) : null;
  // -32602 is "invalid params" by definition: v2 of the SDK answers unknown tools and bad arguments with it.
  const rejectedRequest = declared === null && code === -32602;
  const category = rejectedRequest ? 'VALIDATION' : declared;
  if (requestFault === undefined && (code === undefined || !REQUEST_LEVEL_CODES.has(code))) {
    findings.push({
      check: 'protocol-error-for-execution-failure',
      message: `The tool failed while running and answered with a JSON-RPC error${code !== undefined ? ` (${code})` : ''}: the model never sees it. Return an isError result with errorCategory and isRetryable instead.`,
    });
  }
  const leak = message !== null ? leakedInternals(message) : undefined;
  if (leak) findings.push({ check: 'leaked-internals', message: `The error message shows ${leak}.` });
  return {
    outcome: 'protocol-error',
    category,
    retryable: data?.retryable ?? null,
    message,
    encoding: 'json-rpc-error',
    findings,
    ...(code !== undefined && { rpcCode: code }),
    ...(requestFault !== undefined && { requestFault }),
    ...(rejectedRequest && { rejectedRequest }),
    ...(message !== null && saysUnknownTool(message) && { unknownTool: true }),
  };
}
