/**
 * Shapes of the round 8 held-out set (docs/real-code-evaluation-round8.md, shapes 3–5), written from
 * scratch with invented names, each next to look-alikes that must stay silent: records named by a
 * `title` that a registration loop reads, lookup tables of tool records indexed by the tool name, and
 * configs reached through a function-local constant. Shared by the engine, CLI and language-server tests.
 */
import { MCP_PACKAGE, type StyleFixture } from './styleFixtures';

const KEYED_TITLE_FIXTURES: StyleFixture[] = [
  {
    title:
      'records named by title in maps returned by functions (and a constant map), registered by Object.values(map).forEach((t) => registerTool(t.title, …, t.tool)) or for…of Object.entries over a spread of maps; handlers made by a factory; menu and command tables stay silent',
    files: {
      'package.json': MCP_PACKAGE,
      'src/settings.ts': `export interface Settings {
  endpoint: string;
}
`,
      'src/tools/respond.ts': `export function guarded<A>(run: (args: A) => Promise<unknown>, message: string) {
  return async (args: A) => {
    try {
      return await run(args);
    } catch (error) {
      return { isError: true, content: [{ type: 'text' as const, text: message + ': ' + String(error) }] };
    }
  };
}
`,
      'src/tools/fetchWidget.ts': `import { guarded } from './respond.js';
import type { Settings } from '../settings.js';

export function makeFetchWidget(settings: Settings) {
  async function fetchOne(args: { id: string }) {
    const response = await fetch(settings.endpoint + '/widgets/' + args.id);
    return { content: [{ type: 'text' as const, text: await response.text() }] };
  }
  return guarded(fetchOne, 'Could not fetch the widget');
}
`,
      'src/tools/widgets.ts': `import { z } from 'zod';
import type { Settings } from '../settings.js';
import { makeFetchWidget } from './fetchWidget.js';

async function removeWidget(args: { id: string }) {
  return { content: [{ type: 'text' as const, text: 'removed ' + args.id }] };
}

export function widgetTools(settings: Settings) {
  const fetchWidget = makeFetchWidget(settings);
  return {
    fetchWidget: {
      title: 'fetch_widget',
      description: 'Fetch one widget',
      inputParams: { id: z.string() },
      tool: fetchWidget,
    },
    removeWidget: {
      title: 'remove_widget',
      description: 'Remove one widget',
      inputParams: { id: z.string() },
      tool: removeWidget,
    },
  };
}
`,
      'src/tools/gadgets.ts': `import { z } from 'zod';

async function listGadgets() {
  return { content: [{ type: 'text' as const, text: '[]' }] };
}

export const gadgetTools = {
  listGadgets: { title: 'list_gadgets', description: 'List gadgets', inputParams: { page: z.number() }, tool: listGadgets },
};
`,
      'src/tools/orders.ts': `import { z } from 'zod';

async function placeOrder(args: { sku: string }) {
  return { content: [{ type: 'text' as const, text: 'placed ' + args.sku }] };
}
async function cancelOrder(args: { id: string }) {
  return { content: [{ type: 'text' as const, text: 'cancelled ' + args.id }] };
}

const buying = { placeOrder: { title: 'order_place', inputParams: { sku: z.string() }, perform: placeOrder } };
const undoing = { cancelOrder: { title: 'order_cancel', inputParams: { id: z.string() }, perform: cancelOrder } };
export const orderTools = { ...buying, ...undoing };
`,
      'src/ui/menu.ts': `function openFile() {
  return 'opened';
}
function swing() {
  return 'swung';
}
// A menu: a title and an action, not the shape the registration reads.
export const menu = { open: { title: 'Open file', action: openFile } };
// A title and a tool but no input schema: not the shape either.
export const toolbox = { hammer: { title: 'hammer', tool: swing } };
`,
      'src/cli.ts': `function build() {
  return 0;
}
// A command table: a title, options and a run function, not the shape the registration reads.
export const commands = { build: { title: 'build', options: [], run: build } };
for (const command of Object.values(commands)) console.log(command.title, command.run());
`,
      'src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Settings } from './settings.js';
import { widgetTools } from './tools/widgets.js';
import { gadgetTools } from './tools/gadgets.js';
import { orderTools } from './tools/orders.js';

export function registerAll(server: McpServer, settings: Settings) {
  const collections = [widgetTools(settings), gadgetTools];
  collections.forEach((collection) => {
    Object.values(collection).forEach((t) => {
      server.registerTool(t.title, { description: t.description, inputSchema: t.inputParams }, t.tool);
    });
  });
}

export function registerOrders(server: McpServer) {
  for (const [, t] of Object.entries(orderTools)) {
    server.registerTool(t.title, { inputSchema: t.inputParams }, t.perform);
  }
}
`,
    },
    tools: [
      {
        file: 'src/tools/widgets.ts',
        name: 'fetch_widget',
        kind: 'definition',
        evidence: /named by its title and handled by its tool/,
      },
      { file: 'src/tools/widgets.ts', name: 'remove_widget', kind: 'definition', handler: 'removeWidget' },
      { file: 'src/tools/gadgets.ts', name: 'list_gadgets', kind: 'definition', handler: 'listGadgets' },
      { file: 'src/tools/orders.ts', name: 'order_place', kind: 'definition', handler: 'placeOrder' },
      { file: 'src/tools/orders.ts', name: 'order_cancel', kind: 'definition', handler: 'cancelOrder' },
    ],
  },
  {
    title: 'the same title records in a project whose loop hands them to a job queue, not to an MCP server: silent',
    files: {
      'package.json': MCP_PACKAGE,
      'src/jobs.ts': `async function nightly() {
  return 'done';
}
export const jobs = { nightly: { title: 'nightly_report', inputParams: {}, tool: nightly } };
`,
      'src/queue.ts': `import { jobs } from './jobs.js';
const queue = { add: (name: string, options: object, run: () => Promise<unknown>) => ({ name, options, run }) };
Object.values(jobs).forEach((job) => queue.add(job.title, { schema: job.inputParams }, job.tool));
`,
    },
    tools: [],
  },
];

const LOOKUP_TABLE_FIXTURES: StyleFixture[] = [
  {
    title:
      'a table of tool records keyed by wire name, indexed by request.params.name in tools/call and its handler called; a labels table looked up next to it stays silent',
    files: {
      'package.json': MCP_PACKAGE,
      'src/defs.ts': `export const pingDef = { name: 'net_ping', description: 'Ping a host', inputSchema: { type: 'object' as const } };
export const lookupDef = { name: 'net_lookup', description: 'Resolve a name', inputSchema: { type: 'object' as const } };
export const traceDef = { name: 'net_trace', description: 'Trace a route', inputSchema: { type: 'object' as const } };
`,
      'src/work/lookup.ts': `export async function lookupName(args: Record<string, unknown>) {
  return { addresses: [String(args.host)] };
}
`,
      'src/work/index.ts': `export * from './lookup.js';
`,
      'src/ping.ts': `export async function pingHost(args: Record<string, unknown>) {
  return { alive: Boolean(args.host) };
}
`,
      'src/index.ts': `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import * as Defs from './defs.js';
import * as Work from './work/index.js';
import { pingHost } from './ping.js';

const server = new Server({ name: 'net', version: '1.0.0' }, { capabilities: { tools: {} } });

type Entry = { tool: { name: string }; handler: (args: Record<string, unknown>) => Promise<unknown> };
const TOOLS: Record<string, Entry> = {
  net_ping: { tool: Defs.pingDef, handler: pingHost },
  net_lookup: { tool: Defs.lookupDef, handler: Work.lookupName },
  net_trace: {
    tool: Defs.traceDef,
    handler: async (args) => ({ hops: [String(args.host)] }),
  },
};
// Display labels, looked up by the same name but never run.
const LABELS: Record<string, { label: string; format: (text: string) => string }> = {
  net_ping: { label: 'Ping', format: (text) => text.trim() },
};

server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: Object.values(TOOLS).map((t) => t.tool) }));
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const entry = TOOLS[request.params.name];
  const label = LABELS[request.params.name]?.label ?? request.params.name;
  if (!entry) throw new Error('Unknown tool ' + label);
  const result = await entry.handler(request.params.arguments ?? {});
  return { content: [{ type: 'text', text: JSON.stringify(result) }] };
});
`,
    },
    tools: [
      { file: 'src/index.ts', name: 'net_ping', kind: 'dispatch', evidence: /entry 'net_ping' of the tool table/ },
      { file: 'src/index.ts', name: 'net_lookup', kind: 'dispatch' },
      // Handlers of other files are checked where they are defined (see the CLI test); an inline one is here.
      { file: 'src/index.ts', name: 'net_trace', kind: 'dispatch', handler: 'handler' },
    ],
  },
  {
    title: 'an HTTP route table of records indexed by a parameter outside any tools/call handler: silent',
    files: {
      'package.json': JSON.stringify({ name: 'web', dependencies: { express: '^4.0.0' } }),
      'src/routes.ts': `async function health() {
  return 'ok';
}
const ROUTES: Record<string, { method: string; handler: () => Promise<string> }> = {
  health_check: { method: 'GET', handler: health },
};
export async function serve(request: { params: { name: string } }) {
  return ROUTES[request.params.name].handler();
}
`,
    },
    tools: [],
  },
];

const LOCAL_CONFIG_FIXTURE: StyleFixture = {
  title:
    'registerTool(cfg.name, …) with cfg a local const from a static createToolConfig() spreading a config, a function returning { name }, or an alias of an imported config, from a workspace package; a parameter of the same name elsewhere is not resolved from it',
  files: {
    'package.json': JSON.stringify({ name: 'hub', private: true, workspaces: ['packages/kit', 'packages/app'] }),
    'packages/kit/package.json': JSON.stringify({ name: '@demo/kit', main: 'dist/index.js' }),
    'packages/kit/src/index.ts': `export * from './thing.js';
export * from './spaces.js';
`,
    'packages/kit/src/thing.ts': `export const THING_CONFIG = { name: 'thing_do', title: 'Do the thing', description: '' } as const;
export const SHELF_CONFIG = { name: 'shelf_read', description: 'Read the shelf' };

export class ThingTool {
  static createToolConfig(locale?: string) {
    return { ...THING_CONFIG, description: locale === 'fr' ? 'Fait la chose' : 'Does the thing' };
  }
  async run() {
    return 'done';
  }
}
`,
    'packages/kit/src/spaces.ts': `export function spaceToolConfig() {
  const verbose = process.env.VERBOSE === '1';
  return { name: 'space_use', description: verbose ? 'Use a space, with details' : 'Use a space' };
}
`,
    'packages/app/package.json': JSON.stringify({
      name: '@demo/app',
      dependencies: { '@modelcontextprotocol/sdk': '^1.0.0', '@demo/kit': 'workspace:*' },
    }),
    'packages/app/src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SHELF_CONFIG, ThingTool, spaceToolConfig } from '@demo/kit';

const done = { content: [{ type: 'text' as const, text: 'ok' }] };

export function build(server: McpServer) {
  const thingConfig = ThingTool.createToolConfig();
  server.registerTool(thingConfig.name, { description: thingConfig.description }, async () => done);

  const shelfConfig = SHELF_CONFIG;
  server.registerTool(shelfConfig.name, { description: shelfConfig.description }, async () => done);

  const spaceConfig = spaceToolConfig();
  server.registerTool(spaceConfig.name, { description: spaceConfig.description }, async () => done);
}

export function addOne(server: McpServer, thingConfig: { name: string }) {
  // Another function's constant of the same name is not in scope here: a forwarding helper, not a second thing_do.
  server.registerTool(thingConfig.name, {}, async () => done);
}
`,
  },
  tools: [
    { file: 'packages/app/src/server.ts', name: 'thing_do', kind: 'registerTool' },
    { file: 'packages/app/src/server.ts', name: 'shelf_read', kind: 'registerTool' },
    { file: 'packages/app/src/server.ts', name: 'space_use', kind: 'registerTool' },
  ],
};

export const ROUND_EIGHT_B_FIXTURES: StyleFixture[] = [
  ...KEYED_TITLE_FIXTURES,
  ...LOOKUP_TABLE_FIXTURES,
  LOCAL_CONFIG_FIXTURE,
];
