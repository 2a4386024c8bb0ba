/** walkOwnBodyKinds visits what walkOwnBody visits, in the same order, for visitors that look at a few kinds only. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import ts from 'typescript';
import { parseSource } from '../../../engine/src/engine';
import { walkOwnBodyKinds } from '../../../engine/src/parse/indexedBodyWalk';
import { type FunctionLike, isFunctionLike, walkOwnBody } from '../../../engine/src/parse/syntax';

const SOURCE = `export async function handler(args: { id: string }) {
  const client = new Client(args.id);
  await client.connect().then(() => log('up'), (e) => log(e));
  try {
    await client.call(build(args)).catch((e) => fail(e));
  } catch (error) {
    report(error);
  } finally {
    await client.close();
  }
  for await (const chunk of client.stream()) push(new Chunk(chunk));
  class Local { run() { return outer(); } field = inner(); }
  const later = () => never(args);
  if (!args.id) throw new Error(check(args.id));
  return wrap(await first(second(third())));
}
export const arrow = (x: number) => compute(twice(x), () => skipped(x));
export const curried = (x: number) => (y: number) => both(x, y);
`;

const KINDS = [
  ts.SyntaxKind.CallExpression,
  ts.SyntaxKind.NewExpression,
  ts.SyntaxKind.AwaitExpression,
  ts.SyntaxKind.ForOfStatement,
  ts.SyntaxKind.ThrowStatement,
  ts.SyntaxKind.TryStatement,
];

/** A visitor that descends into some nodes of `KINDS` and passes over others, recording what it sees. */
function recorder(skip: (node: ts.Node) => boolean): { seen: string[]; visit: (node: ts.Node) => boolean | void } {
  const seen: string[] = [];
  const visit = (node: ts.Node): boolean | void => {
    if (!KINDS.includes(node.kind)) return undefined;
    seen.push(`${ts.SyntaxKind[node.kind]}@${node.pos}`);
    return skip(node) ? false : undefined;
  };
  return { seen, visit };
}

const SKIPS: Array<[string, (node: ts.Node) => boolean]> = [
  ['descending everywhere', () => false],
  ['passing over try statements', (node) => ts.isTryStatement(node)],
  ['passing over every call', (node) => ts.isCallExpression(node)],
  ['passing over awaits and news', (node) => ts.isAwaitExpression(node) || ts.isNewExpression(node)],
];

describe('walkOwnBodyKinds', () => {
  const sourceFile = parseSource('/w/handler.ts', SOURCE);
  const functions: FunctionLike[] = [];
  const collect = (node: ts.Node): void => {
    if (isFunctionLike(node) && node.parent.kind !== ts.SyntaxKind.CallExpression) functions.push(node);
    ts.forEachChild(node, collect);
  };
  ts.forEachChild(sourceFile, collect);

  for (const [title, skip] of SKIPS) {
    it(`meets the nodes walkOwnBody meets, ${title}`, () => {
      assert.ok(functions.length >= 4, 'the source has the handler, the arrows and the curried arrow');
      for (const fn of functions) {
        const walked = recorder(skip);
        walkOwnBody(fn, walked.visit);
        const indexed = recorder(skip);
        walkOwnBodyKinds(fn, KINDS, indexed.visit);
        assert.deepEqual(indexed.seen, walked.seen, `function at ${fn.pos}`);
      }
    });
  }

  it('does not enter nested functions or classes, and sees a call and the call inside it', () => {
    const handler = functions[0];
    const walked = recorder(() => false);
    walkOwnBodyKinds(handler, KINDS, walked.visit);
    const text = (entry: string) => {
      const pos = Number(entry.split('@')[1]);
      return SOURCE.slice(pos, pos + 40).trim();
    };
    const texts = walked.seen.map(text);
    assert.ok(!texts.some((t) => t.startsWith('outer(') || t.startsWith('inner(') || t.startsWith('never(')));
    assert.ok(texts.some((t) => t.startsWith('first(')) && texts.some((t) => t.startsWith('second(')));
  });
});
