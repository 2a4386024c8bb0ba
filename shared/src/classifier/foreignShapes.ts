/**
 * Failure envelopes that other tools and proposals write, mapped to the six categories in one table.
 * Besides MCP Envelope's own `errorCategory`/`isRetryable` (read by the decoder), servers emit:
 * - the `_meta` key `io.modelcontextprotocol/toolFailure` with `{ class, code, retryable, retryNotBefore,
 *   correlationId, agentGuidance }` — an OPEN PROPOSAL for the MCP spec, not part of it; field names may change;
 * - `{ code, category, retry: { safe, after_ms } }`;
 * - `{ category, is_retryable }`;
 * - `{ recoverable: boolean }` (no class: recoverable reads as TRANSIENT, unrecoverable as UNKNOWN).
 */
import { canonicalCategory, defaultRetryable, NEVER_RETRYABLE, type ErrorCategory } from '../taxonomy';
import { get, getPath, isArray, isObjectLike, text } from './walk';

export interface ForeignFailure {
  category: ErrorCategory;
  isRetryable: boolean;
  retryAfterMs?: number;
  /** Which shape was read, e.g. `_meta io.modelcontextprotocol/toolFailure`. */
  source: string;
}

/** The spellings of failure classes other tools use (normalised to snake_case), by category. */
export const FOREIGN_CLASSES: Readonly<Record<ErrorCategory, readonly string[]>> = {
  TRANSIENT: [
    'transient',
    'temporary',
    'timeout',
    'timed_out',
    'deadline_exceeded',
    'rate_limit',
    'rate_limited',
    'throttled',
    'throttling',
    'unavailable',
    'upstream_unavailable',
    'service_unavailable',
    'overloaded',
    'busy',
    'network',
    'network_error',
    'resource_exhausted',
    'retryable',
  ],
  VALIDATION: [
    'validation',
    'validation_error',
    'invalid',
    'invalid_input',
    'invalid_argument',
    'invalid_arguments',
    'invalid_params',
    'invalid_request',
    'bad_request',
    'bad_input',
    'input',
    'schema',
    'malformed',
    'out_of_range',
  ],
  PERMISSION: [
    'permission',
    'permission_denied',
    'auth',
    'authn',
    'authz',
    'authentication',
    'authorization',
    'unauthenticated',
    'unauthorized',
    'unauthorised',
    'forbidden',
    'access_denied',
    'denied',
  ],
  BUSINESS: [
    'business',
    'business_rule',
    'domain',
    'policy',
    'policy_violation',
    'conflict',
    'precondition',
    'precondition_failed',
    'failed_precondition',
    'already_exists',
    'duplicate',
    'quota',
    'quota_exceeded',
    'limit_exceeded',
    'refused',
  ],
  NOT_FOUND: ['not_found', 'notfound', 'missing', 'no_such', 'unknown_resource', 'does_not_exist', 'gone'],
  UNKNOWN: ['unknown', 'internal', 'internal_error', 'server_error', 'error', 'unexpected', 'fatal', 'bug', 'other'],
};

const CLASS_INDEX = new Map<string, ErrorCategory>(
  Object.entries(FOREIGN_CLASSES).flatMap(([category, spellings]) =>
    spellings.map((spelling): [string, ErrorCategory] => [spelling, category as ErrorCategory]),
  ),
);

/** `notFound`, `NOT-FOUND`, `not found` → `not_found`. */
function snake(value: string): string {
  return value
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** The category a foreign class or code spelling means, or undefined when it names none. */
export function foreignCategory(value: unknown): ErrorCategory | undefined {
  if (typeof value !== 'string' || value.length > 100) return undefined;
  const key = snake(value);
  const known = CLASS_INDEX.get(key) ?? canonicalCategory(key);
  if (known) return known;
  if (key.startsWith('invalid_')) return 'VALIDATION';
  if (key.endsWith('_not_found')) return 'NOT_FOUND';
  return undefined;
}

function asBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  return value === 'true' ? true : value === 'false' ? false : undefined;
}

function msFrom(value: unknown): number | undefined {
  const number = typeof value === 'string' && /^\d+(\.\d+)?$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && number >= 0 ? Math.round(number) : undefined;
}

/** Milliseconds until an instant (ISO 8601 string or epoch milliseconds), never negative. */
function msUntil(value: unknown, now: number): number | undefined {
  const at = typeof value === 'number' ? value : typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isFinite(at) ? Math.max(0, Math.round(at - now)) : undefined;
}

interface ShapeRead {
  category?: ErrorCategory;
  retryable?: boolean;
  retryAfterMs?: number;
}

interface Shape {
  source: string;
  read(object: object, now: number): ShapeRead | undefined;
}

const TOOL_FAILURE_KEY = 'io.modelcontextprotocol/toolFailure';

/** The shapes, in the order they are tried. */
export const FOREIGN_SHAPES: readonly Shape[] = [
  {
    source: `_meta ${TOOL_FAILURE_KEY} (proposal)`,
    read(object, now) {
      const failure = getPath(object, '_meta', TOOL_FAILURE_KEY);
      if (!isObjectLike(failure)) return undefined;
      return {
        category: foreignCategory(get(failure, 'class')) ?? foreignCategory(get(failure, 'code')) ?? 'UNKNOWN',
        retryable: asBoolean(get(failure, 'retryable')),
        retryAfterMs: msUntil(get(failure, 'retryNotBefore'), now),
      };
    },
  },
  {
    source: '{ code, category, retry: { safe, after_ms } }',
    read(object) {
      const retry = get(object, 'retry');
      if (!isObjectLike(retry)) return undefined;
      const category = foreignCategory(get(object, 'category')) ?? foreignCategory(get(object, 'code'));
      const retryable = asBoolean(get(retry, 'safe'));
      if (!category && retryable === undefined) return undefined;
      return { category, retryable, retryAfterMs: msFrom(get(retry, 'after_ms')) };
    },
  },
  {
    source: '{ category, is_retryable }',
    read(object) {
      const category = foreignCategory(get(object, 'category'));
      const retryable = asBoolean(get(object, 'is_retryable'));
      return category || retryable !== undefined ? { category, retryable } : undefined;
    },
  },
  {
    source: '{ recoverable }',
    read(object) {
      const recoverable = asBoolean(get(object, 'recoverable'));
      if (recoverable === undefined) return undefined;
      const named = foreignCategory(get(object, 'category')) ?? foreignCategory(get(object, 'code'));
      return { category: named ?? (recoverable ? 'TRANSIENT' : 'UNKNOWN'), retryable: recoverable };
    },
  },
];

/** The objects a result may carry a shape in: itself, `structuredContent`, `error`, JSON in the first text block. */
function places(result: unknown): object[] {
  const found: object[] = [];
  const add = (value: unknown): void => {
    if (isObjectLike(value) && !isArray(value)) found.push(value);
  };
  add(result);
  add(get(result, 'structuredContent'));
  add(get(result, 'error'));
  const content = get(result, 'content');
  const first = isArray(content) ? text(get((content as unknown[])[0], 'text')) : undefined;
  if (first && /^\s*\{/.test(first) && first.length < 20_000) {
    try {
      const parsed: unknown = JSON.parse(first);
      add(parsed);
      add(get(parsed, 'error'));
    } catch {
      // not JSON: no shape here
    }
  }
  return found;
}

/** Reads a failure envelope another tool or proposal wrote; undefined when none is there. */
export function readForeignFailure(result: unknown, now: number = Date.now()): ForeignFailure | undefined {
  try {
    return readShapes(result, now);
  } catch {
    return undefined;
  }
}

function readShapes(result: unknown, now: number): ForeignFailure | undefined {
  for (const object of places(result)) {
    for (const shape of FOREIGN_SHAPES) {
      const read = shape.read(object, now);
      if (!read) continue;
      const category = read.category ?? (read.retryable ? 'TRANSIENT' : 'UNKNOWN');
      const isRetryable = NEVER_RETRYABLE.has(category) ? false : (read.retryable ?? defaultRetryable(category));
      const retryAfterMs = isRetryable ? read.retryAfterMs : undefined;
      return { category, isRetryable, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}), source: shape.source };
    }
  }
  return undefined;
}
