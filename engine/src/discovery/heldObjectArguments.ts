/**
 * A first argument that holds an object, not a name: `entry.tool(subRequest, context)` where
 * `const subRequest = { method: 'tools/call', params: { name, arguments } }` — a handler kept under a property named
 * `tool` in a project's own action table, called with a request it built. The SDK's `server.tool(name, …)` is given
 * a name there; a constant holding an object literal with no `name` of its own is never one.
 */
import ts from 'typescript';
import { unwrapExpression } from '../parse/syntax';
import { scopedObjectOf } from './localObjects';

function declaresName(property: ts.ObjectLiteralElementLike): boolean {
  if (ts.isSpreadAssignment(property)) return true;
  const key = property.name;
  return key !== undefined && (ts.isIdentifier(key) || ts.isStringLiteral(key)) && key.text === 'name';
}

/** Whether an argument is a constant of the enclosing blocks (or the file) holding an object literal without `name`. */
export function holdsNamelessObject(argument: ts.Expression): boolean {
  const inner = unwrapExpression(argument);
  if (!ts.isIdentifier(inner)) return false;
  const object = scopedObjectOf(inner);
  return object !== undefined && !object.properties.some(declaresName);
}
