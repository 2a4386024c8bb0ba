/**
 * Shapes of the round 7 held-out set (docs/real-code-evaluation-round7.md), written from scratch with
 * invented names, each next to look-alikes that must stay silent. Shared by the engine, CLI and
 * language-server tests.
 */
import { MCP_PACKAGE, type StyleFixture } from './styleFixtures';

const TOOL_TYPE = `import type { Tool } from '@modelcontextprotocol/sdk/types.js';\n`;

function definition(exportName: string, toolName: string): string {
  return `export const ${exportName}: Tool = {
  name: '${toolName}',
  description: 'Does ${toolName}',
  inputSchema: { type: 'object', properties: { sku: { type: 'string' } } },
  annotations: { title: '${toolName}' },
};
`;
}

const LOOPED_DEFINITION_FIXTURES: StyleFixture[] = [
  {
    title:
      'handler-less definitions registered by for…of over a filtered list (imported filter, local list function); prompt and resource loops and an unlisted definition stay silent',
    files: {
      'package.json': MCP_PACKAGE,
      'src/areas/stock/defs.ts': `${TOOL_TYPE}${definition('countStockTool', 'stock_count')}${definition('moveStockTool', 'stock_move')}
// Same shape, never put in the list: a draft, not a tool.
${definition('auditStockTool', 'stock_audit')}`,
      'src/areas/orders/defs.ts': `${TOOL_TYPE}${definition('placeOrderTool', 'order_place')}`,
      'src/areas/stock/handlers.ts': `type Handler = (args: Record<string, unknown>) => Promise<unknown>;
export const stockHandlers: Record<string, Handler> = {
  async stock_count(args) {
    return { count: String(args.sku).length };
  },
  async stock_move(args) {
    return { moved: args.sku };
  },
};
`,
      'src/util/enabled.ts': `export function onlyEnabled<T extends { name: string }>(list: T[], enabled?: Set<string>): T[] {
  if (!enabled || enabled.size === 0) return list;
  return list.filter((item) => enabled.has(item.name));
}
`,
      'src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Prompt, Resource, Tool } from '@modelcontextprotocol/sdk/types.js';
import { countStockTool, moveStockTool } from './areas/stock/defs.js';
import { placeOrderTool } from './areas/orders/defs.js';
import { stockHandlers } from './areas/stock/handlers.js';
import { onlyEnabled } from './util/enabled.js';

const handlers = { ...stockHandlers };
const prompts: Prompt[] = [{ name: 'restock_plan', description: 'Plan a restock', arguments: [] }];
const resources: Resource[] = [{ name: 'catalogue', uri: 'stock://catalogue', description: 'All items' }];

export function allTools(): Tool[] {
  return [countStockTool, moveStockTool, placeOrderTool];
}

async function run(name: string, args: unknown) {
  const handler = handlers[name];
  if (!handler) return { isError: true, content: [{ type: 'text' as const, text: 'unknown tool ' + name }] };
  const result = await handler(args as Record<string, unknown>);
  return { content: [{ type: 'text' as const, text: JSON.stringify(result) }] };
}

export function registerAll(server: McpServer, enabled: Set<string>) {
  for (const tool of onlyEnabled(allTools(), enabled)) {
    server.registerTool(
      tool.name,
      { title: tool.annotations?.title, description: tool.description },
      async (args: unknown) => run(tool.name, args),
    );
  }
  for (const prompt of prompts) {
    server.registerPrompt(prompt.name, { description: prompt.description }, () => ({ messages: [] }));
  }
  for (const resource of resources) {
    server.registerResource(resource.name, resource.uri, { description: resource.description }, (uri) => ({
      contents: [{ uri: uri.href, text: 'catalogue' }],
    }));
  }
}
`,
    },
    tools: [
      {
        file: 'src/areas/stock/defs.ts',
        name: 'stock_count',
        kind: 'definition',
        evidence: /item of the list a registration loop iterates/,
      },
      { file: 'src/areas/stock/defs.ts', name: 'stock_move', kind: 'definition' },
      { file: 'src/areas/orders/defs.ts', name: 'order_place', kind: 'definition' },
    ],
  },
  {
    title:
      'handler-less definitions registered by list.forEach((t) => server.tool(t.name, …)) through a local pass-through filter; a renaming helper is not followed',
    files: {
      'package.json': MCP_PACKAGE,
      'src/index.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const server = new McpServer({ name: 'weather', version: '1.0.0' });
const forecastTool = { name: 'forecast', description: 'Forecast for a city', parameters: { city: z.string() } };
const alertsTool = { name: 'alerts', description: 'Weather alerts', parameters: { region: z.string() } };
const radarTool = { name: 'radar', description: 'Radar image', parameters: { region: z.string() } };
const legacy = [{ name: 'old_forecast', description: 'Old forecast', parameters: { city: z.string() } }];

function visible<T extends { name: string }>(items: T[]): T[] {
  return process.env.HIDE_RADAR ? items.filter((item) => item.name !== 'radar') : items;
}
function prefixed<T extends { name: string }>(items: T[]) {
  return items.map((item) => ({ ...item, name: 'v1_' + item.name }));
}

async function answer(name: string, args: unknown) {
  return { content: [{ type: 'text' as const, text: name + JSON.stringify(args) }] };
}

visible([forecastTool, alertsTool, radarTool]).forEach((t) => {
  server.tool(t.name, t.description, t.parameters, async (args) => answer(t.name, args));
});
// Served under other names than the objects': not claimed.
prefixed(legacy).forEach((t) => {
  server.tool(t.name, t.description, t.parameters, async (args) => answer(t.name, args));
});
`,
    },
    tools: [
      { file: 'src/index.ts', name: 'forecast', kind: 'definition' },
      { file: 'src/index.ts', name: 'alerts', kind: 'definition' },
      { file: 'src/index.ts', name: 'radar', kind: 'definition' },
    ],
  },
];

const DESTRUCTURED_LOOP_FIXTURE: StyleFixture = {
  title:
    'for (const { name, … } of listCatalogue()) over an imported list function registers its definitions; a proxy loop over a remote list claims nothing',
  files: {
    'package.json': MCP_PACKAGE,
    'src/catalogue.ts': `export function listCatalogue() {
  return [
    { name: 'lend_book', description: 'Lend a book', inputSchema: { type: 'object', properties: {} } },
    { name: 'return_book', description: 'Return a book', inputSchema: { type: 'object', properties: {} } },
  ];
}
// Same shape, not in the list.
export const draft = { name: 'burn_book', description: 'No', inputSchema: { type: 'object' } };
`,
    'src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { listCatalogue } from './catalogue.js';

async function answer(name: string) {
  return { content: [{ type: 'text' as const, text: name }] };
}

export async function start(server: McpServer, upstream: Client) {
  for (const { name, description } of listCatalogue()) {
    server.registerTool(name, { description }, async () => answer(name));
  }
  // Forwarded tools of another server: their names are not in this code.
  for (const { name, description } of (await upstream.listTools()).tools) {
    server.registerTool(name, { description }, async (args) => upstream.callTool({ name, arguments: args }) as never);
  }
}
`,
  },
  tools: [
    { file: 'src/catalogue.ts', name: 'lend_book', kind: 'definition' },
    { file: 'src/catalogue.ts', name: 'return_book', kind: 'definition' },
    { file: 'src/server.ts', name: null, kind: 'registerTool' },
  ],
};

const LITE_PACKAGE = JSON.stringify({ name: 'garden-server', dependencies: { litemcp: '^0.7.0', express: '^4.0.0' } });

const LITE_MCP_FIXTURES: StyleFixture[] = [
  {
    title:
      'LiteMCP: addTool(localConst) of a const declared in the same function, reported at the call; Express routes looking tools up and a no-op @registerTool decorator stay silent',
    files: {
      'package.json': LITE_PACKAGE,
      'src/index.ts': `import { LiteMCP } from 'litemcp';
import express from 'express';
import { z } from 'zod';

const server = new LiteMCP('garden', '0.2.0');
const tools: Array<{ name: string; execute: (p: never) => Promise<unknown> }> = [];
const app = express();

app.post('/water_bed', async (req, res) => {
  const tool = tools.find((t) => t.name === 'water_bed');
  if (!tool) return res.status(404).json({ error: 'no such tool' });
  res.json(await tool.execute(req.body as never));
});

async function main() {
  const waterBedTool = {
    name: 'water_bed',
    description: 'Water one bed',
    parameters: z.object({ bed: z.string(), litres: z.number() }),
    execute: async (params: { bed: string; litres: number }) => {
      return { bed: params.bed, watered: params.litres };
    },
  };
  server.addTool(waterBedTool);
  tools.push(waterBedTool);

  const soilTool = {
    name: 'soil_moisture',
    description: 'Read soil moisture',
    parameters: z.object({ bed: z.string() }),
    execute: async (params: { bed: string }) => ({ bed: params.bed, moisture: 0.4 }),
  };
  server.addTool(soilTool);
  tools.push(soilTool);
  server.start({ transportType: 'stdio' });
}

main();
`,
      'src/tools/registry.ts': `// A decorator that does nothing, on a class nobody hands to the server.
export function registerTool() {
  return function <T extends new (...args: never[]) => object>(constructor: T) {
    return constructor;
  };
}

@registerTool()
export class PruneTool {
  name = 'prune_hedge';
  description = 'Prune a hedge';
  async execute(params: { hedge: string }) {
    return { pruned: params.hedge };
  }
}
`,
    },
    tools: [
      { file: 'src/index.ts', name: 'water_bed', kind: 'addTool', evidence: /addTool/ },
      { file: 'src/index.ts', name: 'soil_moisture', kind: 'addTool' },
    ],
  },
];

const TEMPLATE_FACTORY_FIXTURES: StyleFixture[] = [
  {
    title:
      "tool-building helpers (return { name: cfg.name, …, handler }): each call is a tool, with or without a schema; the helpers' templates are silent",
    files: {
      'package.json': MCP_PACKAGE,
      'src/kit/make.ts': `import { z } from 'zod';
export interface KitTool {
  name: string;
  description: string;
  inputSchema: unknown;
  handler: (args: unknown) => Promise<unknown>;
}
interface KitConfig<T> {
  name: string;
  description: string;
  schema?: z.ZodType<T>;
  handler: (args: T, shelf: string) => Promise<unknown>;
}
export function makeKitTool<T>(config: KitConfig<T>, shelves: string[]): KitTool {
  return {
    name: config.name,
    description: config.description,
    inputSchema: config.schema ?? z.object({}),
    handler: async (args) => config.handler((config.schema?.parse(args) ?? {}) as T, shelves[0] ?? ''),
  };
}
export function makeBareKitTool(config: Omit<KitConfig<Record<string, never>>, 'schema'>, shelves: string[]): KitTool {
  return {
    name: config.name,
    description: config.description,
    inputSchema: z.object({}),
    handler: async () => config.handler({}, shelves[0] ?? ''),
  };
}
`,
      'src/kit/shelf-list.ts': `import { makeBareKitTool } from './make.js';
export const listShelves = (shelves: string[]) => {
  return makeBareKitTool(
    {
      name: 'list-shelves',
      description: 'Lists the shelves',
      handler: async () => ({ content: [{ type: 'text', text: shelves.join(', ') }] }),
    },
    shelves,
  );
};
`,
      'src/kit/shelf-add.ts': `import { z } from 'zod';
import { makeKitTool } from './make.js';
export const addToShelf = (shelves: string[]) => {
  return makeKitTool<{ item: string }>(
    {
      name: 'add-to-shelf',
      description: 'Adds an item',
      schema: z.object({ item: z.string() }),
      handler: async (args, shelf) => ({ content: [{ type: 'text', text: args.item + ' on ' + shelf }] }),
    },
    shelves,
  );
};
`,
      'src/labels.ts': `// Same return shape, but named for prompts, and a builder whose name is not its parameter's: not helpers.
export function createPrompt(config: { name: string; handler: () => string }) {
  return { name: config.name, inputSchema: {}, handler: config.handler };
}
export function shelfLabel(config: { title: string }) {
  return { name: 'label:' + config.title, handler: () => config.title };
}
export const greeting = createPrompt({ name: 'greet', handler: () => 'hello' });
export const topLabel = shelfLabel({ title: 'top' });
`,
    },
    tools: [
      {
        file: 'src/kit/shelf-list.ts',
        name: 'list-shelves',
        kind: 'wrapper',
        evidence: /returns a tool built from its options|builds a tool definition from its parameters/,
      },
      { file: 'src/kit/shelf-add.ts', name: 'add-to-shelf', kind: 'wrapper' },
    ],
  },
];

const METHOD_NAME_FIXTURES: StyleFixture[] = [
  {
    title:
      "an if-chain dispatcher: branches on tool names are tools, a branch on the method name 'prompts/list' is not",
    files: {
      'package.json': MCP_PACKAGE,
      'src/server.ts': `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const server = new Server({ name: 'kiosk', version: '1.0.0' }, { capabilities: { tools: {} } });
async function openKiosk(args: unknown) {
  return { content: [{ type: 'text' as const, text: 'opened ' + JSON.stringify(args) }] };
}
async function closeKiosk() {
  return { content: [{ type: 'text' as const, text: 'closed' }] };
}
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const toolName = request.params.name;
  // Some clients send this through tools/call.
  if (toolName === 'prompts/list') {
    return { content: [{ type: 'text' as const, text: JSON.stringify({ prompts: [] }) }] };
  }
  if (toolName === 'open_kiosk') {
    return await openKiosk(request.params.arguments);
  } else if (toolName === 'close_kiosk') {
    return await closeKiosk();
  }
  throw new Error('Unknown tool: ' + toolName);
});
`,
    },
    tools: [
      { file: 'src/server.ts', name: 'open_kiosk', kind: 'dispatch', handler: 'openKiosk' },
      { file: 'src/server.ts', name: 'close_kiosk', kind: 'dispatch', handler: 'closeKiosk' },
    ],
  },
];

export const ROUND_SEVEN_FIXTURES: StyleFixture[] = [
  ...LOOPED_DEFINITION_FIXTURES,
  DESTRUCTURED_LOOP_FIXTURE,
  ...LITE_MCP_FIXTURES,
  ...TEMPLATE_FACTORY_FIXTURES,
  ...METHOD_NAME_FIXTURES,
];
