/**
 * Tool classes that implement the project's own tool contract instead of extending a base class:
 * `export default class ListRowsTool implements OrchardTool { name = 'list_rows'; inputSchema = {…};
 * async execute(input) { … } }`, instantiated into an array that a low-level server lists and dispatches
 * with `tools.find((t) => t.name === name)`. The interface must be the project's shared contract, imported
 * by a relative path: a package's interface (an HTTP handler, a framework's job) is not a tool contract, and
 * an interface declared beside the class makes it a local example (an unused `class LightTool implements
 * EnhancedTool` next to its own interface and registry). The rest — a tool-shaped name, an input schema and
 * an execution method — is checked by the named-tool-class rule that uses this one.
 */
import ts from 'typescript';
import type { ScanState } from './scanContext';

/** The first interface a class without a base class implements, when the project's own file exports it. */
export function implementedProjectInterface(state: ScanState, node: ts.ClassDeclaration): ts.Expression | undefined {
  const clauses = node.heritageClauses ?? [];
  if (clauses.some((h) => h.token === ts.SyntaxKind.ExtendsKeyword)) return undefined;
  const implemented = clauses.find((h) => h.token === ts.SyntaxKind.ImplementsKeyword)?.types[0]?.expression;
  if (!implemented || !ts.isIdentifier(implemented)) return undefined;
  return state.imports.get(implemented.text)?.specifier.startsWith('.') ? implemented : undefined;
}
