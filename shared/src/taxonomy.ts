/**
 * The envelope taxonomy shared by the language server, the CLI, the decoder and the panel.
 * See docs/envelope.md for the meaning of each field.
 */

export const ERROR_CATEGORIES = ['TRANSIENT', 'VALIDATION', 'PERMISSION', 'BUSINESS', 'NOT_FOUND', 'UNKNOWN'] as const;

export type ErrorCategory = (typeof ERROR_CATEGORIES)[number];

/** Categories whose identical call can never succeed later. */
export const NEVER_RETRYABLE: ReadonlySet<ErrorCategory> = new Set(['VALIDATION', 'PERMISSION', 'BUSINESS']);

export type CategoryCase = 'upper' | 'lower' | 'either';

export const SUGGESTED_ACTIONS = [
  'retry_with_backoff',
  'fix_input',
  'escalate',
  'request_access',
  'explain_policy',
  'check_identifier',
  'report_to_operator',
] as const;

export type SuggestedAction = (typeof SUGGESTED_ACTIONS)[number];

/** Returns the canonical category for a spelling, or undefined when it is not a category at all. */
export function canonicalCategory(value: string): ErrorCategory | undefined {
  const upper = value.trim().toUpperCase().replace(/[-\s]/g, '_');
  return (ERROR_CATEGORIES as readonly string[]).includes(upper) ? (upper as ErrorCategory) : undefined;
}

/** Whether `value` is a category spelled as the configured case allows. */
export function isCategoryInCase(value: string, categoryCase: CategoryCase): boolean {
  const canonical = canonicalCategory(value);
  if (canonical === undefined || value !== value.trim()) return false;
  if (categoryCase === 'upper') return value === canonical;
  if (categoryCase === 'lower') return value === canonical.toLowerCase();
  return value === canonical || value === canonical.toLowerCase();
}

/** Spells a category as the configured case prefers (`either` writes upper case). */
export function spellCategory(category: ErrorCategory, categoryCase: CategoryCase): string {
  return categoryCase === 'lower' ? category.toLowerCase() : category;
}

/** Levenshtein distance, used to suggest the nearest valid category. */
function editDistance(a: string, b: string): number {
  const previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = previous[0];
    previous[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = previous[j];
      previous[j] = Math.min(previous[j] + 1, previous[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return previous[b.length];
}

const CATEGORY_SYNONYMS: Record<string, ErrorCategory> = {
  TIMEOUT: 'TRANSIENT',
  RATE_LIMIT: 'TRANSIENT',
  RATE_LIMITED: 'TRANSIENT',
  UNAVAILABLE: 'TRANSIENT',
  UPSTREAM_UNAVAILABLE: 'TRANSIENT',
  NETWORK: 'TRANSIENT',
  RETRYABLE: 'TRANSIENT',
  TEMPORARY: 'TRANSIENT',
  INVALID: 'VALIDATION',
  INVALID_INPUT: 'VALIDATION',
  INVALID_ARGUMENT: 'VALIDATION',
  INVALID_PARAMS: 'VALIDATION',
  BAD_REQUEST: 'VALIDATION',
  INPUT: 'VALIDATION',
  FORBIDDEN: 'PERMISSION',
  UNAUTHORIZED: 'PERMISSION',
  UNAUTHORISED: 'PERMISSION',
  AUTH: 'PERMISSION',
  ACCESS_DENIED: 'PERMISSION',
  DENIED: 'PERMISSION',
  POLICY: 'BUSINESS',
  CONFLICT: 'BUSINESS',
  BUSINESS_RULE: 'BUSINESS',
  MISSING: 'NOT_FOUND',
  NOTFOUND: 'NOT_FOUND',
  NO_SUCH: 'NOT_FOUND',
  INTERNAL: 'UNKNOWN',
  ERROR: 'UNKNOWN',
};

/** The valid category nearest to an invalid spelling: synonyms first, then edit distance. */
export function nearestCategory(value: string): ErrorCategory {
  const upper = value.trim().toUpperCase().replace(/[-\s]/g, '_');
  const canonical = canonicalCategory(upper);
  if (canonical) return canonical;
  if (CATEGORY_SYNONYMS[upper]) return CATEGORY_SYNONYMS[upper];
  if (upper.startsWith('INVALID_')) return 'VALIDATION';
  let best: ErrorCategory = 'UNKNOWN';
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const category of ERROR_CATEGORIES) {
    const distance = editDistance(upper, category);
    if (distance < bestDistance) {
      best = category;
      bestDistance = distance;
    }
  }
  return bestDistance <= Math.max(2, Math.floor(best.length / 3)) ? best : 'UNKNOWN';
}

/** The retryability an envelope should carry when nothing more specific is known. */
export function defaultRetryable(category: ErrorCategory): boolean {
  return category === 'TRANSIENT';
}

/** The suggested action that matches a category and retryability. */
export function suggestedActionFor(category: ErrorCategory, retryable: boolean): SuggestedAction {
  switch (category) {
    case 'TRANSIENT':
      return retryable ? 'retry_with_backoff' : 'escalate';
    case 'VALIDATION':
      return 'fix_input';
    case 'PERMISSION':
      return 'request_access';
    case 'BUSINESS':
      return 'explain_policy';
    case 'NOT_FOUND':
      return retryable ? 'retry_with_backoff' : 'check_identifier';
    case 'UNKNOWN':
      return 'report_to_operator';
  }
}
