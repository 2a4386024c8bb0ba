/**
 * Project tool factories that take the tool's options and its handler as separate arguments:
 * `tool('billing', { name: 'refund', description, inputSchema }, async (input) => …)`, returning a
 * definition (`{ mcp: { … }, fn }`) that a server serves later. The options object names the tool and
 * the function after it is the handler. Factories named for another primitive (`prompt(…)`,
 * `resource(…)`), factories of other packages (agent frameworks' `tool(fn, { name, schema })`) and
 * options without an input schema are not tools.
 */
import ts from 'typescript';
import { unwrapExpression } from '../parse/syntax';
import { NON_MCP_MODULES, NOT_TOOL_KEYS, SCHEMA_KEYS, handlerMember, memberOf, valueOfMember } from './definitions';
import { recordHandler } from './handlerTargets';
import { type ScanState, functionTarget, isInlineFunction, nameOf, where, shownNameExpression } from './scanContext';

/** `tool`, `defineTool`, `createTool`, `mcpTool`, `makeToolSpec`: a callee named for a tool. */
const TOOL_FACTORY = /tool(?:def(?:inition)?|spec)?$/i;

/** Whether the factory is the project's own: a function of this file, or imported from a file of the workspace. */
function isProjectFunction(state: ScanState, callee: ts.Identifier): boolean {
  if (state.functions.has(callee.text)) return true;
  const imported = state.imports.get(callee.text);
  if (!imported || NON_MCP_MODULES.test(imported.specifier)) return false;
  return state.resolveImport?.(imported.specifier, state.sourceFile.fileName) !== undefined;
}

/** The options argument: an object literal with a name and an input schema, and no handler of its own. */
function optionsArgument(call: ts.CallExpression): { index: number; object: ts.ObjectLiteralExpression } | undefined {
  for (let index = 0; index < call.arguments.length - 1; index++) {
    const object = unwrapExpression(call.arguments[index]);
    if (!ts.isObjectLiteralExpression(object)) continue;
    if (!memberOf(object, ['name', 'toolName']) || !memberOf(object, SCHEMA_KEYS)) return undefined;
    if (handlerMember(object) || memberOf(object, NOT_TOOL_KEYS)) return undefined;
    return { index, object };
  }
  return undefined;
}

/** Calls of the project's tool factories with options then a handler; each is a tool. */
export function scanToolFactoryCalls(state: ScanState, calls: readonly ts.CallExpression[]): void {
  for (const call of calls) {
    const callee = unwrapExpression(call.expression);
    if (!ts.isIdentifier(callee) || !TOOL_FACTORY.test(callee.text) || call.arguments.length < 2) continue;
    const options = optionsArgument(call);
    if (!options || state.consumed.has(options.object)) continue;
    const handlerArgument = call.arguments[call.arguments.length - 1];
    const handlerTarget = unwrapExpression(handlerArgument);
    if (!isInlineFunction(handlerTarget) && !(ts.isIdentifier(handlerTarget) && functionTarget(state, handlerTarget))) {
      continue;
    }
    if (!isProjectFunction(state, callee) || state.registrations.some((r) => r.node === call)) continue;
    const nameNode = valueOfMember(memberOf(options.object, ['name', 'toolName']));
    if (!nameNode) continue;
    state.consumed.add(options.object);
    const resolved = nameOf(state, nameNode);
    const evidence = [`tool options passed to ${callee.text}(…) at ${where(state, call)}, with the handler after them`];
    const recorded = recordHandler(state, handlerArgument, 'definition', resolved.name, evidence);
    state.registrations.push({
      name: resolved.name,
      nameExpression: shownNameExpression(nameNode, resolved),
      kind: 'definition',
      node: call,
      nameNode,
      handler: recorded.fn,
      evidence: [...evidence, ...recorded.evidence],
      listed: true,
    });
  }
}
