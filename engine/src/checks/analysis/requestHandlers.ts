/**
 * Low-level request handlers that are not tools: `setRequestHandler(ReadResourceRequestSchema, …)`,
 * `setRequestHandler('prompts/get', …)`. Their answers are resource contents or prompts, not tool results, so
 * `isError`, `errorCategory` and `isRetryable` mean nothing there (a failed read should be a protocol error).
 */
import ts from 'typescript';
import { isCallToolSchema } from '../../discovery/dispatchers';
import { isFunctionLike, unwrapExpression } from '../../parse/syntax';

/** A request schema or method that is recognisably not `tools/call`: `ReadResourceRequestSchema`, `'resources/read'`. */
function isOtherRequestSchema(node: ts.Expression): boolean {
  if (isCallToolSchema(node)) return false;
  const inner = unwrapExpression(node);
  if (ts.isStringLiteralLike(inner)) return /^[a-z]+(\/[a-zA-Z_]+)+$/.test(inner.text);
  const name = ts.isIdentifier(inner) ? inner.text : ts.isPropertyAccessExpression(inner) ? inner.name.text : '';
  return /RequestSchema$/.test(name);
}

/** Whether `node` lies inside the handler of a `setRequestHandler` call for a request that is not `tools/call`. */
export function isInNonToolRequestHandler(node: ts.Node): boolean {
  for (let current = node.parent; current; current = current.parent) {
    if (!isFunctionLike(current)) continue;
    const call = current.parent;
    if (
      ts.isCallExpression(call) &&
      ts.isPropertyAccessExpression(call.expression) &&
      call.expression.name.text === 'setRequestHandler' &&
      call.arguments.length >= 2 &&
      unwrapExpression(call.arguments[1]) === current
    ) {
      return isOtherRequestSchema(call.arguments[0]);
    }
  }
  return false;
}
