/**
 * Export lists of a module's own declarations: `export { callTool, listTools as ListTools };` (no `from`). The
 * declarations themselves carry no `export` keyword, so a file that imports `callTool` reaches the function only
 * through this list. Type-only lists (`export type { … }`, `export { type X }`) export no value.
 */
import ts from 'typescript';
import { type FunctionLike, declaredValueNames, unwrapExpression } from '../parse/syntax';

/** Export name → local name, for every `export { local as exported }` without a module specifier. */
export function localExportList(sourceFile: ts.SourceFile): Map<string, string> {
  const result = new Map<string, string>();
  for (const statement of sourceFile.statements) {
    if (!ts.isExportDeclaration(statement) || statement.moduleSpecifier || statement.isTypeOnly) continue;
    const clause = statement.exportClause;
    if (!clause || !ts.isNamedExports(clause)) continue;
    for (const element of clause.elements) {
      if (element.isTypeOnly) continue;
      result.set(element.name.text, (element.propertyName ?? element.name).text);
    }
  }
  return result;
}

/** The export names of the list whose local is declared in the file itself (not an imported binding). */
export function listedDeclarationExports(sourceFile: ts.SourceFile): string[] {
  const list = localExportList(sourceFile);
  if (list.size === 0) return [];
  const declared = new Set(sourceFile.statements.flatMap(declaredValueNames));
  return [...list].filter(([, local]) => declared.has(local)).map(([exported]) => exported);
}

/**
 * The functions the list exports, by export name: a `function local() { … }` with a body, or a top-level
 * `const local = (…) => …` / `function (…) { … }`.
 */
export function listedFunctionExports(sourceFile: ts.SourceFile): Map<string, FunctionLike> {
  const result = new Map<string, FunctionLike>();
  const list = localExportList(sourceFile);
  if (list.size === 0) return result;
  const functions = new Map<string, FunctionLike>();
  for (const statement of sourceFile.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name && statement.body) {
      functions.set(statement.name.text, statement);
    } else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const init = declaration.initializer && unwrapExpression(declaration.initializer);
        if (ts.isIdentifier(declaration.name) && init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init))) {
          functions.set(declaration.name.text, init);
        }
      }
    }
  }
  for (const [exported, local] of list) {
    const fn = functions.get(local);
    if (fn) result.set(exported, fn);
  }
  return result;
}
