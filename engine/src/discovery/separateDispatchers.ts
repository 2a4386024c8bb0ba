/**
 * Two `tools/call` handlers in one file — a factory's handler and a second one registered later on the
 * server it returned, or one handler per transport — each dispatch the same names. A branch is a
 * repeat (telemetry, post-processing: not another tool) only when an earlier branch of that name sits
 * in the same handler; a branch of another handler registration is a tool of its own.
 */
import ts from 'typescript';
import { unwrapExpression } from '../parse/syntax';
import type { ScanState } from './scanContext';

/** `x.setRequestHandler(CallToolRequestSchema | 'tools/call', …)` */
function isCallToolRegistration(node: ts.Node): node is ts.CallExpression {
  if (!ts.isCallExpression(node) || node.arguments.length < 2) return false;
  const callee = unwrapExpression(node.expression);
  if (!ts.isPropertyAccessExpression(callee) || callee.name.text !== 'setRequestHandler') return false;
  const schema = unwrapExpression(node.arguments[0]);
  if (ts.isStringLiteralLike(schema)) return schema.text === 'tools/call';
  if (ts.isIdentifier(schema)) return schema.text === 'CallToolRequestSchema';
  return ts.isPropertyAccessExpression(schema) && schema.name.text === 'CallToolRequestSchema';
}

/** The tools/call handler registration a branch sits in, if it sits in one directly. */
function enclosingCallToolRegistration(node: ts.Node): ts.CallExpression | undefined {
  for (let current: ts.Node | undefined = node.parent; current; current = current.parent) {
    if (isCallToolRegistration(current)) return current;
  }
  return undefined;
}

/** Whether a dispatcher branch named `name` at `site` repeats a branch already recorded for this file. */
export function repeatsDispatchBranch(state: ScanState, site: ts.Node, name: string): boolean {
  const earlier = state.registrations.filter((r) => r.kind === 'dispatch' && r.name === name);
  if (earlier.length === 0) return false;
  const handler = enclosingCallToolRegistration(site);
  if (!handler) return true;
  return earlier.some((r) => {
    const other = enclosingCallToolRegistration(r.node);
    return other === undefined || other === handler;
  });
}
