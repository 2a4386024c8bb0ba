/**
 * Whether a handler's tool declares an `outputSchema` in its registration config: `registerTool(name,
 * { outputSchema }, handler)`, a config held in a same-file constant, or a `{ name, outputSchema, handler }`
 * object. MCP SDK 1.x clients validate `structuredContent` against that schema even on error results.
 */
import ts from 'typescript';
import { findProperty } from '../parse/syntax';
import type { FunctionLike } from '../parse/syntax';
import type { AnalysisContext } from '../types';

function constantObject(context: AnalysisContext, name: string): ts.ObjectLiteralExpression | undefined {
  for (const node of context.nodes.ofKinds([ts.SyntaxKind.VariableDeclaration])) {
    if (!ts.isVariableDeclaration(node) || !ts.isIdentifier(node.name) || node.name.text !== name) continue;
    let init = node.initializer;
    while (init && (ts.isAsExpression(init) || ts.isSatisfiesExpression(init) || ts.isParenthesizedExpression(init))) {
      init = init.expression;
    }
    return init && ts.isObjectLiteralExpression(init) ? init : undefined;
  }
  return undefined;
}

function hasOutputSchema(context: AnalysisContext, node: ts.Node): boolean {
  const object = ts.isIdentifier(node) ? constantObject(context, node.text) : node;
  return (
    object !== undefined && ts.isObjectLiteralExpression(object) && findProperty(object, ['outputSchema']) !== undefined
  );
}

/** Whether the tool whose handler is `fn` declares an outputSchema (in the same file). */
export function declaresOutputSchema(context: AnalysisContext, fn: FunctionLike): boolean {
  const parent = fn.parent;
  if (ts.isCallExpression(parent) && parent.arguments.includes(fn as ts.Expression)) {
    return parent.arguments.some((argument) => argument !== fn && hasOutputSchema(context, argument));
  }
  if ((ts.isPropertyAssignment(parent) && parent.initializer === fn) || ts.isMethodDeclaration(fn)) {
    const object = ts.isPropertyAssignment(parent) ? parent.parent : fn.parent;
    return ts.isObjectLiteralExpression(object) && findProperty(object, ['outputSchema']) !== undefined;
  }
  return false;
}
