/** What a module exports by itself (declarations) and what it re-exports from other modules. */
import ts from 'typescript';
import { declaredValueNames, isExportedStatement } from '../parse/syntax';
import { listedDeclarationExports } from './localExportLists';

/** Names the file's own statements export (`export const`, `export function`, `export default`…). */
export function declaredExports(sourceFile: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  for (const statement of sourceFile.statements) {
    if (ts.isExportAssignment(statement)) names.add('default');
    if (isExportedStatement(statement)) for (const name of declaredValueNames(statement)) names.add(name);
  }
  for (const name of listedDeclarationExports(sourceFile)) names.add(name);
  return names;
}

export interface Reexport {
  exportName: string;
  specifier: string;
  importedName: string;
}

export function reexportsOf(sourceFile: ts.SourceFile): Reexport[] {
  const result: Reexport[] = [];
  for (const statement of sourceFile.statements) {
    if (
      !ts.isExportDeclaration(statement) ||
      !statement.moduleSpecifier ||
      !ts.isStringLiteral(statement.moduleSpecifier)
    ) {
      continue;
    }
    const specifier = statement.moduleSpecifier.text;
    const clause = statement.exportClause;
    if (!clause) result.push({ exportName: '*', specifier, importedName: '*' });
    else if (ts.isNamedExports(clause)) {
      for (const element of clause.elements) {
        result.push({
          exportName: element.name.text,
          specifier,
          importedName: (element.propertyName ?? element.name).text,
        });
      }
    }
  }
  return result;
}
