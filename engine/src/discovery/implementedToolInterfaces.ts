/**
 * Tool classes that implement the project's own tool contract instead of extending a base class:
 * `export default class ListRowsTool implements OrchardTool { name = 'list_rows'; inputSchema = {…};
 * async execute(input) { … } }`, instantiated into an array that a low-level server lists and dispatches
 * with `tools.find((t) => t.name === name)`. The interface must be the project's (declared in the file or
 * imported by a relative path): a package's interface (an HTTP handler, a framework's job) is not a tool
 * contract. The rest — a tool-shaped name, an input schema and an execution method — is checked by the
 * named-tool-class rule that uses this one.
 */
import ts from 'typescript';
import type { ScanState } from './scanContext';

/** The first interface a class without a base class implements, when it is the project's own. */
export function implementedProjectInterface(state: ScanState, node: ts.ClassDeclaration): ts.Expression | undefined {
  const clauses = node.heritageClauses ?? [];
  if (clauses.some((h) => h.token === ts.SyntaxKind.ExtendsKeyword)) return undefined;
  const implemented = clauses.find((h) => h.token === ts.SyntaxKind.ImplementsKeyword)?.types[0]?.expression;
  if (!implemented || !ts.isIdentifier(implemented)) return undefined;
  const binding = state.imports.get(implemented.text);
  if (binding) return binding.specifier.startsWith('.') ? implemented : undefined;
  const declaredHere = state.sourceFile.statements.some(
    (s) => (ts.isInterfaceDeclaration(s) || ts.isTypeAliasDeclaration(s)) && s.name.text === implemented.text,
  );
  return declaredHere ? implemented : undefined;
}
