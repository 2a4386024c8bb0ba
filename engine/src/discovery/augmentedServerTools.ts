/**
 * Tool methods that a wrapper adds to an MCP server: `server = withPayments(new McpServer({…}), cfg)` then
 * `server.paidTool('square', 'Squares a number', 0.01, shape, {}, async ({ n }) => …)`. The receiver must
 * be known to hold an MCP server in this file (a `new` of a class imported from an MCP server package, or
 * a call that receives one and hands back the augmented server), the method must be named for a tool
 * (`paidTool`, `securedTool`), the first argument must name the tool and the last be a function.
 */
import ts from 'typescript';
import { unwrapExpression } from '../parse/syntax';
import { recordHandler } from './handlerTargets';
import { isMcpServerModule } from './relevance';
import { type ScanState, isInlineFunction, nameOf, where, shownNameExpression } from './scanContext';

/** `paidTool`, `securedTool`: a lower-camel method name ending in `Tool`, not one of the SDK's own. */
const TOOL_METHOD = /^[a-z][A-Za-z0-9]*Tool$/;
/** The SDK's registration methods (read by the registration-call rule) and methods that use or manage a tool. */
const NOT_DEFINING =
  /^(?:registerTool|addTool|(?:get|call|run|invoke|remove|delete|disable|enable|has|find|list|set|update|unregister|use)[A-Z]\w*)$/;

/** `new McpServer(…)`: a `new` of a server class imported from an MCP server package. */
function newServer(state: ScanState, node: ts.NewExpression): boolean {
  const callee = unwrapExpression(node.expression);
  const binding = ts.isIdentifier(callee) ? state.imports.get(callee.text) : undefined;
  return binding !== undefined && isMcpServerModule(binding.specifier) && /Server$/.test(binding.exportName);
}

/** From a server's `new` up to what holds it: through casts and the calls it is handed to (`withX(new McpServer(…))`). */
function holderOf(node: ts.Expression): ts.Node {
  let current: ts.Node = node;
  for (let calls = 0; ;) {
    const parent: ts.Node = current.parent;
    if (ts.isParenthesizedExpression(parent) || ts.isAsExpression(parent) || ts.isSatisfiesExpression(parent)) {
      current = parent;
    } else if (ts.isCallExpression(parent) && parent.arguments.includes(current as ts.Expression) && calls < 2) {
      current = parent;
      calls++;
    } else {
      return current;
    }
  }
}

/** The receivers (`server`, `this.server`) that this file binds to an MCP server, augmented or not. */
function serverReceivers(state: ScanState): Set<string> {
  const receivers = new Set<string>();
  for (const node of state.index.of(ts.SyntaxKind.NewExpression, ts.isNewExpression)) {
    if (!newServer(state, node)) continue;
    const value = holderOf(node);
    const parent = value.parent;
    if (ts.isVariableDeclaration(parent) && parent.initializer === value && ts.isIdentifier(parent.name)) {
      receivers.add(parent.name.text);
    } else if (ts.isPropertyDeclaration(parent) && parent.initializer === value && ts.isIdentifier(parent.name)) {
      receivers.add(`this.${parent.name.text}`);
    } else if (
      ts.isBinaryExpression(parent) &&
      parent.right === value &&
      parent.operatorToken.kind === ts.SyntaxKind.EqualsToken
    ) {
      receivers.add(parent.left.getText(state.sourceFile));
    }
  }
  return receivers;
}

export function scanAugmentedServerTools(state: ScanState, calls: readonly ts.CallExpression[]): void {
  const candidates = calls.filter((call) => {
    const callee = unwrapExpression(call.expression);
    return (
      ts.isPropertyAccessExpression(callee) &&
      TOOL_METHOD.test(callee.name.text) &&
      !NOT_DEFINING.test(callee.name.text) &&
      call.arguments.length >= 2
    );
  });
  if (candidates.length === 0) return;
  const receivers = serverReceivers(state);
  if (receivers.size === 0) return;
  const registered = new Set(state.registrations.map((r) => r.node));
  for (const call of candidates) {
    if (registered.has(call)) continue;
    const callee = unwrapExpression(call.expression) as ts.PropertyAccessExpression;
    if (!receivers.has(unwrapExpression(callee.expression).getText(state.sourceFile))) continue;
    const nameArg = call.arguments[0];
    const last = unwrapExpression(call.arguments[call.arguments.length - 1]);
    if (!ts.isStringLiteralLike(unwrapExpression(nameArg)) && !ts.isIdentifier(unwrapExpression(nameArg))) continue;
    if (!isInlineFunction(last) && !(ts.isIdentifier(last) && state.functions.has(last.text))) continue;
    const resolved = nameOf(state, nameArg);
    if (resolved.name === null) continue;
    const evidence = [
      `registered by .${callee.name.text}(…) at ${where(state, call)} on an MCP server augmented by a wrapper`,
    ];
    const recorded = recordHandler(state, last, 'wrapper', resolved.name, evidence);
    state.registrations.push({
      name: resolved.name,
      nameExpression: shownNameExpression(nameArg, resolved),
      kind: 'wrapper',
      node: call,
      nameNode: nameArg,
      handler: recorded.fn,
      evidence: [...evidence, ...recorded.evidence],
      listed: true,
    });
  }
}
