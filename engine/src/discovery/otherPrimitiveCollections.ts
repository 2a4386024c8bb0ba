/**
 * Definition-shaped objects stored into a collection named for another MCP primitive: `prompts.push({ name,
 * description, arguments, handler })`, `this.resources.set(uri, { name, handler })`. A framework that gathers
 * prompts or resources builds them like tools; the collection's name tells them apart.
 */
import ts from 'typescript';
import { unwrapExpression } from '../parse/syntax';

/** Methods that store an element into a list, set or map. */
const STORING_METHODS = new Set(['push', 'unshift', 'add', 'set']);
/** A collection named for prompts or resources (and not for tools). */
const OTHER_PRIMITIVE = /(?:prompt|resource)s?(?:List|Map|Registry|Entries|Definitions)?$/i;

/** Whether `call` stores its arguments into a collection of prompts or resources. */
export function storesOtherPrimitive(call: ts.CallExpression | ts.NewExpression): boolean {
  if (!ts.isCallExpression(call)) return false;
  const callee = unwrapExpression(call.expression);
  if (!ts.isPropertyAccessExpression(callee) || !STORING_METHODS.has(callee.name.text)) return false;
  const receiver = unwrapExpression(callee.expression);
  const name = ts.isIdentifier(receiver)
    ? receiver.text
    : ts.isPropertyAccessExpression(receiver)
      ? receiver.name.text
      : undefined;
  return name !== undefined && OTHER_PRIMITIVE.test(name) && !/tool/i.test(name);
}
