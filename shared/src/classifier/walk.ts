/**
 * Reads an unknown failure defensively: getters that throw, proxies, cycles, huge strings and
 * non-objects never make it throw. Follows `cause` chains and AggregateError's `errors` a few levels deep.
 */

/** One validation issue (zod 3/4 `issues`, Joi `details`): where, and what is wrong. */
export interface Issue {
  path: string;
  message: string;
}

/** What one error object (or string) in the chain says. */
export interface NodeFacts {
  depth: number;
  /** `name`, and `constructor.name` when the name is plain `Error`. */
  names: string[];
  message?: string;
  code?: string;
  numericCode?: number;
  status?: number;
  /** A message from a response body (`response.data.message`, RFC 9457 `detail`). */
  bodyMessage?: string;
  header: (name: string) => string | undefined;
  /** `$fault` of an AWS SDK v3 error. */
  fault?: string;
  /** AWS SDK v3 `$retryable` present (an object such as `{ throttling: true }`). */
  awsRetryable?: boolean;
  /** An explicit boolean `retryable` / `isRetryable` / `$retryable` on the error. */
  explicitRetryable?: boolean;
  issues?: Issue[];
  /** gRPC status name (`code` 0–16 beside `details`, or a status string). */
  grpc?: string;
  /** `path` / `dest` / `hostname` of a Node system error. */
  path?: string;
  hostname?: string;
  /** The raw object, for declared-envelope readers. */
  raw: unknown;
}

const MAX_TEXT = 20_000;

export function isObjectLike(value: unknown): value is object {
  return (typeof value === 'object' && value !== null) || typeof value === 'function';
}

/** Array.isArray, false for a revoked proxy (on which it throws). */
export function isArray(value: unknown): value is unknown[] {
  try {
    return Array.isArray(value);
  } catch {
    return false;
  }
}

/** `value[key]`, or undefined when reading it throws. */
export function get(value: unknown, key: string): unknown {
  if (!isObjectLike(value)) return undefined;
  try {
    return (value as Record<string, unknown>)[key];
  } catch {
    return undefined;
  }
}

export function getPath(value: unknown, ...keys: string[]): unknown {
  let current = value;
  for (const key of keys) current = get(current, key);
  return current;
}

export function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.slice(0, MAX_TEXT) : undefined;
}

function integer(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^-?\d{1,6}$/.test(value.trim())) return Number(value);
  return undefined;
}

function safeKeys(value: object): string[] {
  try {
    return Object.keys(value).slice(0, 200);
  } catch {
    return [];
  }
}

/** A case-insensitive reader over plain header records, fetch `Headers`, `AxiosHeaders` and maps. */
export function headerReader(headers: unknown): (name: string) => string | undefined {
  if (!isObjectLike(headers)) return () => undefined;
  const getter = get(headers, 'get');
  return (name) => {
    const candidates: unknown[] = [];
    if (typeof getter === 'function') {
      try {
        candidates.push((getter as (this: unknown, key: string) => unknown).call(headers, name));
      } catch {
        // a throwing getter is no evidence
      }
    }
    for (const key of safeKeys(headers)) if (key.toLowerCase() === name) candidates.push(get(headers, key));
    for (const candidate of candidates) {
      const value = isArray(candidate) ? (candidate as unknown[])[0] : candidate;
      if (typeof value === 'string' || typeof value === 'number') return String(value).slice(0, 200);
    }
    return undefined;
  };
}

function joinPath(path: unknown): string {
  if (!isArray(path)) return typeof path === 'string' ? path : '';
  let out = '';
  for (const part of (path as unknown[]).slice(0, 20)) {
    if (typeof part === 'number') out += `[${part}]`;
    else if (typeof part === 'string') out += out === '' ? part : `.${part}`;
  }
  return out;
}

/** zod 3/4 `issues` (and zod 3's `errors`), Joi `details`: items with a `path` array and a `message`. */
function issuesOf(node: unknown): Issue[] | undefined {
  for (const key of ['issues', 'errors', 'details']) {
    const list = get(node, key);
    if (!isArray(list)) continue;
    const issues: Issue[] = [];
    for (const item of (list as unknown[]).slice(0, 20)) {
      const message = text(get(item, 'message'));
      const path = get(item, 'path');
      if (message !== undefined && (isArray(path) || typeof path === 'string')) {
        issues.push({ path: joinPath(path), message: message.slice(0, 200) });
      }
    }
    if (issues.length > 0) return issues;
  }
  return undefined;
}

const STATUS_PATHS: readonly string[][] = [
  ['status'],
  ['statusCode'],
  ['response', 'status'],
  ['response', 'statusCode'],
  ['$metadata', 'httpStatusCode'],
  ['output', 'statusCode'],
];

function statusOf(node: unknown, numericCode: number | undefined): number | undefined {
  for (const path of STATUS_PATHS) {
    const status = integer(getPath(node, ...path));
    if (status !== undefined && status >= 400 && status <= 599) return status;
  }
  return numericCode !== undefined && numericCode >= 400 && numericCode <= 599 ? numericCode : undefined;
}

const GRPC_NAMES_BY_NUMBER = [
  'OK',
  'CANCELLED',
  'UNKNOWN',
  'INVALID_ARGUMENT',
  'DEADLINE_EXCEEDED',
  'NOT_FOUND',
  'ALREADY_EXISTS',
  'PERMISSION_DENIED',
  'RESOURCE_EXHAUSTED',
  'FAILED_PRECONDITION',
  'ABORTED',
  'OUT_OF_RANGE',
  'UNIMPLEMENTED',
  'INTERNAL',
  'UNAVAILABLE',
  'DATA_LOSS',
  'UNAUTHENTICATED',
];

function grpcOf(node: unknown, numericCode: number | undefined): string | undefined {
  const looksGrpc = typeof get(node, 'details') === 'string' || isObjectLike(get(node, 'metadata'));
  if (looksGrpc && numericCode !== undefined && numericCode >= 1 && numericCode <= 16) {
    return GRPC_NAMES_BY_NUMBER[numericCode];
  }
  const status = get(node, 'status');
  return typeof status === 'string' && GRPC_NAMES_BY_NUMBER.includes(status) ? status : undefined;
}

function bodyMessageOf(node: unknown): string | undefined {
  const body = getPath(node, 'response', 'data') ?? getPath(node, 'response', 'body') ?? get(node, 'body');
  if (!isObjectLike(body)) return undefined;
  return (
    text(get(body, 'message')) ??
    text(get(body, 'detail')) ??
    text(get(body, 'error_description')) ??
    text(get(body, 'error')) ??
    text(getPath(body, 'error', 'message')) ??
    text(get(body, 'title'))
  );
}

/** The text blocks of a tool result (`{ isError: true, content: [{ type: 'text', text }] }`). */
function contentText(value: unknown): string | undefined {
  const content = get(value, 'content');
  if (!isArray(content)) return undefined;
  const texts = (content as unknown[]).slice(0, 10).map((block) => text(get(block, 'text')));
  return text(texts.filter((part) => part !== undefined).join('\n'));
}

/** The facts of one node of the chain. */
function factsOf(value: unknown, depth: number): NodeFacts {
  if (typeof value === 'string')
    return { depth, names: [], message: value.slice(0, MAX_TEXT), header: () => undefined, raw: value };
  const names: string[] = [];
  const name = text(get(value, 'name'))?.slice(0, 100);
  if (name) names.push(name);
  const constructorName = text(get(get(value, 'constructor'), 'name'))?.slice(0, 100);
  if (constructorName && constructorName !== name && constructorName !== 'Object') names.push(constructorName);
  const rawCode = get(value, 'code') ?? get(value, 'errorCode') ?? get(value, 'Code');
  const code = typeof rawCode === 'string' ? rawCode.slice(0, 100) : undefined;
  const numericCode = typeof rawCode === 'number' && Number.isInteger(rawCode) ? rawCode : undefined;
  const headers = get(get(value, 'response'), 'headers') ?? get(value, 'headers');
  const awsRetryable = get(value, '$retryable');
  const explicit = [get(value, 'isRetryable'), get(value, 'retryable'), awsRetryable].find(
    (v) => typeof v === 'boolean',
  );
  return {
    depth,
    names,
    message: text(get(value, 'message')) ?? contentText(value),
    code,
    numericCode,
    status: statusOf(value, numericCode),
    bodyMessage: bodyMessageOf(value),
    header: headerReader(headers),
    fault: text(get(value, '$fault')),
    awsRetryable: isObjectLike(awsRetryable) || awsRetryable === true,
    explicitRetryable: typeof explicit === 'boolean' ? explicit : undefined,
    issues: issuesOf(value),
    grpc: grpcOf(value, numericCode),
    path: text(get(value, 'path')),
    hostname: text(get(value, 'hostname')),
    raw: value,
  };
}

/** The failure and its causes, outermost first: `cause`, `originalError`, AggregateError `errors`. */
export function walkFailure(raw: unknown, maxDepth = 4, maxNodes = 12): NodeFacts[] {
  const nodes: NodeFacts[] = [];
  const seen = new Set<unknown>();
  const queue: { value: unknown; depth: number }[] = [{ value: raw, depth: 0 }];
  while (queue.length > 0 && nodes.length < maxNodes) {
    const next = queue.shift();
    if (!next || (!isObjectLike(next.value) && typeof next.value !== 'string')) continue;
    if (seen.has(next.value)) continue;
    seen.add(next.value);
    nodes.push(factsOf(next.value, next.depth));
    if (next.depth >= maxDepth || typeof next.value === 'string') continue;
    for (const key of ['cause', 'originalError']) {
      const inner = get(next.value, key);
      if (inner !== undefined) queue.push({ value: inner, depth: next.depth + 1 });
    }
    const errors = get(next.value, 'errors');
    if (isArray(errors)) {
      for (const inner of (errors as unknown[]).slice(0, 3)) {
        if (isObjectLike(inner) && get(inner, 'path') === undefined)
          queue.push({ value: inner, depth: next.depth + 1 });
      }
    }
  }
  return nodes;
}
