/**
 * Hooks of a `tools/call` dispatcher: calls that are handed the tool name but do not run the tool —
 * logging and telemetry (`track(name)`, whose value is thrown away), post-processing of what the
 * tool produced (`result = await decorate(result, name)`, `result._meta = describe(name, result._meta)`) and
 * whatever runs in a `catch` or `finally` block, and text made only to be reported (reportedValues.ts). They are neither dispatchers to follow nor
 * handlers: only a call whose value is the answer, and which is not given a tool's result, forwards the call.
 */
import ts from 'typescript';
import { type FunctionLike, isFunctionLike, unwrapExpression, valueCarrier, walk } from '../parse/syntax';
import { onlyReported } from './reportedValues';

/** Whether a call's value is thrown away: `log(name);`, `void track(name)`, `track(name).catch(…);`. */
function discarded(call: ts.CallExpression): boolean {
  let node = valueCarrier(call, true);
  // `track(name).catch(() => {})` / `.then(…)`: the chain's value is what matters.
  while (
    ts.isPropertyAccessExpression(node.parent) &&
    /^(catch|then|finally)$/.test(node.parent.name.text) &&
    ts.isCallExpression(node.parent.parent) &&
    node.parent.parent.expression === node.parent
  ) {
    node = valueCarrier(node.parent.parent, true);
  }
  return ts.isExpressionStatement(node.parent) || (ts.isVoidExpression(node) && !ts.isReturnStatement(node.parent));
}

/** The identifier a call's value is stored in: `const r = await f()` or `r = await f()`. */
function storedIn(call: ts.CallExpression): string | undefined {
  const node = valueCarrier(call, true);
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) && parent.initializer === node && ts.isIdentifier(parent.name)) {
    return parent.name.text;
  }
  if (
    ts.isBinaryExpression(parent) &&
    parent.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
    parent.right === node &&
    ts.isIdentifier(parent.left)
  ) {
    return parent.left.text;
  }
  return undefined;
}

/** Whether a node lies inside one of a dispatcher's per-tool branches (a case, or the `then` of a name test). */
function inToolBranch(node: ts.Node, fn: FunctionLike, isNameTest: (e: ts.Expression) => boolean): boolean {
  for (let current: ts.Node = node; current !== fn && current.parent; current = current.parent) {
    const parent = current.parent;
    if (ts.isCaseClause(parent) && isNameTest(parent.parent.parent.expression)) return true;
    if (ts.isIfStatement(parent) && parent.thenStatement === current && isNameTest(parent.expression)) return true;
  }
  return false;
}

/**
 * Tells the hooks of one dispatching function from its forwarding calls. `isNameArgument` says whether an
 * argument is the tool name (or the request); `isNameTest` whether a `switch` subject or an `if` condition tests it.
 */
export function hookFinder(
  fn: FunctionLike,
  isNameArgument: (argument: ts.Expression) => boolean,
  isNameTest: (expression: ts.Expression) => boolean,
): (call: ts.CallExpression) => boolean {
  const passesName = (call: ts.CallExpression): boolean => call.arguments.some(isNameArgument);
  let results: Set<string> | undefined;
  /** Variables holding what a tool produced: set in a per-tool branch, or from a forwarding call. */
  const toolResults = (): Set<string> => {
    if (results) return results;
    results = new Set();
    const found = results;
    walk(fn, (node) => {
      if (isFunctionLike(node)) return false;
      if (ts.isCallExpression(node)) {
        const variable = storedIn(node);
        if (variable && (inToolBranch(node, fn, isNameTest) || (passesName(node) && !discarded(node)))) {
          found.add(variable);
        }
      }
      return true;
    });
    return found;
  };
  const isToolResult = (argument: ts.Expression): boolean => {
    if (isNameArgument(argument)) return false;
    let inner = unwrapExpression(argument);
    if (ts.isAwaitExpression(inner)) inner = unwrapExpression(inner.expression);
    // `result._meta`, `result!.content`: a part of what the tool produced.
    while (ts.isPropertyAccessExpression(inner) || ts.isElementAccessExpression(inner)) {
      inner = unwrapExpression(inner.expression);
    }
    if (ts.isIdentifier(inner)) return toolResults().has(inner.text);
    return ts.isCallExpression(inner) && passesName(inner);
  };
  return (call) =>
    discarded(call) || inCatchOrFinally(call, fn) || call.arguments.some(isToolResult) || onlyReported(call, discarded);
}

/**
 * Whether a call runs in a `catch` or `finally` block of the dispatcher: it answers a tool's failure
 * (`formatError(e, name)`) or runs after the answer is decided, so it runs no tool.
 */
function inCatchOrFinally(call: ts.CallExpression, fn: FunctionLike): boolean {
  for (let current: ts.Node = call; current !== fn && current.parent; current = current.parent) {
    const parent = current.parent;
    if (ts.isCatchClause(parent) || (ts.isTryStatement(parent) && parent.finallyBlock === current)) return true;
  }
  return false;
}
