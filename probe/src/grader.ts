/**
 * Grades one answer to a planned wrong call with the rubric (rubric.ts): how the failure was reported, whether
 * its category and retryability fit the mistake, whether the text names the parameter and the rule, and whether
 * it is free of internals and of the server's environment values. Pure: the runner feeds it decoded answers.
 */
import type { CallFinding, CallOutcome } from '../../shared/src/decodedCall';
import type { DecodedResult } from '../../shared/src/decoder';
import type { ErrorCategory } from '../../shared/src/taxonomy';
import type { PlannedCall } from './generator';
import { PARTIAL_CREDIT, RULE_WORDS, WHOLE_ANSWER, pointsFor, type Criterion } from './rubric';

/** What came back for one call. `text` is everything the answer shows (content texts and message). */
export type ProbeAnswer =
  | { kind: 'result'; decoded: DecodedResult; text: string }
  | { kind: 'timeout'; timeoutMs: number }
  | { kind: 'crashed'; detail: string }
  | { kind: 'not-sent'; because: 'timeout' | 'server-crashed' };

export interface GradedCall {
  score: number;
  /** Points per criterion, when the criteria applied (an error answer). */
  points?: Partial<Record<Criterion, number>>;
  verdict: string;
  outcome: CallOutcome;
  category: ErrorCategory | null;
  retryable: boolean | null;
  message: string | null;
  findings: CallFinding[];
}

const REQUEST_LEVEL_CODES = new Set([-32601, -32602]);

/** Values shorter than this are too common to count as a leak ("1", "dev"). */
const MIN_SECRET_LENGTH = 4;

function unanswered(answer: Exclude<ProbeAnswer, { kind: 'result' }>): GradedCall {
  let finding: CallFinding;
  let message: string;
  if (answer.kind === 'timeout') {
    message = `No answer within ${answer.timeoutMs} ms.`;
    finding = {
      check: 'timeout',
      message: `The server did not answer within ${answer.timeoutMs} ms: an agent waits, then knows nothing.`,
    };
  } else if (answer.kind === 'crashed') {
    message = `The server exited or closed the connection: ${answer.detail}`;
    finding = { check: 'server-crashed', message: `The server crashed on this call (${answer.detail}).` };
  } else {
    message = 'Not sent: the server stopped answering on an earlier call to this tool.';
    finding = {
      check: answer.because,
      message:
        answer.because === 'timeout'
          ? 'Not sent: an earlier call to this tool hung, so the rest of its calls were abandoned.'
          : 'Not sent: the server crashed on an earlier call to this tool, so the rest of its calls were abandoned.',
    };
  }
  const score = answer.kind === 'timeout' ? WHOLE_ANSWER.timeout : WHOLE_ANSWER.crashed;
  return {
    score,
    verdict: `${score}/100: ${finding.message}`,
    outcome: 'protocol-error',
    category: null,
    retryable: null,
    message,
    findings: [finding],
  };
}

function toolErrorPoints(call: PlannedCall, decoded: DecodedResult): number {
  if (decoded.outcome === 'tool-error') return pointsFor('tool-error');
  if (decoded.rpcCode !== undefined && REQUEST_LEVEL_CODES.has(decoded.rpcCode)) {
    return call.mistake === 'unknown-tool'
      ? PARTIAL_CREDIT.unknownToolAsProtocolError
      : PARTIAL_CREDIT.requestRejectedAsProtocolError;
  }
  return PARTIAL_CREDIT.otherProtocolError;
}

function namesParameter(call: PlannedCall, text: string): boolean {
  const lower = text.toLowerCase();
  if (lower.includes(call.parameter.toLowerCase())) return true;
  const value = call.arguments[call.parameter];
  return (
    (call.mistake === 'nonexistent-id' || call.mistake === 'fixture') &&
    typeof value === 'string' &&
    value !== '' &&
    text.includes(value)
  );
}

/** An absolute path to a source file (no line number needed), as in "cannot load /srv/app/dist/db.js". */
const SOURCE_FILE_PATH = /(?:[A-Za-z]:\\|\/)[^\s"'()]*\.(?:[cm]?[jt]sx?|py|go|rb|java|rs|php|cs)\b/g;

/** A source path in the text that the call's own arguments did not bring in. */
function leakedSourcePath(call: PlannedCall, text: string): string | undefined {
  const given = Object.values(call.arguments).filter((value): value is string => typeof value === 'string');
  return [...text.matchAll(SOURCE_FILE_PATH)]
    .map((match) => match[0])
    .find((found) => !given.some((value) => value.includes(found) || found.includes(value)));
}

function leakedSecret(text: string, secrets: readonly string[]): string | undefined {
  return secrets.find((secret) => secret.length >= MIN_SECRET_LENGTH && text.includes(secret));
}

/**
 * The SDK rejected the call before the handler ran (v1.x `MCP error -32602: …`, v2 `Input validation error: …`):
 * the decoder reads VALIDATION from it, but no errorCategory or isRetryable reaches the agent, and the server can
 * change that only by validating the input itself.
 */
function sdkRejectionFindings(decoded: DecodedResult): CallFinding[] {
  if (decoded.outcome !== 'tool-error' || decoded.rejectedRequest !== true) return [];
  return [
    {
      check: 'missing-error-category',
      message: 'The SDK rejected the input before the handler ran: its text carries no errorCategory.',
    },
    {
      check: 'missing-is-retryable',
      message: 'The SDK rejected the input before the handler ran: its text carries no isRetryable.',
    },
  ];
}

/** Grades an error answer criterion by criterion. */
function gradeFailure(call: PlannedCall, decoded: DecodedResult, text: string, secrets: readonly string[]): GradedCall {
  const findings = [...decoded.findings, ...sdkRejectionFindings(decoded)];
  const points: Partial<Record<Criterion, number>> = {};
  const notes: string[] = [];
  points['tool-error'] = toolErrorPoints(call, decoded);
  if (decoded.outcome !== 'tool-error')
    notes.push(`a JSON-RPC error${decoded.rpcCode !== undefined ? ` (${decoded.rpcCode})` : ''}, not a tool error`);
  const expected = call.expectation.categories;
  // A category read from the request's rejection (the SDK's input validation, a JSON-RPC -32602) is not one the
  // server declared: both SDK lines are graded as the server sent no category.
  if (decoded.category === null || decoded.rejectedRequest === true) {
    points.category = 0;
    notes.push(`no errorCategory (expected ${expected.join(' or ')})`);
  } else if (expected.includes(decoded.category)) {
    points.category = pointsFor('category');
  } else {
    points.category = PARTIAL_CREDIT.otherCategory;
    notes.push(`category ${decoded.category} (expected ${expected.join(' or ')})`);
    findings.push({
      check: 'unexpected-category',
      message: `errorCategory ${decoded.category} does not fit ${call.description}; expected ${expected.join(' or ')}.`,
    });
  }
  points['not-retryable'] = decoded.retryable === false ? pointsFor('not-retryable') : 0;
  if (decoded.retryable !== false)
    notes.push(decoded.retryable === null ? 'isRetryable not stated' : 'isRetryable: true');
  points['names-parameter'] = namesParameter(call, text) ? pointsFor('names-parameter') : 0;
  if (points['names-parameter'] === 0) notes.push(`the text does not name ${call.parameter}`);
  points['names-rule'] = RULE_WORDS[call.mistake].test(text) ? pointsFor('names-rule') : 0;
  if (points['names-rule'] === 0) notes.push('the text does not name the rule');
  const secret = leakedSecret(text, secrets);
  if (secret !== undefined) {
    findings.push({
      check: 'leaked-environment',
      message: "The error text shows the value of one of the server's environment variables.",
    });
  }
  const sourcePath = leakedSourcePath(call, text);
  if (sourcePath !== undefined && !findings.some((finding) => finding.check === 'leaked-internals')) {
    findings.push({ check: 'leaked-internals', message: `The error text shows the source path ${sourcePath}.` });
  }
  const leaked = secret !== undefined || findings.some((finding) => finding.check === 'leaked-internals');
  points['clean-text'] = leaked ? 0 : pointsFor('clean-text');
  if (leaked) notes.push('the text leaks internals or environment values');
  const score = Object.values(points).reduce((sum, value) => sum + value, 0);
  return {
    score,
    points,
    verdict: `${score}/100${notes.length > 0 ? `: ${notes.join('; ')}` : ': recoverable'}`,
    outcome: decoded.outcome,
    category: decoded.category,
    retryable: decoded.retryable,
    message: decoded.message,
    findings,
  };
}

/** Grades one answer with the rubric; `secrets` are the environment values the server was given. */
export function gradeAnswer(call: PlannedCall, answer: ProbeAnswer, secrets: readonly string[] = []): GradedCall {
  if (answer.kind !== 'result') return unanswered(answer);
  const { decoded, text } = answer;
  const facts = {
    outcome: decoded.outcome,
    category: decoded.category,
    retryable: decoded.retryable,
    message: decoded.message,
  };
  const failed = decoded.outcome === 'tool-error' || decoded.outcome === 'protocol-error';
  // An error about something else (the baseline's id does not exist, say) is no objection to the extra property.
  const objected = call.mistake !== 'unexpected-property' || namesParameter(call, text);
  if (failed && objected) return gradeFailure(call, decoded, text, secrets);
  if (!failed && decoded.outcome === 'empty' && call.expectation.emptyIsFine) {
    return {
      ...facts,
      score: WHOLE_ANSWER.validEmptyAnswer,
      verdict: `${WHOLE_ANSWER.validEmptyAnswer}/100: a valid empty answer (nothing matches ${call.description.replace(/ names a record.*/, '')})`,
      findings: [...decoded.findings],
    };
  }
  if (call.mistake === 'unexpected-property' && call.expectation.extraPropertiesAllowed) {
    const score = PARTIAL_CREDIT.extraPropertyIgnored;
    return {
      ...facts,
      score,
      verdict: `${score}/100: ignored without a word (the schema does not forbid extra properties)`,
      findings: [
        ...decoded.findings,
        {
          check: 'extra-property-ignored',
          message: `The tool ignored ${call.parameter} without a word: an agent's misspelt parameter would go unnoticed. Set additionalProperties: false (zod: .strict()) to reject it.`,
        },
      ],
    };
  }
  return {
    ...facts,
    score: WHOLE_ANSWER.silentlyAccepted,
    verdict: `${WHOLE_ANSWER.silentlyAccepted}/100: ${
      failed
        ? 'the error is about something else: the tool did not object to the mistake'
        : 'answered as if the call were right'
    }`,
    findings: [
      ...decoded.findings,
      {
        check: 'silently-accepted',
        message: `The call had ${call.description}, yet the tool ${
          failed ? 'did not object to it' : 'reported success'
        }: an agent would never learn its call was wrong.`,
      },
    ],
  };
}

/** A tool's grade: the rounded mean of its calls' scores; null when no call was graded. */
export function gradeTool(scores: readonly number[]): number | null {
  if (scores.length === 0) return null;
  return Math.round(scores.reduce((sum, score) => sum + score, 0) / scores.length);
}

/** The server's grade: the rounded mean of the graded tools' grades. */
export function gradeServer(grades: ReadonlyArray<number | null>): number | null {
  return gradeTool(grades.filter((grade): grade is number => grade !== null));
}
