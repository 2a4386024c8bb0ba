/**
 * Handler shapes seen in the servers of precision review round 8 (docs/precision-review.md, Round 8):
 * calls on the request context the SDK hands a handler (progress, log lines, capability questions), a
 * tool class re-parsing its arguments with the schema it declares, a result builder called with constant arguments, a low-level handler refusing a malformed tool name, and
 * a helper's `null` that every caller answers with an error result. Each case has a look-alike that must
 * still fire.
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
  `import { api } from './support.js';`,
  `const server = new McpServer({ name: 'board', version: '1' });`,
];

/** A tool whose only unguarded statement is `first`, before work that is guarded. */
function withContextCall(first: string, contextName = 'ctx'): string {
  return [
    ...header,
    `server.registerTool('count', { inputSchema: { n: z.number() } }, async ({ n }, ${contextName}) => {`,
    `  ${first}`,
    `  try {`,
    `    return { content: [{ type: 'text', text: await api.count(n) }] };`,
    `  } catch (error) {`,
    `    return { content: [{ type: 'text', text: 'count unavailable' }], isError: true };`,
    `  }`,
    `});`,
  ].join('\n');
}

describe('unguarded-handler: calls on the request context', () => {
  it('a progress notification (`await ctx.mcpReq.notify(…)`)', () => {
    const first = `await ctx.mcpReq.notify({ method: 'notifications/progress', params: { progress: 1 } });`;
    assert.deepEqual(findings('unguarded-handler', withContextCall(first)), []);
  });

  it('a log line and a progress report through the context (`context.info(…)`, `context.reportProgress(…)`)', () => {
    const first = `context.info('counting'); await context.reportProgress(1, 2);`;
    assert.deepEqual(findings('unguarded-handler', withContextCall(first, 'context')), []);
  });

  it("a question about the client's capabilities (`ctx.client.supportsViews()`)", () => {
    const first = `const views = ctx.client.supportsViews();`;
    assert.deepEqual(findings('unguarded-handler', withContextCall(first)), []);
  });

  it('look-alike: reading a resource through the context still fires', () => {
    const first = `const seed = await ctx.readResource('board://seed');`;
    assert.deepEqual(findings('unguarded-handler', withContextCall(first)), ['unguarded']);
  });

  it('look-alike: the same notify on an object that is not the context still fires', () => {
    const first = `await api.notify({ method: 'notifications/progress' });`;
    assert.deepEqual(findings('unguarded-handler', withContextCall(first)), ['unguarded']);
  });
});

describe('unguarded-handler: a tool class re-parsing its arguments with the schema it declares', () => {
  const toolClass = (parsed: string): string =>
    [
      `import { z } from 'zod';`,
      `import { BaseToolHandler } from './base.js';`,
      `import { api } from './support.js';`,
      `const listArguments = z.object({ folder: z.string() });`,
      `const pageArguments = z.object({ page: z.number() });`,
      `export class ListItemsHandler extends BaseToolHandler {`,
      `  async handle(runtime: unknown, toolArguments: Record<string, unknown> | undefined) {`,
      `    const { folder } = ${parsed}.parse(toolArguments);`,
      `    try {`,
      `      return { content: [{ type: 'text' as const, text: await api.list(folder) }] };`,
      `    } catch (error) {`,
      `      return { content: [{ type: 'text' as const, text: 'list failed' }], isError: true };`,
      `    }`,
      `  }`,
      `  getToolConfig() {`,
      `    return { name: 'list-items', description: 'List items', inputSchema: listArguments.shape };`,
      `  }`,
      `}`,
    ].join('\n');

  it('`listArguments.parse(toolArguments)` where getToolConfig answers `inputSchema: listArguments.shape`', () => {
    assert.deepEqual(findings('unguarded-handler', toolClass('listArguments')), []);
  });

  it('look-alike: parsing with another schema still fires', () => {
    assert.deepEqual(findings('unguarded-handler', toolClass('pageArguments')), ['unguarded']);
  });
});

describe('unguarded-handler: a result builder called with constant arguments', () => {
  const builder = [
    `function textResponse(text: string, isError: boolean = false) {`,
    `  if (text === '') throw new Error('textResponse: text cannot be empty');`,
    `  return { isError, content: [{ type: 'text' as const, text }] };`,
    `}`,
  ];
  const tool = (refusal: string): string =>
    [
      ...header,
      ...builder,
      `server.tool('deploy', { alias: z.string().optional() }, async ({ alias }) => {`,
      `  if (!alias) return ${refusal};`,
      `  try {`,
      `    return textResponse(await api.deploy(alias));`,
      `  } catch (error) {`,
      `    return textResponse('deploy failed', true);`,
      `  }`,
      `});`,
    ].join('\n');

  it("`textResponse('The alias parameter is required', true)`: its only throw refuses an empty text", () => {
    assert.deepEqual(findings('unguarded-handler', tool(`textResponse('The alias parameter is required', true)`)), []);
  });

  it('look-alike: the same builder called with a value that can be empty still fires', () => {
    assert.deepEqual(findings('unguarded-handler', tool(`textResponse(api.hint(), true)`)), ['unguarded']);
  });
});

describe('throw-in-handler: a low-level handler refusing a malformed tool name', () => {
  const lowLevel = (message: string): string =>
    [
      `import { Server } from '@modelcontextprotocol/sdk/server/index.js';`,
      `import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';`,
      `import { run } from './tools.js';`,
      `const server = new Server({ name: 'budget', version: '1' }, { capabilities: { tools: {} } });`,
      `server.setRequestHandler(CallToolRequestSchema, async (request) => {`,
      `  const name = request.params.name;`,
      `  if (typeof name !== 'string') {`,
      `    throw new Error('${message}');`,
      `  }`,
      `  try {`,
      `    return { content: [{ type: 'text', text: await run(name) }] };`,
      `  } catch (error) {`,
      `    return { content: [{ type: 'text', text: 'failed' }], isError: true, errorCategory: 'UNKNOWN', isRetryable: false };`,
      `  }`,
      `});`,
    ].join('\n');

  it('"Tool name must be a string" is a malformed request, a protocol error by the specification', () => {
    assert.deepEqual(findings('throw-in-handler', lowLevel('Tool name must be a string')), []);
  });

  it('"Missing tool name" too', () => {
    assert.deepEqual(findings('throw-in-handler', lowLevel('Missing tool name')), []);
  });

  it('look-alike: a refusal of a tool argument still fires', () => {
    assert.deepEqual(findings('throw-in-handler', lowLevel('Budget name must be a string')), ['uncaughtThrowLowLevel']);
  });
});

describe('failure-as-success: a helper whose null every caller answers with an error result', () => {
  const weather = (answer: string): string =>
    [
      ...header,
      `async function requestJson<T>(url: string): Promise<T | null> {`,
      `  try {`,
      `    const response = await fetch(url);`,
      `    if (!response.ok) throw new Error('HTTP ' + response.status);`,
      `    return (await response.json()) as T;`,
      `  } catch (error) {`,
      `    console.error('request failed', error);`,
      `    return null;`,
      `  }`,
      `}`,
      `server.tool('alerts', { area: z.string() }, async ({ area }) => {`,
      `  const alerts = await requestJson<{ items: string[] }>('https://weather.example/alerts/' + area);`,
      `  if (!alerts) {`,
      `    return ${answer};`,
      `  }`,
      `  return { content: [{ type: 'text', text: alerts.items.join('\\n') }] };`,
      `});`,
    ].join('\n');

  it('`if (!alerts) return { …, isError: true }`: null is the failure marker the handler answers', () => {
    const answer = `{ content: [{ type: 'text', text: 'Failed to retrieve alerts' }], isError: true }`;
    assert.deepEqual(findings('failure-as-success', weather(answer)), []);
  });

  it('look-alike: the handler answering the null as "nothing found" still fires', () => {
    const answer = `{ content: [{ type: 'text', text: 'No alerts for ' + area }] }`;
    assert.deepEqual(findings('failure-as-success', weather(answer)), ['helperCatchReturnsEmpty']);
  });
});

describe('throw-in-handler: a UserError built by a helper', () => {
  const fastTool = (built: string): string =>
    [
      `import { FastMCP, UserError } from 'fastmcp';`,
      `import { z } from 'zod';`,
      `import { api } from './support.js';`,
      `const server = new FastMCP({ name: 'records', version: '1.0.0' });`,
      `function toToolError(error: unknown) {`,
      `  return ${built};`,
      `}`,
      `server.addTool({`,
      `  name: 'add_record',`,
      `  parameters: z.object({ id: z.string() }),`,
      `  execute: async (args) => {`,
      `    try {`,
      `      return JSON.stringify(await api.add(args.id));`,
      `    } catch (error) {`,
      `      throw toToolError(error);`,
      `    }`,
      `  },`,
      `});`,
    ].join('\n');

  it('`throw toToolError(error)` returning `new UserError(…)` gets the UserError message, not "unstructured"', () => {
    const built = `new UserError(error instanceof Error ? error.message : 'add failed')`;
    assert.deepEqual(findings('throw-in-handler', fastTool(built)), ['userErrorWithoutCategory']);
  });

  it('look-alike: a helper returning a plain Error still gets the uncaught-throw message', () => {
    const built = `new Error(error instanceof Error ? error.message : 'add failed')`;
    assert.deepEqual(findings('throw-in-handler', fastTool(built)), ['uncaughtThrow']);
  });
});
