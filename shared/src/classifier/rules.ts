/**
 * The classifier's rules as data, so documentation can be generated from them. Each row says what is
 * matched, the category and retryability it means, and the reason an agent reads when the failure's
 * own text says nothing useful. Library-specific rows (SQLSTATE, Prisma, AWS) live in libraryRules.ts,
 * wording rows in wording.ts; `CLASSIFIER_RULES` in index.ts lists them all in order of trust.
 */
import type { ErrorCategory } from '../taxonomy';

/** Where a piece of evidence comes from, from most to least trusted. */
export type EvidenceSource =
  | 'declared'
  | 'code'
  | 'errno'
  | 'sqlstate'
  | 'prisma'
  | 'name'
  | 'rate-limit'
  | 'http'
  | 'grpc'
  | 'name-pattern'
  | 'json-rpc'
  | 'wording';

export interface ClassifierRule {
  source: EvidenceSource;
  /** An exact code, name or status; or a pattern for class names and wording. */
  match: string | number | RegExp;
  category: ErrorCategory;
  retryable: boolean;
  /** Agent-facing reason, used when the failure's own text says nothing useful. */
  reason: string;
  /** A weak rule (500, -32603, …) only decides when no later evidence names a category. */
  weak?: true;
  /** The evidence phrase for a pattern rule, when the matched words would not say enough. */
  label?: string;
}

type Row = [match: string | number, category: ErrorCategory, retryable: boolean, reason: string, weak?: true];

/** Builds rules of one source from compact rows. */
export function rows(source: EvidenceSource, table: readonly Row[]): ClassifierRule[] {
  return table.map(([match, category, retryable, reason, weak]) => ({
    source,
    match,
    category,
    retryable,
    reason,
    ...(weak ? { weak } : {}),
  }));
}

const UNAVAILABLE = 'the upstream service is temporarily unavailable';
const REFUSED = 'the upstream service refused the connection';
const TIMED_OUT = 'the upstream service timed out';
const DROPPED = 'the connection to the upstream service was dropped';

/** Node.js system error codes (`error.code`, fs and net). */
export const ERRNO_RULES = rows('errno', [
  ['ENOENT', 'NOT_FOUND', false, 'the file or directory does not exist'],
  ['EACCES', 'PERMISSION', false, 'permission denied'],
  ['EPERM', 'PERMISSION', false, 'the operation is not permitted'],
  ['EROFS', 'PERMISSION', false, 'the file system is read-only'],
  ['EISDIR', 'VALIDATION', false, 'the path is a directory, not a file'],
  ['ENOTDIR', 'VALIDATION', false, 'a part of the path is not a directory'],
  ['ENAMETOOLONG', 'VALIDATION', false, 'the path is too long'],
  ['EINVAL', 'VALIDATION', false, 'an argument is invalid'],
  ['EEXIST', 'BUSINESS', false, 'the file or directory already exists'],
  ['ENOTEMPTY', 'BUSINESS', false, 'the directory is not empty'],
  ['ENOSPC', 'TRANSIENT', false, 'the server is out of disk space'],
  ['EDQUOT', 'TRANSIENT', false, 'the disk quota is exhausted'],
  ['EMFILE', 'TRANSIENT', true, 'the server has too many open files'],
  ['ENFILE', 'TRANSIENT', true, 'the server has too many open files'],
  ['EBUSY', 'TRANSIENT', true, 'the resource is busy or locked'],
  ['EAGAIN', 'TRANSIENT', true, 'the resource is temporarily unavailable'],
  ['ETIMEDOUT', 'TRANSIENT', true, TIMED_OUT],
  ['ECONNRESET', 'TRANSIENT', true, DROPPED],
  ['ECONNREFUSED', 'TRANSIENT', true, REFUSED],
  ['ECONNABORTED', 'TRANSIENT', true, 'the request was aborted or timed out'],
  ['EPIPE', 'TRANSIENT', true, DROPPED],
  ['EHOSTUNREACH', 'TRANSIENT', true, 'the upstream host is unreachable'],
  ['ENETUNREACH', 'TRANSIENT', true, 'the network is unreachable'],
  ['ENETDOWN', 'TRANSIENT', true, 'the network is down'],
  ['EAI_AGAIN', 'TRANSIENT', true, 'a DNS lookup failed temporarily'],
  ['ENOTFOUND', 'TRANSIENT', false, 'the configured host name could not be resolved'],
]);

/** ENOTFOUND for a host the request itself named: that host does not exist. */
export const ENOTFOUND_REQUESTED_HOST: ClassifierRule = {
  source: 'errno',
  match: 'ENOTFOUND (host named in the request)',
  category: 'NOT_FOUND',
  retryable: false,
  reason: 'the host named in the request does not exist',
};

/** Library codes: undici (fetch), axios, Node's own ERR_* codes. */
export const CODE_RULES = rows('code', [
  ['UND_ERR_CONNECT_TIMEOUT', 'TRANSIENT', true, TIMED_OUT],
  ['UND_ERR_HEADERS_TIMEOUT', 'TRANSIENT', true, TIMED_OUT],
  ['UND_ERR_BODY_TIMEOUT', 'TRANSIENT', true, TIMED_OUT],
  ['UND_ERR_SOCKET', 'TRANSIENT', true, DROPPED],
  ['UND_ERR_CLOSED', 'TRANSIENT', true, DROPPED],
  ['UND_ERR_ABORTED', 'TRANSIENT', true, 'the request was aborted'],
  ['ERR_NETWORK', 'TRANSIENT', true, 'a network error occurred'],
  ['ERR_CANCELED', 'TRANSIENT', true, 'the request was cancelled'],
  ['ABORT_ERR', 'TRANSIENT', true, 'the request was aborted'],
  ['ERR_FR_TOO_MANY_REDIRECTS', 'UNKNOWN', false, 'the upstream service redirected too many times'],
  ['ERR_INVALID_URL', 'VALIDATION', false, 'the URL is invalid'],
]);

/** Error names (`error.name`, `constructor.name`, AWS SDK v2 `code`) matched exactly. */
export const NAME_RULES = rows('name', [
  ['ZodError', 'VALIDATION', false, 'the input does not match the schema'],
  ['$ZodError', 'VALIDATION', false, 'the input does not match the schema'],
  ['AbortError', 'TRANSIENT', true, 'the request was aborted'],
  ['CanceledError', 'TRANSIENT', true, 'the request was cancelled'],
  ['TimeoutError', 'TRANSIENT', true, TIMED_OUT],
  ['ConnectTimeoutError', 'TRANSIENT', true, TIMED_OUT],
  ['HeadersTimeoutError', 'TRANSIENT', true, TIMED_OUT],
  ['BodyTimeoutError', 'TRANSIENT', true, TIMED_OUT],
  ['SocketError', 'TRANSIENT', true, DROPPED],
]);

/** HTTP statuses: `status`, `statusCode`, `response.status`, `$metadata.httpStatusCode`, `output.statusCode`. */
export const HTTP_RULES = rows('http', [
  [400, 'VALIDATION', false, 'the request was rejected as invalid'],
  [401, 'PERMISSION', false, 'the credentials are missing or invalid'],
  [402, 'BUSINESS', false, 'payment is required'],
  [403, 'PERMISSION', false, 'access is forbidden'],
  [404, 'NOT_FOUND', false, 'the resource was not found'],
  [408, 'TRANSIENT', true, TIMED_OUT],
  [409, 'BUSINESS', false, 'the request conflicts with the current state'],
  [410, 'NOT_FOUND', false, 'the resource no longer exists'],
  [412, 'BUSINESS', false, 'a precondition failed (the resource changed)'],
  [413, 'VALIDATION', false, 'the request is too large'],
  [414, 'VALIDATION', false, 'the URL is too long'],
  [415, 'VALIDATION', false, 'the media type is not supported'],
  [422, 'VALIDATION', false, 'the request was rejected as invalid'],
  [423, 'TRANSIENT', true, 'the resource is locked'],
  [425, 'TRANSIENT', true, 'the request was sent too early'],
  [429, 'TRANSIENT', true, 'the rate limit was exceeded'],
  [451, 'BUSINESS', false, 'the resource is unavailable for legal reasons'],
  [500, 'UNKNOWN', false, 'the upstream service failed with an internal error', true],
  [501, 'UNKNOWN', false, 'the upstream service does not implement this', true],
  [502, 'TRANSIENT', true, UNAVAILABLE],
  [503, 'TRANSIENT', true, UNAVAILABLE],
  [504, 'TRANSIENT', true, TIMED_OUT],
  [520, 'TRANSIENT', true, UNAVAILABLE],
  [521, 'TRANSIENT', true, UNAVAILABLE],
  [522, 'TRANSIENT', true, TIMED_OUT],
  [523, 'TRANSIENT', true, UNAVAILABLE],
  [524, 'TRANSIENT', true, TIMED_OUT],
  [529, 'TRANSIENT', true, 'the upstream service is overloaded'],
]);

/** Any other 4xx or 5xx: a weak UNKNOWN that wording may refine. */
export const HTTP_OTHER: ClassifierRule = {
  source: 'http',
  match: '4xx/5xx (other)',
  category: 'UNKNOWN',
  retryable: false,
  reason: 'the upstream service returned an error',
  weak: true,
};

/** JSON-RPC error codes (`McpError.code`, `MCP error -32602: …`). */
export const JSON_RPC_RULES = rows('json-rpc', [
  [-32602, 'VALIDATION', false, 'the arguments are invalid'],
  [-32600, 'VALIDATION', false, 'the request is invalid'],
  [-32601, 'NOT_FOUND', false, 'the method or tool does not exist'],
  [-32002, 'NOT_FOUND', false, 'the resource does not exist'],
  [-32001, 'TRANSIENT', true, 'the request timed out'],
  [-32000, 'TRANSIENT', true, 'the connection was closed'],
  [-32700, 'UNKNOWN', false, 'the request could not be parsed', true],
  [-32603, 'UNKNOWN', false, 'the server failed with an internal error', true],
]);

/** gRPC status codes (`code` 0–16 beside `details`/`metadata`, or the status name as a string). */
export const GRPC_RULES = rows('grpc', [
  ['CANCELLED', 'TRANSIENT', true, 'the request was cancelled'],
  ['INVALID_ARGUMENT', 'VALIDATION', false, 'an argument is invalid'],
  ['DEADLINE_EXCEEDED', 'TRANSIENT', true, TIMED_OUT],
  ['NOT_FOUND', 'NOT_FOUND', false, 'the resource was not found'],
  ['ALREADY_EXISTS', 'BUSINESS', false, 'the resource already exists'],
  ['PERMISSION_DENIED', 'PERMISSION', false, 'permission denied'],
  ['RESOURCE_EXHAUSTED', 'TRANSIENT', true, 'a quota or rate limit was exhausted'],
  ['FAILED_PRECONDITION', 'BUSINESS', false, 'the system is not in a state that allows this'],
  ['ABORTED', 'TRANSIENT', true, 'the operation was aborted by a concurrency conflict'],
  ['OUT_OF_RANGE', 'VALIDATION', false, 'a value is out of range'],
  ['UNIMPLEMENTED', 'UNKNOWN', false, 'the operation is not implemented', true],
  ['INTERNAL', 'UNKNOWN', false, 'the upstream service failed with an internal error', true],
  ['UNAVAILABLE', 'TRANSIENT', true, UNAVAILABLE],
  ['DATA_LOSS', 'UNKNOWN', false, 'data was lost or corrupted'],
  ['UNAUTHENTICATED', 'PERMISSION', false, 'the credentials are missing or invalid'],
]);

/** A lookup from exact match to rule (first row wins). */
export function indexRules(rules: readonly ClassifierRule[]): Map<string | number, ClassifierRule> {
  const index = new Map<string | number, ClassifierRule>();
  for (const rule of rules) {
    if (typeof rule.match !== 'object' && !index.has(rule.match)) index.set(rule.match, rule);
  }
  return index;
}
