/**
 * A registrar's own copy of the definition it is given:
 * `register({ name, handler, schema }: Input) { const entry = { name, handler, schema }; this.registry[name] = entry; }`.
 * Both the name and the handler of the object are the enclosing function's parameters, so the object is
 * the shape every caller fills in, not a tool; the callers' definitions are the tools. Objects a function
 * returns are left to templateFactories.ts, objects passed to a call to the rules for calls.
 */
import ts from 'typescript';
import { unwrapExpression } from '../parse/syntax';
import { boundNames } from './forwardedTemplates';
import { enclosingFunctionOf } from './scanContext';

/** `name`, `input.name`, `options.tool.handler`: the identifier a value is read from. */
function rootIdentifier(value: ts.Expression): string | undefined {
  let root = unwrapExpression(value);
  while (ts.isPropertyAccessExpression(root) || ts.isElementAccessExpression(root))
    root = unwrapExpression(root.expression);
  return ts.isIdentifier(root) ? root.text : undefined;
}

/** Whether `object`, kept in a variable, copies its name and handler from the enclosing function's parameters. */
export function isParameterCopy(
  object: ts.ObjectLiteralExpression,
  nameValue: ts.Expression | undefined,
  handlerValue: ts.Expression | undefined,
): boolean {
  if (!nameValue || !handlerValue) return false;
  const holder = object.parent && ts.isParenthesizedExpression(object.parent) ? object.parent.parent : object.parent;
  if (!holder || !ts.isVariableDeclaration(holder) || holder.initializer === undefined) return false;
  const fn = enclosingFunctionOf(object);
  if (!fn) return false;
  const parameters = boundNames(fn.parameters);
  const name = rootIdentifier(nameValue);
  const handler = rootIdentifier(handlerValue);
  return name !== undefined && handler !== undefined && parameters.has(name) && parameters.has(handler);
}
