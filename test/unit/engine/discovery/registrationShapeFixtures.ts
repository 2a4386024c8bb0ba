/**
 * Registration shapes met in held-out round 4b of the real-code evaluation
 * (docs/real-code-evaluation-round4.md), each written from scratch with invented names, with the
 * look-alikes next to them that must not count. Shared by the engine, CLI and language-server tests.
 */
import { MCP_PACKAGE, type StyleFixture } from './styleFixtures';

const OK = `{ content: [{ type: 'text' as const, text: 'ok' }] }`;

export const REGISTRATION_SHAPE_FIXTURES: StyleFixture[] = [
  {
    title: 'a name read from a namespace import of the tool module (Module.name), re-exports included',
    files: {
      'package.json': MCP_PACKAGE,
      'src/tools/PlantSeed.ts': `import { z } from 'zod';
export const name = 'garden_plant_seed';
export const description = 'Plant a seed in a bed';
export const inputSchema = { bed: z.string() };
export async function execute(input: { bed: string }) {
  return { content: [{ type: 'text' as const, text: input.bed }] };
}
`,
      'src/tools/names.ts': `export const HARVEST = 'garden_harvest';\n`,
      'src/tools/Harvest.ts': `export { HARVEST as name } from './names';
export const description = 'Harvest a bed';
export async function execute() {
  return ${OK};
}
`,
      'src/tools/Weather.ts': `export const description = 'Forecast for the garden';
export const label = 'weather';
export async function execute() {
  return ${OK};
}
`,
      'src/index.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as PlantSeed from './tools/PlantSeed.js';
import * as Harvest from './tools/Harvest.js';
import * as Weather from './tools/Weather.js';
const server = new McpServer({ name: 'garden', version: '1.0.0' });
server.registerTool(
  PlantSeed.name,
  { description: PlantSeed.description, inputSchema: PlantSeed.inputSchema },
  async (input) => PlantSeed.execute(input),
);
server.registerTool(Harvest.name, { description: Harvest.description }, async () => Harvest.execute());
server.registerTool(Weather.name, { description: Weather.description }, async () => Weather.execute());
`,
    },
    tools: [
      { file: 'src/index.ts', name: 'garden_plant_seed', kind: 'registerTool' },
      { file: 'src/index.ts', name: 'garden_harvest', kind: 'registerTool' },
      // The module has no `name` export: the expression is kept, the name stays unknown.
      { file: 'src/index.ts', name: null, kind: 'registerTool' },
    ],
  },
  {
    title: 'a tmcp server: object-first server.tool({ name, … }, handler) in registrars typed by typeof server',
    files: {
      'package.json': JSON.stringify({ name: 'kiln-server', dependencies: { tmcp: '^1.0.0', valibot: '^1.0.0' } }),
      'src/server.ts': `import { McpServer } from 'tmcp';
import { registerFiring, registerGlaze } from './tools/index.js';
import { registerKilnDocs } from './resources.js';
export const server = new McpServer(
  { name: 'kiln', version: '0.1.0', description: 'Pottery kiln control' },
  { adapter: undefined, capabilities: { tools: {}, resources: {}, prompts: {} } },
).withContext<{ operator?: string }>();
export type KilnServer = typeof server;
registerFiring(server);
registerGlaze(server);
registerKilnDocs(server);
`,
      'src/tools/index.ts': `export { registerFiring } from './firing.js';\nexport { registerGlaze } from './glaze.js';\n`,
      'src/tools/firing.ts': `import * as v from 'valibot';
import { tool } from 'tmcp/utils';
import type { KilnServer } from '../server.js';
export function registerFiring(server: KilnServer) {
  server.tool(
    {
      name: 'start-firing',
      description: 'Start a firing schedule',
      schema: v.object({ cone: v.number() }),
      annotations: { destructiveHint: false },
    },
    async ({ cone }) => {
      if (cone > 10) return tool.error('cone out of range');
      return tool.text('firing to cone ' + cone);
    },
  );
}
`,
      'src/tools/glaze.ts': `import { tool } from 'tmcp/utils';
import type { KilnServer } from '../server.js';
async function mixGlaze() {
  return tool.text('mixed');
}
export const registerGlaze = (server: KilnServer) => {
  server.tool({ name: 'list-glazes', description: 'List the glazes on the shelf' }, async () => tool.text('celadon'));
  server.tool({ name: 'mix-glaze', description: 'Mix a glaze' }, mixGlaze);
};
`,
      'src/resources.ts': `import { resource, prompt } from 'tmcp/utils';
import type { KilnServer } from './server.js';
export function registerKilnDocs(server: KilnServer) {
  server.resource(
    { name: 'kiln-manual', description: 'The kiln manual', uri: 'kiln://manual' },
    async (uri) => resource.text(uri, 'manual'),
  );
  server.prompt({ name: 'plan-firing', description: 'Plan a firing' }, async () => prompt.message('plan it'));
  server.template({ name: 'kiln-log', description: 'A firing log', uri: 'kiln://log/{id}' }, async (uri) =>
    resource.text(uri, 'log'),
  );
}
`,
    },
    tools: [
      { file: 'src/tools/firing.ts', name: 'start-firing', kind: 'tool' },
      { file: 'src/tools/glaze.ts', name: 'list-glazes', kind: 'tool' },
      { file: 'src/tools/glaze.ts', name: 'mix-glaze', kind: 'tool', handler: 'mixGlaze' },
    ],
  },
  {
    title: 'a tools/call switch in a class method the handler delegates to (this.runTool(name, args), bound handlers)',
    files: {
      'package.json': MCP_PACKAGE,
      'src/bakery.ts': `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  GetPromptRequestSchema,
  ListToolsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
export class BakeryServer {
  private server = new Server({ name: 'bakery', version: '1.0.0' }, { capabilities: { tools: {}, prompts: {} } });
  constructor() {
    this.server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [] }));
    this.server.setRequestHandler(CallToolRequestSchema, async (request) => {
      const { name, arguments: args } = request.params;
      const result = await this.runTool(name, args ?? {});
      return { content: [{ type: 'text', text: JSON.stringify(result) }] };
    });
    this.server.setRequestHandler(GetPromptRequestSchema, async (request) => this.generatePrompt(request.params.name));
  }
  async runTool(name: string, args: Record<string, unknown>): Promise<unknown> {
    switch (name) {
      case 'bake_bread':
        return this.bake(String(args.loaf));
      case 'slice_bread':
        return { slices: 8 };
      default:
        throw new Error('Unknown tool: ' + name);
    }
  }
  private generatePrompt(name: string) {
    switch (name) {
      case 'recipe_ideas':
        return { messages: [] };
      default:
        throw new Error('Unknown prompt: ' + name);
    }
  }
  private async bake(loaf: string) {
    return { baked: loaf };
  }
}
`,
      'src/bridge.ts': `import { BakeryServer } from './bakery';
const bakery = new BakeryServer();
export async function answerRpc(body: { method: string; params: { name: string; arguments: Record<string, unknown> } }) {
  switch (body.method) {
    case 'tools/call':
      return bakery.runTool(body.params.name, body.params.arguments);
    case 'tools/list':
      return { tools: [] };
    default:
      return { error: 'unknown method' };
  }
}
`,
      'src/pantry.ts': `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
export class PantryServer {
  private server = new Server({ name: 'pantry', version: '1.0.0' }, { capabilities: { tools: {} } });
  start() {
    this.server.setRequestHandler(CallToolRequestSchema, this.onCall.bind(this));
  }
  private async onCall(request: { params: { name: string; arguments?: Record<string, unknown> } }) {
    return this.route(request.params.name);
  }
  private route = async (toolName: string) => {
    if (toolName === 'count_flour') return this.countFlour();
    return { content: [{ type: 'text' as const, text: 'unknown' }], isError: true };
  };
  private async countFlour() {
    return { content: [{ type: 'text' as const, text: '3 bags' }] };
  }
}
`,
    },
    tools: [
      { file: 'src/bakery.ts', name: 'bake_bread', kind: 'dispatch', handler: 'bake' },
      { file: 'src/bakery.ts', name: 'slice_bread', kind: 'dispatch' },
      { file: 'src/pantry.ts', name: 'count_flour', kind: 'dispatch', handler: 'countFlour' },
    ],
  },
  {
    title:
      'a local tool(area, { name, … }, fn) factory, per-area lists renamed to ${prefix}_${name} by an imported renamer; prompt/resource factories are not tools',
    files: {
      'package.json': MCP_PACKAGE,
      'src/catalog/define.ts': `import { z } from 'zod';
export interface CatalogTool {
  meta: { name: string; description?: string; inputSchema: unknown };
  fn: (input: never) => Promise<unknown>;
}
export function tool<S extends z.ZodTypeAny>(
  area: string,
  options: { name: string; description?: string; inputSchema: S },
  fn: (input: z.infer<S>) => Promise<unknown>,
): CatalogTool {
  return { meta: { ...options, inputSchema: z.toJSONSchema(options.inputSchema) }, fn: fn as never };
}
export function prompt(area: string, options: { name: string; description?: string; arguments?: unknown[] }, fn: () => Promise<unknown[]>) {
  return { meta: options, fn };
}
export function resource(options: { name: string; uri: string }, fn: () => Promise<string>) {
  return { meta: options, fn };
}
`,
      'src/catalog/widgets/list_widgets.ts': `import { z } from 'zod';
import { tool } from '../define';
export const list_widgets = tool(
  'widgets',
  { name: 'list_widgets', description: 'List the widgets in stock', inputSchema: z.object({}) },
  async () => ${OK},
);
`,
      'src/catalog/widgets/paint_widget.ts': `import { z } from 'zod';
import { tool } from '../define';
async function paintWidget(input: { colour: string }) {
  return { content: [{ type: 'text' as const, text: 'painted ' + input.colour }] };
}
export const paint_widget = tool(
  'widgets',
  { name: 'paint_widget', description: 'Paint a widget', inputSchema: z.object({ colour: z.string() }) },
  paintWidget,
);
`,
      'src/catalog/widgets/index.ts': `import type { CatalogTool } from '../define';
import { list_widgets } from './list_widgets';
import { paint_widget } from './paint_widget';
export const widgetTools: CatalogTool[] = [list_widgets, paint_widget];
`,
      'src/catalog/shop/open_shop.ts': `import { z } from 'zod';
import { tool } from '../define';
export const open_shop = tool('shop', { name: 'open_shop', inputSchema: z.object({ at: z.string() }) }, async () => ${OK});
`,
      'src/catalog/shop/index.ts': `import type { CatalogTool } from '../define';
import { open_shop } from './open_shop';
export const shopTools: CatalogTool[] = [];
if (process.env.SHOP_ENABLED) {
  shopTools.push(...[open_shop]);
}
`,
      'src/catalog/assistant.ts': `import { z } from 'zod';
import { createTool } from 'agent-kit';
// An agent library's tool, options first: not an MCP tool of this server.
export const lookup = createTool({ name: 'lookup_price', inputSchema: z.object({ sku: z.string() }) }, async () => 1);
`,
      'src/catalog/prompts.ts': `import { prompt, resource } from './define';
export const greet = prompt('core', { name: 'greet_customer', description: 'Greet a customer' }, async () => []);
export const manual = resource({ name: 'shop_manual', uri: 'shop://manual' }, async () => 'manual');
export const catalogPrompts = [greet];
`,
      'src/catalog/naming.ts': `export function withArea<T extends { meta: { name: string } }>(area: string, items: T[]): T[] {
  return items.map((item) => ({ ...item, meta: { ...item.meta, name: \`\${area}_\${item.meta.name}\` } }));
}
`,
      'src/catalog/index.ts': `import type { CatalogTool } from './define';
import { widgetTools } from './widgets/index';
import { shopTools } from './shop/index';
import { catalogPrompts } from './prompts';
import { withArea } from './naming';
export const allTools: CatalogTool[] = [...withArea('gadget', widgetTools), ...withArea('shop', shopTools)];
export const allPrompts = withArea('core', catalogPrompts);
`,
      'src/server.ts': `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { allTools } from './catalog/index';
export class CatalogServer {
  private server = new Server({ name: 'catalog', version: '1.0.0' }, { capabilities: { tools: {} } });
  constructor() {
    this.server.setRequestHandler(ListToolsRequestSchema, this.listTools.bind(this));
    this.server.setRequestHandler(CallToolRequestSchema, this.callTool.bind(this));
  }
  private async listTools() {
    return { tools: allTools.map((t) => t.meta) };
  }
  private async callTool(request: { params: { name: string; arguments?: Record<string, unknown> } }) {
    const found = allTools.find((t) => t.meta.name === request.params.name);
    if (!found) return { content: [{ type: 'text' as const, text: 'no such tool' }], isError: true };
    return found.fn((request.params.arguments ?? {}) as never);
  }
}
`,
    },
    tools: [
      { file: 'src/catalog/widgets/list_widgets.ts', name: 'gadget_list_widgets', kind: 'definition' },
      {
        file: 'src/catalog/widgets/paint_widget.ts',
        name: 'gadget_paint_widget',
        kind: 'definition',
        handler: 'paintWidget',
        evidence: /renamed to `gadget_\$\{name\}` by withArea/,
      },
      { file: 'src/catalog/shop/open_shop.ts', name: 'shop_open_shop', kind: 'definition' },
      // The tools/call handler looks tools up by name: a site, listed without a name as before.
      { file: 'src/server.ts', name: null, kind: 'setRequestHandler', handler: 'callTool' },
    ],
  },
  {
    title: 'a tool factory with options then handler in one file: a renamer with a known prefix, and one without',
    files: {
      'package.json': MCP_PACKAGE,
      'src/tools.ts': `import { z } from 'zod';
const defineTool = (options: { name: string; inputSchema: z.ZodTypeAny }, run: (input: unknown) => Promise<unknown>) => ({
  spec: options,
  run,
});
const suffixed = (tools: Array<{ spec: { name: string } }>, flavour: string) =>
  tools.map((t) => ({ ...t, spec: { ...t.spec, name: \`\${t.spec.name}-\${flavour}\` } }));
const brew = defineTool({ name: 'brew', inputSchema: z.object({ cups: z.number() }) }, async () => ${OK});
const pour = defineTool({ name: 'pour', inputSchema: z.object({}) }, async () => ${OK});
export const menu = suffixed([brew], 'coffee');
export function tagged(flavour: string) {
  return suffixed([pour], flavour);
}
`,
    },
    tools: [
      { file: 'src/tools.ts', name: 'brew-coffee', kind: 'definition' },
      // The flavour is a parameter: the tool keeps its own name.
      { file: 'src/tools.ts', name: 'pour', kind: 'definition' },
    ],
  },
];
