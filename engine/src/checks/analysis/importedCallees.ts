/**
 * Calls into functions of other workspace files: `import { load } from './store'` binds `load` to the
 * function `store.ts` exports, which the project index has parsed; `import * as store from './store'`
 * binds `store.load` to the same function.
 */
import ts from 'typescript';
import type { ForeignFunction } from '../../types';

/** What a local name is bound to: one export of a module, or the whole module (`import * as ns`). */
type Binding = { specifier: string; exportName: string } | { specifier: string; namespace: true };

/** Local names bound by relative imports, with the module and the name they export. */
function relativeImports(sourceFile: ts.SourceFile): Map<string, Binding> {
  const bindings = new Map<string, Binding>();
  for (const statement of sourceFile.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const specifier = statement.moduleSpecifier.text;
    const clause = statement.importClause;
    if (!specifier.startsWith('.') || !clause || clause.isTypeOnly) continue;
    if (clause.name) bindings.set(clause.name.text, { specifier, exportName: 'default' });
    if (clause.namedBindings && ts.isNamespaceImport(clause.namedBindings)) {
      bindings.set(clause.namedBindings.name.text, { specifier, namespace: true });
    } else if (clause.namedBindings && ts.isNamedImports(clause.namedBindings)) {
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

/**
 * Looks up the workspace function an imported name of `sourceFile` calls (`name`, or `member` of the
 * namespace `name`), or undefined when the project cannot tell.
 */
export function importedCallees(
  sourceFile: ts.SourceFile,
  lookup: ProjectLookup,
): (name: string, member?: string) => ForeignFunction | undefined {
  let bindings: Map<string, Binding> | undefined;
  const found = new Map<string, ForeignFunction | undefined>();
  return (name, member) => {
    const key = member === undefined ? name : `${name}.${member}`;
    if (found.has(key)) return found.get(key);
    bindings ??= relativeImports(sourceFile);
    const binding = bindings.get(name);
    let exportName: string | undefined;
    if (binding && 'namespace' in binding) exportName = member;
    else if (binding && member === undefined) exportName = binding.exportName;
    let fn = binding && exportName ? lookup(binding.specifier, exportName, sourceFile.fileName) : undefined;
    // `import check from './check'`: the project resolves names, not `default`; a default-exported
    // function usually bears the name it is imported under (`export default function check`).
    if (!fn && binding && exportName === 'default') fn = lookup(binding.specifier, name, sourceFile.fileName);
    found.set(key, fn);
    return fn;
  };
}
