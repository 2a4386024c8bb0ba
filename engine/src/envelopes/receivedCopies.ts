/**
 * Objects with `isError` that a tool does not return: what a client makes of a result it received. An
 * error record nested under an `error` key (`{ response: { error: { message, isError: true } } }`), and
 * a summary that copies a received result's flag without any content (`{ output, isError: raw.isError }`),
 * and the body of an HTTP response, which is not a tool result either.
 */
import ts from 'typescript';
import { findProperty, propertyNameText, unwrapExpression } from '../parse/syntax';

const ERROR_KEYS = new Set(['error', 'err']);

/** Whether the object is the value of an `error` key of another object. */
function nestedUnderErrorKey(object: ts.ObjectLiteralExpression): boolean {
  const parent = object.parent;
  return ts.isPropertyAssignment(parent) && ERROR_KEYS.has(propertyNameText(parent.name) ?? '');
}

/** `x.isError`, `x['isError']`, `x.isError === true`, `!!x.isError`, `Boolean(x.isError)`, `x.isError ?? false`: another object's flag. */
function copiedFlag(value: ts.Expression): boolean {
  let inner = unwrapExpression(value);
  while (ts.isPrefixUnaryExpression(inner) && inner.operator === ts.SyntaxKind.ExclamationToken)
    inner = unwrapExpression(inner.operand);
  if (ts.isCallExpression(inner) && ts.isIdentifier(inner.expression) && inner.expression.text === 'Boolean')
    inner = inner.arguments.length === 1 ? unwrapExpression(inner.arguments[0]) : inner;
  if (ts.isBinaryExpression(inner)) inner = unwrapExpression(inner.left);
  if (ts.isElementAccessExpression(inner)) {
    const key = unwrapExpression(inner.argumentExpression);
    return ts.isStringLiteralLike(key) && key.text === 'isError';
  }
  return ts.isPropertyAccessExpression(inner) && inner.name.text === 'isError';
}

/**
 * Whether the object is the body of an HTTP response (`c.json({ … }, 500)`, `res.status(500).json({ … })`,
 * `Response.json({ … })`): an error page for an HTTP route, which no MCP client reads as a tool result.
 */
export function httpResponseBody(object: ts.ObjectLiteralExpression): boolean {
  const call = object.parent;
  if (!ts.isCallExpression(call) || call.arguments[0] !== object) return false;
  const callee = unwrapExpression(call.expression);
  if (!ts.isPropertyAccessExpression(callee) || callee.name.text !== 'json') return false;
  const receiver = unwrapExpression(callee.expression);
  return !(ts.isIdentifier(receiver) && receiver.text === 'JSON');
}

/** Whether an object with `isError` is a client's copy of a received result rather than an envelope. */
export function receivedResultCopy(object: ts.ObjectLiteralExpression): boolean {
  if (nestedUnderErrorKey(object)) return true;
  const property = findProperty(object, ['isError']);
  if (!property || !ts.isPropertyAssignment(property) || findProperty(object, ['content'])) return false;
  return copiedFlag(property.initializer);
}
