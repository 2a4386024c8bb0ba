/**
 * The registry of checks: the only list of them. The meta-test keeps it in step with the
 * test tables, the doc pages and the settings in package.json.
 */
import type { Check, CheckId } from '../types';
import { contradictoryRetryable } from './contradictory-retryable';
import { emptyResultAsError } from './empty-result-as-error';
import { envelopeHiddenFromModel } from './envelope-hidden-from-model';
import { errorStructuredContentWithOutputSchema } from './error-structured-content-with-output-schema';
import { failureAsSuccess } from './failure-as-success';
import { genericErrorMessage } from './generic-error-message';
import { invalidErrorCategory } from './invalid-error-category';
import { leakedInternals } from './leaked-internals';
import { missingErrorCategory } from './missing-error-category';
import { missingErrorContent } from './missing-error-content';
import { missingIsRetryable } from './missing-is-retryable';
import { protocolErrorForExecutionFailure } from './protocol-error-for-execution-failure';
import { retryInsideTool } from './retry-inside-tool';
import { throwInHandler } from './throw-in-handler';
import { unguardedHandler } from './unguarded-handler';

export const CHECKS: readonly Check[] = [
  throwInHandler,
  unguardedHandler,
  missingIsRetryable,
  missingErrorCategory,
  invalidErrorCategory,
  contradictoryRetryable,
  missingErrorContent,
  genericErrorMessage,
  leakedInternals,
  emptyResultAsError,
  failureAsSuccess,
  retryInsideTool,
  protocolErrorForExecutionFailure,
  envelopeHiddenFromModel,
  errorStructuredContentWithOutputSchema,
];

export const CHECK_IDS: readonly CheckId[] = CHECKS.map((check) => check.meta.id);

export function checkById(id: string): Check | undefined {
  return CHECKS.find((check) => check.meta.id === id);
}

/** Whether a string (a marker, a diagnostic code, a setting key) names a registered check. */
export function isCheckId(id: string): id is CheckId {
  return (CHECK_IDS as readonly string[]).includes(id);
}
