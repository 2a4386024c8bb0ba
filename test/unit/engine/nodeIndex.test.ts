/** The node index returns nodes of several kinds in the order a walk of the tree meets them. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import ts from 'typescript';
import { NodeIndex } from '../../../engine/src/parse/nodeIndex';

const SOURCE = `const f = async (x: number) => {
  for (const a of [1, 2]) { while (x-- > 0) await g(h(a), () => k(x)); }
  do { await (async () => m())(); } while (n());
};
function g(...args: unknown[]) { return args.map((y) => String(y)); }
for (let i = 0; i < 2; i++) g(f(i));
`;

function walked(sourceFile: ts.SourceFile, kinds: readonly ts.SyntaxKind[]): ts.Node[] {
  const found: ts.Node[] = [];
  const visit = (node: ts.Node): void => {
    if (kinds.includes(node.kind)) found.push(node);
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(sourceFile, visit);
  return found;
}

describe('NodeIndex.ofKinds', () => {
  const sourceFile = ts.createSourceFile('/n/index.ts', SOURCE, ts.ScriptTarget.Latest, true);
  const index = new NodeIndex(sourceFile);
  const cases: ts.SyntaxKind[][] = [
    [ts.SyntaxKind.CallExpression, ts.SyntaxKind.AwaitExpression, ts.SyntaxKind.ArrowFunction],
    [ts.SyntaxKind.ForOfStatement, ts.SyntaxKind.WhileStatement, ts.SyntaxKind.DoStatement, ts.SyntaxKind.ForStatement],
    [ts.SyntaxKind.FunctionDeclaration, ts.SyntaxKind.VariableDeclaration],
  ];
  for (const kinds of cases) {
    it(`${kinds.map((kind) => ts.SyntaxKind[kind]).join(' + ')} in walk order`, () => {
      const expected = walked(sourceFile, kinds);
      assert.ok(expected.length >= kinds.length, 'the source has nodes of every kind');
      assert.deepEqual(
        index.ofKinds(kinds).map((node) => `${ts.SyntaxKind[node.kind]}@${node.pos}`),
        expected.map((node) => `${ts.SyntaxKind[node.kind]}@${node.pos}`),
      );
    });
  }
});
