/**
 * The probe's grading rubric as data: the points per criterion that docs/probe.md describes, the partial
 * credit for answers that are neither right nor wrong, and the words that count as "naming the rule" for each
 * mistake. The grader (grader.ts) only applies this table.
 */
import type { ProbeMistake } from '../../shared/src/probeReport';

export type Criterion = 'tool-error' | 'category' | 'not-retryable' | 'names-parameter' | 'names-rule' | 'clean-text';

export interface RubricRow {
  criterion: Criterion;
  points: number;
  /** What earns the points, as docs/probe.md states it. */
  earnedWhen: string;
}

/** Full marks for one answer; the rows add up to 100. */
export const RUBRIC: readonly RubricRow[] = [
  {
    criterion: 'tool-error',
    points: 40,
    earnedWhen:
      'the mistake is reported as a tool error (isError: true), not as a JSON-RPC error, a crash, a hang, or a success',
  },
  {
    criterion: 'category',
    points: 20,
    earnedWhen:
      'errorCategory fits the mistake: VALIDATION for schema violations, NOT_FOUND for a record that cannot exist',
  },
  { criterion: 'not-retryable', points: 10, earnedWhen: 'isRetryable is stated and false' },
  {
    criterion: 'names-parameter',
    points: 10,
    earnedWhen: 'the text names the offending parameter (or the unknown tool, or the missing identifier)',
  },
  {
    criterion: 'names-rule',
    points: 10,
    earnedWhen: 'the text names the rule that was broken (required, expected type, allowed values, range, …)',
  },
  {
    criterion: 'clean-text',
    points: 10,
    earnedWhen: "the text has no stack trace, no source path and no value of the server's environment",
  },
];

/** Partial credit where an answer is not simply right or wrong. */
export const PARTIAL_CREDIT = {
  /** tool-error criterion: a JSON-RPC -32602/-32601 error answering the unknown tool (what the MCP spec shows). */
  unknownToolAsProtocolError: 30,
  /** tool-error criterion: a JSON-RPC -32602/-32601 error answering a wrong call (the model usually never sees it). */
  requestRejectedAsProtocolError: 15,
  /** tool-error criterion: any other JSON-RPC error (an execution failure sent as a protocol error). */
  otherProtocolError: 5,
  /** category criterion: a category is stated, but not one that fits the mistake. */
  otherCategory: 5,
  /**
   * Whole answer: an extra property the schema does not forbid (additionalProperties absent) ignored silently.
   * Allowed by JSON Schema, but an agent's misspelt optional parameter goes unnoticed.
   */
  extraPropertyIgnored: 50,
} as const;

/**
 * Whole-answer scores that skip the criteria: a valid empty answer to a lookup of a record that cannot exist is
 * right (100); a success for a wrong call, a hang and a crash earn nothing.
 */
export const WHOLE_ANSWER = { validEmptyAnswer: 100, silentlyAccepted: 0, timeout: 0, crashed: 0 } as const;

/** Words that say a record does not exist. */
const MISSING_RECORD_WORDS =
  /\bnot found\b|\bno such\b|\bdoes ?n[o']t exist\b|\bnot exist|\bunknown\b|\bno \w+ (?:with|named|called|for)\b|\bcould ?n[o']t find\b|\bcannot find\b|\bnever\b|\bno (?:order|record|file|user|item|entry)\b|\bno [\w-]+ (?:[\w-]+ )?(?:was|is|exists?|has been)\b|\bENOENT\b/i;

/** Words that show the text names the rule each mistake breaks. */
export const RULE_WORDS: Record<ProbeMistake, RegExp> = {
  'missing-required':
    /\brequired\b|\bmissing\b|\bundefined\b|must (?:be )?(?:provided|given|specified|included)|\bis needed\b|\bnot provided\b/i,
  'wrong-type':
    /\bexpected\b|\btype\b|\bmust be an? \w+|\bnot an? (?:string|number|integer|boolean|array|object)\b|\breceived\b|\binvalid (?:string|number|integer|boolean|array|object)\b/i,
  'out-of-enum':
    /\bone of\b|\ballowed\b|\benum\b|\boption\b|\bvalid values?\b|\bmust be (?:either|one)\b|\bexpected\b/i,
  'out-of-range':
    /\bminimum\b|\bmaximum\b|\bat (?:least|most)\b|\btoo (?:big|small|large|low|high|few|many)\b|\bgreater\b|\bless\b|\bbetween\b|\brange\b|<=|>=|\bexceed|\bpositive\b|\bnegative\b|\bitems?\b/i,
  'unexpected-property':
    /\bunexpected\b|\bunknown\b|\bunrecogni[sz]ed\b|\bnot allowed\b|\badditional\b|\bextra\b|\bnot (?:a )?(?:declared|supported|expected)\b/i,
  'empty-string':
    /\bempty\b|\bat least\b|\btoo (?:short|small)\b|>=|\bcharacters?\b|\bminimum\b|\bblank\b|\brequired\b|\bmust not be\b|\bnon-?empty\b/i,
  'oversized-string':
    /\btoo (?:long|big|large)\b|\bat most\b|\bmaximum\b|\bexceed|\blength\b|\blimit\b|\bcharacters\b/i,
  'nonexistent-id': MISSING_RECORD_WORDS,
  fixture: MISSING_RECORD_WORDS,
  'unknown-tool':
    /\bnot found\b|\bunknown\b|\bno such\b|\bdoes ?n[o']t exist\b|\bnot exist|\bunavailable\b|\bnot (?:registered|listed|available)\b/i,
};

/** The rubric's total: the sum of its rows (100). */
export const RUBRIC_TOTAL = RUBRIC.reduce((sum, row) => sum + row.points, 0);

export function pointsFor(criterion: Criterion): number {
  return RUBRIC.find((row) => row.criterion === criterion)?.points ?? 0;
}
