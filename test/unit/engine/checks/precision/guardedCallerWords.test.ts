/**
 * throw-in-handler and unguarded-handler: a named per-tool function that a named dispatch function runs, where the
 * tools/call handler calls the dispatch function only inside its try/catch, is guarded. Deciding which references of the name are calls must not depend on
 * how the name also appears as text (in a message, a comment, a property) — only on what the code does
 * with the function.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findingsOf } from '../checkTester';

function server(extra: string[] = [], catchBody = `return fail(error);`): string {
  return [
    `import { Server } from '@modelcontextprotocol/sdk/server/index.js';`,
    `import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';`,
    `const server = new Server({ name: 'shelves', version: '1' }, { capabilities: { tools: {} } });`,
    `const fail = (error: unknown) => ({ isError: true, errorCategory: 'UNKNOWN', isRetryable: false, content: [{ type: 'text' as const, text: String(error) }] });`,
    `async function countItems(args: { shelf: string }) {`,
    `  const items = await warehouse.list(args.shelf);`,
    `  if (items.length > 500) throw new Error('Shelf ' + args.shelf + ' is too large to count');`,
    `  return { content: [{ type: 'text' as const, text: String(items.length) }] };`,
    `}`,
    `async function runTool(name: string, args: unknown) {`,
    `  switch (name) {`,
    `    case 'count_items':`,
    `      return countItems(args as { shelf: string });`,
    `    default:`,
    `      return fail('Unknown tool ' + name);`,
    `  }`,
    `}`,
    `server.setRequestHandler(CallToolRequestSchema, async (request) => {`,
    `  try {`,
    `    return await runTool(request.params.name, request.params.arguments);`,
    `  } catch (error) {`,
    `    ${catchBody}`,
    `  }`,
    `});`,
    ...extra,
  ].join('\n');
}

function count(check: string, code: string): number {
  return findingsOf(check, { name: 'case', code }).findings.length;
}

describe('a named tool function whose dispatch function is called only inside the tools/call try/catch', () => {
  for (const check of ['throw-in-handler', 'unguarded-handler']) {
    it(`${check}: guarded when the only references are calls`, () => {
      assert.equal(count(check, server()), 0);
    });

    it(`${check}: still guarded when its name also appears in a message, a comment and a property`, () => {
      const code = server([
        `// runTool and countItems are run by the tools/call handler above`,
        `console.log('runTool ready');`,
        `export const meta = { runTool: 'dispatches', countItems: 'counts the items of a shelf' };`,
        `export const labels = [meta.runTool, meta.countItems];`,
      ]);
      assert.equal(count(check, code), 0);
    });

    it(`${check}: not guarded when it is also used as a value (it may run anywhere)`, () => {
      assert.ok(count(check, server([`setInterval(runTool, 60_000, 'count_items', {});`])) > 0);
    });

    it(`${check}: not guarded when the catch rethrows`, () => {
      assert.ok(count(check, server([], `console.error(error); throw error;`)) > 0);
    });
  }
});
