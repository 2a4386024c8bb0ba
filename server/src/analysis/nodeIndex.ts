/**
 * One walk over a source file that buckets every node by kind, so the checks look nodes up
 * instead of each walking the whole tree again (checking must cost close to parsing).
 */
import ts from 'typescript';

export class NodeIndex {
  private readonly buckets = new Map<ts.SyntaxKind, ts.Node[]>();

  constructor(sourceFile: ts.SourceFile) {
    const buckets = this.buckets;
    const visit = (node: ts.Node): void => {
      const bucket = buckets.get(node.kind);
      if (bucket) bucket.push(node);
      else buckets.set(node.kind, [node]);
      ts.forEachChild(node, visit);
    };
    ts.forEachChild(sourceFile, visit);
  }

  /** Nodes of one kind in source order. */
  of<T extends ts.Node>(kind: ts.SyntaxKind, guard: (node: ts.Node) => node is T): readonly T[] {
    const bucket = this.buckets.get(kind) ?? [];
    return bucket.filter(guard);
  }

  /** Nodes of several kinds, in source order. */
  ofKinds(kinds: readonly ts.SyntaxKind[]): ts.Node[] {
    const result = kinds.flatMap((kind) => this.buckets.get(kind) ?? []);
    return kinds.length > 1 ? result.sort((a, b) => a.pos - b.pos) : result;
  }
}

export const FUNCTION_KINDS = [
  ts.SyntaxKind.ArrowFunction,
  ts.SyntaxKind.FunctionExpression,
  ts.SyntaxKind.FunctionDeclaration,
  ts.SyntaxKind.MethodDeclaration,
] as const;
