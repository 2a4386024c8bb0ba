/**
 * Shapes of the round 10 held-out set (docs/real-code-evaluation-round10.md), written from scratch with
 * invented names, each next to look-alikes that must stay silent. Shared by the engine, CLI and
 * language-server tests. Handlers throw a plain Error so that `throw-in-handler` proves each one is linked.
 */
import { MCP_PACKAGE, type StyleFixture } from './styleFixtures';

const THROWS = `if (!args) throw new Error('no arguments');`;

const INTEGRATED_MONOREPO_FIXTURES: StyleFixture[] = [
  {
    title:
      'integrated monorepo: a project manifest without dependencies takes the root’s MCP dependency, so registry calls in files importing only the project registry are tools; a sibling project with its own dependencies stays silent',
    files: {
      'package.json': JSON.stringify({
        name: 'garden-workspace',
        dependencies: { '@modelcontextprotocol/sdk': '^1.0.0', zod: '^3.0.0' },
      }),
      'libs/assistant/package.json': JSON.stringify({ name: '@garden/assistant', private: true }),
      'libs/assistant/src/registry.ts': `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';

export interface Entry {
  name: string;
  description: string;
  inputSchema?: Record<string, unknown>;
  handler: (args: Record<string, unknown>) => Promise<unknown>;
}

export class Registry {
  private readonly entries = new Map<string, Entry>();
  constructor(private readonly server: Server) {}
  registerTool(entry: Entry): void {
    this.entries.set(entry.name, entry);
  }
  listen(): void {
    this.server.setRequestHandler(CallToolRequestSchema, async (request) => {
      const entry = this.entries.get(request.params.name);
      return entry ? entry.handler(request.params.arguments ?? {}) : { isError: true, content: [] };
    });
  }
}
`,
      'libs/assistant/src/names.ts': `export const PLANT_INFO = 'plant_info';
export const WATER_PLAN = 'water_plan';
`,
      'libs/assistant/src/tools/plants.ts': `import { z } from 'zod';
import { Registry } from '../registry';
import { PLANT_INFO, WATER_PLAN } from '../names';

function enabled(name: string, only?: string[]): boolean {
  return !only || only.includes(name);
}

export function addPlantTools(registry: Registry, only?: string[]): void {
  if (!enabled(PLANT_INFO, only)) {
    console.debug('skipping ' + PLANT_INFO);
  } else {
    registry.registerTool({
      name: PLANT_INFO,
      description: 'Facts about a plant',
      inputSchema: { species: z.string() },
      handler: async (args) => {
        ${THROWS}
        return { content: [{ type: 'text', text: String(args.species) }] };
      },
    });
  }
  registry.registerTool({
    name: WATER_PLAN,
    description: 'A watering plan',
    handler: async (args) => {
      ${THROWS}
      return { content: [{ type: 'text', text: 'twice a week' }] };
    },
  });
}
`,
      'libs/scheduler/package.json': JSON.stringify({
        name: '@garden/scheduler',
        dependencies: { 'node-cron': '^3.0.0' },
      }),
      'libs/scheduler/src/jobs.ts': `import { JobRegistry } from './jobRegistry';

export function addJobs(registry: JobRegistry): void {
  registry.registerTool({
    name: 'nightly_cleanup',
    description: 'Removes stale entries',
    inputSchema: { days: 7 },
    handler: async () => {
      throw new Error('not yet');
    },
  });
}
`,
      'libs/scheduler/src/jobRegistry.ts': `export class JobRegistry {
  registerTool(job: { name: string; handler: () => Promise<void> }): void {
    void job;
  }
}
`,
    },
    tools: [
      { file: 'libs/assistant/src/tools/plants.ts', name: 'plant_info', kind: 'registerTool' },
      { file: 'libs/assistant/src/tools/plants.ts', name: 'water_plan', kind: 'registerTool' },
      { file: 'libs/assistant/src/registry.ts', name: null, kind: 'setRequestHandler' },
    ],
    findings: [
      'throw-in-handler@libs/assistant/src/tools/plants.ts',
      'throw-in-handler@libs/assistant/src/tools/plants.ts',
    ],
    onlyChecks: ['throw-in-handler'],
  },
  {
    title: 'a project manifest without dependencies under a root without MCP: registry-looking calls stay silent',
    files: {
      'package.json': JSON.stringify({ name: 'shop-workspace', dependencies: { express: '^4.0.0' } }),
      'apps/api/package.json': JSON.stringify({ name: '@shop/api', private: true }),
      'apps/api/src/commands.ts': `import { CommandRegistry } from './registry';

export function addCommands(registry: CommandRegistry): void {
  registry.registerTool({
    name: 'reindex',
    description: 'Rebuilds the search index',
    inputSchema: { full: true },
    handler: async () => {
      throw new Error('busy');
    },
  });
}
`,
      'apps/api/src/registry.ts': `export class CommandRegistry {
  registerTool(command: { name: string; handler: () => Promise<void> }): void {
    void command;
  }
}
`,
    },
    tools: [],
  },
];

const DECLARED_FACTORY_FIXTURE: StyleFixture = {
  title:
    'declareTool({ name, description, factory: (ctx) => handler }) collected and looped into registerTool: the handler is what the factory returns; service factories, a logger factory without a description and yargs commands stay silent',
  files: {
    'package.json': MCP_PACKAGE,
    'src/mcp/tools/registry.ts': `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

export interface ToolContext {
  server: McpServer;
  root: string;
}
export interface Declaration {
  name: string;
  description: string;
  inputSchema?: Record<string, unknown>;
  factory: (ctx: ToolContext) => (args: any) => Promise<any> | any;
}

export function declareTool(declaration: Declaration): Declaration {
  return declaration;
}

export async function registerDeclarations(server: McpServer, root: string, list: Declaration[]) {
  for (const declaration of list) {
    const { name, factory, ...config } = declaration;
    server.registerTool(name, { ...config }, await factory({ server, root }));
  }
}
`,
    'src/mcp/tools/list-widgets.ts': `import { declareTool } from './registry';

export const LIST_WIDGETS = declareTool({
  name: 'list_widgets',
  description: 'Lists the widgets of the workspace',
  inputSchema: {},
  factory: (ctx) => async (args) => {
    ${THROWS}
    return { content: [{ type: 'text', text: ctx.root }] };
  },
});
`,
    'src/mcp/tools/find-widget.ts': `import { declareTool, type ToolContext } from './registry';

export const FIND_WIDGET = declareTool({
  name: 'find_widget',
  description: 'Finds one widget',
  factory: createFindWidgetHandler,
});

function createFindWidgetHandler({ root }: ToolContext) {
  const cache = new Map<string, string>();
  return async (args: { id: string }) => {
    ${THROWS}
    return { content: [{ type: 'text', text: cache.get(args.id) ?? root }] };
  };
}
`,
    'src/mcp/tools/sync-widgets.ts': `import { declareTool } from './registry';

export const SYNC_WIDGETS = declareTool({
  name: 'sync_widgets',
  description: 'Synchronises the widgets',
  factory(ctx) {
    return async (args: { force: boolean }) => {
      ${THROWS}
      return { content: [{ type: 'text', text: ctx.root + args.force }] };
    };
  },
});
`,
    'src/mcp/services.ts': `import { declareService } from './container';

export const CACHE = declareService({ name: 'cache', description: 'In-memory cache', factory: () => new Map() });
export const CLOCK = declareService({ name: 'clock', description: 'Clock', factory: (ctx: { now: number }) => ctx.now });
export const LOGGER = { name: 'logger', factory: () => (message: string) => console.log(message) };
`,
    'src/mcp/container.ts': `export function declareService<T>(service: T): T {
  return service;
}
`,
    'src/cli/serve.ts': `export const serveCommand = {
  command: 'serve',
  describe: 'Starts the server',
  builder: (y: unknown) => y,
  handler: async () => {
    throw new Error('not here');
  },
};
`,
  },
  tools: [
    { file: 'src/mcp/tools/list-widgets.ts', name: 'list_widgets', kind: 'definition', evidence: /factory returns/ },
    { file: 'src/mcp/tools/find-widget.ts', name: 'find_widget', kind: 'definition', evidence: /factory returns/ },
    { file: 'src/mcp/tools/sync-widgets.ts', name: 'sync_widgets', kind: 'definition' },
    { file: 'src/mcp/tools/registry.ts', name: null, kind: 'registerTool' },
  ],
  findings: [
    'throw-in-handler@src/mcp/tools/find-widget.ts',
    'throw-in-handler@src/mcp/tools/list-widgets.ts',
    'throw-in-handler@src/mcp/tools/sync-widgets.ts',
  ],
  onlyChecks: ['throw-in-handler'],
};

const WRAPPED_FACTORY_FIXTURE: StyleFixture = {
  title:
    'a tool factory wrapping the project’s defineTool (name from its options): each call with a literal name is a tool; a view factory, a toolbar factory and a helper around an AI SDK’s tool() stay silent',
  files: {
    'package.json': MCP_PACKAGE,
    'src/core/define-tool.ts': `import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

export function defineTool<N extends string>(definition: {
  name: N;
  description: string;
  inputSchema: Record<string, unknown>;
  handler: (input: any) => Promise<unknown>;
}) {
  const run = async (input: unknown): Promise<CallToolResult> => ({
    content: [{ type: 'text', text: JSON.stringify(await definition.handler(input)) }],
  });
  return [definition, run] as const;
}
`,
    'src/notes/noteToolFactory.ts': `import { defineTool } from '../core/define-tool';
import { renderView, defineButton } from './ui';

export const createNoteReadTool = <const N extends string>(options: { name: N; description: string; raw: boolean }) => {
  const { name, description, raw } = options;
  return defineTool({
    name,
    description,
    inputSchema: { id: 'string' },
    handler: async (args: { id: string }) => {
      ${THROWS}
      return raw ? args.id : args.id.trim();
    },
  });
};

export const createNoteView = (o: { name: string }) => renderView({ name: o.name, template: '<p/>' });
export const createToolbarButton = (o: { name: string; description: string }) =>
  defineButton({ name: o.name, description: o.description, handler: () => o.name });
`,
    'src/notes/ui.ts': `export function renderView(view: { name: string; template: string }) {
  return view;
}
export function defineButton(button: { name: string; description: string; handler: () => string }) {
  return button;
}
`,
    'src/agent/search.ts': `import { tool } from 'ai';

export const createSearchTool = (o: { name: string; description: string }) =>
  tool({ name: o.name, description: o.description, parameters: {}, execute: async () => o.name });
export const webSearch = createSearchTool({ name: 'web_search', description: 'Searches the web' });
`,
    'src/notes/getNote.ts': `import { createNoteReadTool } from './noteToolFactory';

export const [getNoteTool, handleGetNote] = createNoteReadTool({
  name: 'getNote',
  description: 'Reads a note',
  raw: false,
});
`,
    'src/notes/getRawNote.ts': `import { createNoteReadTool, createNoteView, createToolbarButton } from './noteToolFactory';

export const [getRawNoteTool, handleGetRawNote] = createNoteReadTool({
  name: 'getRawNote',
  description: 'Reads a note as written',
  raw: true,
});
export const noteView = createNoteView({ name: 'note' });
export const saveButton = createToolbarButton({ name: 'save', description: 'Saves' });
`,
  },
  tools: [
    { file: 'src/notes/getNote.ts', name: 'getNote', kind: 'wrapper' },
    { file: 'src/notes/getRawNote.ts', name: 'getRawNote', kind: 'wrapper' },
  ],
  findings: ['throw-in-handler@src/notes/noteToolFactory.ts'],
  onlyChecks: ['throw-in-handler'],
};

const APPS_AND_PAYMENTS_FIXTURE: StyleFixture = {
  title:
    'registerAppTool(server, NAME_CONST, …) with the name imported through a root alias (@/…), and a paid-tool method on a server augmented by a wrapper; the same method on a payment client and callTool on the server stay silent',
  files: {
    'package.json': MCP_PACKAGE,
    'src/shared/names.ts': `export const GALLERY_TOOL_NAME = 'show_gallery';
`,
    'src/apps/gallery.ts': `import { registerAppTool, registerAppResource } from '@modelcontextprotocol/ext-apps/server';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { GALLERY_TOOL_NAME } from '@/shared/names';

export function addGallery(server: McpServer) {
  registerAppResource(server, 'Gallery UI', 'ui://gallery', {}, async () => ({ contents: [] }));
  registerAppTool(server, GALLERY_TOOL_NAME, { description: 'Shows a gallery', _meta: {} }, async (args) => {
    ${THROWS}
    return { content: [] };
  });
}
`,
    'src/paid.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { withCharges, PaymentClient } from './charges';

export class Shop {
  server = withCharges(new McpServer({ name: 'shop', version: '1.0.0' }), { currency: 'EUR' });
  wallet = withCharges(new PaymentClient(), { currency: 'EUR' });

  init() {
    this.server.paidTool('square', 'Squares a number', 0.01, {}, {}, async (args: { n: number }) => {
      ${THROWS}
      return { content: [{ type: 'text', text: String(args.n * args.n) }] };
    });
    this.wallet.paidTool('refund', 'Refunds', 0, {}, {}, async () => ({ ok: true }));
    this.server.callTool('square', {}, () => undefined);
  }
}
`,
    'src/charges.ts': `export class PaymentClient {}
export function withCharges<T>(target: T, config: { currency: string }): T & Record<string, any> {
  return Object.assign(target as object, { config }) as T & Record<string, any>;
}
`,
  },
  tools: [
    { file: 'src/apps/gallery.ts', name: 'show_gallery', kind: 'registerTool' },
    { file: 'src/paid.ts', name: 'square', kind: 'wrapper', evidence: /augmented/ },
  ],
  findings: ['throw-in-handler@src/apps/gallery.ts', 'throw-in-handler@src/paid.ts'],
  onlyChecks: ['throw-in-handler'],
};

const FRAMEWORK_COLLECTIONS_FIXTURE: StyleFixture = {
  title: 'a framework’s discovery service pushing prompt and resource entries built from metadata stays silent',
  files: {
    'package.json': MCP_PACKAGE,
    'src/discovery.ts': `import type { Server } from '@modelcontextprotocol/sdk/server/index.js';

interface Meta {
  name: string;
  description: string;
  schema?: unknown;
}

export class Discovery {
  constructor(private readonly server: Server) {}
  collect(providers: Array<{ instance: any; prompts: Meta[]; resources: Meta[] }>) {
    const prompts: unknown[] = [];
    const resourceEntries: unknown[] = [];
    for (const { instance, prompts: promptMetas, resources: resourceMetas } of providers) {
      for (const promptMeta of promptMetas) {
        const method = instance[promptMeta.name].bind(instance);
        prompts.push({
          name: promptMeta.name,
          description: promptMeta.description,
          arguments: [],
          schema: promptMeta.schema,
          handler: method,
        });
      }
      for (const resourceMeta of resourceMetas) {
        resourceEntries.push({ name: resourceMeta.name, schema: resourceMeta.schema, handler: instance.read });
      }
    }
    return { prompts, resourceEntries, server: this.server };
  }
}
`,
  },
  tools: [],
};

const TUPLE_MODULE_FIXTURE: StyleFixture = {
  title:
    'tool modules as exported [name, config, callback] tuples spread into registerTool(...plugin); prompt tuples, route tuples and number triples stay silent',
  files: {
    'package.json': MCP_PACKAGE,
    'src/types.ts': `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export type ToolModule = [name: string, config: Record<string, unknown>, callback: (mcp: McpServer) => (args: any) => any];
export type PromptModule = [name: string, config: Record<string, unknown>, callback: (args: any) => any];
`,
    'src/tools/echo.ts': `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ToolModule } from '../types';

const name = 'echo';
const config = { title: 'Echo', description: 'Echoes its input', inputSchema: {} };
const callback = (mcp: McpServer) => async (args: { text: string }) => {
  ${THROWS}
  void mcp;
  return { content: [{ type: 'text', text: args.text }] };
};

const module: ToolModule = [name, config, callback];
export default module;
`,
    'src/tools/clock.ts': `const name = 'clock';
async function tell(args: { zone: string }) {
  ${THROWS}
  return { content: [{ type: 'text', text: new Date().toISOString() + args.zone }] };
}
export const clock = [name, { description: 'The time', inputSchema: {} }, tell];
`,
    'src/tools/mod.ts': `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import echo from './echo';
import { clock } from './clock';

export const tools = [echo, clock];

export class ToolManager {
  constructor(private readonly mcp: McpServer) {}
  add(module: any) {
    const [n, c, cb] = module;
    const plugin = [n, c, cb.length === 1 ? cb(this.mcp) : cb] as const;
    (this.mcp.registerTool as any)(...plugin);
  }
}
`,
    'src/prompts/review.ts': `import type { PromptModule } from '../types';
const name = 'review';
const config = { description: 'Reviews code', argsSchema: {} };
const callback = (args: { code: string }) => ({ messages: [{ role: 'user', content: { type: 'text', text: args.code } }] });
const prompt: PromptModule = [name, config, callback];
export default prompt;
`,
    'src/routes.ts': `const health = async () => ({ ok: true });
export const route = ['/health', { method: 'GET', description: 'Health' }, health];
export const triple = [1, 2, 3];
`,
  },
  tools: [
    { file: 'src/tools/echo.ts', name: 'echo', kind: 'definition', evidence: /callback returns/ },
    { file: 'src/tools/clock.ts', name: 'clock', kind: 'definition', handler: 'tell' },
  ],
  findings: ['throw-in-handler@src/tools/clock.ts', 'throw-in-handler@src/tools/echo.ts'],
  onlyChecks: ['throw-in-handler'],
};

export const ROUND_TEN_FIXTURES: StyleFixture[] = [
  ...INTEGRATED_MONOREPO_FIXTURES,
  DECLARED_FACTORY_FIXTURE,
  WRAPPED_FACTORY_FIXTURE,
  APPS_AND_PAYMENTS_FIXTURE,
  FRAMEWORK_COLLECTIONS_FIXTURE,
  TUPLE_MODULE_FIXTURE,
];
