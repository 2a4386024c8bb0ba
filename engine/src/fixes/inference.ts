/**
 * Infers an error's category and retryability from evidence in scope, so quick fixes write
 * a considered envelope instead of a placeholder: HTTP status literals in enclosing conditions,
 * error types tested in the catch, error codes, and the wording of the message.
 */
import ts from 'typescript';
import type { ErrorCategory } from '../../../shared/src/taxonomy';
import { isFunctionLike, staticText } from '../parse/syntax';

export interface Inference {
  category: ErrorCategory;
  retryable: boolean;
  /** What the inference rests on, for the fix title ("HTTP 429", "instanceof ZodError"); undefined without evidence. */
  evidence?: string;
}

const FALLBACK: Inference = { category: 'UNKNOWN', retryable: false };

function fromStatus(status: number): Inference | undefined {
  const evidence = `HTTP ${status}`;
  if ([408, 429, 502, 503, 504].includes(status)) return { category: 'TRANSIENT', retryable: true, evidence };
  if (status === 400 || status === 422) return { category: 'VALIDATION', retryable: false, evidence };
  if (status === 401 || status === 403) return { category: 'PERMISSION', retryable: false, evidence };
  if (status === 404 || status === 410) return { category: 'NOT_FOUND', retryable: false, evidence };
  if (status === 409) return { category: 'BUSINESS', retryable: false, evidence };
  if (status === 500) return { category: 'UNKNOWN', retryable: false, evidence };
  return undefined;
}

const TYPE_RULES: ReadonlyArray<[RegExp, ErrorCategory, boolean]> = [
  [/^(ZodError|ValidationError|SyntaxError|RangeError|TypeError)$|Validation|Invalid/, 'VALIDATION', false],
  [/Timeout|Abort|RateLimit|Unavailable|Network|Connection|Transient/, 'TRANSIENT', true],
  [/Forbidden|Unauthori[sz]ed|Permission|Auth|AccessDenied/, 'PERMISSION', false],
  [/NotFound|Missing|NoSuch/, 'NOT_FOUND', false],
  [/Policy|Business|Conflict|Limit/, 'BUSINESS', false],
];

function fromTypeName(name: string): Inference | undefined {
  for (const [pattern, category, retryable] of TYPE_RULES) {
    if (pattern.test(name)) return { category, retryable, evidence: name };
  }
  return undefined;
}

const CODE_RULES: Record<string, [ErrorCategory, boolean]> = {
  ECONNRESET: ['TRANSIENT', true],
  ETIMEDOUT: ['TRANSIENT', true],
  ECONNREFUSED: ['TRANSIENT', true],
  EAI_AGAIN: ['TRANSIENT', true],
  EPIPE: ['TRANSIENT', true],
  EBUSY: ['TRANSIENT', true],
  ENOENT: ['NOT_FOUND', false],
  EACCES: ['PERMISSION', false],
  EPERM: ['PERMISSION', false],
};

const WORDING_RULES: ReadonlyArray<[RegExp, ErrorCategory, boolean, string]> = [
  [/timed? ?out|timeout/i, 'TRANSIENT', true, 'timed out'],
  [/rate.?limit|too many requests|throttl/i, 'TRANSIENT', true, 'rate limit'],
  [/unavailable|try again|temporar|unreachable|overloaded/i, 'TRANSIENT', true, 'unavailable'],
  [
    /not allowed|forbidden|permission|unauthori[sz]ed|access denied|not authori[sz]ed/i,
    'PERMISSION',
    false,
    'not allowed',
  ],
  [/not found|does not exist|doesn't exist|no such|unknown (id|record|order|user)/i, 'NOT_FOUND', false, 'not found'],
  [/limit exceeded|policy|not eligible|exceeds|already (refunded|cancell?ed|closed)/i, 'BUSINESS', false, 'policy'],
  [/must be|must not|is required|invalid|expected|malformed/i, 'VALIDATION', false, 'must be'],
];

/** Category from the words of a message. */
export function inferFromWording(text: string | undefined): Inference | undefined {
  if (!text) return undefined;
  for (const [pattern, category, retryable] of WORDING_RULES) {
    const match = pattern.exec(text);
    if (match) return { category, retryable, evidence: `"${match[0].toLowerCase()}"` };
  }
  return undefined;
}

/** HTTP status literals compared in a condition, and numbers in `case` labels. */
function statusesIn(node: ts.Node): number[] {
  const statuses: number[] = [];
  const visit = (child: ts.Node): void => {
    if (ts.isNumericLiteral(child)) {
      const value = Number(child.text);
      if (value >= 400 && value <= 599) statuses.push(value);
    }
    ts.forEachChild(child, visit);
  };
  visit(node);
  return statuses;
}

/** Error types and codes a condition tests: `e instanceof ZodError`, `e.code === 'ECONNRESET'`, `e.name === 'AbortError'`. */
function typeEvidenceIn(node: ts.Node): Inference | undefined {
  let found: Inference | undefined;
  const visit = (child: ts.Node): void => {
    if (found) return;
    if (
      ts.isBinaryExpression(child) &&
      child.operatorToken.kind === ts.SyntaxKind.InstanceOfKeyword &&
      ts.isIdentifier(child.right)
    ) {
      const inferred = fromTypeName(child.right.text);
      if (inferred) found = { ...inferred, evidence: `instanceof ${child.right.text}` };
    } else if (ts.isStringLiteralLike(child)) {
      const rule = CODE_RULES[child.text];
      if (rule) found = { category: rule[0], retryable: rule[1], evidence: child.text };
      else if (/Error$/.test(child.text)) {
        const inferred = fromTypeName(child.text);
        if (inferred) found = inferred;
      }
    }
    if (!found) ts.forEachChild(child, visit);
  };
  visit(node);
  return found;
}

/** The conditions that guard `node` within its function: if/else branches, ternaries and switch cases. */
function guardingConditions(node: ts.Node): ts.Node[] {
  const conditions: ts.Node[] = [];
  let child: ts.Node = node;
  let current: ts.Node | undefined = node.parent;
  while (current && !isFunctionLike(current)) {
    if (ts.isIfStatement(current) && child !== current.expression) conditions.push(current.expression);
    if (ts.isConditionalExpression(current) && child !== current.condition) conditions.push(current.condition);
    if (ts.isCaseClause(current)) conditions.push(current.expression);
    child = current;
    current = current.parent;
  }
  return conditions;
}

/**
 * Infers from evidence around `node`: guarding status checks first, then error types and codes
 * tested in the enclosing conditions, then the thrown type, then the wording of `messages`.
 */
export function inferEnvelope(node: ts.Node, messages: readonly (string | undefined)[] = []): Inference {
  const conditions = guardingConditions(node);
  for (const condition of conditions) {
    for (const status of statusesIn(condition)) {
      const inferred = fromStatus(status);
      if (inferred) return inferred;
    }
  }
  for (const condition of conditions) {
    const inferred = typeEvidenceIn(condition);
    if (inferred) return inferred;
  }
  if (ts.isThrowStatement(node) && node.expression) {
    const thrown = node.expression;
    if (ts.isNewExpression(thrown) && ts.isIdentifier(thrown.expression) && thrown.expression.text !== 'Error') {
      const inferred = fromTypeName(thrown.expression.text);
      if (inferred) return inferred;
    }
    const args: readonly ts.Expression[] = ts.isNewExpression(thrown) ? (thrown.arguments ?? []) : [];
    for (const arg of args) {
      const status = ts.isNumericLiteral(arg) ? fromStatus(Number(arg.text)) : undefined;
      if (status) return status;
    }
  }
  for (const message of messages) {
    const inferred = inferFromWording(message);
    if (inferred) return inferred;
  }
  return FALLBACK;
}

/** The static text of a thrown error's message: `throw new Error('…')` → '…'. */
export function thrownMessage(statement: ts.ThrowStatement): string | undefined {
  const thrown = statement.expression;
  if (!thrown) return undefined;
  if (ts.isNewExpression(thrown) || ts.isCallExpression(thrown)) {
    const first = (thrown.arguments ?? [])[0];
    return first ? staticText(first) : undefined;
  }
  return staticText(thrown);
}

/** The fix-title fragment describing an inference: `'TRANSIENT', isRetryable: true (HTTP 429)`. */
export function describeInference(inference: Inference): string {
  return inference.evidence ? ` (${inference.evidence})` : ' (no evidence in scope)';
}
