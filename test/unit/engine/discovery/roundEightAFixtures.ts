/**
 * Shapes of the round 8 held-out set (docs/real-code-evaluation-round8.md, shapes 1, 2 and 6), written
 * from scratch with invented names, each next to look-alikes that must stay silent: tool modules loaded
 * at run time and registered in a loop over the modules, scanned modules whose default export names
 * a local `const tool`, and a tool base class forwarding its constructor's parameters to `super(…)`.
 * Shared by the engine, CLI and language-server tests.
 */
import { MCP_PACKAGE, type StyleFixture } from './styleFixtures';

/** A generated module: name constant, schema, handler (a declaration or an arrow). */
function hostModule(method: string, arrow = false): string {
  const handler = arrow
    ? `export const handler = async (args: { host: string }) => {
  if (!args.host) return { isError: true, content: [{ type: 'text' as const, text: 'host is required' }] };
  return { content: [{ type: 'text' as const, text: '${method} ' + args.host }] };
};`
    : `export async function handler(args: { host: string }) {
  if (!args.host) return { isError: true, content: [{ type: 'text' as const, text: 'host is required' }] };
  return { content: [{ type: 'text' as const, text: '${method} ' + args.host }] };
}`;
  return `import { z } from 'zod';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

export const method = '${method}';
export const description = 'Runs ${method} against a host';
export const parameters = z.object({ host: z.string() });
export const annotations = { readOnlyHint: true };
${handler}
export type Result = CallToolResult;
`;
}

const READDIR_LOADER_FIXTURE: StyleFixture = {
  title:
    'modules read from a folder (readdir + import()) and registered in a loop by their exported method: each module is a tool, a re-exported module is found where it is written; sub-folder helpers, a tools-folder utility, tests, unloaded name+handler modules and a CLI command folder stay silent',
  files: {
    'package.json': MCP_PACKAGE,
    'src/tools/pingHost.ts': hostModule('pingHost'),
    'src/tools/resolveHost.ts': hostModule('resolveHost', true),
    'src/tools/traceHost.ts': `export { method, description, parameters, handler } from './traceHost/index.js';\n`,
    'src/tools/traceHost/index.ts': hostModule('traceHost'),
    // Helpers of the module above, with the same exports, in a folder the loader does not read.
    'src/tools/traceHost/hops.ts': hostModule('listHops'),
    // A utility beside the tools: no method, no handler.
    'src/tools/format.ts': `export function formatHost(host: string): string {
  return host.trim().toLowerCase();
}
`,
    'src/tools/pingHost.test.ts': hostModule('pingHostTest'),
    // Same exports, in a folder nothing loads.
    'src/jobs/nightly.ts': `export const name = 'nightly';
export const parameters = { cron: '0 3 * * *' };
export async function handler() {
  return { done: true };
}
`,
    // A CLI loading its commands the same way: not tools.
    'src/commands/deploy.ts': `export const name = 'deploy';
export const description = 'Deploy the app';
export async function handler(args: { env: string }) {
  console.log('deploying to', args.env);
}
`,
    'src/cli.ts': `import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Command } from 'commander';

interface CommandModule {
  name: string;
  description: string;
  handler: (args: { env: string }) => Promise<void>;
}

export async function runCli(argv: string[]) {
  const program = new Command();
  const dir = join(__dirname, 'commands');
  const modules: CommandModule[] = await Promise.all(
    readdirSync(dir).map((file) => import(join(dir, file)) as Promise<CommandModule>),
  );
  for (const command of modules) {
    program.command(command.name).description(command.description).action((args) => command.handler(args));
  }
  await program.parseAsync(argv);
}
`,
    'src/index.ts': `import { readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';

interface ToolModule {
  method: string;
  description: string;
  parameters: z.ZodObject<z.ZodRawShape>;
  handler: (args: never) => Promise<CallToolResult>;
}

async function loadTools(): Promise<ToolModule[]> {
  const here = dirname(fileURLToPath(import.meta.url));
  const toolsDir = join(here, './tools');
  const loaded: ToolModule[] = [];
  for (const file of await readdir(toolsDir)) {
    if (!file.endsWith('.js')) continue;
    const mod = await import(pathToFileURL(join(toolsDir, file)).href);
    if (mod.method && mod.handler) loaded.push(mod as ToolModule);
  }
  return loaded;
}

export async function main(enabled: string[]) {
  const server = new McpServer({ name: 'net-tools', version: '1.0.0' });
  const all = await loadTools();
  const tools = all.filter((t) => enabled.includes(t.method)).sort((a, b) => a.method.localeCompare(b.method));
  for (const tool of tools) {
    server.registerTool(
      tool.method,
      { description: tool.description, inputSchema: tool.parameters.shape },
      async (args) => {
        const result = await tool.handler(args as never);
        return result;
      },
    );
  }
}
`,
  },
  tools: [
    {
      file: 'src/tools/pingHost.ts',
      name: 'pingHost',
      kind: 'fileConvention',
      handler: 'handler',
      evidence: /loaded at run time and registered in a loop by its method/,
    },
    { file: 'src/tools/resolveHost.ts', name: 'resolveHost', kind: 'fileConvention', handler: 'handler' },
    { file: 'src/tools/traceHost/index.ts', name: 'traceHost', kind: 'fileConvention', handler: 'handler' },
  ],
  findings: [],
  onlyChecks: ['throw-in-handler', 'unguarded-handler'],
};

const MODULE_LIST_FIXTURES: StyleFixture[] = [
  {
    title:
      'an array of namespace imports registered by forEach((m) => server.tool(m.name, …, (a) => m.run(a))): each module exporting name and run is a tool; a module imported but not in the list stays silent',
    files: {
      'package.json': MCP_PACKAGE,
      'src/notes/addNote.ts': `export const name = 'add_note';
export const schema = { text: 'string' };
export async function run(args: { text: string }) {
  if (!args.text) throw new Error('empty note');
  return { content: [{ type: 'text' as const, text: 'added' }] };
}
`,
      'src/notes/listNotes.ts': `export const name = 'list_notes';
export const schema = {};
export const run = async () => ({ content: [{ type: 'text' as const, text: '[]' }] });
`,
      'src/notes/draft.ts': `export const name = 'draft_note';
export const schema = {};
export const run = async () => ({ content: [{ type: 'text' as const, text: 'draft' }] });
`,
      'src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as addNote from './notes/addNote.js';
import * as listNotes from './notes/listNotes.js';
import * as draft from './notes/draft.js';

const server = new McpServer({ name: 'notes', version: '1.0.0' });
const modules = [addNote, listNotes];
modules.forEach((m) => {
  server.tool(m.name, m.schema as never, async (args: never) => m.run(args));
});
export const drafts = draft;
`,
    },
    tools: [
      { file: 'src/notes/addNote.ts', name: 'add_note', kind: 'fileConvention', handler: 'run' },
      { file: 'src/notes/listNotes.ts', name: 'list_notes', kind: 'fileConvention', handler: 'run' },
    ],
    findings: ['throw-in-handler@src/notes/addNote.ts'],
    onlyChecks: ['throw-in-handler'],
  },
  {
    title:
      'Object.values of a barrel of whole modules (export * as x from) registered by toolName with the handler handed over: each module is a tool; a helper module of the barrel stays silent',
    files: {
      'package.json': MCP_PACKAGE,
      'src/lookups/lookupCity.ts': `export const toolName = 'lookup_city';
export const inputSchema = {};
export async function handler() {
  return { content: [{ type: 'text' as const, text: 'Lyon' }] };
}
`,
      'src/lookups/lookupZip.ts': `export const toolName = 'lookup_zip';
export const inputSchema = {};
export const handler = async () => ({ content: [{ type: 'text' as const, text: '69001' }] });
`,
      'src/lookups/helpers.ts': `export function normalise(text: string): string {
  return text.trim();
}
`,
      'src/lookups/index.ts': `export * as lookupCity from './lookupCity.js';
export * as lookupZip from './lookupZip.js';
export * as helpers from './helpers.js';
`,
      'src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as lookups from './lookups/index.js';

const server = new McpServer({ name: 'geo', version: '1.0.0' });
for (const lookup of Object.values(lookups)) {
  if (!('toolName' in lookup)) continue;
  server.registerTool(lookup.toolName, { inputSchema: lookup.inputSchema }, lookup.handler);
}
`,
    },
    tools: [
      { file: 'src/lookups/lookupCity.ts', name: 'lookup_city', kind: 'fileConvention', handler: 'handler' },
      { file: 'src/lookups/lookupZip.ts', name: 'lookup_zip', kind: 'fileConvention', handler: 'handler' },
    ],
  },
  {
    title:
      'import.meta.glob of a tools folder registered by its toolName and handle: each module of the folder is a tool; a module of another folder with the same exports stays silent',
    files: {
      'package.json': MCP_PACKAGE,
      'src/handlers/weather.ts': `export const toolName = 'get_weather';
export const inputSchema = { city: 'string' };
export async function handle(args: { city: string }) {
  return { content: [{ type: 'text' as const, text: 'sunny in ' + args.city }] };
}
`,
      'src/handlers/tides.ts': `export const toolName = 'get_tides';
export const inputSchema = { port: 'string' };
export async function handle(args: { port: string }) {
  return { content: [{ type: 'text' as const, text: 'high tide at ' + args.port }] };
}
`,
      'src/legacy/almanac.ts': `export const toolName = 'get_almanac';
export const inputSchema = {};
export async function handle() {
  return { content: [{ type: 'text' as const, text: 'almanac' }] };
}
`,
      'src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

interface HandlerModule {
  toolName: string;
  inputSchema: Record<string, string>;
  handle: (args: never) => Promise<{ content: Array<{ type: 'text'; text: string }> }>;
}

const server = new McpServer({ name: 'sea', version: '1.0.0' });
const modules = Object.values(import.meta.glob<HandlerModule>('./handlers/*.ts', { eager: true }));
for (const mod of modules) {
  server.registerTool(mod.toolName, { inputSchema: mod.inputSchema as never }, mod.handle as never);
}
`,
    },
    tools: [
      { file: 'src/handlers/weather.ts', name: 'get_weather', kind: 'fileConvention', handler: 'handle' },
      { file: 'src/handlers/tides.ts', name: 'get_tides', kind: 'fileConvention', handler: 'handle' },
    ],
  },
  {
    title:
      'each file of a folder imported inside the loop that reads it (new URL(…, import.meta.url)) and registered by its name: the modules are tools, with their execute handler',
    files: {
      'package.json': MCP_PACKAGE,
      'src/actions/restartService.ts': `export const name = 'restart_service';
export const description = 'Restart a service';
export const shape = {};
export async function execute(args: { service?: string }) {
  if (!args.service) throw new Error('service is required');
  return { content: [{ type: 'text' as const, text: 'restarted ' + args.service }] };
}
`,
      'src/actions/tailLogs.ts': `export const name = 'tail_logs';
export const description = 'Last lines of a log';
export const shape = {};
export const execute = async () => ({ content: [{ type: 'text' as const, text: '...' }] });
`,
      'src/register.ts': `import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

const actionsDir = fileURLToPath(new URL('./actions/', import.meta.url));

export async function registerActions(server: McpServer) {
  for (const file of readdirSync(actionsDir)) {
    const action = await import(new URL('./actions/' + file, import.meta.url).href);
    server.tool(action.name, action.description, action.shape, (args: never) => action.execute(args));
  }
}
`,
    },
    tools: [
      { file: 'src/actions/restartService.ts', name: 'restart_service', kind: 'fileConvention', handler: 'execute' },
      { file: 'src/actions/tailLogs.ts', name: 'tail_logs', kind: 'fileConvention', handler: 'execute' },
    ],
    findings: ['throw-in-handler@src/actions/restartService.ts'],
    onlyChecks: ['throw-in-handler'],
  },
  {
    title:
      'a folder loaded at run time whose loop hands every call to one runner (no module member called) claims no module: the loop stays a site',
    files: {
      'package.json': MCP_PACKAGE,
      'src/ops/restart.ts': `export const method = 'restart';
export async function handler() {
  return { content: [{ type: 'text' as const, text: 'restarted' }] };
}
`,
      'src/index.ts': `import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

declare function runOperation(name: string, args: unknown): Promise<{ content: [] }>;

export async function start(server: McpServer) {
  const dir = join(__dirname, 'ops');
  const ops = await Promise.all(readdirSync(dir).map((f) => import(join(dir, f))));
  for (const op of ops) {
    server.registerTool(op.method, { description: 'operation' }, async (args) => runOperation(op.method, args));
  }
}
`,
    },
    tools: [],
  },
];

const SCANNED_DEFAULT_EXPORT_FIXTURE: StyleFixture = {
  title:
    'scanned modules whose default export is { tool, handler } over a local const tool: Tool: named by the const; a { tool, handler } over a const without a schema and a router entry stay silent',
  files: {
    'package.json': MCP_PACKAGE,
    'src/handlers/disks.ts': `export async function listDisks(args: { zone?: string }) {
  return { content: [{ type: 'text' as const, text: 'disks in ' + (args.zone ?? 'all zones') }] };
}
export async function resizeDisk(args: { id: string; size: number }) {
  if (args.size <= 0) throw new Error('size must be positive');
  return { content: [{ type: 'text' as const, text: 'resized ' + args.id }] };
}
`,
    'src/catalog/disk/list-tool.ts': `import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { listDisks } from '../../handlers/disks.js';

const tool: Tool = {
  name: 'svc_disk_list',
  description: 'List disks',
  inputSchema: { type: 'object', properties: { zone: { type: 'string' } } },
};

const registration = { tool, handler: listDisks, schema: tool.inputSchema };
export default registration;
`,
    'src/catalog/disk/resize-tool.ts': `import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { resizeDisk } from '../../handlers/disks.js';

const tool: Tool = {
  name: 'svc_disk_resize',
  description: 'Resize a disk',
  inputSchema: { type: 'object', properties: { id: { type: 'string' }, size: { type: 'number' } } },
};

export default { tool, handler: resizeDisk };
`,
    // A toolbar button: a 'tool' without an input schema.
    'src/ui/toolbar.ts': `const tool = { icon: 'scissors', label: 'Cut' };
function cut() {
  return 'cut';
}
export default { tool, handler: cut };
`,
    // A router entry: a path and a handler, not a tool.
    'src/http/routes.ts': `const tool = { name: 'disk-page', inputSchema: { type: 'object' } };
function page() {
  return '<html></html>';
}
export const route = { tool, path: '/disks', handler: page };
`,
    'src/scanner.ts': `import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';

export interface Registration {
  tool: Tool;
  handler: (args: never) => Promise<unknown>;
}

export async function scan(dir: string, found = new Map<string, Registration>()) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) await scan(full, found);
    else if (entry.name.endsWith('-tool.js')) {
      const mod = (await import(full)).default as Registration;
      if (mod?.tool && mod.handler) found.set(mod.tool.name, mod);
    }
  }
  return found;
}
`,
  },
  tools: [
    { file: 'src/catalog/disk/list-tool.ts', name: 'svc_disk_list', kind: 'definition' },
    { file: 'src/catalog/disk/resize-tool.ts', name: 'svc_disk_resize', kind: 'definition' },
  ],
  findings: ['throw-in-handler@src/handlers/disks.ts'],
  onlyChecks: ['throw-in-handler'],
};

const FORWARDING_BASE_FIXTURE: StyleFixture = {
  title:
    'a tool base class whose constructor forwards its parameters to super({ name, … }) is not a tool; its instances and a subclass naming itself in super({ name: literal }) are',
  files: {
    'package.json': MCP_PACKAGE,
    'src/tools/base.ts': `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

type Callback = (args: Record<string, unknown>) => Promise<{ content: Array<{ type: 'text'; text: string }> }>;
interface Params {
  server: McpServer;
  name: string;
  description: string;
  paramsSchema: z.ZodRawShape;
  callback: Callback;
}

export abstract class BaseTool {
  constructor(readonly params: Params) {}
}

export class ShopTool extends BaseTool {
  readonly region: string;
  constructor({ server, name, description, paramsSchema, callback }: Params) {
    super({ server, name, description, paramsSchema, callback });
    this.region = name.split('_')[0];
  }
}

export class OptionsTool extends BaseTool {
  constructor(options: Params) {
    super({ server: options.server, name: options.name, description: 'x', paramsSchema: {}, callback: options.callback });
  }
}
`,
    'src/tools/stock.ts': `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { BaseTool, ShopTool } from './base.js';

export const stockTool = (server: McpServer) =>
  new ShopTool({
    server,
    name: 'eu_stock_level',
    description: 'Stock level of an item',
    paramsSchema: { sku: z.string() },
    callback: async (args) => ({ content: [{ type: 'text', text: 'level of ' + String(args.sku) }] }),
  });

export class PriceTool extends BaseTool {
  constructor(server: McpServer) {
    super({
      server,
      name: 'eu_price',
      description: 'Price of an item',
      paramsSchema: { sku: z.string() },
      callback: async (args) => ({ content: [{ type: 'text', text: 'price of ' + String(args.sku) }] }),
    });
  }
}
`,
    'src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { PriceTool } from './tools/stock.js';
import { stockTool } from './tools/stock.js';

const server = new McpServer({ name: 'shop', version: '1.0.0' });
for (const tool of [stockTool(server), new PriceTool(server)]) {
  server.registerTool(tool.params.name, { description: tool.params.description }, tool.params.callback);
}
`,
  },
  tools: [
    { file: 'src/tools/stock.ts', name: 'eu_stock_level', kind: 'definition' },
    { file: 'src/tools/stock.ts', name: 'eu_price', kind: 'definition' },
  ],
};

export const ROUND_EIGHT_A_FIXTURES: StyleFixture[] = [
  READDIR_LOADER_FIXTURE,
  ...MODULE_LIST_FIXTURES,
  SCANNED_DEFAULT_EXPORT_FIXTURE,
  FORWARDING_BASE_FIXTURE,
];
