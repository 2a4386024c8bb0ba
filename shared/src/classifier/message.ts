/**
 * The agent-facing message: names the operation, gives the cleaned reason and the rule that decided,
 * and says what to do. Hides internals: stack frames, code frames, paths the request did not name,
 * URL credentials and query strings, bearer tokens and API keys, the SDK's `MCP error -32602: ` prefixes.
 */
import type { ErrorCategory } from '../taxonomy';
import type { Issue } from './walk';

const MAX_DETAIL = 300;

const STACK_LINE = /^\s*at\s+\S|^\s*File "[^"]+", line \d+|^Traceback \(most recent call last\)/;
const CODE_FRAME_LINE = /^\s*(?:>|→)?\s*\d*\s*[|│]|^→ \d+ /;
const INVOCATION_LINE = /^\s*Invalid `[^`]+` invocation/;

const PREFIX =
  /^(?:MCP error -?\d+:\s*|\d{1,2} [A-Z_]{2,}:\s*|Input validation error:\s*|Uncaught\s+|[A-Z$][\w$]*(?:Error|Exception):\s+|Error:\s*)/;
const ERRNO_MESSAGE = /^E[A-Z_]+: ([^,]+?)(?:, \w+(?: '([^']*)')?(?: -> '([^']*)')?)?$/;
const SYSTEM_MESSAGE = /^(?:connect|read|write|getaddrinfo|query\w*|spawn \S+|listen|bind|socket) E[A-Z_]+\b/;

const SECRET_TOKENS =
  /\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_\w{20,}|sk-(?:proj-|ant-)?[\w-]{16,}|[sr]k_(?:live|test)_\w{10,}|xox[abprs]-[\w-]{10,}|A[KS]IA[0-9A-Z]{16}|AIza[\w-]{30,}|glpat-[\w-]{20,}|npm_[A-Za-z0-9]{30,}|eyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]{5,})/g;
const AUTH_SCHEME = /\b(Bearer|Basic)\s+[\w.~+/=-]{6,}/gi;
const KEY_VALUE =
  /\b((?:x-)?(?:api[_-]?key|apikey|access[_-]?token|refresh[_-]?token|auth[_-]?token|token|secret|client[_-]?secret|password|passwd|pwd|private[_-]?key|session[_-]?id|signature|sig|authorization)["']?\s*([:=])\s*["']?)([^\s"'&,;]+)/gi;
const LONG_RANDOM = /\b[A-Za-z0-9+/_-]{32,}={0,2}/g;
const URL = /\b[a-z][\w+.-]{0,30}:\/\/[^\s'"<>`)\]]+/gi;
const POSIX_PATH = /(^|[\s'"`(=,[{:])((?:~|\/)(?:[^\s/'"`()<>,;{}[\]]+\/)+[^\s/'"`()<>,;{}[\]]*)/g;
const WINDOWS_PATH = /(^|[\s'"`(=,[{])((?:[A-Za-z]:|\\\\[^\s\\]+)\\[^\s'"`()<>,;]*)/g;

/** Whether a string looks like a credential (mixed letters and digits, long). */
export function looksSecret(value: string): boolean {
  return value.length >= 12 && /\d/.test(value) && /[A-Za-z]/.test(value);
}

function redactSecrets(value: string): string {
  return value
    .replace(SECRET_TOKENS, '[redacted]')
    .replace(AUTH_SCHEME, '$1 [redacted]')
    .replace(KEY_VALUE, (whole, key: string, separator: string, secret: string) =>
      separator === '=' || looksSecret(secret) ? `${key}[redacted]` : whole,
    )
    .replace(LONG_RANDOM, (token) =>
      /[A-Z]/.test(token) && /[a-z]/.test(token) && /\d/.test(token) ? '[redacted]' : token,
    );
}

/** A path the request named (or lies under a named directory), or the relative name it was resolved from. */
function allowedPath(path: string, requestValues: readonly string[]): string | undefined {
  for (const value of requestValues) {
    if (value === '' || value.length > 4096) continue;
    if (path === value || (/^[/~]|^[A-Za-z]:\\/.test(value) && path.startsWith(value.replace(/[/\\]$/, '') + '/'))) {
      return path;
    }
    const relative = value.replace(/^\.\//, '');
    if (!/^[/~]/.test(relative) && relative.length > 1 && path.endsWith('/' + relative)) return relative;
  }
  return undefined;
}

function hidePaths(value: string, requestValues: readonly string[]): string {
  const replace = (_whole: string, before: string, path: string): string => {
    const trailing = /[.:]+$/.exec(path)?.[0] ?? '';
    const bare = path.slice(0, path.length - trailing.length);
    return `${before}${allowedPath(bare, requestValues) ?? '<path>'}${trailing}`;
  };
  return value.replace(POSIX_PATH, replace).replace(WINDOWS_PATH, replace);
}

function cleanUrls(value: string, requestValues: readonly string[]): string {
  return value.replace(URL, (url) => {
    if (requestValues.includes(url)) return url;
    if (/^file:/i.test(url)) return '<path>';
    return url.replace(/\/\/[^/@\s]*@/, '//').replace(/[?#].*$/, '');
  });
}

/** The errno message format `ENOENT: no such file or directory, open '/x'`: the words, and the path if allowed. */
function rewriteErrno(line: string, requestValues: readonly string[]): string {
  const match = ERRNO_MESSAGE.exec(line);
  if (!match) return line;
  const path = [match[2], match[3]].map((p) => (p ? allowedPath(p, requestValues) : undefined)).find(Boolean);
  return path ? `${match[1]}: ${path}` : match[1];
}

/**
 * The last text cleaned with no request values and the last cleaned with some: one classification cleans the same
 * message for its wording rules, for the wording that was outranked and for the detail (see classify.ts).
 */
const lastCleaned: Array<{ raw: string; requestValues: readonly string[]; cleaned: string | undefined }> = [];

/** The text of a failure with internals removed, or undefined when nothing is left. */
export function cleanText(raw: string, requestValues: readonly string[] = []): string | undefined {
  const slot = requestValues.length === 0 ? 0 : 1;
  const last = lastCleaned[slot];
  if (last !== undefined && last.raw === raw && (slot === 0 || last.requestValues === requestValues)) {
    return last.cleaned;
  }
  const cleaned = cleanTextOnce(raw, requestValues);
  lastCleaned[slot] = { raw, requestValues, cleaned };
  return cleaned;
}

function cleanTextOnce(raw: string, requestValues: readonly string[]): string | undefined {
  let lines = raw.slice(0, 20_000).split(/\r?\n/);
  if (lines.some((line) => INVOCATION_LINE.test(line))) lines = lines.filter((l) => l.trim() !== '').slice(-1);
  lines = lines.filter((line) => !STACK_LINE.test(line) && !CODE_FRAME_LINE.test(line));
  let value = lines.join(' ').replace(/\s+/g, ' ').trim();
  for (let i = 0; i < 5; i++) {
    const stripped = value.replace(PREFIX, '');
    if (stripped === value) break;
    value = stripped;
  }
  value = rewriteErrno(value, requestValues);
  value = value.replace(/ - https:\/\/docs\.github\.com\S*$/, '');
  value = hidePaths(cleanUrls(redactSecrets(value), requestValues), requestValues).trim();
  if (value.length > MAX_DETAIL)
    value =
      value
        .slice(0, MAX_DETAIL - 1)
        .replace(/\s+\S*$/, '')
        .trimEnd() + '…';
  return value === '' ? undefined : value;
}

const NOT_MEANINGFUL = new Set([
  'error',
  'failed',
  'failure',
  'unknown error',
  'an error occurred',
  'an unknown error occurred',
  'an unexpected error occurred',
  'unexpected error',
  'something went wrong',
  'operation failed',
  'request failed',
  'internal error',
  'internal server error',
  'fetch failed',
  'network error',
  'socket hang up',
  'canceled',
  'cancelled',
  'aborted',
  'this operation was aborted',
  'the operation was aborted',
  'the operation was aborted due to timeout',
  'the user aborted a request',
  'bad request',
  'unauthorized',
  'forbidden',
  'not found',
  'conflict',
  'too many requests',
  'service unavailable',
  'bad gateway',
  'gateway timeout',
  'unprocessable entity',
  'connect timeout error',
  'headers timeout error',
  'other side closed',
  'unknownerror',
]);

/** Whether cleaned text tells the agent more than the rule's own reason would. */
export function isMeaningful(cleaned: string | undefined, raw: string): cleaned is string {
  if (cleaned === undefined || cleaned.length < 4) return false;
  const lower = cleaned.toLowerCase().replace(/[.!]+$/, '');
  if (NOT_MEANINGFUL.has(lower)) return false;
  if (/^(?:request failed with status code|http|status)\s*:?\s*\d{3}\b/i.test(cleaned)) return false;
  if (/^\d{3}(?:\s+[a-z ]+)?$/i.test(cleaned)) return false;
  if (/^[[{]/.test(cleaned) || /^(?:connect|headers|body) timeout error\b/i.test(cleaned)) return false;
  return !SYSTEM_MESSAGE.test(raw.trim());
}

/** Validation issues as `path: message; …` (at most five). */
export function describeIssues(issues: readonly Issue[], requestValues: readonly string[] = []): string {
  const parts = issues.slice(0, 5).map((issue) => {
    const message = cleanText(issue.message, requestValues) ?? 'invalid';
    return issue.path ? `${issue.path}: ${message}` : message;
  });
  const more = issues.length > 5 ? `; and ${issues.length - 5} more` : '';
  return `invalid input: ${parts.join('; ')}${more}`;
}

function advice(category: ErrorCategory, retryable: boolean, retryAfterMs: number | undefined): string {
  switch (category) {
    case 'TRANSIENT':
      if (!retryable) return 'Retrying will not help until an operator fixes it; report it or use a fallback.';
      return retryAfterMs !== undefined
        ? `Temporary: retry the same call after ${Math.ceil(retryAfterMs / 1000)} s.`
        : 'Temporary: retry the same call with backoff.';
    case 'VALIDATION':
      return 'Fix the input and call again.';
    case 'PERMISSION':
      return 'Not allowed: do not retry; ask for access or use another tool.';
    case 'BUSINESS':
      return 'Refused by a rule: do not retry; explain it to the user.';
    case 'NOT_FOUND':
      return retryable ? 'It may exist soon: retry later.' : 'Check the identifier or path.';
    case 'UNKNOWN':
      return 'Unexpected: report it to the operator.';
  }
}

export interface MessageParts {
  operation?: string;
  category: ErrorCategory;
  retryable: boolean;
  retryAfterMs?: number;
  detail: string;
  rule?: string;
}

/** `read_file failed: no such file or directory (errno ENOENT). Check the identifier or path.` */
export function composeMessage(parts: MessageParts): string {
  const operation = parts.operation ? (cleanText(parts.operation) ?? 'The operation') : 'The operation';
  const detail = parts.detail.replace(/[.\s]+$/, '');
  const rule = parts.rule ? ` (${cleanText(parts.rule.slice(0, 80)) ?? 'rule'})` : '';
  return `${operation} failed: ${detail}${rule}. ${advice(parts.category, parts.retryable, parts.retryAfterMs)}`;
}
