/**
 * Tool builders of frameworks that catch every throw of a handler and answer it with an `isError` result
 * carrying structured error data (a code, a reason, recovery hints): there a throw is the framework's way
 * to fail a call, not a failure that escapes the tool. Also the definition decorators of vendor SDKs that
 * return the definition with its handler run inside such a try (`export default withStandardDecorators(tool)`).
 */
import ts from 'typescript';
import type { ToolHandler } from '../../discovery/handlers';
import { propertyNameText, typedExpressionOf } from '../../parse/syntax';
import type { AnalysisContext } from '../../types';

/**
 * Package → the names of its tool builders. `@cyanheads/mcp-ts-core`: `tool(name, { handler })`; its handler
 * factory catches and normalises every error (McpError codes, `ctx.fail(reason)` from the tool's declared
 * error contract) into an `isError` result with `structuredContent.error`.
 */
const ANSWERING_BUILDERS: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['@cyanheads/mcp-ts-core', new Set(['tool'])],
]);

/**
 * Package → the names of its definition decorators that answer every throw. `@umbraco-cms/mcp-server-sdk` (and
 * its earlier name `@umbraco-cms/mcp-toolkit`): `withErrorHandling(tool)` returns the definition with its handler
 * awaited inside a try whose catch returns `createToolResultError(…)` (an `isError` result with the problem
 * details) for every error; `withStandardDecorators(tool)` applies it outermost.
 */
const ANSWERING_DECORATORS: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['@umbraco-cms/mcp-server-sdk', new Set(['withErrorHandling', 'withStandardDecorators'])],
  ['@umbraco-cms/mcp-toolkit', new Set(['withErrorHandling', 'withStandardDecorators'])],
]);

const BUILDERS = Symbol('answeringBuilders');
const DECORATORS = Symbol('answeringDecorators');

/** Local names bound in this file to a name that `table` lists for the imported package. */
function importedNames(
  context: AnalysisContext,
  key: symbol,
  table: ReadonlyMap<string, ReadonlySet<string>>,
): ReadonlySet<string> {
  return context.nodes.memo(key, () => {
    const names = new Set<string>();
    for (const node of context.nodes.ofKinds([ts.SyntaxKind.ImportDeclaration])) {
      if (!ts.isImportDeclaration(node) || !ts.isStringLiteral(node.moduleSpecifier)) continue;
      const builders = table.get(node.moduleSpecifier.text);
      const bindings = node.importClause?.namedBindings;
      if (!builders || !bindings || !ts.isNamedImports(bindings)) continue;
      for (const element of bindings.elements) {
        if (builders.has((element.propertyName ?? element.name).text)) names.add(element.name.text);
      }
    }
    return names;
  });
}

/** The object literal whose `handler` member the handler is (`handler: async () => …`, `handler() { … }`). */
function definitionOf(fn: ToolHandler['fn']): ts.ObjectLiteralExpression | undefined {
  if (ts.isMethodDeclaration(fn)) {
    return propertyNameText(fn.name) === 'handler' && ts.isObjectLiteralExpression(fn.parent) ? fn.parent : undefined;
  }
  if (ts.isFunctionDeclaration(fn)) return undefined;
  const member = typedExpressionOf(fn).parent;
  if (!ts.isPropertyAssignment(member) || propertyNameText(member.name) !== 'handler') return undefined;
  return ts.isObjectLiteralExpression(member.parent) ? member.parent : undefined;
}

/** Whether `value` is an argument of a call of one of `names`, directly or inside other calls' arguments. */
function decoratedBy(value: ts.Expression, names: ReadonlySet<string>): boolean {
  let argument = typedExpressionOf(value);
  for (let depth = 0; depth < 3; depth++) {
    const call = argument.parent;
    if (!ts.isCallExpression(call) || !call.arguments.includes(argument)) return false;
    if (ts.isIdentifier(call.expression) && names.has(call.expression.text)) return true;
    argument = typedExpressionOf(call);
  }
  return false;
}

/**
 * Whether the definition object is handed to an answering decorator: inline (`withErrorHandling({ … })`), or as the
 * same-file `const` it initialises when every other mention of that name is such an argument.
 */
function definitionDecorated(context: AnalysisContext, definition: ts.ObjectLiteralExpression): boolean {
  const names = importedNames(context, DECORATORS, ANSWERING_DECORATORS);
  if (names.size === 0) return false;
  if (decoratedBy(definition, names)) return true;
  const declaration = typedExpressionOf(definition).parent;
  if (!ts.isVariableDeclaration(declaration) || !ts.isIdentifier(declaration.name)) return false;
  const name = declaration.name.text;
  let uses = 0;
  let other = false;
  // Only in files that import such a decorator: every mention of the name, declarations and member names left out.
  const visit = (node: ts.Node): void => {
    if (other) return;
    if (ts.isIdentifier(node) && node.text === name && node !== declaration.name) {
      const parent = node.parent;
      const member =
        (ts.isPropertyAccessExpression(parent) && parent.name === node) ||
        (ts.isPropertyAssignment(parent) && parent.name === node);
      if (!member) {
        if (decoratedBy(node, names)) uses++;
        else other = true;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(context.sourceFile);
  if (other) return false;
  return uses > 0;
}

/**
 * Whether the handler is the `handler` of a tool built by a framework that answers every throw, or of a definition
 * handed to a vendor SDK's decorator that does.
 */
export function answeredByFramework(context: AnalysisContext, handler: ToolHandler): boolean {
  const definition = definitionOf(handler.fn);
  if (!definition) return false;
  if (definitionDecorated(context, definition)) return true;
  const names = importedNames(context, BUILDERS, ANSWERING_BUILDERS);
  if (names.size === 0) return false;
  const call = definition.parent;
  return (
    ts.isCallExpression(call) &&
    ts.isIdentifier(call.expression) &&
    names.has(call.expression.text) &&
    call.arguments.includes(definition)
  );
}
