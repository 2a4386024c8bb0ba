/**
 * Handlers guarded one or two higher-order wrappers away (issue 9, shape 2): a local `tool(…, cb)` helper
 * registers `(args) => answer(name, cb)(args)`, and `answer` returns a function whose try/catch guards `cb`.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findingsOf } from '../checkTester';

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
