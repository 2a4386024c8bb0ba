/**
 * Round 6, part A (docs/real-code-evaluation-round6.md, shapes 1, 2, 4 and 6), written from scratch with
 * invented names: project factories that build a definition from their parameters (positional, curried
 * thunk, one options object), typed definitions consumed by a registration loop, and generated
 * definitions passed to a registrar closure. Each comes with look-alikes that must stay silent. Shared by
 * the engine, CLI and language-server tests.
 */
import { MCP_PACKAGE, type StyleFixture } from './styleFixtures';

const OK = `{ content: [{ type: 'text' as const, text: 'ok' }] }`;

export const ROUND_SIX_FIXTURES: StyleFixture[] = [
  {
    title:
      'a curried factory makeParcelTool(name, description, shape, handler) returning a thunk; its calls are tools, a look-alike factory not named for a tool is not',
    files: {
      'package.json': MCP_PACKAGE,
      'src/helpers/makeParcelTool.ts': `import type { ToolCallback } from '@modelcontextprotocol/sdk/server/mcp.js';
export const makeParcelTool =
  (name: string, description: string, shape: object, handler: ToolCallback) =>
  () => ({ name, description, shape, handler });
`,
      'src/helpers/makeJob.ts': `// A scheduler's job factory: same shape, not named for a tool.
export const makeJob = (name: string, cron: string, run: () => Promise<void>) => () => ({ name, cron, run });
`,
      'src/tools/list/list-parcels.tool.ts': `import { makeParcelTool } from '../../helpers/makeParcelTool';
const ListParcels = makeParcelTool('list-parcels', 'Lists parcels', {}, async () => {
  return ${OK};
});
export default ListParcels;
`,
      'src/tools/list/list-depots.tool.ts': `import { makeParcelTool } from '../../helpers/makeParcelTool';
export default makeParcelTool('list-depots', 'Lists depots', {}, async function listDepots() {
  return ${OK};
});
`,
      'src/tools/list/index.ts': `import ListParcels from './list-parcels.tool';
import ListDepots from './list-depots.tool';
export const ListTools = [ListParcels, ListDepots];
`,
      'src/jobs/nightly.ts': `import { makeJob } from '../helpers/makeJob';
export const nightly = makeJob('nightly-sweep', '0 3 * * *', async () => {});
`,
      'src/tools/factory.ts': `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ListTools } from './list/index';
export function registerAll(server: McpServer) {
  ListTools.map((make) => make()).forEach((t) => server.tool(t.name, t.description, t.shape, t.handler));
}
`,
    },
    tools: [
      { file: 'src/tools/list/list-parcels.tool.ts', name: 'list-parcels', kind: 'wrapper' },
      {
        file: 'src/tools/list/list-depots.tool.ts',
        name: 'list-depots',
        kind: 'wrapper',
        handler: 'listDepots',
        evidence: /builds a tool definition from its parameters/,
      },
    ],
  },
  {
    title:
      'a positional factory createTool(name, config, callback) returning { name, config, callback }, names from a constant, and createToolNoArgs({ name, handler }); createToolResult and createToolbarButton are not factories',
    files: {
      'package.json': MCP_PACKAGE,
      'src/tools/factory.ts': `export const createTool = (name: string, config: object, callback: (args: unknown) => Promise<unknown>) => {
  return { name, config, callback };
};
export const createToolCallback = (callback: (a: unknown, o: unknown) => Promise<unknown>, options: unknown) => {
  return (args: unknown) => callback(args, options);
};
export function createToolResult(name: string, text: string) {
  return { name, content: [{ type: 'text', text }] };
}
export const createToolbarButton = (name: string, handler: () => void) => ({ name, handler });
export const createToolNoArgs = (config: { name: string; handler: () => Promise<unknown> }) => ({
  name: config.name,
  inputSchema: {},
  handler: async () => config.handler(),
});
`,
      'src/tools/acme/get-widget.ts': `import { createTool } from '../factory';
const toolName = 'acme-get-widget';
const toolConfig = { title: 'Get widget', description: 'Gets a widget', inputSchema: {} };
const callback = async (args: unknown) => {
  return ${OK};
};
export const getWidget = createTool(toolName, toolConfig, callback);
`,
      'src/tools/acme/drop-widget.ts': `import { createTool } from '../factory';
export const dropWidget = createTool('acme-drop-widget', { description: 'Drops' }, async function dropWidget() {
  return ${OK};
});
`,
      'src/tools/results.ts': `import { createToolbarButton, createToolNoArgs, createToolResult } from './factory';
export const done = createToolResult('acme-done', 'finished');
export const refreshButton = createToolbarButton('acme-refresh', () => undefined);
export const ping = createToolNoArgs({ name: 'acme-ping', handler: async () => ${OK} });
`,
      'src/tools/index.ts': `import { getWidget } from './acme/get-widget';
import { dropWidget } from './acme/drop-widget';
export { createToolCallback } from './factory';
export const tools = [getWidget, dropWidget];
`,
      'src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { createToolCallback, tools } from './tools/index';
const server = new McpServer({ name: 'acme', version: '1.0.0' });
const enabled = tools.filter((tool) => !process.env.HIDE?.includes(tool.name));
enabled.forEach((tool) => server.registerTool(tool.name, tool.config, createToolCallback(tool.callback, {})));
`,
    },
    tools: [
      { file: 'src/tools/acme/get-widget.ts', name: 'acme-get-widget', kind: 'wrapper', handler: 'callback' },
      { file: 'src/tools/acme/drop-widget.ts', name: 'acme-drop-widget', kind: 'wrapper', handler: 'dropWidget' },
      { file: 'src/tools/results.ts', name: 'acme-ping', kind: 'wrapper', handler: 'handler' },
    ],
  },
  {
    title:
      'an options-object factory createTool({ name: constants.X, schema, apiCall }) over a namespace import of constants, returning { name: config.name, arguments, invoke }',
    files: {
      'package.json': MCP_PACKAGE,
      'src/depots/constants.ts': `export const OPEN_DEPOT_NAME = 'open_depot';
export const CLOSE_DEPOT_NAME = 'close_depot';
`,
      'src/depots/toolFactory.ts': `import { z } from 'zod';
export function createTool<T extends z.ZodRawShape>(config: {
  name: string;
  description: string;
  schema: T;
  apiCall: (api: unknown, args: unknown) => Promise<unknown>;
}) {
  const argumentSchema = z.object(config.schema);
  const invoke = async (client: unknown, args: unknown) => {
    try {
      return await config.apiCall(client, args);
    } catch (e) {
      return 'failed: ' + String(e);
    }
  };
  return { name: config.name, description: config.description, arguments: argumentSchema, invoke };
}
`,
      'src/depots/index.ts': `import * as constants from './constants';
import { createTool } from './toolFactory';
const openDepot = createTool({
  name: constants.OPEN_DEPOT_NAME,
  description: 'Opens a depot',
  schema: {},
  apiCall: async (api, args) => ({ opened: args }),
});
const closeDepot = createTool({
  name: constants.CLOSE_DEPOT_NAME,
  description: 'Closes a depot',
  schema: {},
  apiCall: async function closeDepotCall(api, args) {
    return { closed: args };
  },
});
export const depotTools = [openDepot, closeDepot];
`,
      'src/index.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { depotTools } from './depots/index';
const server = new McpServer({ name: 'depots', version: '1.0.0' });
for (const tool of new Set(depotTools)) {
  server.registerTool(tool.name, { inputSchema: tool.arguments.shape }, async (args) => ({
    content: [{ type: 'text', text: JSON.stringify(await tool.invoke({}, args)) }],
  }));
}
`,
    },
    tools: [
      { file: 'src/depots/index.ts', name: 'open_depot', kind: 'wrapper' },
      { file: 'src/depots/index.ts', name: 'close_depot', kind: 'wrapper', handler: 'apiCall' },
    ],
  },
  {
    title:
      'typed { name, arguments, invoke } objects consumed by a for…of loop over a function returning a Set; an unconsumed list and a loop that calls no key stay silent',
    files: {
      'package.json': MCP_PACKAGE,
      'src/parcels/constants.ts': `export const SHIP_PARCEL_NAME = 'ship_parcel';
export const TRACK_PARCEL_NAME = 'track_parcel';
`,
      'src/parcels/index.ts': `import { z } from 'zod';
import { SHIP_PARCEL_NAME, TRACK_PARCEL_NAME } from './constants';
import type { Tool } from '../types';
const shipParcel = async (client: unknown, args: { id: string }) => ({ shipped: args.id });
export const shipParcelTool: Tool = {
  name: SHIP_PARCEL_NAME,
  description: 'Ships a parcel',
  arguments: z.object({ id: z.string() }),
  invoke: shipParcel,
};
export const trackParcelTool: Tool = {
  name: TRACK_PARCEL_NAME,
  description: 'Tracks a parcel',
  arguments: z.object({ id: z.string() }),
  invoke: async function trackParcel(client: unknown, args: { id: string }) {
    return { at: args.id };
  },
};
export const weighParcelTool: Tool = {
  name: 'weigh_parcel',
  description: 'Weighs a parcel',
  arguments: z.object({}),
  invoke: async () => ({ grams: 1 }),
};
`,
      'src/types.ts': `export interface Tool {
  name: string;
  description: string;
  arguments: { shape: object };
  invoke: (client: unknown, args: never) => Promise<unknown>;
}
`,
      'src/tools.ts': `import { shipParcelTool, trackParcelTool, weighParcelTool } from './parcels/index';
import type { Tool } from './types';
export const tools: Tool[] = [shipParcelTool, trackParcelTool];
// Listed for the changelog only: never registered.
export const upcoming: Tool[] = [weighParcelTool];
export function activeTools(allow: (name: string) => boolean) {
  return new Set(tools.filter((t) => allow(t.name)));
}
`,
      'src/changelog.ts': `import { upcoming } from './tools';
for (const tool of upcoming) console.log(tool.name, tool.description);
`,
      'src/index.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { activeTools } from './tools';
const server = new McpServer({ name: 'parcels', version: '1.0.0' });
for (const tool of activeTools(() => true)) {
  server.registerTool(tool.name, { inputSchema: tool.arguments.shape }, async (args: never) => ({
    content: [{ type: 'text' as const, text: JSON.stringify(await tool.invoke({}, args)) }],
  }));
}
`,
    },
    tools: [
      {
        file: 'src/parcels/index.ts',
        name: 'ship_parcel',
        kind: 'definition',
        handler: 'shipParcel',
        evidence: /consumed by the registration loop/,
      },
      { file: 'src/parcels/index.ts', name: 'track_parcel', kind: 'definition', handler: 'invoke' },
    ],
  },
  {
    title:
      'generated definitions tool$x = { name, args, tool } passed to a registrar closure made by makeRegistrar(server, client); the registrar call and def.tool(…) are not tools',
    files: {
      'package.json': MCP_PACKAGE,
      'src/mcp-server/tools.ts': `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export type ToolDefinition = {
  name: string;
  description: string;
  args?: object;
  tool: (client: unknown, args: unknown, extra?: unknown) => Promise<{ content: [] }>;
};
export function makeRegistrar(server: McpServer, client: unknown) {
  return (def: ToolDefinition): void => {
    if (def.args) {
      server.tool(def.name, def.description, def.args, async (args: unknown, ctx: unknown) => {
        return def.tool(client, args, ctx);
      });
    } else {
      server.tool(def.name, def.description, async (ctx: unknown) => def.tool(client, ctx));
    }
  };
}
export function makePromptRegistrar(server: McpServer) {
  return (def: { name: string; prompt: () => string }) => server.prompt(def.name, async () => ({ messages: [] }));
}
`,
      'src/mcp-server/tools/parcelsGet.ts': `import type { ToolDefinition } from '../tools';
const args = { id: {} };
export const tool$parcelsGet: ToolDefinition = {
  name: 'get-parcel',
  description: 'Gets a parcel',
  args,
  tool: async (client, input) => {
    return { content: [] };
  },
};
`,
      'src/mcp-server/tools/parcelsList.ts': `import type { ToolDefinition } from '../tools';
export const tool$parcelsList: ToolDefinition = {
  name: 'list-parcels',
  description: 'Lists parcels',
  tool: async function listParcels(client) {
    return { content: [] };
  },
};
`,
      'src/mcp-server/tools/parcelsDraft.ts': `import type { ToolDefinition } from '../tools';
// Generated but not registered by this server.
export const tool$parcelsDraft: ToolDefinition = {
  name: 'draft-parcel',
  description: 'Drafts',
  tool: async () => ({ content: [] }),
};
`,
      'src/mcp-server/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { makePromptRegistrar, makeRegistrar } from './tools';
import { tool$parcelsGet } from './tools/parcelsGet';
import { tool$parcelsList } from './tools/parcelsList';
export function createServer() {
  const server = new McpServer({ name: 'parcels', version: '1.0.0' });
  const tool = makeRegistrar(server, {});
  const prompt = makePromptRegistrar(server);
  tool(tool$parcelsGet);
  tool(tool$parcelsList);
  prompt({ name: 'summarise', prompt: () => 'Summarise' });
  return server;
}
`,
    },
    tools: [
      {
        file: 'src/mcp-server/tools/parcelsGet.ts',
        name: 'get-parcel',
        kind: 'definition',
        evidence: /returns a registrar/,
      },
      { file: 'src/mcp-server/tools/parcelsList.ts', name: 'list-parcels', kind: 'definition', handler: 'tool' },
    ],
  },
  {
    title:
      'plain { name, config, callback } objects in a record, Object.values(…).filter(…).forEach registering withLogging(tool.callback); a job list run by a scheduler loop is not tools',
    files: {
      'package.json': MCP_PACKAGE,
      'src/letters.ts': `const stampTool = {
  name: 'stamp_letter',
  config: { description: 'Stamps a letter' },
  callback: async () => ${OK},
};
const weighTool = {
  name: 'weigh_letter',
  config: { description: 'Weighs a letter' },
  callback: async function weighLetter() {
    return ${OK};
  },
};
const byKey = { stamp: stampTool, weigh: weighTool };
export const enabledLetterTools = () => Object.values(byKey).filter((tool) => tool.name !== process.env.HIDE);
`,
      'src/jobs.ts': `export const jobs = [{ name: 'sort_letters', callback: async () => undefined }];
export function runJobs(scheduler: { every(name: string, fn: () => Promise<void>): void }) {
  for (const job of jobs) scheduler.every(job.name, () => job.callback());
}
`,
      'src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { enabledLetterTools } from './letters';
const withLogging = <T>(fn: T) => fn;
const server = new McpServer({ name: 'letters', version: '1.0.0' });
enabledLetterTools().forEach((tool) => server.registerTool(tool.name, tool.config, withLogging(tool.callback)));
`,
    },
    tools: [
      { file: 'src/letters.ts', name: 'stamp_letter', kind: 'definition', handler: 'callback' },
      { file: 'src/letters.ts', name: 'weigh_letter', kind: 'definition', handler: 'callback' },
    ],
  },
  {
    title:
      'a factory whose built handler calls the handler argument inside its own try/catch guards it: no throw-in-handler there, one in an unguarded factory call',
    files: {
      'package.json': MCP_PACKAGE,
      'src/safeTool.ts': `export function makeSafeTool(name: string, description: string, handler: (a: unknown) => Promise<unknown>) {
  return {
    name,
    description,
    handler: async (args: unknown) => {
      try {
        return await handler(args);
      } catch (error) {
        return { isError: true, content: [{ type: 'text', text: String(error) }] };
      }
    },
  };
}
export const makePlainTool = (name: string, description: string, handler: (a: unknown) => Promise<unknown>) => ({
  name,
  description,
  handler,
});
`,
      'src/tools.ts': `import { makePlainTool, makeSafeTool } from './safeTool';
export const refund = makeSafeTool('refund_order', 'Refunds', async function refundOrder() {
  throw new Error('payment service unavailable');
});
export const cancel = makePlainTool('cancel_order', 'Cancels', async function cancelOrder() {
  throw new Error('order service unavailable');
});
`,
      'src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { cancel, refund } from './tools';
const server = new McpServer({ name: 'orders', version: '1.0.0' });
for (const t of [refund, cancel]) server.tool(t.name, t.description, t.handler);
`,
    },
    tools: [
      { file: 'src/tools.ts', name: 'refund_order', kind: 'wrapper', handler: 'refundOrder' },
      { file: 'src/tools.ts', name: 'cancel_order', kind: 'wrapper', handler: 'cancelOrder' },
    ],
    findings: ['throw-in-handler@src/tools.ts'],
    onlyChecks: ['throw-in-handler'],
  },
];
