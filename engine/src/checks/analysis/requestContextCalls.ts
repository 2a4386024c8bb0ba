/**
 * Calls on the request context an MCP server framework hands a tool handler (its second parameter:
 * the SDK's `extra` / `ctx`, FastMCP's and mcp-use's `context`): a progress notification, a log line to the
 * client, a question about the client's capabilities. They report on the call rather than do its work; an
 * author does not guard them, and when they fail the connection that would carry any answer is gone too.
 */
import ts from 'typescript';
import { type FunctionLike, unwrapExpression, walkOwnBody } from '../../parse/syntax';

/** `notify`, `sendNotification`, `reportProgress`, `progress`, `log`, `info` … `error`, `supportsViews`. */
const REPORTING_METHOD =
  /^(notify|sendNotification|sendProgress|reportProgress|progress|log|debug|info|notice|warn|warning|error|supports[A-Z]\w*)$/;

/** What an object built from the context may do and still only report: progress and log lines, not `info()` of a client. */
const PASSED_ON_REPORT = /^(notify|sendNotification|sendProgress|reportProgress|progress|log)$/;

/** Names the handler's request context is bound to: `ctx`, or `sendNotification` of `{ sendNotification }`. */
function contextNames(fn: FunctionLike): { object?: string; members: Set<string> } {
  const members = new Set<string>();
  const name = fn.parameters[1]?.name;
  if (!name) return { members };
  if (ts.isIdentifier(name)) return { object: name.text, members };
  if (ts.isObjectBindingPattern(name)) {
    for (const element of name.elements) if (ts.isIdentifier(element.name)) members.add(element.name.text);
  }
  return { members };
}

/** The identifier a property chain starts from: `ctx` of `ctx.mcpReq.notify`. */
function chainRoot(expression: ts.Expression): ts.Identifier | undefined {
  let current = unwrapExpression(expression);
  while (ts.isPropertyAccessExpression(current)) current = unwrapExpression(current.expression);
  return ts.isIdentifier(current) ? current : undefined;
}

/**
 * Locals built from the context (`const reporter = createReporter(ctx, 'search')`): an object that
 * reports through it, whose reporting methods are the context's own, passed on.
 */
function reportersBuiltFrom(fn: FunctionLike, object: string): Set<string> {
  const names = new Set<string>();
  walkOwnBody(fn, (node) => {
    if (!ts.isVariableDeclaration(node) || !ts.isIdentifier(node.name) || !node.initializer) return undefined;
    const value = unwrapExpression(node.initializer);
    if (
      ts.isCallExpression(value) &&
      value.arguments.some((argument) => {
        const inner = unwrapExpression(argument);
        return ts.isIdentifier(inner) && inner.text === object;
      })
    ) {
      names.add(node.name.text);
    }
    return undefined;
  });
  return names;
}

/** The calls in a handler's own body that only report through its request context. */
export function requestContextReports(fn: FunctionLike): ts.CallExpression[] {
  const { object, members } = contextNames(fn);
  if (object === undefined && members.size === 0) return [];
  const reporters = object === undefined ? new Set<string>() : reportersBuiltFrom(fn, object);
  const calls: ts.CallExpression[] = [];
  walkOwnBody(fn, (node) => {
    if (!ts.isCallExpression(node)) return undefined;
    const callee = unwrapExpression(node.expression);
    if (ts.isIdentifier(callee)) {
      if (members.has(callee.text) && REPORTING_METHOD.test(callee.text)) calls.push(node);
    } else if (ts.isPropertyAccessExpression(callee) && REPORTING_METHOD.test(callee.name.text)) {
      const root = chainRoot(callee.expression)?.text;
      if (root === undefined) return undefined;
      if (root === object || (reporters.has(root) && PASSED_ON_REPORT.test(callee.name.text))) calls.push(node);
    }
    return undefined;
  });
  return calls;
}
