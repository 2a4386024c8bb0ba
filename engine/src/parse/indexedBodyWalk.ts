/**
 * `walkOwnBody` for visitors that only look at a few kinds of node: the same visits in the same order, read from the
 * file's node index instead of walking every node of the body (identifiers, literals, property accesses…).
 */
import ts from 'typescript';
import { FUNCTION_KINDS, NodeIndex } from './nodeIndex';
import { type FunctionLike, isClassLike, isFunctionLike } from './syntax';

/** Read once: the typescript module's exports are getters (see syntax.ts). */
const { SyntaxKind } = ts;

/** The kinds walkOwnBody itself stops at (it does not enter nested functions and classes). */
const BOUNDARY_KINDS: readonly ts.SyntaxKind[] = [
  ...FUNCTION_KINDS,
  SyntaxKind.ClassDeclaration,
  SyntaxKind.ClassExpression,
];

/**
 * Visits what `walkOwnBody(fn, visit)` would, for a visitor that returns undefined (and does nothing) on every node
 * whose kind is not in `kinds`: the nodes of `kinds` in the body, in pre-order, skipping the descendants of a node
 * the visitor returns `false` for and of nested functions and classes. Every kind of `kinds` must be indexed.
 */
export function walkOwnBodyKinds(
  fn: FunctionLike,
  kinds: readonly ts.SyntaxKind[],
  visit: (node: ts.Node) => boolean | void,
): void {
  const body = fn.body;
  if (!body) return;
  if (body.kind !== SyntaxKind.Block && visit(body) === false) return;
  const index = NodeIndex.of(fn.getSourceFile());
  const nodes = index.withinInOrder(body, [...kinds, ...BOUNDARY_KINDS]);
  /** The node whose descendants are being passed over, if any. */
  let skipped: ts.Node | undefined;
  for (const node of nodes) {
    if (skipped && isDescendant(node, skipped)) continue;
    skipped = undefined;
    if (isFunctionLike(node) || isClassLike(node) || visit(node) === false) skipped = node;
  }
}

/**
 * Whether `node`, which comes after `ancestor` in pre-order, lies inside it. A node that starts before `ancestor`
 * ends does; one that starts at its end does only when it is empty and a descendant (error recovery's missing nodes).
 */
function isDescendant(node: ts.Node, ancestor: ts.Node): boolean {
  if (node.pos < ancestor.end) return true;
  if (node.pos > ancestor.end || node.end !== ancestor.end) return false;
  for (let current = node.parent; current; current = current.parent) if (current === ancestor) return true;
  return false;
}
