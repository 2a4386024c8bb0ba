/**
 * Functions that only shape an answer (handler linking, round 3): `const textResult = (text: string) =>
 * ({ content: [{ type: 'text', text }] })`. A dispatcher branch that does its work and then
 * `return textResult(…)` answers through it, but the tool's handler is the work, not the formatter: the
 * builder is taken for a branch's handler only when the branch calls no other function.
 */
import ts from 'typescript';
import { type FunctionLike, unwrapExpression, walkOwnBody } from '../parse/syntax';

/** Whether an expression is an object literal with a `content` property (an MCP tool result). */
function isResultLiteral(expression: ts.Expression): boolean {
  const inner = unwrapExpression(expression);
  return (
    ts.isObjectLiteralExpression(inner) &&
    inner.properties.some(
      (property) =>
        (ts.isPropertyAssignment(property) || ts.isShorthandPropertyAssignment(property)) &&
        ts.isIdentifier(property.name) &&
        property.name.text === 'content',
    )
  );
}

/** Whether a function only builds a tool result from its parameters: it returns result literals and awaits nothing. */
export function isResponseBuilder(fn: FunctionLike): boolean {
  const body = fn.body;
  if (!body) return false;
  if (!ts.isBlock(body)) return isResultLiteral(body as ts.Expression);
  let returns = 0;
  let other = false;
  walkOwnBody(fn, (node) => {
    if (ts.isAwaitExpression(node) || ts.isThrowStatement(node) || ts.isTryStatement(node)) other = true;
    if (ts.isReturnStatement(node)) {
      if (node.expression && isResultLiteral(node.expression)) returns++;
      else other = true;
    }
    return !other;
  });
  return returns > 0 && !other;
}
