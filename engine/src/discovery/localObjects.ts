/**
 * The object literal a constant of the same file holds: `const tool: Tool = { name, inputSchema }` read
 * through the shorthand `{ tool, handler }` of a registration object that refers to it, at the top level
 * of the file or in a block around the reference (a function that builds the definition and returns
 * `{ metadata, tool, handler }`).
 */
import ts from 'typescript';
import { unwrapExpression } from '../parse/syntax';

/** `const name = { … }` (through `as` / `satisfies`) among statements, if any. */
function constObjectIn(
  statements: readonly ts.Statement[],
  identifier: ts.Identifier,
): ts.ObjectLiteralExpression | null | undefined {
  for (const statement of statements) {
    if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || declaration.name.text !== identifier.text) continue;
      const init = declaration.initializer && unwrapExpression(declaration.initializer);
      return init && ts.isObjectLiteralExpression(init) ? init : null;
    }
  }
  return undefined;
}

/** `const name = { … }` (through `as` / `satisfies`) at the top level of the identifier's file, if any. */
export function moduleObjectOf(identifier: ts.Identifier): ts.ObjectLiteralExpression | undefined {
  const sourceFile = identifier.getSourceFile();
  return sourceFile ? (constObjectIn(sourceFile.statements, identifier) ?? undefined) : undefined;
}

/** `const name = { … }` in the nearest block around the identifier that declares the name, or at the top level. */
export function scopedObjectOf(identifier: ts.Identifier): ts.ObjectLiteralExpression | undefined {
  for (let node: ts.Node = identifier.parent; !ts.isSourceFile(node); node = node.parent) {
    if (!ts.isBlock(node)) continue;
    const found = constObjectIn(node.statements, identifier);
    if (found !== undefined) return found ?? undefined;
  }
  return moduleObjectOf(identifier);
}
