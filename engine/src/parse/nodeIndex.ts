/**
 * One walk over a source file that buckets every node by kind, so the checks look nodes up
 * instead of each walking the whole tree again (checking must cost close to parsing).
 * Buckets are in pre-order, hence sorted by position, so the nodes inside a range are found by
 * binary search.
 */
import ts from 'typescript';
import { jsDocParsingModeFor } from './jsDocParsing';

export const FUNCTION_KINDS = [
  ts.SyntaxKind.ArrowFunction,
  ts.SyntaxKind.FunctionExpression,
  ts.SyntaxKind.FunctionDeclaration,
  ts.SyntaxKind.MethodDeclaration,
] as const;

export const LOOP_KINDS = [
  ts.SyntaxKind.ForStatement,
  ts.SyntaxKind.ForOfStatement,
  ts.SyntaxKind.ForInStatement,
  ts.SyntaxKind.WhileStatement,
  ts.SyntaxKind.DoStatement,
] as const;

/**
 * The kinds the index keeps. Keeping every node (identifiers, property accesses…) would double the
 * memory a check run allocates for nothing; asking for a kind not listed here is a programming error.
 */
export const INDEXED_KINDS: readonly ts.SyntaxKind[] = [
  ...FUNCTION_KINDS,
  ...LOOP_KINDS,
  ts.SyntaxKind.CallExpression,
  ts.SyntaxKind.NewExpression,
  ts.SyntaxKind.AwaitExpression,
  ts.SyntaxKind.ObjectLiteralExpression,
  ts.SyntaxKind.ThrowStatement,
  ts.SyntaxKind.ReturnStatement,
  ts.SyntaxKind.TryStatement,
  ts.SyntaxKind.CatchClause,
  ts.SyntaxKind.IfStatement,
  ts.SyntaxKind.ImportDeclaration,
  ts.SyntaxKind.VariableDeclaration,
  ts.SyntaxKind.ClassDeclaration,
  ts.SyntaxKind.ClassExpression,
];

/** Read once: the typescript module's exports are getters (see syntax.ts). */
const forEachChild = ts.forEachChild;

/**
 * The index is kept on its source file (not in a WeakMap keyed by it): V8's young-generation collections keep a
 * WeakMap's young keys and values alive, so a WeakMap cache made every parse of a workspace survive to the old
 * generation, which cost more than parsing (see scripts/bench.mjs).
 */
const INDEX = Symbol('NodeIndex');
type IndexedSourceFile = ts.SourceFile & { [INDEX]?: NodeIndex };

export class NodeIndex {
  private readonly buckets: ts.Node[][] = [];
  private memos?: Map<symbol, unknown>;

  /** The index of a source file, built once per parsed file. */
  static of(sourceFile: ts.SourceFile): NodeIndex {
    const indexed = sourceFile as IndexedSourceFile;
    let index = indexed[INDEX];
    if (!index) {
      index = new NodeIndex(sourceFile);
      indexed[INDEX] = index;
    }
    return index;
  }

  /** A value derived from this file's nodes, made once per index (and dropped with it). */
  memo<T>(key: symbol, make: () => T): T {
    this.memos ??= new Map();
    if (this.memos.has(key)) return this.memos.get(key) as T;
    const value = make();
    this.memos.set(key, value);
    return value;
  }

  /**
   * Parses a file and indexes it in the walk that also sets the parent pointers, the way
   * `ts.createSourceFile(…, setParentNodes: true)` sets them (its own walk after parsing, which cost as much as
   * indexing): the same tree, one walk instead of two. JSDoc is parsed only when the text holds a tag the engine
   * reads (jsDocParsing.ts).
   */
  static parse(fileName: string, text: string, scriptKind: ts.ScriptKind): ts.SourceFile {
    const options = { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: jsDocParsingModeFor(text) };
    const sourceFile = ts.createSourceFile(fileName, text, options, false, scriptKind);
    (sourceFile as IndexedSourceFile)[INDEX] = new NodeIndex(sourceFile, true);
    return sourceFile;
  }

  /** With `setParents`, also sets every node's parent (as TypeScript's fixupParentReferences does). */
  constructor(sourceFile: ts.SourceFile, setParents = false) {
    const buckets = this.buckets;
    for (const kind of INDEXED_KINDS) buckets[kind] = [];
    if (!setParents) {
      const visit = (node: ts.Node): void => {
        const bucket = buckets[node.kind];
        if (bucket !== undefined) bucket.push(node);
        forEachChild(node, visit);
      };
      forEachChild(sourceFile, visit);
      return;
    }
    let parent: ts.Node = sourceFile;
    // Like TypeScript's walk (setParentRecursive, incremental): a subtree whose root already has its parent is
    // left as it is (but still indexed).
    let parenting = true;
    const visit = (node: ts.Node): void => {
      const bucket = buckets[node.kind];
      if (bucket !== undefined) bucket.push(node);
      const wasParenting = parenting;
      if (parenting) {
        if (node.parent === parent) parenting = false;
        else {
          (node as MutableNode).parent = parent;
          bindJsDoc(node);
        }
      }
      const outer = parent;
      parent = node;
      forEachChild(node, visit);
      parent = outer;
      parenting = wasParenting;
    };
    forEachChild(sourceFile, visit);
  }

  private bucket(kind: ts.SyntaxKind): ts.Node[] {
    const bucket = this.buckets[kind];
    if (bucket === undefined)
      throw new Error(`NodeIndex does not keep ${ts.SyntaxKind[kind]}; add it to INDEXED_KINDS`);
    return bucket;
  }

  /**
   * Nodes of one kind in source order. The bucket holds only nodes of that kind, so the guard only
   * narrows the type; the array is the index's own (read-only), not a copy.
   */
  of<T extends ts.Node>(kind: ts.SyntaxKind, guard: (node: ts.Node) => node is T): readonly T[] {
    const bucket = this.bucket(kind);
    return bucket.length === 0 || guard(bucket[0]) ? (bucket as readonly ts.Node[] as readonly T[]) : [];
  }

  /** Nodes of several kinds, in source order (the index's own array for a single kind). */
  ofKinds(kinds: readonly ts.SyntaxKind[]): readonly ts.Node[] {
    if (kinds.length === 1) return this.bucket(kinds[0]);
    // Each bucket is sorted already: merging them (earlier kinds first on ties) orders the nodes exactly as a
    // stable sort of their concatenation would, without sorting.
    let merged: readonly ts.Node[] = [];
    for (const kind of kinds) merged = mergeInSourceOrder(merged, this.bucket(kind));
    return merged;
  }

  /** Nodes of the given kinds strictly inside `container` (nested functions included), in source order. */
  within(container: ts.Node, kinds: readonly ts.SyntaxKind[]): ts.Node[] {
    const result: ts.Node[] = [];
    for (const kind of kinds) {
      const bucket = this.bucket(kind);
      let low = 0;
      let high = bucket.length;
      while (low < high) {
        const mid = (low + high) >> 1;
        if (bucket[mid].pos < container.pos) low = mid + 1;
        else high = mid;
      }
      for (let i = low; i < bucket.length && bucket[i].pos < container.end; i++) {
        const node = bucket[i];
        if (node !== container && node.end <= container.end) result.push(node);
      }
    }
    return kinds.length > 1 ? result.sort((a, b) => a.pos - b.pos) : result;
  }

  /** Nodes of the given kinds strictly inside `container`, in pre-order (an outer node before the inner one). */
  withinInOrder(container: ts.Node, kinds: readonly ts.SyntaxKind[]): readonly ts.Node[] {
    let merged: readonly ts.Node[] = [];
    for (const kind of kinds) merged = mergeInSourceOrder(merged, this.within(container, [kind]));
    return merged;
  }
}

type MutableNode = { parent: ts.Node };
type WithJsDoc = ts.Node & { jsDoc?: readonly ts.JSDoc[] };

/** Parents of a node's JSDoc comments and of their contents (TypeScript's bindJSDoc). */
function bindJsDoc(node: ts.Node): void {
  const docs = (node as WithJsDoc).jsDoc;
  if (!docs) return;
  for (const doc of docs) {
    if (doc.parent !== node) (doc as MutableNode).parent = node;
    bindSubtree(doc);
  }
}

/** Sets the parents under `node`, leaving alone a subtree whose root already has its parent. */
function bindSubtree(node: ts.Node): void {
  forEachChild(node, (child) => {
    if (child.parent === node) return;
    (child as MutableNode).parent = node;
    bindSubtree(child);
  });
}

/** Two node lists in source order (position, then outer before inner) merged into one; `left`'s first on ties. */
function mergeInSourceOrder(left: readonly ts.Node[], right: readonly ts.Node[]): ts.Node[] {
  const result: ts.Node[] = [];
  let i = 0;
  let j = 0;
  while (i < left.length && j < right.length) {
    const a = left[i];
    const b = right[j];
    if (b.pos - a.pos < 0 || (b.pos === a.pos && a.end - b.end < 0)) {
      result.push(b);
      j++;
    } else {
      result.push(a);
      i++;
    }
  }
  while (i < left.length) result.push(left[i++]);
  while (j < right.length) result.push(right[j++]);
  return result;
}
