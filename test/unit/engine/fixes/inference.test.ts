/**
 * What quick fixes infer from evidence in scope: guarding HTTP statuses, error types and codes tested in the
 * enclosing conditions, the thrown class or status, then the wording of the messages (through the classifier).
 * Without evidence the inference is UNKNOWN with no evidence, so callers that can decide at run time do so.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import ts from 'typescript';
import {
  type Inference,
  describeInference,
  inferEnvelope,
  inputEvidence,
  toolCallbackOf,
} from '../../../../engine/src/fixes/inference';
import type { FunctionLike } from '../../../../engine/src/parse/syntax';

/** The node marked `/*here*\/` in the code (the statement that follows the marker). */
function marked(code: string): ts.Node {
  const source = ts.createSourceFile('t.ts', code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const at = code.indexOf('/*here*/') + '/*here*/'.length;
  let found: ts.Node | undefined;
  const visit = (node: ts.Node): void => {
    if (!found && ts.isStatement(node) && !ts.isBlock(node) && node.getStart(source) >= at) found = node;
    if (!found) ts.forEachChild(node, visit);
  };
  visit(source);
  assert.ok(found, 'a statement after the marker');
  return found;
}

interface InferenceCase {
  name: string;
  code: string;
  messages?: string[];
  expected: Inference;
}

const CASES: InferenceCase[] = [
  {
    name: 'a guarding 429 status',
    code: `async function f() { const res = await fetch(u); if (res.status === 429) { /*here*/ return x; } }`,
    expected: { category: 'TRANSIENT', retryable: true, evidence: 'HTTP 429' },
  },
  {
    name: 'a 404 in a switch case',
    code: `function f(s: number) { switch (s) { case 404: /*here*/ return x; } }`,
    expected: { category: 'NOT_FOUND', retryable: false, evidence: 'HTTP 404' },
  },
  {
    name: 'an else branch: the condition was false, so its status says nothing',
    code: `function f(res: Response) { if (res.status === 403) { return a; } else { /*here*/ return x; } }`,
    expected: { category: 'UNKNOWN', retryable: false },
  },
  {
    name: 'a 500 decides nothing (weak status)',
    code: `function f(res: Response) { if (res.status === 500) { /*here*/ return x; } }`,
    expected: { category: 'UNKNOWN', retryable: false },
  },
  {
    name: 'instanceof ZodError in the catch',
    code: `function f() { try { g(); } catch (e) { if (e instanceof ZodError) { /*here*/ return x; } } }`,
    expected: { category: 'VALIDATION', retryable: false, evidence: 'instanceof ZodError' },
  },
  {
    name: "an errno code compared (e.code === 'ENOENT')",
    code: `function f() { try { g(); } catch (e: any) { if (e.code === 'ENOENT') /*here*/ return x; } }`,
    expected: { category: 'NOT_FOUND', retryable: false, evidence: 'ENOENT' },
  },
  {
    name: 'instanceof TypeError decides nothing (a programming error, not a kind of failure)',
    code: `function f() { try { g(); } catch (e) { if (e instanceof TypeError) { /*here*/ return x; } } }`,
    expected: { category: 'UNKNOWN', retryable: false },
  },
  {
    name: 'a thrown class named for its failure',
    code: `function f() { /*here*/ throw new OrderNotFoundError(id); }`,
    expected: { category: 'NOT_FOUND', retryable: false, evidence: 'OrderNotFoundError' },
  },
  {
    name: 'a status passed to a thrown error',
    code: `function f() { /*here*/ throw new HttpError(403, 'no'); }`,
    expected: { category: 'PERMISSION', retryable: false, evidence: 'HTTP 403' },
  },
  {
    name: 'the wording of a message, when nothing else decides',
    code: `function f() { /*here*/ return x; }`,
    messages: ['Permission denied for user 7'],
    expected: { category: 'PERMISSION', retryable: false, evidence: '"permission denied"' },
  },
  {
    name: 'a guarding status wins over the wording',
    code: `function f(res: Response) { if (res.status === 503) { /*here*/ return x; } }`,
    messages: ['order not found'],
    expected: { category: 'TRANSIENT', retryable: true, evidence: 'HTTP 503' },
  },
  {
    name: 'nothing in scope and a neutral message',
    code: `function f() { /*here*/ return x; }`,
    messages: ['Could not complete the request'],
    expected: { category: 'UNKNOWN', retryable: false },
  },
];

describe('inferEnvelope', () => {
  for (const testCase of CASES) {
    it(testCase.name, () => {
      assert.deepEqual(inferEnvelope(marked(testCase.code), testCase.messages), testCase.expected);
    });
  }

  it('describeInference names the evidence, or says there is none', () => {
    assert.equal(describeInference({ category: 'TRANSIENT', retryable: true, evidence: 'HTTP 429' }), ' (HTTP 429)');
    assert.equal(describeInference({ category: 'UNKNOWN', retryable: false }), ' (no evidence in scope)');
  });
});

describe('inputEvidence', () => {
  /** The handler (the arrow passed to registerTool) and the marked statement's text expressions. */
  function handlerCase(body: string): { node: ts.Node; fn: FunctionLike; texts: ts.Expression[] } {
    const node = marked(`server.registerTool('t', {}, async ({ start, action }) => {\n${body}\n});`);
    const fn = toolCallbackOf(node);
    assert.ok(fn, 'the registerTool callback');
    const texts: ts.Expression[] = [];
    const visit = (child: ts.Node): void => {
      if (ts.isTemplateExpression(child) || ts.isStringLiteral(child)) texts.push(child);
      ts.forEachChild(child, visit);
    };
    visit(node);
    return { node, fn, texts };
  }

  it('a guard reading only the input, and a message refusing an input value, say VALIDATION', () => {
    const guard = handlerCase(`  if (start === undefined) { /*here*/ return { isError: true }; }`);
    assert.equal(inputEvidence(guard.node, guard.fn, guard.texts)?.category, 'VALIDATION');
    const refused = handlerCase(`  /*here*/ return { isError: true, text: \`Unsupported action \${action}\` };`);
    assert.equal(inputEvidence(refused.node, refused.fn, refused.texts)?.category, 'VALIDATION');
  });

  it('a guard on const values computed from the input alone (and constants) says VALIDATION', () => {
    const cases = [
      `  const hasStart = start !== undefined;\n  if (!hasStart) { /*here*/ return { isError: true }; }`,
      `  const LIMIT = 500;\n  const end = start + 10;\n  if (end > LIMIT) { /*here*/ return { isError: true }; }`,
      `  const parts = action.split(',');\n  for (const part of parts) {\n    if (part.startsWith('-')) { /*here*/ return { isError: true }; }\n  }`,
      `  const given = [start, action];\n  if (given.some((value) => value === undefined)) { /*here*/ return { isError: true }; }`,
    ];
    for (const body of cases) {
      const found = handlerCase(body);
      assert.equal(inputEvidence(found.node, found.fn, found.texts)?.category, 'VALIDATION', body);
    }
  });

  it('not for a value loaded with the input, a let, a callback reading outer state, or an injected parameter', () => {
    const cases = [
      `  const row = lookup(start);\n  if (!row) { /*here*/ return { isError: true }; }`,
      `  let end = start;\n  end = await next();\n  if (end > 3) { /*here*/ return { isError: true }; }`,
      `  const given = [start];\n  if (given.some((value) => value === current)) { /*here*/ return { isError: true }; }`,
    ];
    for (const body of cases) {
      const found = handlerCase(body);
      assert.equal(inputEvidence(found.node, found.fn, found.texts), undefined, body);
    }
    const method = (decorator: string): { node: ts.Node; fn: FunctionLike } => {
      const node = marked(
        `class Tools {\n  greet(${decorator}request?: { user?: string }) {\n    const user = request?.user;\n` +
          `    if (!user) { /*here*/ return { isError: true }; }\n  }\n}`,
      );
      let fn: ts.Node | undefined = node.parent;
      while (fn && !ts.isMethodDeclaration(fn)) fn = fn.parent;
      assert.ok(fn && ts.isMethodDeclaration(fn), 'the method');
      return { node, fn };
    };
    const injected = method('@RawRequest() ');
    assert.equal(inputEvidence(injected.node, injected.fn, []), undefined, 'an injected request is not the input');
    const plain = method('');
    assert.equal(inputEvidence(plain.node, plain.fn, [])?.category, 'VALIDATION', 'the same, undecorated');
  });

  it('not in a catch clause, not for a guard on a loaded value, not outside the callback', () => {
    const caught = handlerCase(
      `  try { await run(); } catch (e) { /*here*/ return { isError: true, text: \`Invalid action \${action}\` }; }`,
    );
    assert.equal(inputEvidence(caught.node, caught.fn, caught.texts), undefined);
    const loaded = handlerCase(
      `  const row = await db.get(start);\n  if (!row) { /*here*/ return { isError: true }; }`,
    );
    assert.equal(inputEvidence(loaded.node, loaded.fn, loaded.texts), undefined);
    const dispatch = handlerCase(`  if (action === 'create') { /*here*/ return { isError: true }; }`);
    assert.equal(inputEvidence(dispatch.node, dispatch.fn, dispatch.texts), undefined, 'a dispatch on the action');
    const late = handlerCase(
      `  if (start > 0) {\n    for (const x of xs) await send(x);\n    /*here*/ return { isError: true };\n  }`,
    );
    assert.equal(inputEvidence(late.node, late.fn, late.texts), undefined, "not the branch's immediate answer");
    const nested = marked(`items.map(({ id }) => { if (!id) { /*here*/ return { isError: true }; } });`);
    assert.equal(toolCallbackOf(nested), undefined);
  });
});
