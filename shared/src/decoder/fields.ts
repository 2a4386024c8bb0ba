/**
 * Reads the envelope's facts from one object, whatever spelling the server used:
 * camelCase (`errorCategory`, `isRetryable`), snake_case (`error_category`, `is_retryable`),
 * the `{ok: false, code, message, retryable, suggested_action}` shape, and a nested `error` object.
 */
import { isRecord, type JsonObject } from './json';

export interface EnvelopeFacts {
  /** The category exactly as written, when a category field exists. */
  category?: string;
  /** `code` of the `{ok: false, code}` shape (or of a nested `error` object). */
  code?: string;
  /** `ok: false`, `success: false`, or a nested `error` object: the object reports a failure. */
  okFalse: boolean;
  /** `isError` / `is_error` written inside this object (a tool that wrapped its own envelope). */
  isError?: boolean;
  retryable?: boolean;
  message?: string;
  retryAfterMs?: number;
  suggestedAction?: string;
  attemptedQuery?: unknown;
  partialResults?: unknown;
}

function firstDefined(object: JsonObject, keys: readonly string[]): unknown {
  for (const key of keys) {
    const value = object[key];
    if (value !== undefined && value !== null) return value;
  }
  return undefined;
}

function asBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return undefined;
}

function asString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function asNumber(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  return undefined;
}

const CATEGORY_KEYS = ['errorCategory', 'error_category'] as const;
const RETRYABLE_KEYS = ['isRetryable', 'is_retryable', 'retryable'] as const;
const MESSAGE_KEYS = ['message', 'errorMessage', 'error_message', 'error', 'detail'] as const;
const RETRY_AFTER_KEYS = ['retryAfterMs', 'retry_after_ms'] as const;
const ACTION_KEYS = ['suggestedAction', 'suggested_action'] as const;
const QUERY_KEYS = ['attemptedQuery', 'attempted_query'] as const;
const PARTIAL_KEYS = ['partialResults', 'partial_results'] as const;
const IS_ERROR_KEYS = ['isError', 'is_error'] as const;

/** Copies into `target` the facts it lacks and `source` has (category, retryability, message, extras). */
export function fillMissingFacts(target: EnvelopeFacts, source: EnvelopeFacts): void {
  target.category ??= source.category;
  target.code ??= source.code;
  target.retryable ??= source.retryable;
  target.message ??= source.message;
  target.retryAfterMs ??= source.retryAfterMs;
  target.suggestedAction ??= source.suggestedAction;
  target.attemptedQuery ??= source.attemptedQuery;
  target.partialResults ??= source.partialResults;
}

/** Reads the facts of one object; a nested `error` object fills what the outer one lacks. */
export function readFacts(object: JsonObject): EnvelopeFacts {
  const facts: EnvelopeFacts = {
    category: asString(firstDefined(object, CATEGORY_KEYS)),
    code: asString(object.code),
    okFalse: object.ok === false || object.success === false,
    isError: asBoolean(firstDefined(object, IS_ERROR_KEYS)),
    retryable: asBoolean(firstDefined(object, RETRYABLE_KEYS)),
    message: asString(firstDefined(object, MESSAGE_KEYS)),
    retryAfterMs: asNumber(firstDefined(object, RETRY_AFTER_KEYS)),
    suggestedAction: asString(firstDefined(object, ACTION_KEYS)),
    attemptedQuery: firstDefined(object, QUERY_KEYS),
    partialResults: firstDefined(object, PARTIAL_KEYS),
  };
  const nested = object.error;
  if (isRecord(nested)) {
    fillMissingFacts(facts, readFacts(nested));
    if (facts.isError !== false) facts.okFalse = true;
  }
  return facts;
}

/** Whether the object carries a category or retryability (the machine-readable part of an envelope). */
export function hasClassification(facts: EnvelopeFacts): boolean {
  return facts.category !== undefined || facts.retryable !== undefined || (facts.okFalse && facts.code !== undefined);
}

/** Whether the object itself says the operation failed. */
export function saysFailure(facts: EnvelopeFacts): boolean {
  return facts.isError === true || facts.okFalse;
}
