/**
 * Notifications a tool handler sends through its MCP server object (`server.notification(…)`,
 * `mcpServer.server.sendLoggingMessage(…)`, `server.sendToolListChanged()`): like a progress report
 * through the request context, they tell the client about the call rather than do its work, and when
 * one fails the connection that would carry any answer is gone too.
 */
import ts from 'typescript';
import { type FunctionLike, unwrapExpression, walkOwnBody } from '../../parse/syntax';

/** The server methods that only send a notification. */
const NOTIFICATION_METHODS = new Set([
  'notification',
  'sendLoggingMessage',
  'sendResourceUpdated',
  'sendResourceListChanged',
  'sendToolListChanged',
  'sendPromptListChanged',
]);

/** A receiver named as a server: `server`, `mcpServer`, `this.server`, `mcpServer.server`. */
const SERVER_NAME = /(^|[a-z])(server|Server)$/;

function namesServer(expression: ts.Expression): boolean {
  const inner = unwrapExpression(expression);
  if (ts.isIdentifier(inner)) return SERVER_NAME.test(inner.text);
  return ts.isPropertyAccessExpression(inner) && SERVER_NAME.test(inner.name.text);
}

/** The calls in a handler's own body that only send a notification through a server object. */
export function serverNotifications(fn: FunctionLike): ts.CallExpression[] {
  const calls: ts.CallExpression[] = [];
  walkOwnBody(fn, (node) => {
    if (!ts.isCallExpression(node)) return undefined;
    const callee = unwrapExpression(node.expression);
    if (
      ts.isPropertyAccessExpression(callee) &&
      NOTIFICATION_METHODS.has(callee.name.text) &&
      namesServer(callee.expression)
    ) {
      calls.push(node);
    }
    return undefined;
  });
  return calls;
}
