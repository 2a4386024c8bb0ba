/**
 * Builders for the error shapes of the libraries MCP servers use, each from the library's documented
 * fields (no library is imported): Node fs/net/dns errors, undici, axios, Octokit, AWS SDK v3, Prisma, pg, zod.
 */
import type { ClassifyContext } from '../../../../shared/src/classifier';
import type { ErrorCategory } from '../../../../shared/src/taxonomy';

export interface FailureCase {
  name: string;
  error: unknown;
  context?: ClassifyContext;
  category: ErrorCategory;
  retryable: boolean;
  retryAfterMs?: number;
  /** The deciding evidence (`evidence[0]`). */
  evidence?: string;
  /** Words the agent-facing message must contain. */
  says?: string[];
  /** Words the agent-facing message must not contain. */
  hides?: string[];
  /** false: the compact helper written into users' projects does not cover this shape. */
  helper?: false;
}

/** The clock the cases classify at (Retry-After dates, x-ratelimit-reset). */
export const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);

export function named(name: string, message: string, fields: Record<string, unknown> = {}): Error {
  const error = new Error(message);
  error.name = name;
  return Object.assign(error, fields);
}

/** Node fs errors (uvException): `ENOENT: no such file or directory, open '/x'` with errno, code, syscall, path. */
export function fsError(code: string, errno: number, description: string, syscall: string, path: string): Error {
  return Object.assign(new Error(`${code}: ${description}, ${syscall} '${path}'`), { errno, code, syscall, path });
}

/** Node net errors (exceptionWithHostPort): `connect ECONNREFUSED 127.0.0.1:5432` with address and port. */
export function netError(code: string, errno: number, syscall: string, address: string, port: number): Error {
  return Object.assign(new Error(`${syscall} ${code} ${address}:${port}`), { errno, code, syscall, address, port });
}

/** Node dns errors: `getaddrinfo ENOTFOUND api.example.com` with hostname. */
export function dnsError(code: 'ENOTFOUND' | 'EAI_AGAIN', hostname: string): Error {
  const errno = code === 'ENOTFOUND' ? -3008 : -3001;
  return Object.assign(new Error(`getaddrinfo ${code} ${hostname}`), { errno, code, syscall: 'getaddrinfo', hostname });
}

/** What Node's fetch (undici) rejects with when the request never got an answer. */
export function fetchFailed(cause: unknown): TypeError {
  return new TypeError('fetch failed', { cause });
}

/** undici's own errors: name, code `UND_ERR_*`, message. */
export function undiciError(name: string, code: string, message: string): Error {
  return named(name, message, { code });
}

/** An AxiosError: name, code, message, config (with the caller's headers), response, status, isAxiosError. */
export function axiosError(
  message: string,
  code: string,
  response?: { status: number; statusText: string; headers?: Record<string, string>; data?: unknown },
): Error {
  const config = {
    url: 'https://api.example.com/v1/orders/12',
    method: 'get',
    headers: { Accept: 'application/json', Authorization: 'Bearer sk-live-0123456789abcdefABCDEF' },
    timeout: 5000,
  };
  const full = response ? { headers: {}, config, request: {}, ...response } : undefined;
  return named('AxiosError', message, {
    code,
    config,
    request: {},
    response: full,
    status: response?.status,
    isAxiosError: true,
  });
}

/** @octokit/request-error RequestError: name HttpError, status, request (redacted auth), response with headers. */
export function octokitError(
  status: number,
  data: { message: string; documentation_url?: string },
  headers: Record<string, string> = {},
): Error {
  const suffix = data.documentation_url ? ` - ${data.documentation_url}` : '';
  return named('HttpError', `${data.message}${suffix}`, {
    status,
    request: {
      method: 'GET',
      url: 'https://api.github.com/repos/acme/app',
      headers: { authorization: 'token [REDACTED]' },
    },
    response: {
      url: 'https://api.github.com/repos/acme/app',
      status,
      headers: { 'x-github-request-id': 'C0DE:1234', 'x-ratelimit-remaining': '4999', ...headers },
      data,
    },
  });
}

/** AWS SDK v3 ServiceException: name, $fault, $metadata, optional $retryable. */
export function awsError(
  name: string,
  message: string,
  httpStatusCode: number,
  fault: 'client' | 'server',
  retryable?: { throttling: boolean },
): Error {
  const metadata = { httpStatusCode, requestId: 'R3QU3ST1D', attempts: 3, totalRetryDelay: 420 };
  return named(name, message, { $fault: fault, $metadata: metadata, ...(retryable ? { $retryable: retryable } : {}) });
}

/** Prisma's PrismaClientKnownRequestError: code, meta, clientVersion; the message carries a code frame. */
export function prismaKnown(code: string, detail: string, meta: Record<string, unknown> = {}): Error {
  const message = [
    '',
    'Invalid `prisma.order.update()` invocation in',
    '/app/src/orders/service.ts:42:21',
    '',
    '  39 export async function cancel(id: string) {',
    '  40   try {',
    '→ 41     return await prisma.order.update(',
    '',
    detail,
  ].join('\n');
  return named('PrismaClientKnownRequestError', message, { code, meta, clientVersion: '5.22.0' });
}

/** pg's DatabaseError (pg-protocol): name 'error', severity, SQLSTATE code, detail, table, constraint, file, line. */
export function pgError(code: string, message: string, fields: Record<string, unknown> = {}): Error {
  return named('error', message, {
    length: 180,
    severity: 'ERROR',
    code,
    schema: 'public',
    file: 'postgres.c',
    line: '3289',
    routine: 'ProcessInterrupts',
    ...fields,
  });
}

/** A zod issue: code, path, message (zod 3 and 4 share these fields). */
export interface ZodIssueLike {
  code: string;
  path: (string | number)[];
  message: string;
  [key: string]: unknown;
}

/** zod 3's ZodError: name, issues, the `errors` alias, and a message that is the issues as JSON. */
export function zod3Error(issues: ZodIssueLike[]): Error {
  const error = named('ZodError', JSON.stringify(issues, null, 2), { issues });
  Object.defineProperty(error, 'errors', { get: () => issues });
  return error;
}

/** zod 4's ZodError (classic) or $ZodError (core, not an Error instance): name, message as JSON, `issues`. */
export function zod4Error(issues: ZodIssueLike[], core = false): unknown {
  const error: object = core ? { name: '$ZodError', message: JSON.stringify(issues, null, 2) } : new Error('x');
  if (!core) Object.assign(error, { name: 'ZodError', message: JSON.stringify(issues, null, 2) });
  Object.defineProperty(error, 'issues', { value: issues, enumerable: false });
  return error;
}

/** The MCP SDK's McpError: name, numeric JSON-RPC code, `MCP error <code>: <message>`, data. */
export function mcpError(code: number, message: string, data?: unknown): Error {
  return named('McpError', `MCP error ${code}: ${message}`, { code, data });
}
