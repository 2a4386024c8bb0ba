/**
 * Shapes of the round 9 held-out set (docs/real-code-evaluation-round9.md) — definition objects registered
 * by property at a call site, shorthand names, and handler tables that are not plain literals — written
 * from scratch with invented names, each next to look-alikes that must stay silent. Shared by the engine,
 * CLI and language-server tests.
 */
import { MCP_PACKAGE, type StyleFixture } from './styleFixtures';

const OK = `{ content: [{ type: 'text' as const, text: 'ok' }] }`;

const PROPERTY_REGISTRATION_FIXTURES: StyleFixture[] = [
  {
    title:
      'imported definition objects registered by property (server.tool(def.name, …, def.execute)) are one tool each, at the call site; shorthand and constant names resolve; a CLI command table stays silent',
    files: {
      'package.json': MCP_PACKAGE,
      'src/tools/listBikes.ts': `import { z } from 'zod';
export const listBikes = {
  name: 'list-bikes',
  description: 'Lists the bikes of the rider',
  inputSchema: z.object({ limit: z.number().optional() }),
  execute: async ({ limit }: { limit?: number }) => {
    return { content: [{ type: 'text' as const, text: 'bikes ' + (limit ?? 10) }] };
  },
};
`,
      'src/tools/getClimb.ts': `import { z } from 'zod';
const name = 'get-climb';
export const getClimbTool = {
  name,
  description: 'One climb',
  inputSchema: z.object({ id: z.string() }),
  async execute({ id }: { id: string }) {
    return { content: [{ type: 'text' as const, text: 'climb ' + id }] };
  },
};
`,
      'src/tools/rideStats.ts': `const RIDE_STATS = 'ride-stats';
async function rideStats() {
  throw new Error('stats service down');
}
// No schema key: known as a definition only through the call site that registers it.
export const rideStatsTool = { name: RIDE_STATS, description: 'Totals of the season', execute: rideStats };
`,
      'src/tools/extra.ts': `import { z } from 'zod';
export const windTool = {
  name: 'wind-speed',
  description: 'Wind on the route',
  inputSchema: z.object({ route: z.string() }),
  execute: async ({ route }: { route: string }) => ({ content: [{ type: 'text' as const, text: route }] }),
};
`,
      'src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as extra from './tools/extra.js';
import { listBikes } from './tools/listBikes.js';
import { getClimbTool } from './tools/getClimb.js';
import { rideStatsTool } from './tools/rideStats.js';

const server = new McpServer({ name: 'rides', version: '1.0.0' });

server.tool(listBikes.name, listBikes.description, listBikes.inputSchema.shape, listBikes.execute);
server.tool(
  getClimbTool.name,
  getClimbTool.description,
  getClimbTool.inputSchema.shape,
  async (args) => getClimbTool.execute(args),
);
server.tool(rideStatsTool.name, rideStatsTool.description, {}, rideStatsTool.execute);
server.tool(extra.windTool.name, extra.windTool.description, extra.windTool.inputSchema.shape, extra.windTool.execute);
`,
      'src/cli/commands.ts': `// A command-line table of the same shape: not MCP.
export const exportCommand = {
  name: 'export',
  description: 'Exports the rides',
  execute: async (argv: string[]) => argv.length,
};
`,
      'src/cli/main.ts': `import { Command } from 'commander';
import { exportCommand } from './commands.js';
const program = new Command();
program.command(exportCommand.name).description(exportCommand.description).action(exportCommand.execute);
program.parse();
`,
    },
    tools: [
      { file: 'src/server.ts', name: 'list-bikes', kind: 'tool' },
      { file: 'src/server.ts', name: 'get-climb', kind: 'tool', evidence: /definition registered by property/ },
      { file: 'src/server.ts', name: 'ride-stats', kind: 'tool' },
      { file: 'src/server.ts', name: 'wind-speed', kind: 'tool' },
    ],
    findings: ['throw-in-handler@src/tools/rideStats.ts'],
    onlyChecks: ['throw-in-handler'],
  },
  {
    title:
      'a definition object of the same file registered by property is one tool with its handler; an AI-SDK tool object of the same shape stays silent',
    files: {
      'package.json': JSON.stringify({
        name: 'demo-server',
        dependencies: { '@modelcontextprotocol/sdk': '^1.0.0', ai: '^5.0.0' },
      }),
      'src/index.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const server = new McpServer({ name: 'notes', version: '1.0.0' });

const pinNote = {
  name: 'pin-note',
  description: 'Pins a note',
  inputSchema: z.object({ id: z.string() }),
  async execute({ id }: { id: string }) {
    return { content: [{ type: 'text' as const, text: 'pinned ' + id }] };
  },
};

server.tool(pinNote.name, pinNote.description, pinNote.inputSchema.shape, pinNote.execute);
`,
      'src/agent.ts': `import { tool } from 'ai';
import { z } from 'zod';
export const summarise = tool({
  description: 'Summarises a note',
  parameters: z.object({ text: z.string() }),
  execute: async ({ text }) => text.slice(0, 10),
});
`,
    },
    tools: [{ file: 'src/index.ts', name: 'pin-note', kind: 'tool', handler: 'execute' }],
  },
];

const INSTANCE_TABLE_FIXTURES: StyleFixture[] = [
  {
    title:
      "a registry class filling this.handlers with set('x', new XHandler(…)) read by this.handlers.get(request.params.name) in tools/call: each entry a tool, handled by the method the dispatcher calls; a cache map in the same class stays silent",
    files: {
      'package.json': MCP_PACKAGE,
      'src/handlers/base.ts': `export abstract class Handler {
  constructor(protected readonly store: Map<string, string>) {}
  abstract handle(args: unknown): Promise<unknown>;
}
`,
      'src/handlers/addEntry.ts': `import { Handler } from './base.js';
export class AddEntryHandler extends Handler {
  async handle(args: unknown) {
    if (!args) throw new Error('missing entry');
    this.store.set('last', String(args));
    return ${OK};
  }
}
`,
      'src/handlers/listEntries.ts': `import { Handler } from './base.js';
export class ListEntriesHandler extends Handler {
  async handle() {
    return { content: [{ type: 'text' as const, text: [...this.store.keys()].join(',') }] };
  }
}
`,
      'src/handlers/index.ts': `export * from './base.js';
export * from './addEntry.js';
export * from './listEntries.js';
`,
      'src/registry.ts': `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { AddEntryHandler, ListEntriesHandler } from './handlers/index.js';

const PURGE = 'purge_entries';

class PurgeHandler {
  constructor(private readonly store: Map<string, string>) {}
  async handle() {
    this.store.clear();
    return ${OK};
  }
}

class CountHandler {
  async handle() {
    return ${OK};
  }
}

class Preview {
  constructor(readonly text: string) {}
}

export class Registry {
  private handlers = new Map<string, { handle(args: unknown): Promise<unknown> }>([
    ['count_entries', new CountHandler()],
  ]);
  private previews = new Map<string, Preview>();

  constructor(private readonly server: Server, store: Map<string, string>) {
    this.handlers.set('add_entry', new AddEntryHandler(store));
    this.handlers.set('list_entries', new ListEntriesHandler(store));
    this.handlers.set(PURGE, new PurgeHandler(store));
    this.previews.set('welcome', new Preview('hello'));
    this.install();
  }

  preview(key: string) {
    return this.previews.get(key)?.text;
  }

  private install() {
    this.server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [] }));
    this.server.setRequestHandler(CallToolRequestSchema, async (request) => {
      const handler = this.handlers.get(request.params.name);
      if (!handler) throw new Error('Unknown tool ' + request.params.name);
      return handler.handle(request.params.arguments);
    });
  }
}
`,
      'src/cache.ts': `// A cache of instances read by a key: no tools/call handler around it.
class Entry {
  constructor(readonly name: string) {}
  handle() {
    return this.name;
  }
}
const entries = new Map<string, Entry>();
entries.set('first', new Entry('first'));
export function lookup(name: string) {
  return entries.get(name)?.handle();
}
`,
    },
    tools: [
      { file: 'src/registry.ts', name: 'add_entry', kind: 'dispatch' },
      { file: 'src/registry.ts', name: 'list_entries', kind: 'dispatch' },
      { file: 'src/registry.ts', name: 'purge_entries', kind: 'dispatch', handler: 'handle' },
      { file: 'src/registry.ts', name: 'count_entries', kind: 'dispatch', handler: 'handle' },
    ],
    findings: ['throw-in-handler@src/handlers/addEntry.ts'],
    onlyChecks: ['throw-in-handler'],
  },
  {
    title:
      'a handler table with computed keys from imported definitions ({ [pingTool.name]: ping }) indexed by the tool name: each entry a tool, the definitions not listed again; a route table with computed keys stays silent',
    files: {
      'package.json': MCP_PACKAGE,
      'src/tools/ping.ts': `export const pingTool = {
  name: 'ping_host',
  description: 'Pings a host',
  inputSchema: { type: 'object', properties: { host: { type: 'string' } } },
};
export async function ping(args: unknown) {
  if (!args) throw new Error('no host');
  return ${OK};
}
`,
      'src/tools/trace.ts': `export const traceTool = {
  name: 'trace_route',
  description: 'Traces a route',
  inputSchema: { type: 'object', properties: { host: { type: 'string' } } },
};
export async function trace() {
  return ${OK};
}
`,
      'src/tools/index.ts': `import { pingTool, ping } from './ping.js';
import { traceTool, trace } from './trace.js';

export const tools = [pingTool, traceTool];

export const toolHandlers = {
  [pingTool.name]: ping,
  [traceTool.name]: trace,
};
`,
      'src/server.ts': `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { tools, toolHandlers } from './tools/index.js';

const server = new Server({ name: 'net', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const toolName = request.params.name;
  const handler = toolHandlers[toolName];
  if (!handler) throw new Error('Unknown tool: ' + toolName);
  return handler(request.params.arguments);
});
`,
      'src/web/routes.ts': `// Computed keys of a page router: not tools.
const PATHS = { home: '/', about: '/about' };
function renderHome() {
  return '<h1>home</h1>';
}
function renderAbout() {
  return '<h1>about</h1>';
}
export const pages = { [PATHS.home]: renderHome, [PATHS.about]: renderAbout };
export function render(path: keyof typeof pages) {
  return pages[path]();
}
`,
    },
    tools: [
      { file: 'src/tools/index.ts', name: 'ping_host', kind: 'dispatch' },
      { file: 'src/tools/index.ts', name: 'trace_route', kind: 'dispatch' },
    ],
    findings: ['throw-in-handler@src/tools/ping.ts'],
    onlyChecks: ['throw-in-handler'],
  },
];

export const ROUND_NINE_B_FIXTURES: StyleFixture[] = [...PROPERTY_REGISTRATION_FIXTURES, ...INSTANCE_TABLE_FIXTURES];
