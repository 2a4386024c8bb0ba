/**
 * Handler shapes seen in the servers of precision review round 9 (docs/precision-review.md, Round 9):
 * calls that cannot fail the way a handler check means (a dotted built-in, a test of a regex constant, a
 * date computed from the clock, `process.exit`), a notification sent through the server object, a
 * handler kept in a plain object of the file, and a helper's catch that returns a whole tool result.
 * Each case has a look-alike that must still fire.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findingsOf } from '../checkTester';

function findings(check: string, code: string): string[] {
  return findingsOf(check, { name: 'case', code }).findings.map((f) => f.messageId);
}

const header = [
  `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';`,
  `import { z } from 'zod';`,
  `import { garden } from './support.js';`,
  `const mcpServer = new McpServer({ name: 'garden', version: '1' });`,
  `const PLOT_PATTERN = /^[a-z]{3}-[0-9]{4}$/;`,
];

/** A tool whose only unguarded statement is `first`, before work that is guarded. */
function withFirst(first: string, before: string[] = [], parameters = '{ plot }'): string {
  return [
    ...header,
    ...before,
    `mcpServer.registerTool('water', { inputSchema: { plot: z.string() } }, async (${parameters}) => {`,
    `  ${first}`,
    `  try {`,
    `    return { content: [{ type: 'text', text: await garden.water(plot) }] };`,
    `  } catch (error) {`,
    `    return { content: [{ type: 'text', text: 'watering failed' }], isError: true };`,
    `  }`,
    `});`,
  ].join('\n');
}

describe('unguarded-handler: calls that cannot fail', () => {
  it('a helper that only reads own properties through `Object.prototype.hasOwnProperty.call(…)`', () => {
    const helper = [
      `function pickKnown(input: Record<string, unknown>) {`,
      `  const out: Record<string, unknown> = {};`,
      `  for (const key in input) if (Object.prototype.hasOwnProperty.call(input, key)) out[key] = input[key];`,
      `  return out;`,
      `}`,
    ];
    assert.deepEqual(findings('unguarded-handler', withFirst(`const known = pickKnown({ plot });`, helper)), []);
  });

  it('a test of a regular expression the file binds as a constant (`PLOT_PATTERN.test(plot)`)', () => {
    const first = `if (!PLOT_PATTERN.test(plot)) return { content: [{ type: 'text', text: 'bad plot' }], isError: true };`;
    assert.deepEqual(findings('unguarded-handler', withFirst(first)), []);
  });

  it('a date computed from the clock and constants (`new Date(Date.now() + 7 * DAY).toISOString()`)', () => {
    const first = `const until = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString();`;
    assert.deepEqual(findings('unguarded-handler', withFirst(first)), []);
  });

  it('`process.exit(1)` ends the process: no try/catch changes what the model sees', () => {
    const first = `if (!process.env.GARDEN_TOKEN) { console.error('no token'); process.exit(1); }`;
    assert.deepEqual(findings('unguarded-handler', withFirst(first)), []);
  });

  it('look-alike: a date parsed from the arguments still fires', () => {
    const first = `const until = new Date(plot).toISOString();`;
    assert.deepEqual(findings('unguarded-handler', withFirst(first)), ['unguarded']);
  });

  it('look-alike: a test of a pattern the handler is handed still fires', () => {
    const first = `if (!garden.pattern.test(plot)) return { content: [{ type: 'text', text: 'bad plot' }], isError: true };`;
    assert.deepEqual(findings('unguarded-handler', withFirst(first)), ['unguarded']);
  });
});

describe('unguarded-handler: a notification sent through the server object', () => {
  it('`await mcpServer.server.notification(…)`', () => {
    const first = `await mcpServer.server.notification({ method: 'garden/watering', params: { plot } });`;
    assert.deepEqual(findings('unguarded-handler', withFirst(first)), []);
  });

  it('`await mcpServer.server.sendLoggingMessage(…)`', () => {
    const first = `await mcpServer.server.sendLoggingMessage({ level: 'info', data: plot });`;
    assert.deepEqual(findings('unguarded-handler', withFirst(first)), []);
  });

  it('look-alike: a request through the server object still fires', () => {
    const first = `await mcpServer.server.createMessage({ messages: [], maxTokens: 10 });`;
    assert.deepEqual(findings('unguarded-handler', withFirst(first)), ['unguarded']);
  });

  it('look-alike: a notification through an object that is not a server still fires', () => {
    const first = `await garden.notification({ plot });`;
    assert.deepEqual(findings('unguarded-handler', withFirst(first)), ['unguarded']);
  });
});

describe('unguarded-handler: a handler kept in a plain object of the file', () => {
  const kept = (handlerBody: string): string =>
    [
      ...header,
      `const pruneHandler = async ({ plot }: { plot: string }) => {`,
      handlerBody,
      `};`,
      `export const pruneTool = { name: 'prune', handler: pruneHandler };`,
      `mcpServer.tool(pruneTool.name, { plot: z.string() }, (args) => {`,
      `  return pruneTool.handler(args);`,
      `});`,
    ].join('\n');

  it('`pruneTool.handler(args)` runs a same-file handler whose work is guarded', () => {
    const body = [
      `  try {`,
      `    return { content: [{ type: 'text' as const, text: await garden.prune(plot) }] };`,
      `  } catch (error) {`,
      `    return { content: [{ type: 'text' as const, text: 'pruning failed' }], isError: true };`,
      `  }`,
    ].join('\n');
    assert.deepEqual(findings('unguarded-handler', kept(body)), []);
  });

  it('look-alike: the same object whose handler awaits unguarded still fires', () => {
    const body = `  return { content: [{ type: 'text' as const, text: await garden.prune(plot) }] };`;
    assert.ok(findings('unguarded-handler', kept(body)).includes('unguarded'));
  });
});

describe("failure-as-success: a helper's catch that returns a whole tool result", () => {
  const helper = (answer: string): string =>
    [
      ...header,
      `async function guarded(work: () => Promise<unknown>) {`,
      `  try {`,
      `    return await work();`,
      `  } catch (error) {`,
      `    ${answer}`,
      `  }`,
      `}`,
      `mcpServer.tool('harvest', { plot: z.string() }, async ({ plot }) => {`,
      `  return guarded(async () => ({ content: [{ type: 'text', text: await garden.harvest(plot) }] }));`,
      `});`,
    ].join('\n');

  it('a result without isError is reported as a normal answer, not as "nothing found"', () => {
    const answer = `return { content: [{ type: 'text', text: 'Error: ' + String(error) }] };`;
    assert.deepEqual(findings('failure-as-success', helper(answer)), ['helperCatchReturnsResult']);
  });

  it('look-alike: an empty value keeps the "nothing found" message', () => {
    assert.deepEqual(findings('failure-as-success', helper(`return null;`)), ['helperCatchReturnsEmpty']);
  });
});

describe('unguarded-handler: an object built from the request context reports through it', () => {
  const contextHelpers = [
    `type Context = { reportProgress?: (done: number, total: number) => Promise<void> };`,
    `function createReporter(ctx: Context, name: string) {`,
    `  return { name, progress: (done: number, total: number, note: string) => ctx.reportProgress?.(done, total) ?? Promise.resolve(note) };`,
    `}`,
    `function connect(ctx: Context) {`,
    `  return { info: () => garden.about(ctx) };`,
    `}`,
  ];
  const withContext = (first: string): string => withFirst(first, contextHelpers, '{ plot }, ctx');

  it("`const reporter = createReporter(ctx, 'water'); await reporter.progress(…)`", () => {
    const first = `const reporter = createReporter(ctx, 'water'); await reporter.progress(1, 2, 'watering');`;
    assert.deepEqual(findings('unguarded-handler', withContext(first)), []);
  });

  it('look-alike: asking a client built from the context for data still fires', () => {
    const first = `const client = connect(ctx); const about = await client.info();`;
    assert.deepEqual(findings('unguarded-handler', withContext(first)), ['unguarded']);
  });
});

describe("unguarded-handler: a server framework's result helpers", () => {
  const withHelper = (source: string): string =>
    [
      `import { MCPServer } from 'mcp-use/server';`,
      `import { error, markdown } from '${source}';`,
      `import { z } from 'zod';`,
      `import { garden } from './support.js';`,
      `const server = new MCPServer({ name: 'garden', version: '1' });`,
      `function answer(result: { failed: boolean; text: string }) {`,
      `  return result.failed ? error(result.text) : markdown(result.text);`,
      `}`,
      `server.tool({ name: 'weed', schema: z.object({ plot: z.string() }) }, async ({ plot }) => {`,
      `  let result = { failed: true, text: 'weeding failed' };`,
      `  try {`,
      `    result = { failed: false, text: await garden.weed(plot) };`,
      `  } catch (e) {`,
      `    console.error(String(e));`,
      `  }`,
      `  return answer(result);`,
      `});`,
    ].join('\n');

  it('`error(…)` and `markdown(…)` of mcp-use only build the result', () => {
    assert.deepEqual(findings('unguarded-handler', withHelper('mcp-use/server')), []);
  });

  it('look-alike: the same names from a workspace module that cannot be read still fire', () => {
    assert.deepEqual(findings('unguarded-handler', withHelper('./answers.js')), ['unguarded']);
  });
});
