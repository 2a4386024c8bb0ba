/**
 * The object literal a constant of the same file holds: `const tool: Tool = { name, inputSchema }`
 * read through the shorthand `{ tool, handler }` of a registration object that refers to it — at the
 * top level of the file, or (scopedObjectOf) in a block around the reference, as in a factory that
 * builds the definition and returns `{ tool, handler }`.
 */
import ts from 'typescript';
import { unwrapExpression } from '../parse/syntax';

/** `const name = { … }` (through `as` / `satisfies`) at the top level of the identifier's file, if any. */
export function moduleObjectOf(identifier: ts.Identifier): ts.ObjectLiteralExpression | undefined {
  const sourceFile = identifier.getSourceFile();
  if (!sourceFile) return undefined;
  for (const statement of sourceFile.statements) {
    if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || declaration.name.text !== identifier.text) continue;
      const init = declaration.initializer && unwrapExpression(declaration.initializer);
      return init && ts.isObjectLiteralExpression(init) ? init : undefined;
    }
  }
  return undefined;
}

/** The const object literal named by `identifier` in the nearest block around it, else at the top level. */
export function scopedObjectOf(identifier: ts.Identifier): ts.ObjectLiteralExpression | undefined {
  for (let node: ts.Node | undefined = identifier.parent; node && !ts.isSourceFile(node); node = node.parent) {
    if (!ts.isBlock(node)) continue;
    for (const statement of node.statements) {
      if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
      for (const declaration of statement.declarationList.declarations) {
        if (!ts.isIdentifier(declaration.name) || declaration.name.text !== identifier.text) continue;
        const init = declaration.initializer && unwrapExpression(declaration.initializer);
        return init && ts.isObjectLiteralExpression(init) ? init : undefined;
      }
    }
  }
  return moduleObjectOf(identifier);
}
