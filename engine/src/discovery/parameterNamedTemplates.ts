/**
 * Definition templates: a helper that builds a tool description from its parameters,
 * `describeTool(shape, name, description) => ({ name, description, inputSchema })`, listed through its calls
 * (`[describeTool(BedShape, 'list_beds', '…')]`). The object it returns names no tool of its own — each call
 * does, with the argument it passes — so a tools/list walk that reaches the returned object through the
 * helper does not list it: the names are the callers' (found where their handlers are), not a nameless tool here.
 */
import ts from 'typescript';
import { isFunctionLike, unwrapExpression } from '../parse/syntax';

/** Whether a definition's name is a parameter of the function that returns the definition. */
export function isNamedByParameter(object: ts.ObjectLiteralExpression, nameExpression: ts.Expression): boolean {
  const name = unwrapExpression(nameExpression);
  if (!ts.isIdentifier(name)) return false;
  let node: ts.Node = object;
  while (node.parent && !isFunctionLike(node.parent)) {
    const parent: ts.Node = node.parent;
    // Only the object the function hands back: `return { … }`, `=> ({ … })`, through `as` and parentheses.
    if (!(
      ts.isReturnStatement(parent) ||
      ts.isParenthesizedExpression(parent) ||
      ts.isAsExpression(parent) ||
      ts.isSatisfiesExpression(parent) ||
      ts.isBlock(parent)
    ))
      return false;
    node = parent;
  }
  const fn = node.parent;
  if (!fn || !isFunctionLike(fn)) return false;
  return fn.parameters.some((parameter) => ts.isIdentifier(parameter.name) && parameter.name.text === name.text);
}
