/**
 * Tool builders of a published MCP framework (a package layered on the SDK, which the project depends
 * on instead of the SDK): `export const pingTool = tool('svc_ping', { input: z.object({}), async handler() {…} })`,
 * the built definitions then handed to the framework's app (`createApp({ tools: [pingTool] })`). The
 * builder is imported from a package whose name says MCP (`some-mcp-core`) or from a known MCP server
 * package; its first argument names the tool and its options hold the handler. Builders of other
 * primitives (`prompt(…)`, `resource(…)`), agent frameworks' `tool(…)`, options without a handler or
 * without a description or input schema, and options that describe a route, a command or a resource
 * are not tools.
 */
import ts from 'typescript';
import { propertyNameText, unwrapExpression } from '../parse/syntax';
import { NOT_TOOL_KEYS, SCHEMA_KEYS, handlerMember, memberOf, recordMethod, valueOfMember } from './definitions';
import { recordHandler } from './handlerTargets';
import { TOOL_BUILDER, isMcpFrameworkSpecifier } from './mcpFrameworks';
import { type ImportBinding, type ScanState, nameOf, where, shownNameExpression } from './scanContext';

/** `import { tool as makeTool } from 'acme-mcp-core'` (named) or `import * as core from …` then `core.tool`. */
function builderImport(state: ScanState, callee: ts.Expression): ImportBinding | undefined {
  if (ts.isIdentifier(callee)) {
    const imported = state.imports.get(callee.text);
    return imported && imported.exportName !== '*' && TOOL_BUILDER.test(imported.exportName) ? imported : undefined;
  }
  if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression)) {
    const namespace = state.imports.get(callee.expression.text);
    return namespace?.exportName === '*' && TOOL_BUILDER.test(callee.name.text) ? namespace : undefined;
  }
  return undefined;
}

/** The options of a tool: a handler, a description or an input schema, and nothing of a route, command or resource. */
function toolOptions(argument: ts.Expression | undefined): ts.ObjectLiteralExpression | undefined {
  const object = argument && unwrapExpression(argument);
  if (!object || !ts.isObjectLiteralExpression(object)) return undefined;
  if (!handlerMember(object) || memberOf(object, NOT_TOOL_KEYS)) return undefined;
  return memberOf(object, SCHEMA_KEYS) || memberOf(object, ['description']) ? object : undefined;
}

/** Calls of a framework's tool builder with a name and the tool's options; each is a tool. */
export function scanPackageToolBuilders(state: ScanState, calls: readonly ts.CallExpression[]): void {
  for (const call of calls) {
    if (call.arguments.length !== 2) continue;
    const callee = unwrapExpression(call.expression);
    const imported = builderImport(state, callee);
    if (!imported || !isMcpFrameworkSpecifier(imported.specifier)) continue;
    const options = toolOptions(call.arguments[1]);
    if (!options || state.consumed.has(options) || state.registrations.some((r) => r.node === call)) continue;
    const nameNode = call.arguments[0];
    const resolved = nameOf(state, nameNode);
    if (resolved.name === null || resolved.name === '') continue;
    const handler = handlerMember(options);
    if (!handler) continue;
    state.consumed.add(options);
    const handlerKey = propertyNameText(handler.name) ?? 'handler';
    const evidence = [
      `tool built by ${callee.getText(state.sourceFile)}('${resolved.name}', {…}) of the MCP framework '${imported.specifier}' at ${where(state, call)}`,
    ];
    const recorded = ts.isMethodDeclaration(handler)
      ? recordMethod(state, handler, 'definition', resolved.name, evidence)
      : recordHandler(state, valueOfMember(handler), 'definition', resolved.name, evidence);
    state.registrations.push({
      name: resolved.name,
      nameExpression: shownNameExpression(nameNode, resolved),
      kind: 'definition',
      node: call,
      nameNode,
      handler: recorded.fn,
      evidence: [...evidence, `handler: its ${handlerKey} property`, ...recorded.evidence],
      listed: true,
    });
  }
}
