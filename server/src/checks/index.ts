/**
 * The registry of checks: the only list of them. The meta-test keeps it in step with the
 * test tables, the doc pages and the settings in package.json.
 */
import type { Check } from '../analysis/types';
import { emptyResultAsError } from './empty-result-as-error';
import { failureAsSuccess } from './failure-as-success';
import { leakedInternals } from './leaked-internals';
import { missingIsRetryable } from './missing-is-retryable';
import { retryInsideTool } from './retry-inside-tool';
import { throwInHandler } from './throw-in-handler';
import { unguardedHandler } from './unguarded-handler';

export const CHECKS: readonly Check[] = [
  throwInHandler,
  unguardedHandler,
  missingIsRetryable,
  leakedInternals,
  emptyResultAsError,
  failureAsSuccess,
  retryInsideTool,
];

export const CHECK_IDS: readonly string[] = CHECKS.map((check) => check.meta.id);

export function checkById(id: string): Check | undefined {
  return CHECKS.find((check) => check.meta.id === id);
}
