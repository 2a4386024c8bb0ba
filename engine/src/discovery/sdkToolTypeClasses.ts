/**
 * Tool classes that implement the MCP SDK's own `Tool` type instead of a project contract or a base class:
 * `import { Tool } from '@modelcontextprotocol/sdk/types.js'; export class ReadRowsTool implements Tool {
 * name = 'read_rows'; description = '…'; inputSchema = {…}; async run(params) { … } }`, one instance each
 * listed by a low-level server and dispatched with `case readRowsTool.name: return readRowsTool.run(args)`.
 * The SDK type says the class describes a tool the server lists; the rest — a tool-shaped name, an input
 * schema and an execution method — is checked by the named-tool-class rule that uses this one. Only the
 * SDK's `Tool` counts: its other types (`Resource`, `Prompt`) and any other package's interface do not.
 */
import ts from 'typescript';
import type { ScanState } from './scanContext';

/** `@modelcontextprotocol/sdk/types.js`, `@modelcontextprotocol/sdk/types`, the root of the SDK. */
const SDK_TYPES_MODULE = /^@modelcontextprotocol\/sdk(?:\/types(?:\.js)?)?$/;

/** The SDK's `Tool` type a class without a base class implements (`implements Tool`, renamed imports too). */
export function implementedSdkToolType(state: ScanState, node: ts.ClassDeclaration): ts.Expression | undefined {
  const clauses = node.heritageClauses ?? [];
  if (clauses.some((h) => h.token === ts.SyntaxKind.ExtendsKeyword)) return undefined;
  const implemented = clauses
    .find((h) => h.token === ts.SyntaxKind.ImplementsKeyword)
    ?.types.map((t) => t.expression)
    .find((expression): expression is ts.Identifier => {
      if (!ts.isIdentifier(expression)) return false;
      const binding = state.imports.get(expression.text);
      return !!binding && binding.exportName === 'Tool' && SDK_TYPES_MODULE.test(binding.specifier);
    });
  return implemented;
}
