/**
 * Tool declarations whose handler is built later from a context: `declareTool({ name: 'list_things',
 * description, inputSchema, factory: (ctx) => async (input) => … })`, collected into arrays and looped
 * into `server.registerTool(name, config, await factory(ctx))`. The declaration names the tool; its
 * handler is the function the `factory` returns (inline, or returned by a same-file function the
 * factory names: `factory: createListThingsHandler`).
 *
 * Only a declaration that reads like a tool's (a name that resolves to a string, a description or an
 * input schema) and whose factory returns a function counts: a factory returning an object or a value
 * (a dependency-injection provider, a plugin's service factory) is not a handler factory.
 */
import ts from 'typescript';
import { type FunctionLike, returnedExpressions, unwrapExpression, outermostWrapper } from '../parse/syntax';
import { NON_MCP_MODULES, NOT_TOOL_CALLEES, NOT_TOOL_KEYS, SCHEMA_KEYS, memberOf, valueOfMember } from './definitions';
import { recordHandler } from './handlerTargets';
import { type ScanState, isInlineFunction, nameOf, where, shownNameExpression } from './scanContext';

/** Keys under which a declaration keeps the function that builds its handler. */
const HANDLER_FACTORY_KEYS = ['factory', 'handlerFactory', 'createHandler', 'makeHandler', 'buildHandler'];

/** The function a key's value names: inline, or a function declared in this file. */
function factoryFunction(state: ScanState, value: ts.Expression): FunctionLike | undefined {
  const inner = unwrapExpression(value);
  if (isInlineFunction(inner)) return inner;
  if (ts.isIdentifier(inner)) return state.functions.get(inner.text);
  return undefined;
}

/** The function a handler factory returns (its only kind of result), if it returns one. */
function builtHandler(state: ScanState, factory: FunctionLike): ts.Expression | undefined {
  const returned = returnedExpressions(factory).map((e) => unwrapExpression(e));
  if (returned.length === 0) return undefined;
  const functions = returned.filter((e) => isInlineFunction(e) || (ts.isIdentifier(e) && state.functions.has(e.text)));
  return functions.length === returned.length ? functions[0] : undefined;
}

/** The call an object is the first argument of (`declareTool({…})`), if any. */
function enclosingCall(object: ts.ObjectLiteralExpression): ts.CallExpression | undefined {
  const node = outermostWrapper(object);
  const parent = node.parent;
  return ts.isCallExpression(parent) && parent.arguments[0] === node ? parent : undefined;
}

/** Declarations `{ name, description | inputSchema, factory: (ctx) => handler }` not read by another rule. */
export function scanHandlerFactoryDefinitions(state: ScanState): void {
  if (!/\b(?:factory|handlerFactory|createHandler|makeHandler|buildHandler)\s*[:,}(]/.test(state.sourceFile.text))
    return;
  for (const object of state.index.of(ts.SyntaxKind.ObjectLiteralExpression, ts.isObjectLiteralExpression)) {
    if (state.consumed.has(object)) continue;
    const factoryMember = memberOf(object, HANDLER_FACTORY_KEYS);
    const factoryValue = valueOfMember(factoryMember);
    if (!factoryMember || (!factoryValue && !ts.isMethodDeclaration(factoryMember))) continue;
    const nameNode = valueOfMember(memberOf(object, ['name']));
    if (!nameNode || memberOf(object, NOT_TOOL_KEYS)) continue;
    if (!memberOf(object, SCHEMA_KEYS) && !memberOf(object, ['description'])) continue;
    const call = enclosingCall(object);
    if (call) {
      const callee = unwrapExpression(call.expression);
      const calleeText = ts.isIdentifier(callee)
        ? callee.text
        : ts.isPropertyAccessExpression(callee)
          ? callee.name.text
          : '';
      if (NOT_TOOL_CALLEES.test(calleeText)) continue;
      let root: ts.Expression = callee;
      while (ts.isPropertyAccessExpression(root)) root = root.expression;
      const module = ts.isIdentifier(root) ? state.imports.get(root.text)?.specifier : undefined;
      if (module && NON_MCP_MODULES.test(module)) continue;
    }
    // `factory: (ctx) => …`, `factory: createHandler`, or the method `factory(ctx) { return async (args) => … }`.
    const factory = ts.isMethodDeclaration(factoryMember)
      ? factoryMember
      : factoryValue && factoryFunction(state, factoryValue);
    const handler = factory && builtHandler(state, factory);
    if (!handler) continue;
    const resolved = nameOf(state, nameNode);
    if (resolved.name === null) continue;
    const site = call ?? object;
    const factoryKey = factoryMember.name && ts.isIdentifier(factoryMember.name) ? factoryMember.name.text : 'factory';
    const evidence = [
      call
        ? `tool declaration passed to ${call.expression.getText(state.sourceFile)}(…) at ${where(state, site)}`
        : `tool declaration object at ${where(state, site)}`,
      `handler: the function its ${factoryKey} returns`,
    ];
    const recorded = recordHandler(state, handler, 'definition', resolved.name, evidence);
    state.consumed.add(object);
    state.registrations.push({
      name: resolved.name,
      nameExpression: shownNameExpression(nameNode, resolved),
      kind: 'definition',
      node: site,
      nameNode,
      handler: recorded.fn,
      evidence: [...evidence, ...recorded.evidence],
      listed: true,
    });
  }
}
