/**
 * A parameter's field taken apart in the function's body: `const { name, run } = config;` then
 * `server.registerTool(name, …)`. The name comes from the `name` field of the `config` parameter, as if written
 * `config.name`, so a wrapper or a registration factory called with `{ name: 'x', … }` names its tool `x`.
 */
import ts from 'typescript';
import { type FunctionLike, propertyNameText, unwrapExpression, walk } from '../parse/syntax';
import type { ArgPath } from './scanContext';

/** Where a local bound by destructuring one of `fn`'s parameters comes from: the parameter's index and field. */
export function destructuredParameterPath(
  local: ts.Identifier,
  fn: FunctionLike,
  parameterPath: (expression: ts.Expression, fn: FunctionLike) => ArgPath | undefined,
): ArgPath | undefined {
  if (!fn.body) return undefined;
  let found: ArgPath | undefined;
  walk(fn.body, (node) => {
    if (found) return false;
    if (!ts.isVariableDeclaration(node) || !ts.isObjectBindingPattern(node.name) || !node.initializer) return true;
    const source = unwrapExpression(node.initializer);
    if (!ts.isIdentifier(source)) return true;
    for (const element of node.name.elements) {
      if (element.dotDotDotToken || !ts.isIdentifier(element.name) || element.name.text !== local.text) continue;
      const whole = parameterPath(source, fn);
      if (whole && whole.property === undefined) {
        found = { index: whole.index, property: propertyNameText(element.propertyName) ?? element.name.text };
      }
    }
    return !found;
  });
  return found;
}
