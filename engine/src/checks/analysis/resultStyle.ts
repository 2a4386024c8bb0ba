/**
 * Result-style calls: clients that report failure in what they return instead of rejecting
 * (`const { data, error } = await supabase.from(…)`, `const res = await api.send(…); if (!res.ok)`).
 * When the handler checks that error, the await is not a failure that escapes.
 */
import ts from 'typescript';
import { type FunctionLike, unwrapExpression, walkOwnBody, isNullOrUndefined } from '../../parse/syntax';

const ERROR_NAMES = new Set(['error', 'err', 'errors']);
/** Members of a result object that tell failure from success. */
const OUTCOME_MEMBERS = new Set(['error', 'err', 'errors', 'ok', 'success', 'isError']);

/** The variable declaration an awaited value is bound by, through parentheses and `as`. */
function bindingOf(node: ts.AwaitExpression | ts.CallExpression): ts.VariableDeclaration | undefined {
  let current: ts.Node = node;
  while (
    ts.isParenthesizedExpression(current.parent) ||
    ts.isAsExpression(current.parent) ||
    ts.isNonNullExpression(current.parent)
  ) {
    current = current.parent;
  }
  const parent = current.parent;
  return ts.isVariableDeclaration(parent) && parent.initializer === current ? parent : undefined;
}

/** `fetch(…)` rejects on network failures even though its Response has `ok`. */
function isGlobalFetch(node: ts.AwaitExpression | ts.CallExpression): boolean {
  const operand = ts.isAwaitExpression(node) ? unwrapExpression(node.expression) : node;
  return ts.isCallExpression(operand) && ts.isIdentifier(operand.expression) && operand.expression.text === 'fetch';
}

/** `Promise.all([…])`, `Promise.race(…)`: the operand of an await that settles a tuple of other promises. */
function isPromiseCombinator(node: ts.AwaitExpression | ts.CallExpression): boolean {
  const operand = unwrapExpression(ts.isAwaitExpression(node) ? node.expression : node);
  if (!ts.isCallExpression(operand)) return false;
  const callee = unwrapExpression(operand.expression);
  return (
    ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && callee.expression.text === 'Promise'
  );
}

const LOGICAL = new Set([
  ts.SyntaxKind.AmpersandAmpersandToken,
  ts.SyntaxKind.BarBarToken,
  ts.SyntaxKind.QuestionQuestionToken,
]);

/** Parts of a condition that test a value: `!x`, `(x)`, `x !== null`, `x.code`. */
function testsValue(node: ts.Node, child: ts.Node): boolean {
  if (ts.isPrefixUnaryExpression(node) || ts.isParenthesizedExpression(node)) return true;
  if (ts.isPropertyAccessExpression(node)) return node.expression === child;
  return ts.isBinaryExpression(node);
}

/** Whether `node` is tested: in an `if` or `?:` condition, or on the left of `&&`, `||`, `??`. */
function inCondition(node: ts.Node): boolean {
  let child: ts.Node = node;
  for (let current = node.parent; current; current = current.parent) {
    if (ts.isIfStatement(current)) return current.expression === child;
    if (ts.isConditionalExpression(current)) return current.condition === child;
    if (ts.isBinaryExpression(current) && LOGICAL.has(current.operatorToken.kind) && current.left === child) {
      return true;
    }
    if (!testsValue(current, child)) return false;
    child = current;
  }
  return false;
}

/** `!v`, `v === undefined`, `v == null` in an `if` condition: a lookup's miss is tested. */
function testsAbsence(use: ts.Identifier): boolean {
  const parent = use.parent;
  const negated = ts.isPrefixUnaryExpression(parent) && parent.operator === ts.SyntaxKind.ExclamationToken;
  const compared =
    ts.isBinaryExpression(parent) &&
    [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken].includes(parent.operatorToken.kind) &&
    [parent.left, parent.right].some(isNullOrUndefined);
  return (negated || compared) && ts.isIfStatement(parent.parent) && parent.parent.expression === parent;
}

/**
 * The name of the outcome the handler checks after this await or call (`error`, `res.ok`,
 * `result.isError`), when the value is bound to `{ error }` or to a variable whose `error`/`ok`/`success` is tested afterwards.
 */
export function checkedOutcome(
  node: ts.AwaitExpression | ts.CallExpression,
  fn: FunctionLike,
  absenceIsOutcome = false,
): string | undefined {
  const declaration = bindingOf(node);
  if (!declaration) return undefined;
  const errorVariables = new Set<string>();
  let resultVariable: string | undefined;
  if (ts.isObjectBindingPattern(declaration.name)) {
    for (const element of declaration.name.elements) {
      const key = element.propertyName ?? element.name;
      if (ts.isIdentifier(key) && ERROR_NAMES.has(key.text) && ts.isIdentifier(element.name)) {
        errorVariables.add(element.name.text);
      }
    }
  } else if (ts.isIdentifier(declaration.name)) {
    resultVariable = declaration.name.text;
  } else if (ts.isArrayBindingPattern(declaration.name) && ts.isAwaitExpression(node) && !isPromiseCombinator(node)) {
    // `const [result, call] = await sdkCall(…).$inspect()`, `const [err, data] = await to(p)`: an awaited tuple
    // whose error or result element is tested (Promise.all's tuple holds plain values, which say nothing; a
    // synchronous tuple such as React's `const [error, setError] = useState()` is state, not an outcome).
    const [first] = declaration.name.elements;
    for (const element of declaration.name.elements) {
      if (!ts.isBindingElement(element) || !ts.isIdentifier(element.name)) continue;
      if (ERROR_NAMES.has(element.name.text)) errorVariables.add(element.name.text);
      else if (element === first) resultVariable = element.name.text;
    }
  }
  if (errorVariables.size === 0 && !resultVariable) return undefined;
  const okAllowed = !isGlobalFetch(node);
  let found: string | undefined;
  walkOwnBody(fn, (child) => {
    if (found) return false;
    if (child.pos < node.end) return child.end > node.end ? undefined : false;
    if (ts.isIdentifier(child) && errorVariables.has(child.text) && inCondition(child)) {
      found = child.text;
    } else if (absenceIsOutcome && ts.isIdentifier(child) && child.text === resultVariable && testsAbsence(child)) {
      found = `!${resultVariable}`;
    } else if (
      resultVariable &&
      ts.isPropertyAccessExpression(child) &&
      ts.isIdentifier(child.expression) &&
      child.expression.text === resultVariable &&
      OUTCOME_MEMBERS.has(child.name.text) &&
      (okAllowed || child.name.text !== 'ok') &&
      inCondition(child)
    ) {
      found = `${resultVariable}.${child.name.text}`;
    }
    return undefined;
  });
  return found;
}
