/**
 * Callbacks handed to a guarding helper of the same file: `return runSafely(async () => { … throw … }, 'Ping
 * failed')` where `async function runSafely(operation, prefix) { try { return await operation() } catch (e) {
 * return { isError: true, … } } }`. The helper calls the callback inside a try whose catch answers every error,
 * so what the callback throws never leaves the handler (discovery/guardedParameters.ts decides which parameters
 * a helper guards, two wrappers deep).
 */
import ts from 'typescript';
import { guardedParametersOf } from '../../discovery/guardedParameters';
import { type FunctionLike, isFunctionLike, unwrapExpression } from '../../parse/syntax';

/** The same-file function a call's callee names (`runSafely(…)`), if any. */
function calledFunction(
  call: ts.CallExpression,
  functions: ReadonlyMap<string, FunctionLike>,
): FunctionLike | undefined {
  const callee = unwrapExpression(call.expression);
  return ts.isIdentifier(callee) ? functions.get(callee.text) : undefined;
}

/**
 * Whether `node` lies in an inline callback (inside `boundary`) that is passed to a same-file function which
 * calls that argument only inside a try/catch answering every error.
 */
export function inCallbackGuardedByCallee(
  node: ts.Node,
  boundary: ts.Node,
  functions: ReadonlyMap<string, FunctionLike>,
): boolean {
  for (let current = node.parent; current && current !== boundary; current = current.parent) {
    if (!isFunctionLike(current) || !(ts.isArrowFunction(current) || ts.isFunctionExpression(current))) continue;
    let argument: ts.Node = current;
    while (ts.isParenthesizedExpression(argument.parent)) argument = argument.parent;
    const call = argument.parent;
    if (!ts.isCallExpression(call)) continue;
    const index = call.arguments.indexOf(argument as ts.Expression);
    const helper = index >= 0 ? calledFunction(call, functions) : undefined;
    if (helper && helper !== current && guardedParametersOf(helper, functions).includes(index)) return true;
  }
  return false;
}
