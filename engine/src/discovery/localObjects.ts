/**
 * The object literal a module-level constant of the same file holds: `const tool: Tool = { name, inputSchema }`
 * read through the shorthand `{ tool, handler }` of a registration object that refers to it.
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
