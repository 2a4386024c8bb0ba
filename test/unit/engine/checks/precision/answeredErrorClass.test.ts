/**
 * throw-in-handler: a tool passed to a registration helper whose catch answers the project's own error
 * class (`if (e instanceof ShelfError) return { isError: true, … }`) and rethrows the rest. A throw of that
 * class becomes an error result; a throw of anything else still escapes (docs/precision-review.md, Round 4).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { guardFindings } from './guardWorkspace';

function defineShelfTool(catchBody: string, runBeforeTry = false): string {
  return [
    `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';`,
    `import ShelfError from './shelfError.js';`,
    `export const server = new McpServer({ name: 'shelves', version: '1' });`,
    `export default function defineShelfTool(definition: { name: string; run: (args: any) => Promise<unknown> }) {`,
    `  server.registerTool(definition.name, { description: definition.name }, async (args: any) => {`,
    ...(runBeforeTry ? [`    const value = await definition.run(args);`] : []),
    `    try {`,
    ...(runBeforeTry ? [] : [`      const value = await definition.run(args);`]),
    `      return { content: [{ type: 'text' as const, text: JSON.stringify(value) }] };`,
    `    } catch (e) {`,
    ...catchBody.split('\n').map((line) => `      ${line}`),
    `    }`,
    `  });`,
    `  return definition;`,
    `}`,
  ].join('\n');
}

const ANSWERS_SHELF_ERROR = [
  `if (e instanceof ShelfError) {`,
  `  return { isError: true, errorCategory: 'NOT_FOUND', isRetryable: false, content: [{ type: 'text' as const, text: e.reason }] };`,
  `}`,
  `throw e;`,
].join('\n');

const SHELF_ERROR = `export default class ShelfError {\n  constructor(public reason: string) {}\n}`;

function toolFile(thrown: string): string {
  return [
    `import defineShelfTool from './defineShelfTool.js';`,
    `import ShelfError from './shelfError.js';`,
    `import { shelves } from './shelves.js';`,
    `export default defineShelfTool({`,
    `  name: 'count_shelf',`,
    `  async run(args: { shelf: string }) {`,
    `    const items = await shelves.read(args.shelf);`,
    `    if (!items) {`,
    `      throw ${thrown};`,
    `    }`,
    `    return items.length;`,
    `  },`,
    `});`,
  ].join('\n');
}

function throwFindings(helper: string, thrown: string): string[] {
  return guardFindings(
    {
      'defineShelfTool.ts': helper,
      'shelfError.ts': SHELF_ERROR,
      'shelves.ts': `export const shelves = { async read(name: string): Promise<string[] | undefined> { return name ? [] : undefined; } };`,
      'countShelf.ts': toolFile(thrown),
    },
    'countShelf.ts',
  ).filter((finding) => finding.startsWith('throw-in-handler'));
}

describe('throw-in-handler: an error class the registration helper answers', () => {
  it('a throw of the class the helper (another file) answers with a result is not reported', () => {
    assert.deepEqual(throwFindings(defineShelfTool(ANSWERS_SHELF_ERROR), `new ShelfError('no such shelf')`), []);
  });

  it('near miss: a plain Error in the same tool is rethrown by the helper and stays reported', () => {
    assert.deepEqual(throwFindings(defineShelfTool(ANSWERS_SHELF_ERROR), `new Error('no such shelf')`), [
      'throw-in-handler:9',
    ]);
  });

  it('near miss: a catch that only logs the class and rethrows everything answers nothing', () => {
    const logsOnly = `if (e instanceof ShelfError) console.error(e.reason);\nthrow e;`;
    assert.deepEqual(throwFindings(defineShelfTool(logsOnly), `new ShelfError('no such shelf')`), [
      'throw-in-handler:9',
    ]);
  });

  it('near miss: a catch that answers the class as a success (no isError) is no guard', () => {
    const asSuccess = `if (e instanceof ShelfError) {\n  return { content: [{ type: 'text' as const, text: e.reason }] };\n}\nthrow e;`;
    assert.deepEqual(throwFindings(defineShelfTool(asSuccess), `new ShelfError('no such shelf')`), [
      'throw-in-handler:9',
    ]);
  });

  it('near miss: a try after the tool has run guards nothing', () => {
    const helper = defineShelfTool(ANSWERS_SHELF_ERROR, true);
    assert.deepEqual(throwFindings(helper, `new ShelfError('no such shelf')`), ['throw-in-handler:9']);
  });
});
