/**
 * Registration styles met in the fifth held-out round of the real-code evaluation
 * (docs/real-code-evaluation-round5.md), each written from scratch with invented names, with the
 * near misses next to them that must not count. Shared by the engine, CLI and language-server tests.
 */
import { MCP_PACKAGE, type StyleFixture } from './styleFixtures';

const LOW_LEVEL_IMPORTS = `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
`;

export const ROUND_FIVE_FIXTURES: StyleFixture[] = [
  {
    title: 'a lookup table local to a getHandler(name) function, of members of imported handler modules',
    files: {
      'package.json': MCP_PACKAGE,
      'src/handlers/garden.ts': `export const gardenHandlers = {
  plantSeed: async (args: { seed: string }) => ({ content: [{ type: 'text', text: args.seed }] }),
  waterBed: async () => ({ content: [{ type: 'text', text: 'wet' }] }),
};
`,
      'src/labels.ts': `export const labelTexts = { plantSeed: 'Plant', waterBed: 'Water' };
`,
      'src/index.ts': `${LOW_LEVEL_IMPORTS}import { gardenHandlers } from './handlers/garden';
import { labelTexts } from './labels';
const server = new Server({ name: 'garden', version: '1.0.0' }, { capabilities: { tools: {} } });
function getHandler(name: string) {
  if (name.startsWith('custom_')) {
    return async () => ({ content: [{ type: 'text', text: name }] });
  }
  const table = {
    plant_seed: gardenHandlers.plantSeed,
    water_bed: gardenHandlers.waterBed,
  };
  return table[name as keyof typeof table];
}
// Same shape, but nothing looks it up with the tool name: a label map, not tools.
export function labelFor(kind: string) {
  const labels = { plant_label: labelTexts.plantSeed, water_label: labelTexts.waterBed };
  return kind === 'plant' ? labels.plant_label : labels.water_label;
}
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name, arguments: args } = request.params;
  const handler = getHandler(name);
  if (!handler) throw new Error('Unknown tool: ' + name);
  return await handler(args as never);
});
`,
    },
    tools: [
      { file: 'src/index.ts', name: 'plant_seed', kind: 'dispatch' },
      { file: 'src/index.ts', name: 'water_bed', kind: 'dispatch' },
    ],
  },
  {
    title:
      'a default-exported helper call that stores a closure registering later; prompt helpers of the same shape are not tools',
    files: {
      'package.json': MCP_PACKAGE,
      'src/structure/defineTool.ts': `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
type Props = { name: string; description: string; args: object; execute: (a: unknown) => Promise<object> };
const setups = new Map<string, (server: McpServer) => void>();
export default function defineTool(props: Props): Props {
  const setup = (server: McpServer) => {
    server.registerTool(props.name, { description: props.description, inputSchema: props.args as never }, async (a: unknown) => {
      const result = await props.execute(a);
      return { content: [{ type: 'text' as const, text: JSON.stringify(result) }] };
    });
  };
  setups.set(props.name, setup);
  return props;
}
export function setupAll(server: McpServer) {
  for (const setup of setups.values()) setup(server);
}
`,
      'src/structure/definePrompt.ts': `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
type Props = { name: string; description: string; render: () => string };
const prompts = new Map<string, (server: McpServer) => void>();
export default function definePrompt(props: Props): Props {
  prompts.set(props.name, (server: McpServer) => {
    server.registerPrompt(props.name, { description: props.description }, () => ({
      messages: [{ role: 'user' as const, content: { type: 'text' as const, text: props.render() } }],
    }));
  });
  return props;
}
`,
      'src/tools/list-kites.ts': `import defineTool from '../structure/defineTool';
export default defineTool({
  name: 'list-kites',
  description: 'List the kites',
  args: {},
  async execute() {
    return { kites: [] };
  },
});
`,
      'src/tools/fly-kite.ts': `import defineTool from '../structure/defineTool';
export default defineTool({
  name: 'fly-kite',
  description: 'Fly a kite',
  args: {},
  execute: async () => ({ flying: true }),
});
`,
      'src/prompts/kite-story.ts': `import definePrompt from '../structure/definePrompt';
export default definePrompt({ name: 'kite-story', description: 'A story', render: () => 'once upon a kite' });
`,
    },
    tools: [
      { file: 'src/tools/list-kites.ts', name: 'list-kites', kind: 'wrapper', handler: 'execute' },
      { file: 'src/tools/fly-kite.ts', name: 'fly-kite', kind: 'wrapper' },
    ],
  },
  {
    title: 'case labels that are .name of definitions wrapped in Schema.parse({…}), through a namespace import',
    files: {
      'package.json': MCP_PACKAGE,
      'src/defs.ts': `import { ToolSchema } from '@modelcontextprotocol/sdk/types.js';
export const SketchTool = ToolSchema.parse({
  name: 'sketch-to-text',
  description: 'Describe a sketch',
  inputSchema: { type: 'object', properties: {} },
});
export const InkTool = ToolSchema.parse({
  name: 'ink-to-text',
  description: 'Describe an ink drawing',
  inputSchema: { type: 'object', properties: {} },
});
export const Palette = { name: 'palette-settings', colours: 3 };
`,
      'src/server.ts': `${LOW_LEVEL_IMPORTS}import * as defs from './defs';
const server = new Server({ name: 'sketch', version: '1.0.0' }, { capabilities: { tools: {} } });
export const paletteTitle = defs.Palette.name;
async function describe(kind: string) {
  return { content: [{ type: 'text' as const, text: kind }] };
}
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name } = request.params;
  switch (name) {
    case defs.SketchTool.name:
    case defs.InkTool.name:
      return await describe(name);
    default:
      throw new Error('Unknown tool');
  }
});
`,
    },
    tools: [
      { file: 'src/server.ts', name: 'sketch-to-text', kind: 'dispatch' },
      { file: 'src/server.ts', name: 'ink-to-text', kind: 'dispatch' },
    ],
  },
  {
    title: 'a single-tool guard at the top of the tools/call handler; a negated test inside a tool body is not one',
    files: {
      'package.json': MCP_PACKAGE,
      'src/single.ts': `${LOW_LEVEL_IMPORTS}const server = new Server({ name: 'one', version: '1.0.0' }, { capabilities: { tools: {} } });
async function runLookup(term: string) {
  return { content: [{ type: 'text' as const, text: term }] };
}
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  try {
    if (request.params.name !== 'lookup_term') {
      throw new Error('Unknown tool: ' + request.params.name);
    }
    return await runLookup(String(request.params.arguments?.term));
  } catch (error) {
    return { content: [{ type: 'text' as const, text: String(error) }], isError: true };
  }
});
`,
      'src/multi.ts': `${LOW_LEVEL_IMPORTS}const server = new Server({ name: 'two', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name } = request.params;
  switch (name) {
    case 'count_beans': {
      if (name !== 'tally_beans') {
        // a per-tool body comparing the name again is not a guard of the whole handler
        if (request.params.arguments?.strict) throw new Error('strict mode');
      }
      return { content: [{ type: 'text' as const, text: '3' }] };
    }
    default:
      throw new Error('Unknown tool');
  }
});
`,
    },
    tools: [
      { file: 'src/single.ts', name: 'lookup_term', kind: 'dispatch', handler: 'runLookup' },
      { file: 'src/multi.ts', name: 'count_beans', kind: 'dispatch' },
    ],
  },
  {
    title: 'a no-argument typed definition listed with siblings that take arguments; a lone one stays unclaimed',
    files: {
      'package.json': MCP_PACKAGE,
      'src/tools.ts': `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
type ToolDef<A = unknown> = {
  name: string;
  definition: { title: string; description: string; inputSchema?: object };
  handler: (args: A) => Promise<{ content: { type: 'text'; text: string }[] }>;
};
const ShelfSchema = z.object({ shelf: z.string() });
const countBooksTool: ToolDef<{ shelf: string }> = {
  name: 'count_books',
  definition: { title: 'Count books', description: 'Count the books on a shelf', inputSchema: ShelfSchema.shape },
  handler: async (args) => ({ content: [{ type: 'text', text: args.shelf }] }),
};
const libraryHoursTool: ToolDef = {
  name: 'library_hours',
  definition: { title: 'Library hours', description: 'When the library is open' },
  handler: async () => ({ content: [{ type: 'text', text: '9-5' }] }),
};
export const toolDefinitions = [countBooksTool, libraryHoursTool];
export function registerAll(server: McpServer) {
  toolDefinitions.forEach((tool) => server.registerTool(tool.name, tool.definition, tool.handler as never));
}
`,
      'src/lone.ts': `type Def = {
  name: string;
  definition: { title: string; description: string };
  handler: () => Promise<string>;
};
export const greetingCard: Def = {
  name: 'greeting_card',
  definition: { title: 'Card', description: 'A greeting card' },
  handler: async () => 'hello',
};
export const cards = [greetingCard];
`,
    },
    tools: [
      { file: 'src/tools.ts', name: 'count_books', kind: 'definition' },
      { file: 'src/tools.ts', name: 'library_hours', kind: 'definition' },
    ],
  },
];
