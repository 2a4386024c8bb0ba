/**
 * The helper file a quick fix adds once to a user's project (at TOOL_ERRORS_HELPER_PATH) when the category
 * of a caught error cannot be known statically. It mirrors the classifier's decisions compactly (the tests run
 * the classifier's case table through it) and has no imports: the user owns it, with no run-time dependency
 * on MCP Envelope. Formatted as Prettier writes it (2 spaces, single quotes, print width 120).
 */

import type { ClassifierRule } from './rules';
import { SPECIFIC_TEXT_RULES, WORDING_RULES } from './wording';

/**
 * The helper's wording table, one `['CATEGORY', /pattern/flags],` row per classifier rule, laid out as Prettier
 * writes an array element too long for one line. The rules are the classifier's own: the two cannot drift.
 */
function ruleLines(rules: readonly ClassifierRule[]): string {
  return rules
    .map((rule) => {
      const pattern = rule.match instanceof RegExp ? rule.match : new RegExp(String(rule.match));
      const line = `  ['${rule.category}', ${pattern.toString()}],`;
      return line.length <= 120 ? `${line}\n` : `  [\n    '${rule.category}',\n    ${pattern.toString()},\n  ],\n`;
    })
    .join('');
}

/** Where the quick fix writes the helper, relative to the project's root. */
export const TOOL_ERRORS_HELPER_PATH = 'src/toolErrors.ts';

/** The TypeScript source of the helper: exports toolError(error, operation) and classifyError(error). */
export const TOOL_ERRORS_HELPER_SOURCE = String.raw`/**
 * Tool errors an agent can recover from. Written by MCP Envelope; this file is yours: edit it freely.
 * It has no imports and no run-time dependency on MCP Envelope. In a tool handler:
 *   catch (error) { return toolError(error, 'read_file', 'Could not read ' + file); } // the message is optional
 * It reads the SDK's own phrases, the error's code and name, Retry-After, HTTP status, JSON-RPC code, then wording.
 */

export type ErrorCategory = 'TRANSIENT' | 'VALIDATION' | 'PERMISSION' | 'BUSINESS' | 'NOT_FOUND' | 'UNKNOWN';

export interface ErrorClassification {
  errorCategory: ErrorCategory;
  isRetryable: boolean;
  retryAfterMs?: number;
  reason: string;
}

export interface ToolErrorResult {
  [key: string]: unknown;
  isError: true;
  content: [{ type: 'text'; text: string }];
  errorCategory: ErrorCategory;
  isRetryable: boolean;
  retryAfterMs?: number;
}

/** Node errno, undici/axios codes, error names (AWS SDK, zod), Prisma, PostgreSQL SQLSTATE, HTTP, JSON-RPC. */
const CODES: [ErrorCategory, string][] = [
  ['TRANSIENT', 'ETIMEDOUT ECONNRESET ECONNREFUSED ECONNABORTED EPIPE EAI_AGAIN EHOSTUNREACH ENETUNREACH EMFILE EBUSY'],
  ['TRANSIENT', 'UND_ERR_CONNECT_TIMEOUT UND_ERR_HEADERS_TIMEOUT UND_ERR_BODY_TIMEOUT UND_ERR_SOCKET ERR_NETWORK'],
  ['TRANSIENT', 'ERR_CANCELED AbortError TimeoutError CanceledError P1001 P1002 P1008 P1017 P2024 P2034 ENOSPC'],
  ['TRANSIENT', 'ThrottlingException TooManyRequestsException ProvisionedThroughputExceededException SlowDown'],
  ['TRANSIENT', 'ServiceUnavailableException RequestTimeout RequestTimeoutException ENOTFOUND 08xxx 40xxx 53xxx 57xxx'],
  ['TRANSIENT', '408 425 429 502 503 504 -32001'],
  ['NOT_FOUND', 'ENOENT P2025 P2001 ResourceNotFoundException NoSuchKey NoSuchBucket NotFound 404 410 -32601'],
  ['PERMISSION', 'EACCES EPERM EROFS P1000 AccessDeniedException AccessDenied UnrecognizedClientException'],
  ['PERMISSION', 'ExpiredTokenException InvalidSignatureException 42501 28xxx 401 403'],
  ['VALIDATION', 'EISDIR ENOTDIR ZodError $ZodError ValidationException ValidationError SerializationException P2000'],
  ['VALIDATION', 'P2005 P2006 P2011 P2012 23502 23514 22xxx PrismaClientValidationError 400 422 -32602'],
  ['BUSINESS', 'EEXIST ENOTEMPTY P2002 P2003 P2014 ConditionalCheckFailedException ConflictException 23xxx 409 412'],
  ['UNKNOWN', '42xxx 3D000 P1003'],
];
const CATEGORY_OF = new Map(CODES.flatMap(([category, codes]) => codes.split(' ').map((code) => [code, category])));
/** Codes that are TRANSIENT but not retryable: an operator must act (disk full, host name does not resolve). */
const STUCK = ['ENOSPC', 'ENOTFOUND'];
/** The MCP SDK's own phrases: they outrank codes. Generated from MCP Envelope's classifier rules. */
const SDK_PHRASES: [ErrorCategory, RegExp][] = [
${ruleLines(SPECIFIC_TEXT_RULES)}];
/** Wording, tried in order after codes and statuses. Generated from MCP Envelope's classifier rules. */
const WORDING: [ErrorCategory, RegExp][] = [
${ruleLines(WORDING_RULES)}];

function textOf(value: unknown): string {
  return typeof value === 'string' ? value.slice(0, 5000) : '';
}

function read(value: unknown, key: string): unknown {
  try {
    return value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  } catch {
    return undefined;
  }
}

function header(error: unknown, name: string): string | undefined {
  const headers = read(read(error, 'response'), 'headers') ?? read(error, 'headers');
  const get = read(headers, 'get');
  const value = typeof get === 'function' ? (get as (key: string) => unknown).call(headers, name) : read(headers, name);
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

function statusOf(error: unknown): number | undefined {
  const found = [read(error, 'status'), read(error, 'statusCode'), read(read(error, 'response'), 'status')];
  found.push(read(read(error, '$metadata'), 'httpStatusCode'));
  return found.find((value): value is number => typeof value === 'number');
}

/** The code, name or status that decides, or undefined. */
function decidingKey(chain: unknown[], text: string): string | undefined {
  for (const error of chain) {
    for (const key of ['code', 'errorCode', 'name']) {
      const code = read(error, key);
      if (typeof code !== 'string') continue;
      if (CATEGORY_OF.has(code)) return code;
      if (/^\d[\dA-Z]{4}$/.test(code) && CATEGORY_OF.has(code.slice(0, 2) + 'xxx')) return code.slice(0, 2) + 'xxx';
    }
  }
  for (const error of chain) {
    const status = statusOf(error);
    const limited = header(error, 'retry-after') !== undefined || header(error, 'x-ratelimit-remaining') === '0';
    if (limited && (status === 403 || status === 429 || (status ?? 0) >= 500)) return '429';
    if (status !== undefined && CATEGORY_OF.has(String(status))) return String(status);
    if (read(error, '$fault') === 'server') return '503';
    const code = read(error, 'code');
    if (typeof code === 'number' && CATEGORY_OF.has(String(code))) return String(code);
  }
  const inText = /\b(E[A-Z_]{3,})\b/.exec(text)?.[1] ?? /\bstatus code (\d{3})\b/.exec(text)?.[1];
  return inText && CATEGORY_OF.has(inText) ? inText : undefined;
}

function retryAfterMsOf(chain: unknown[]): number | undefined {
  for (const error of chain) {
    const value = header(error, 'retry-after');
    if (value === undefined) continue;
    const ms = /^\d+$/.test(value.trim()) ? Number(value) * 1000 : Date.parse(value) - Date.now();
    if (Number.isFinite(ms)) return Math.max(0, ms);
  }
  return undefined;
}

function reasonOf(error: unknown, message: string): string {
  const issues = read(error, 'issues') ?? read(error, 'errors');
  if (Array.isArray(issues) && issues.length > 0 && Array.isArray(read(issues[0], 'path'))) {
    const parts = issues.slice(0, 5).map((issue: unknown) => {
      const path = (read(issue, 'path') as unknown[]).filter((part) => typeof part !== 'symbol').join('.');
      return (path ? path + ': ' : '') + textOf(read(issue, 'message'));
    });
    return 'invalid input: ' + parts.join('; ');
  }
  const lines = message.split('\n').filter((line) => line.trim() !== '');
  return ((/invocation/.test(lines[0] ?? '') ? lines[lines.length - 1] : lines[0]) ?? '')
    .slice(0, 1000)
    .replace(/^(?:MCP error -?\d+:\s*|Input validation error:\s*|[A-Z$][\w$]*Error:\s*)+/, '')
    .replace(/\b(Bearer|Basic)\s+\S+/gi, '$1 [redacted]')
    .replace(/\b((?:api[_-]?key|token|secret|password|signature)=)[^\s&]+/gi, '$1[redacted]')
    .replace(/\b([a-z][\w+.-]{0,20}:\/\/)[^/@\s]*@/gi, '$1')
    .replace(/\b([a-z][\w+.-]{0,20}:\/\/[^\s?#]*)[?#]\S*/gi, '$1')
    .replace(/(^|[\s'"(])(?:\/|[A-Za-z]:\\)[^\s'")]*[/\\][^\s'")]*/g, '$1<path>')
    .slice(0, 300);
}

/** The category and retryability of a caught error. */
export function classifyError(error: unknown): ErrorClassification {
  try {
    return classify(error);
  } catch {
    return { errorCategory: 'UNKNOWN', isRetryable: false, reason: 'an unexpected error occurred' };
  }
}

function classify(error: unknown): ErrorClassification {
  const chain: unknown[] = [];
  for (let e = error; e !== null && e !== undefined && chain.length < 4 && !chain.includes(e); e = read(e, 'cause')) {
    chain.push(e);
  }
  const texts = chain.map((e) => textOf(typeof e === 'string' ? e : read(e, 'message'))).join('\n');
  const specific = SDK_PHRASES.find(([, pattern]) => pattern.test(texts))?.[0];
  const key = specific ? undefined : decidingKey(chain, texts);
  const wording = WORDING.find(([, pattern]) => pattern.test(texts))?.[0];
  const errorCategory = specific ?? (key !== undefined ? CATEGORY_OF.get(key) : wording) ?? 'UNKNOWN';
  const isRetryable = errorCategory === 'TRANSIENT' && !STUCK.includes(key ?? '');
  const retryAfterMs = isRetryable ? retryAfterMsOf(chain) : undefined;
  const status = statusOf(error);
  const http = status !== undefined ? ('HTTP ' + status + ' ' + textOf(read(error, 'statusText'))).trim() : '';
  const reason = reasonOf(error, texts) || http || 'an unexpected error occurred';
  return { errorCategory, isRetryable, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}), reason };
}

/**
 * A tool result for a caught error, or for a failed HTTP response (if (!res.ok) return toolError(res, 'search')):
 * facts first in the text and as fields; your message replaces "… failed".
 */
export function toolError(error: unknown, operation: string, message?: string): ToolErrorResult {
  const { reason, ...facts } = classifyError(error);
  const retry = facts.isRetryable ? 'retryable' : 'not retryable';
  const said = (typeof message === 'string' ? reasonOf(undefined, message).trim() : '') || operation + ' failed';
  const told = said.includes(reason) || (reason.startsWith('HTTP ') && said.includes(reason.slice(5, 8)));
  const text = '[' + facts.errorCategory + ', ' + retry + '] ' + said + (told ? '' : ': ' + reason);
  return { isError: true, content: [{ type: 'text', text }], ...facts };
}
`;
