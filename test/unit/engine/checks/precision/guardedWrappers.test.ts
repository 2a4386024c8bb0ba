/**
 * Handlers guarded one or two higher-order wrappers away (issue 9, shape 2): a local `tool(…, cb)` helper
 * registers `(args) => answer(name, cb)(args)`, and `answer` returns a function whose try/catch guards `cb`.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findingsOf } from '../checkTester';
import { guardFindings } from './guardWorkspace';

/** A server whose helper hands `cb` to `answer`; `catchBody` is what `answer`'s catch does. */
function server(catchBody: string, registered = `(args: any) => answer(name, cb)(args)`, extra = ''): string {
  return [
    `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';`,
    `const server = new McpServer({ name: 'tides', version: '1' });`,
    `const answer = (name: string, cb: (args: any) => Promise<string>) => {`,
    `  return async (args: any) => {`,
    `    try {`,
    `      const text = await cb(args);`,
    `      return { content: [{ type: 'text' as const, text }] };`,
    `    } catch (error) {`,
    `      ${catchBody}`,
    `    }`,
    `  };`,
    `};`,
    extra,
    `const tool = (name: string, description: string, cb: (args: any) => Promise<string>) => {`,
    `  server.registerTool(name, { description }, ${registered});`,
    `};`,
    `tool('tide_times', 'Tide times for a harbour', async (args) => {`,
    `  if (!args.harbour) throw new Error('harbour required');`,
    `  const res = await fetch('https://tides.invalid/' + args.harbour);`,
    `  return res.text();`,
    `});`,
  ].join('\n');
}

const ANSWERS = `return { isError: true, content: [{ type: 'text' as const, text: 'tide service failed' }] };`;

function found(code: string): string[] {
  return ['throw-in-handler', 'unguarded-handler'].flatMap((check) =>
    findingsOf(check, { name: check, code }).findings.map(
      (f) => `${f.check}:${code.slice(0, f.start).split('\n').length}`,
    ),
  );
}

describe('handlers guarded by a higher-order wrapper the registration helper calls', () => {
  it('the helper hands cb to a wrapper whose returned function guards it', () => {
    assert.deepEqual(found(server(ANSWERS)), []);
  });

  it('two wrappers deep: the helper calls a second helper that hands cb to the guarding wrapper', () => {
    const code = server(
      ANSWERS,
      `(args: any) => relay(name, cb)(args)`,
      `const relay = (name: string, fn: (args: any) => Promise<string>) => answer(name, fn);`,
    );
    assert.deepEqual(found(code), []);
  });

  it('near miss: the wrapper’s catch rethrows', () => {
    assert.deepEqual(found(server('throw error;')), ['throw-in-handler:18', 'unguarded-handler:17']);
  });

  it('near miss: the helper registers cb itself, not through the wrapper', () => {
    assert.deepEqual(found(server(ANSWERS, 'cb')), ['throw-in-handler:18', 'unguarded-handler:17']);
  });
});

/** utils.ts: `withContext(name, fn)` hands an inline function calling `fn` to `withRoot`; `catchBody` is `withRoot`'s catch. */
function contextUtils(catchBody: string): string {
  return [
    `type Run = (args: any, ctx: { root: string }) => Promise<{ content: Array<{ type: 'text'; text: string }> }>;`,
    `export function withRoot(fn: (args: any) => ReturnType<Run>) {`,
    `  return async (args: any) => {`,
    `    try {`,
    `      return await fn({ ...args, root: args.root ?? '/' });`,
    `    } catch (error) {`,
    `      ${catchBody}`,
    `    }`,
    `  };`,
    `}`,
    `export function withContext(name: string, run: Run) {`,
    `  return withRoot(async (args: any) => run(args, { root: args.root }));`,
    `}`,
  ].join('\n');
}

const contextServer = [
  `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';`,
  `import { withContext } from './utils.js';`,
  `const server = new McpServer({ name: 'notes', version: '1' });`,
  `server.registerTool('append_note', {}, withContext('append_note', async (args, ctx) => {`,
  `  if (!args.text) throw new Error('text required');`,
  `  const res = await fetch('https://notes.invalid/' + ctx.root, { method: 'POST', body: args.text });`,
  `  return { content: [{ type: 'text', text: await res.text() }] };`,
  `}));`,
].join('\n');

function contextFindings(catchBody: string): string[] {
  return guardFindings({ 'utils.ts': contextUtils(catchBody), 'server.ts': contextServer }, 'server.ts').sort();
}

describe('a wrapper imported from another file that hands the handler to a second, guarding wrapper', () => {
  it('withContext(name, fn) where withRoot guards the inline function calling fn', () => {
    assert.deepEqual(contextFindings(ANSWERS), []);
  });

  it('near miss: withRoot’s catch rethrows', () => {
    assert.deepEqual(contextFindings('throw error;'), ['throw-in-handler:5', 'unguarded-handler:4']);
  });
});
