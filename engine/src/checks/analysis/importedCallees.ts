/**
 * Calls into functions of other workspace files: `import { load } from './store'` binds `load` to the
 * function `store.ts` exports, which the project index has parsed.
 */
import ts from 'typescript';
import type { ForeignFunction } from '../../types';

/** Local names bound by relative imports, with the module and the name they export. */
function relativeImports(sourceFile: ts.SourceFile): Map<string, { specifier: string; exportName: string }> {
  const bindings = new Map<string, { specifier: string; exportName: string }>();
  for (const statement of sourceFile.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const specifier = statement.moduleSpecifier.text;
    const clause = statement.importClause;
    if (!specifier.startsWith('.') || !clause || clause.isTypeOnly) continue;
    if (clause.name) bindings.set(clause.name.text, { specifier, exportName: 'default' });
    if (clause.namedBindings && ts.isNamedImports(clause.namedBindings)) {
      for (const element of clause.namedBindings.elements) {
        if (element.isTypeOnly) continue;
        bindings.set(element.name.text, { specifier, exportName: (element.propertyName ?? element.name).text });
      }
    }
  }
  return bindings;
}

/** How a file's imported names are looked up in the project (the file they are imported from is given). */
export type ProjectLookup = (specifier: string, exportName: string, fromFile: string) => ForeignFunction | undefined;

/** Looks up the workspace function an imported name of `sourceFile` calls, or undefined when the project cannot tell. */
export function importedCallees(
  sourceFile: ts.SourceFile,
  lookup: ProjectLookup,
): (name: string) => ForeignFunction | undefined {
  let bindings: Map<string, { specifier: string; exportName: string }> | undefined;
  const found = new Map<string, ForeignFunction | undefined>();
  return (name) => {
    if (found.has(name)) return found.get(name);
    bindings ??= relativeImports(sourceFile);
    const binding = bindings.get(name);
    const fn = binding ? lookup(binding.specifier, binding.exportName, sourceFile.fileName) : undefined;
    found.set(name, fn);
    return fn;
  };
}
