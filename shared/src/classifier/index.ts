/** The classifier's public API: raw failures in, category, retryability, evidence and an agent-facing message out. */
import {
  AWS_FAULT_RULES,
  NAME_PATTERN_RULES,
  PRISMA_RULES,
  RATE_LIMIT_RULES,
  SERVICE_NAME_RULES,
  SQLSTATE_RULES,
} from './libraryRules';
import {
  CODE_RULES,
  ENOTFOUND_REQUESTED_HOST,
  ERRNO_RULES,
  GRPC_RULES,
  HTTP_OTHER,
  HTTP_RULES,
  JSON_RPC_RULES,
  NAME_RULES,
  type ClassifierRule,
} from './rules';
import { SPECIFIC_TEXT_RULES, WORDING_RULES } from './wording';

export { classifyFailure, classifyText, factsPrefix, type Classification, type ClassifyContext } from './classify';
export {
  FOREIGN_CLASSES,
  FOREIGN_SHAPES,
  foreignCategory,
  readForeignFailure,
  type ForeignFailure,
} from './foreignShapes';
export { TOOL_ERRORS_HELPER_SOURCE, TOOL_ERRORS_HELPER_PATH } from './toolErrorsTemplate';
export { cleanText } from './message';
export type { ClassifierRule, EvidenceSource } from './rules';

/**
 * Every rule, in the order the classifier trusts them (declared fields come first and are not rows).
 * Within one source the first matching row wins; SQLSTATE rows `class NN` apply when no exact code matches.
 */
export const CLASSIFIER_RULES: readonly ClassifierRule[] = [
  ...SPECIFIC_TEXT_RULES,
  ...ERRNO_RULES,
  ENOTFOUND_REQUESTED_HOST,
  ...CODE_RULES,
  ...PRISMA_RULES,
  ...SQLSTATE_RULES,
  ...NAME_RULES,
  ...SERVICE_NAME_RULES,
  ...RATE_LIMIT_RULES,
  AWS_FAULT_RULES[1],
  ...HTTP_RULES,
  HTTP_OTHER,
  ...GRPC_RULES,
  AWS_FAULT_RULES[0],
  ...NAME_PATTERN_RULES,
  ...JSON_RPC_RULES,
  ...WORDING_RULES,
];
