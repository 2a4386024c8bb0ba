/**
 * Functions declared inside another function and called there only inside try/catch: what they throw
 * is caught by their caller. A dispatcher that declares `async function send(…)` and calls it from a
 * `switch` inside its own try/catch is the common shape.
 */
import ts from 'typescript';
import type { NodeIndex } from '../../parse/nodeIndex';
import { type FunctionLike, isFunctionLike } from '../../parse/syntax';

/** Whether `node` is in the try block of a try/catch below `boundary` (callbacks included). */
export function isCaughtWithin(node: ts.Node, boundary: ts.Node): boolean {
  let child: ts.Node = node;
  let current: ts.Node | undefined = node.parent;
  while (current && current !== boundary) {
    if (ts.isTryStatement(current) && current.tryBlock === child && current.catchClause) return true;
    child = current;
    current = current.parent;
  }
  return false;
}

/** The name a function is called by: a function declaration's, or the `const` it is assigned to. */
export function functionName(fn: FunctionLike): string | undefined {
  if (ts.isFunctionDeclaration(fn)) return fn.name?.text;
  if (ts.isVariableDeclaration(fn.parent) && ts.isIdentifier(fn.parent.name)) return fn.parent.name.text;
  return undefined;
}

/** Whether `name(…)` is called in `body` and every such call is inside a try/catch below `boundary`. */
export function namedCallsAreGuarded(nodes: NodeIndex, body: ts.Node, boundary: ts.Node, name: string): boolean {
  let calls = 0;
  for (const node of nodes.within(body, [ts.SyntaxKind.CallExpression])) {
    if (!ts.isCallExpression(node) || !ts.isIdentifier(node.expression) || node.expression.text !== name) continue;
    calls++;
    if (!isCaughtWithin(node, boundary)) return false;
  }
  return calls > 0;
}

/** Whether `fn` is a named function declared inside another function that calls it only inside try/catch. */
export function calledOnlyInsideTry(nodes: NodeIndex, fn: FunctionLike): boolean {
  const name = functionName(fn);
  if (!name) return false;
  let outer: ts.Node | undefined = fn.parent;
  while (outer && !isFunctionLike(outer)) outer = outer.parent;
  if (!outer || !isFunctionLike(outer) || !outer.body) return false;
  return namedCallsAreGuarded(nodes, outer.body, outer, name);
}
