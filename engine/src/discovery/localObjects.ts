/**
 * The value a constant of the same file holds, at the top level of the file or in a block around the reference:
 * the object literal of `const tool: Tool = { name, inputSchema }` read through the shorthand `{ tool, handler }` of
 * a registration object that refers to it (also in a function that builds the definition and returns
 * `{ metadata, tool, handler }`), the array a loop runs over, the call whose result a registration reads.
 */
import ts from 'typescript';
import { unwrapExpression } from '../parse/syntax';

/**
 * The value (through `as`, `satisfies`, parentheses) of the first `const name = …` among statements: null when that
 * declaration has no value, undefined when the statements declare no such constant.
 */
function constValueIn(statements: readonly ts.Statement[], name: string): ts.Expression | null | undefined {
  for (const statement of statements) {
    if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || declaration.name.text !== name) continue;
      return declaration.initializer ? unwrapExpression(declaration.initializer) : null;
    }
  }
  return undefined;
}

/** The value of `const name = …` at the top level of `use`'s file, if any. */
export function moduleConstValue(use: ts.Node, name: string): ts.Expression | undefined {
  const sourceFile = use.getSourceFile();
  return sourceFile ? (constValueIn(sourceFile.statements, name) ?? undefined) : undefined;
}

/**
 * The value of `const name = …` in the nearest block around `use` that declares the name, else (with `topLevel`) at
 * the top level of the file.
 */
export function scopedConstValue(use: ts.Node, name: string, topLevel = true): ts.Expression | undefined {
  for (let node: ts.Node = use.parent; !ts.isSourceFile(node); node = node.parent) {
    if (!ts.isBlock(node)) continue;
    const found = constValueIn(node.statements, name);
    if (found !== undefined) return found ?? undefined;
  }
  return topLevel ? moduleConstValue(use, name) : undefined;
}

const asObject = (value: ts.Expression | undefined): ts.ObjectLiteralExpression | undefined =>
  value && ts.isObjectLiteralExpression(value) ? value : undefined;

/** `const name = { … }` (through `as` / `satisfies`) at the top level of the identifier's file, if any. */
export function moduleObjectOf(identifier: ts.Identifier): ts.ObjectLiteralExpression | undefined {
  return asObject(moduleConstValue(identifier, identifier.text));
}

/** `const name = { … }` in the nearest block around the identifier that declares the name, or at the top level. */
export function scopedObjectOf(identifier: ts.Identifier): ts.ObjectLiteralExpression | undefined {
  return asObject(scopedConstValue(identifier, identifier.text));
}
