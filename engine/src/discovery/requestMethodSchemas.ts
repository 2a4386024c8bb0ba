/**
 * A request schema written by hand instead of the SDK's: `setRequestHandler(z.object({ method:
 * z.literal('tools/call'), params: … }), handler)` (plain-JavaScript servers that skip the SDK's types).
 * The literal method is what the SDK routes on, so the schema stands for that request.
 */
import ts from 'typescript';
import { propertyNameText, unwrapExpression } from '../parse/syntax';

/** `<lib>.literal('x')` or `literal('x')`: the string it pins, if any. */
function literalValue(node: ts.Expression): string | undefined {
  const inner = unwrapExpression(node);
  if (!ts.isCallExpression(inner) || inner.arguments.length !== 1) return undefined;
  const callee = unwrapExpression(inner.expression);
  const name = ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : '';
  const argument = inner.arguments[0] && unwrapExpression(inner.arguments[0]);
  return name === 'literal' && argument && ts.isStringLiteralLike(argument) ? argument.text : undefined;
}

/** `z.object({ method: z.literal(method), … })` (also `.strict()`, `.passthrough()` around it). */
export function isHandWrittenRequestSchema(node: ts.Expression, method: string): boolean {
  let inner = unwrapExpression(node);
  while (
    ts.isCallExpression(inner) &&
    ts.isPropertyAccessExpression(inner.expression) &&
    inner.expression.name.text !== 'object' &&
    inner.arguments.length === 0
  ) {
    inner = unwrapExpression(inner.expression.expression);
  }
  if (!ts.isCallExpression(inner)) return false;
  const callee = unwrapExpression(inner.expression);
  const name = ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : '';
  const shape = inner.arguments[0] && unwrapExpression(inner.arguments[0]);
  if (name !== 'object' || !shape || !ts.isObjectLiteralExpression(shape)) return false;
  return shape.properties.some(
    (property) =>
      ts.isPropertyAssignment(property) &&
      propertyNameText(property.name) === 'method' &&
      literalValue(property.initializer) === method,
  );
}
