/**
 * Variables a dispatcher renames the tool name into before it switches: `const operation = name as Op`,
 * `const tool = request.params.name`, `const { name: op } = request.params`, or a rename of a rename.
 * The dispatcher's `switch (operation)` then tests the tool name as `switch (name)` would.
 */
import ts from 'typescript';
import { type FunctionLike, isFunctionLike, unwrapExpression, walk } from '../parse/syntax';

/** `request.params`, `req.params`, `params`: where the tool name and arguments arrive. */
function isParams(expression: ts.Expression): boolean {
  const inner = unwrapExpression(expression);
  if (ts.isIdentifier(inner)) return inner.text === 'params';
  return ts.isPropertyAccessExpression(inner) && inner.name.text === 'params';
}

/**
 * The identifiers of `fn`'s own body (nested functions aside) declared as a copy of the tool name, as
 * `isNameish` tells it: `const op = name as Op`, `let tool = toolName`, `const { name: op } = req.params`.
 */
export function nameAliases(fn: FunctionLike, isNameish: (expression: ts.Expression) => boolean): Set<string> {
  const aliases = new Set<string>();
  if (!fn.body) return aliases;
  const isName = (expression: ts.Expression): boolean => {
    const inner = unwrapExpression(expression);
    return isNameish(inner) || (ts.isIdentifier(inner) && aliases.has(inner.text));
  };
  const declarations: ts.VariableDeclaration[] = [];
  walk(fn.body, (node) => {
    if (isFunctionLike(node)) return false;
    if (ts.isVariableDeclaration(node) && node.initializer) declarations.push(node);
    return true;
  });
  // Declarations in source order: a rename of a rename is seen after the first one.
  for (const declaration of declarations) {
    const initializer = declaration.initializer;
    if (!initializer) continue;
    if (ts.isIdentifier(declaration.name)) {
      if (isName(initializer)) aliases.add(declaration.name.text);
    } else if (ts.isObjectBindingPattern(declaration.name) && isParams(initializer)) {
      for (const element of declaration.name.elements) {
        const property = element.propertyName;
        if (property && ts.isIdentifier(property) && property.text === 'name' && ts.isIdentifier(element.name)) {
          aliases.add(element.name.text);
        }
      }
    }
  }
  return aliases;
}
