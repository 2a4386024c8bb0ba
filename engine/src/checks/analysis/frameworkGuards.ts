/**
 * Tool builders of frameworks that catch every throw of a handler and answer it with an `isError` result
 * carrying structured error data (a code, a reason, recovery hints): there a throw is the framework's way
 * to fail a call, not a failure that escapes the tool.
 */
import ts from 'typescript';
import type { ToolHandler } from '../../discovery/handlers';
import { propertyNameText } from '../../parse/syntax';
import type { AnalysisContext } from '../../types';

/**
 * Package → the names of its tool builders. `@cyanheads/mcp-ts-core`: `tool(name, { handler })`; its handler
 * factory catches and normalises every error (McpError codes, `ctx.fail(reason)` from the tool's declared
 * error contract) into an `isError` result with `structuredContent.error`.
 */
const ANSWERING_BUILDERS: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['@cyanheads/mcp-ts-core', new Set(['tool'])],
]);

const BUILDERS = Symbol('answeringBuilders');

/** Local names bound to an answering framework's tool builder in this file (`import { tool as t } …`). */
function builderNames(context: AnalysisContext): ReadonlySet<string> {
  return context.nodes.memo(BUILDERS, () => {
    const names = new Set<string>();
    for (const node of context.nodes.ofKinds([ts.SyntaxKind.ImportDeclaration])) {
      if (!ts.isImportDeclaration(node) || !ts.isStringLiteral(node.moduleSpecifier)) continue;
      const builders = ANSWERING_BUILDERS.get(node.moduleSpecifier.text);
      const bindings = node.importClause?.namedBindings;
      if (!builders || !bindings || !ts.isNamedImports(bindings)) continue;
      for (const element of bindings.elements) {
        if (builders.has((element.propertyName ?? element.name).text)) names.add(element.name.text);
      }
    }
    return names;
  });
}

/** Whether the handler is the `handler` of a tool built by a framework that answers every throw. */
export function answeredByFramework(context: AnalysisContext, handler: ToolHandler): boolean {
  const names = builderNames(context);
  if (names.size === 0) return false;
  const fn = handler.fn;
  const member = ts.isMethodDeclaration(fn) ? fn : ts.isPropertyAssignment(fn.parent) ? fn.parent : undefined;
  if (!member || !member.name || propertyNameText(member.name) !== 'handler') return false;
  const config = member.parent;
  const call = ts.isObjectLiteralExpression(config) ? config.parent : undefined;
  return (
    call !== undefined &&
    ts.isCallExpression(call) &&
    ts.isIdentifier(call.expression) &&
    names.has(call.expression.text) &&
    call.arguments.includes(config as ts.ObjectLiteralExpression)
  );
}
