/**
 * Handlers guarded by the project's own registration helper (issue 9, shape 1): a class method or
 * function that calls the callback it receives inside a try whose catch answers every error guards
 * the definitions' handlers that callback invokes (`this.registerTool(def, (a) => def.handler(ctx, a))`).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { guardFindings } from './guardWorkspace';

const definitions = [
  `export const lookupTool = {`,
  `  name: 'lookup',`,
  `  description: 'Looks a parcel up',`,
  `  schema: { shape: {} },`,
  `  handler: async (ctx: { api: { get(id: string): Promise<string> } }, params: { id: string }) => {`,
  `    if (!params.id) throw new Error('id required');`,
  `    const text = await ctx.api.get(params.id);`,
  `    return { content: [{ type: 'text', text }] };`,
  `  },`,
  `};`,
  `export const parcelTools = [lookupTool];`,
].join('\n');

/** The agent class: `catchBody` is what its helper's catch does; `call` how the helper invokes the callback. */
function agent(catchBody: string, register: string, call = 'await cb(params)'): string {
  return [
    `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';`,
    `import { parcelTools, lookupTool } from './parcels.js';`,
    `type Def = { name: string; description: string; schema: { shape: object } };`,
    `export class ParcelAgent {`,
    `  server = new McpServer({ name: 'parcels', version: '1' });`,
    `  ctx = { api: { get: async (id: string) => id } };`,
    `  async registerTool(def: Def, cb: (params: unknown) => Promise<unknown>) {`,
    `    const answered = async (params: unknown) => {`,
    `      try {`,
    `        return ${call};`,
    `      } catch (error) {`,
    `        ${catchBody}`,
    `      }`,
    `    };`,
    `    this.server.tool(def.name, def.description, def.schema.shape, answered);`,
    `  }`,
    `  async init() {`,
    `    ${register}`,
    `  }`,
    `}`,
  ].join('\n');
}

const ANSWERS = `return { isError: true, content: [{ type: 'text', text: 'parcel service failed' }] };`;
const LOOP = `for (const def of parcelTools) await this.registerTool(def, async (params: any) => def.handler(this.ctx, params));`;
const SINGLE = `await this.registerTool(lookupTool, async (params: any) => lookupTool.handler(this.ctx, params));`;
const UNGUARDED = ['throw-in-handler:6', 'unguarded-handler:5'];

function findings(agentText: string): string[] {
  return guardFindings({ 'parcels.ts': definitions, 'agent.ts': agentText }, 'parcels.ts').sort();
}

describe('handlers guarded by a project registration helper', () => {
  it('definitions registered in a loop through a class method that calls its callback in a guarding try', () => {
    assert.deepEqual(findings(agent(ANSWERS, LOOP)), []);
  });

  it('one definition registered through the same helper', () => {
    assert.deepEqual(findings(agent(ANSWERS, SINGLE)), []);
  });

  it('near miss: the helper’s catch rethrows, so the handlers still fire', () => {
    assert.deepEqual(findings(agent('throw error;', LOOP)), UNGUARDED);
  });

  it('near miss: the try does not cover the callback call', () => {
    const text = agent(ANSWERS, LOOP, `await Promise.resolve(params)`).replace(
      `    const answered = async (params: unknown) => {`,
      `    const answered = async (params: unknown) => {\n      await cb(params);`,
    );
    assert.deepEqual(
      findings(text),
      UNGUARDED.map((f) => f),
    );
  });

  it('near miss: a handler registered directly with the SDK, beside the helper, still fires', () => {
    const text = agent(
      ANSWERS,
      `this.server.tool(lookupTool.name, lookupTool.description, {}, async (params: any) => lookupTool.handler(this.ctx, params));`,
    );
    assert.deepEqual(findings(text), UNGUARDED);
  });
});
