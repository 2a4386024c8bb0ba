/** The fourteen check ids in their fixed order (docs/architecture.md): the registry, the example and the docs follow it. */
export const DESIGN_CHECK_IDS: readonly string[] = [
  'throw-in-handler',
  'unguarded-handler',
  'missing-is-retryable',
  'missing-error-category',
  'invalid-error-category',
  'contradictory-retryable',
  'missing-error-content',
  'generic-error-message',
  'leaked-internals',
  'empty-result-as-error',
  'failure-as-success',
  'retry-inside-tool',
  'protocol-error-for-execution-failure',
  'envelope-hidden-from-model',
  'error-structured-content-with-output-schema',
];
