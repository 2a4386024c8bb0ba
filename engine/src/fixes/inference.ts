/**
 * Infers an error's category and retryability from evidence in scope, so quick fixes write a considered
 * envelope instead of a placeholder. The conditions are walked here (HTTP status literals in enclosing
 * conditions, error types tested with `instanceof`, `e.code === 'X'`, `e.name === 'Y'`); what each piece of
 * evidence means comes from the one classifier's rule tables (shared/src/classifier), and messages are read
 * by `classifyText`, so a quick fix and the run-time classification never disagree.
 */
import ts from 'typescript';
import { CLASSIFIER_RULES, classifyText, type ClassifierRule } from '../../../shared/src/classifier';
import type { ErrorCategory } from '../../../shared/src/taxonomy';
import { isFunctionLike, staticText, unwrapExpression } from '../parse/syntax';
import { guardEvidence } from './guardEvidence';
import { immediateGuard } from './inputEvidence';

export interface Inference {
  category: ErrorCategory;
  retryable: boolean;
  /** What the inference rests on, for the fix title ("HTTP 429", "instanceof ZodError"); undefined without evidence. */
  evidence?: string;
}

const FALLBACK: Inference = { category: 'UNKNOWN', retryable: false };

const EXACT = new Map<string | number, ClassifierRule>();
for (const rule of CLASSIFIER_RULES) {
  if (typeof rule.match !== 'object' && rule.source !== 'json-rpc' && !EXACT.has(rule.match)) {
    EXACT.set(rule.match, rule);
  }
}
const NAME_PATTERNS = CLASSIFIER_RULES.filter((rule) => rule.source === 'name-pattern');

function inference(rule: ClassifierRule, evidence: string): Inference {
  return { category: rule.category, retryable: rule.retryable, evidence };
}

/** An HTTP status's meaning; weak statuses (500, 501, other 5xx) decide nothing. */
function fromStatus(status: number): Inference | undefined {
  const rule = EXACT.get(status);
  return rule && rule.source === 'http' && !rule.weak ? inference(rule, `HTTP ${status}`) : undefined;
}

/** An error class or name: exact names (`ZodError`, `AbortError`), then name patterns (`OrderNotFoundError`). */
function fromTypeName(name: string): Inference | undefined {
  const exact = EXACT.get(name);
  if (exact && (exact.source === 'name' || exact.source === 'prisma') && !exact.weak) return inference(exact, name);
  if (name === 'SyntaxError' || name === 'RangeError' || name === 'TypeError') return undefined;
  const pattern = NAME_PATTERNS.find((rule) => rule.match instanceof RegExp && rule.match.test(name));
  return pattern ? inference(pattern, name) : undefined;
}

/** A code compared in a condition (`e.code === 'ENOENT'`, `'P2025'`, `'UND_ERR_SOCKET'`). */
function fromCode(code: string): Inference | undefined {
  const rule = EXACT.get(code);
  if (!rule || rule.weak) return undefined;
  return ['errno', 'code', 'prisma', 'sqlstate'].includes(rule.source) ? inference(rule, code) : undefined;
}

/** Category from the words of a message, read by the classifier (codes written in the text, then wording). */
export function inferFromWording(text: string | undefined): Inference | undefined {
  if (!text || text.trim() === '') return undefined;
  if (wordingCache.has(text)) return wordingCache.get(text);
  const classified = classifyText(text);
  const evidence = classified.evidence[0];
  const inferred: Inference | undefined =
    classified.category === 'UNKNOWN' || evidence === undefined
      ? undefined
      : { category: classified.category, retryable: classified.isRetryable, evidence };
  // The classifier reads a message with many patterns; servers repeat their messages across tools and files.
  if (wordingCache.size >= WORDING_CACHE_SIZE) wordingCache.clear();
  wordingCache.set(text, inferred);
  return inferred;
}

/** Messages already read by `inferFromWording` (a pure function of the text), up to a bound. */
const wordingCache = new Map<string, Inference | undefined>();
const WORDING_CACHE_SIZE = 2048;

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
      found = fromCode(child.text) ?? (/Error$|Exception$/.test(child.text) ? fromTypeName(child.text) : undefined);
    }
    if (!found) ts.forEachChild(child, visit);
  };
  visit(node);
  return found;
}

/**
 * The conditions that guard `node` within its function: if/else branches, ternaries and switch cases.
 * Only the branch taken when the condition holds counts: an `else` says the condition was false.
 */
export function guardingConditions(node: ts.Node): ts.Node[] {
  const conditions: ts.Node[] = [];
  let child: ts.Node = node;
  let current: ts.Node | undefined = node.parent;
  while (current && !isFunctionLike(current)) {
    if (ts.isIfStatement(current) && child === current.thenStatement) conditions.push(current.expression);
    if (ts.isConditionalExpression(current) && child === current.whenTrue) conditions.push(current.condition);
    if (ts.isCaseClause(current)) conditions.push(current.expression);
    child = current;
    current = current.parent;
  }
  return conditions;
}

/** Evidence in a thrown expression: its class (`new NotFoundError(…)`) and status arguments (`new HttpError(404)`). */
function thrownEvidence(node: ts.Node): Inference | undefined {
  if (!ts.isThrowStatement(node) || !node.expression) return undefined;
  const thrown = node.expression;
  if (!ts.isNewExpression(thrown) && !ts.isCallExpression(thrown)) return undefined;
  if (ts.isIdentifier(thrown.expression) && thrown.expression.text !== 'Error') {
    const inferred = fromTypeName(thrown.expression.text);
    if (inferred) return inferred;
  }
  for (const arg of thrown.arguments ?? []) {
    const status = ts.isNumericLiteral(arg) ? fromStatus(Number(arg.text)) : undefined;
    if (status) return status;
  }
  return undefined;
}

/** `ErrorCode.X` of the MCP SDK → its JSON-RPC code. */
const MCP_ERROR_CODES: ReadonlyMap<string, number> = new Map([
  ['ParseError', -32700],
  ['InvalidRequest', -32600],
  ['MethodNotFound', -32601],
  ['InvalidParams', -32602],
  ['InternalError', -32603],
  ['ConnectionClosed', -32000],
  ['RequestTimeout', -32001],
]);
const JSON_RPC = new Map(
  CLASSIFIER_RULES.filter((rule) => rule.source === 'json-rpc' && !rule.weak).map((rule) => [rule.match, rule]),
);

/** The JSON-RPC code of `new McpError(ErrorCode.InvalidParams, …)` (or a numeric first argument), when strong. */
function fromMcpErrorCode(thrown: ts.NewExpression | ts.CallExpression): Inference | undefined {
  if (!ts.isIdentifier(thrown.expression) || thrown.expression.text !== 'McpError') return undefined;
  const first = thrown.arguments?.[0];
  let code: number | undefined;
  let shown = '';
  if (first && ts.isPropertyAccessExpression(first)) {
    code = MCP_ERROR_CODES.get(first.name.text);
    shown = first.name.text;
  } else if (first && ts.isPrefixUnaryExpression(first) && ts.isNumericLiteral(first.operand)) {
    code = -Number(first.operand.text);
    shown = String(code);
  }
  const rule = code === undefined ? undefined : JSON_RPC.get(code);
  return rule ? inference(rule, `McpError ${shown}`) : undefined;
}

/**
 * What a throw site's own evidence says, wherever it is (a handler, or a function the handler calls): its class
 * (`new PathDeniedError(…)`), `McpError(ErrorCode.X)`, a status argument, then its message's words.
 * `readAtRunTime` says whether the evidence is one the run-time classification reads from the error too
 * (the message's words, a JSON-RPC code), rather than a class name it cannot see.
 */
export function throwSiteInference(
  statement: ts.ThrowStatement,
): { inference: Inference; readAtRunTime: boolean } | undefined {
  const thrown = statement.expression && unwrapExpression(statement.expression);
  let message = thrown ? staticText(thrown) : undefined;
  if (thrown && (ts.isNewExpression(thrown) || ts.isCallExpression(thrown))) {
    const code = fromMcpErrorCode(thrown);
    if (code) return { inference: code, readAtRunTime: true };
    message = (thrown.arguments ?? []).map((argument) => staticText(argument)).find((text) => text !== undefined);
  }
  const byType = thrownEvidence(statement);
  if (byType) return { inference: byType, readAtRunTime: false };
  const worded = inferFromWording(message);
  return worded ? { inference: worded, readAtRunTime: true } : undefined;
}

const RATE_LIMITER = /rate.?limit|throttl/i;
const LIMIT_REACHED = /exceed|limited|throttled|blocked|reached/i;
const LIMIT_ALLOWS = /allow|permit|remaining|canProceed|\bok\b|success/i;

/**
 * A rate limiter's verdict a condition tests: `if (rateLimitResult.exceeded)`, `if (isRateLimited)`, `if
 * (!rateLimiter.allow(key))`. A limiter's switch (`if (!settings.rateLimitEnabled)`) says nothing.
 */
function rateLimitEvidence(condition: ts.Node): Inference | undefined {
  let found: Inference | undefined;
  const visit = (node: ts.Node): void => {
    if (found) return;
    const chain = ts.isIdentifier(node) || ts.isPropertyAccessExpression(node);
    const inner = ts.isPropertyAccessExpression(node.parent) && node.parent.expression === node;
    if (chain && !inner) {
      const subject = ts.isCallExpression(node.parent) && node.parent.expression === node ? node.parent : node;
      const negated =
        ts.isPrefixUnaryExpression(subject.parent) && subject.parent.operator === ts.SyntaxKind.ExclamationToken;
      const text = node.getText();
      const says = negated ? LIMIT_ALLOWS : LIMIT_REACHED;
      if (RATE_LIMITER.test(text) && says.test(text)) {
        found = { category: 'TRANSIENT', retryable: true, evidence: `rate limit: ${negated ? '!' : ''}${text}` };
        return;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(condition);
  return found;
}

/**
 * Infers from evidence around `node`: guarding status checks first, then error types and codes tested in
 * the enclosing conditions, then the thrown type, then what the classifier reads in `messages`.
 * Without evidence the result is UNKNOWN with no `evidence`: callers that can decide at run time do so.
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
  for (const condition of conditions) {
    const inferred = rateLimitEvidence(condition);
    if (inferred) return inferred;
  }
  const thrown = thrownEvidence(node);
  if (thrown) return thrown;
  for (const message of messages) {
    const inferred = inferFromWording(message);
    if (inferred) return inferred;
  }
  const guard = immediateGuard(node);
  return (guard && guardEvidence(guard)) ?? FALLBACK;
}

const MESSAGE_KEYS = new Set(['message', 'error', 'detail', 'reason']);

/**
 * The message among an error constructor's arguments: the first argument, or, when that is an object
 * (`new UserError({ errors: [{ message: '…' }] })`), the first string-valued `message` (`error`, `detail`, `reason`)
 * property in it. Undefined when the object holds none: an object is never a message itself.
 */
export function messageArgument(first: ts.Expression | undefined): ts.Expression | undefined {
  const value = first && unwrapExpression(first);
  if (!value || !(ts.isObjectLiteralExpression(value) || ts.isArrayLiteralExpression(value))) return first;
  let found: ts.Expression | undefined;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (
      ts.isPropertyAssignment(node) &&
      (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name)) &&
      MESSAGE_KEYS.has(node.name.text) &&
      (ts.isStringLiteralLike(node.initializer) || ts.isTemplateExpression(node.initializer))
    ) {
      found = node.initializer;
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(value);
  return found;
}

/** The static text of a thrown error's message: `throw new Error('…')` → '…'. */
export function thrownMessage(statement: ts.ThrowStatement): string | undefined {
  const thrown = statement.expression;
  if (!thrown) return undefined;
  if (ts.isNewExpression(thrown) || ts.isCallExpression(thrown)) {
    const message = messageArgument((thrown.arguments ?? [])[0]);
    return message ? staticText(message) : undefined;
  }
  return staticText(thrown);
}

/** The fix-title fragment describing an inference: ` (HTTP 429)`. */
export function describeInference(inference: Inference): string {
  return inference.evidence ? ` (${inference.evidence})` : ' (no evidence in scope)';
}

export { inputEvidence, toolCallbackOf } from './inputEvidence';
