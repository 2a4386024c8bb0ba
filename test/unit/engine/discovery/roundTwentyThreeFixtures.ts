/**
 * Shapes of the round 23 held-out set (docs/real-code-evaluation-round23.md), written from scratch with
 * invented names, each next to look-alikes that must stay silent. Shared by the engine, CLI and
 * language-server tests.
 */
import { MCP_PACKAGE, type StyleFixture } from './styleFixtures';

const FACTORY_RESULT_NAME_FIXTURE: StyleFixture = {
  title:
    'registerTool(made.name, made.definition, made.handler) where made = createXTool(api) (a module constant from an imported factory, one of them returning several tools): each call is a tool named by the factory, listed once, at the call',
  files: {
    'package.json': MCP_PACKAGE,
    'src/api.ts': `export class GreenhouseApi {
  async temperature(bed: string) {
    return bed.length;
  }
  async sensors() {
    return ['north', 'south'];
  }
}
`,
    'src/tools/climate.ts': `import { z } from 'zod';
import type { GreenhouseApi } from '../api.js';

export function createTemperatureTool(api: GreenhouseApi) {
  return {
    name: 'read_temperature',
    definition: { title: 'Temperature', description: 'Reads a bed temperature', inputSchema: { bed: z.string() } },
    handler: async (args: { bed: string }) => {
      const degrees = await api.temperature(args.bed);
      return { content: [{ type: 'text' as const, text: String(degrees) }] };
    },
  };
}

export function createSensorTools(api: GreenhouseApi) {
  return {
    listSensors: {
      name: 'list_sensors',
      definition: { title: 'Sensors', description: 'Lists the sensors', inputSchema: {} },
      handler: async () => ({ content: [{ type: 'text' as const, text: (await api.sensors()).join(',') }] }),
    },
    countSensors: {
      name: 'count_sensors',
      definition: { title: 'Count', description: 'Counts the sensors', inputSchema: {} },
      handler: async () => ({ content: [{ type: 'text' as const, text: String((await api.sensors()).length) }] }),
    },
  };
}
`,
    'src/index.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { GreenhouseApi } from './api.js';
import { createSensorTools, createTemperatureTool } from './tools/climate.js';

const server = new McpServer({ name: 'greenhouse', version: '1.0.0' });
const api = new GreenhouseApi();
const temperature = createTemperatureTool(api);
const sensors = createSensorTools(api);
server.registerTool(temperature.name, temperature.definition, temperature.handler);
server.registerTool(sensors.listSensors.name, sensors.listSensors.definition, sensors.listSensors.handler);
server.registerTool(sensors.countSensors.name, sensors.countSensors.definition, sensors.countSensors.handler);
`,
  },
  tools: [
    { file: 'src/index.ts', name: 'read_temperature', kind: 'registerTool' },
    { file: 'src/index.ts', name: 'list_sensors', kind: 'registerTool' },
    { file: 'src/index.ts', name: 'count_sensors', kind: 'registerTool' },
  ],
};

const EXECUTE_HELPER_FIXTURE: StyleFixture = {
  title:
    'server.tool("x", …) whose handler calls x.execute(args) of an imported { name: "x", schema, execute } object: one tool, at the call; an object of that shape that no call names is still a definition',
  files: {
    'package.json': MCP_PACKAGE,
    'src/tools/listShelves.ts': `import { z } from 'zod';

const input = z.object({ aisle: z.string() });

export const listShelves = {
  name: 'list-shelves',
  description: 'Lists the shelves of an aisle',
  schema: input,
  execute: async (args: z.infer<typeof input>) => [args.aisle + '-1', args.aisle + '-2'],
};
`,
    'src/tools/restockShelf.ts': `import { z } from 'zod';

const input = z.object({ shelf: z.string() });

export const restockShelf = {
  name: 'restock-shelf',
  description: 'Restocks a shelf',
  schema: input,
  execute: async (args: z.infer<typeof input>) => ({ restocked: args.shelf }),
};
`,
    'src/index.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { listShelves } from './tools/listShelves.js';

const server = new McpServer({ name: 'store', version: '1.0.0' });

server.tool('list-shelves', { aisle: z.string() }, async (args) => {
  const shelves = await listShelves.execute(args);
  return { content: [{ type: 'text', text: JSON.stringify(shelves) }] };
});
`,
  },
  tools: [
    { file: 'src/index.ts', name: 'list-shelves', kind: 'tool' },
    { file: 'src/tools/restockShelf.ts', name: 'restock-shelf', kind: 'definition' },
  ],
};

const KEYED_LIST_ANSWER_FIXTURE: StyleFixture = {
  title:
    'a tools/list answer mapping Object.entries(RECORD) to { name: key | `pre-${key}`, inputSchema }: every key of the record is a tool, the generic tools/call handler is not; the same map in a prompts/list answer stays silent',
  files: {
    'package.json': MCP_PACKAGE,
    'src/index.ts': `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ListPromptsRequestSchema,
  ListToolsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { readFileSync } from 'node:fs';

const RECIPES = {
  'bake-bread': { file: 'recipes/bread.md', summary: 'How to bake bread' },
  'brew-tea': { file: 'recipes/tea.md', summary: 'How to brew tea' },
};

const NOTES = {
  'oven-care': { file: 'notes/oven.md', summary: 'Caring for the oven' },
};

const SNIPPETS = {
  greeting: { file: 'snippets/greeting.md', summary: 'A greeting' },
};

const server = new Server({ name: 'kitchen', version: '1.0.0' }, { capabilities: { tools: {}, prompts: {} } });

server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [
    ...Object.entries(RECIPES).map(([name, recipe]) => ({
      name,
      description: recipe.summary,
      inputSchema: { type: 'object', properties: {} },
    })),
    ...Object.entries(NOTES).map(([name, note]) => ({
      name: \`note-\${name}\`,
      description: note.summary,
      inputSchema: { type: 'object', properties: {} },
    })),
  ],
}));

server.setRequestHandler(ListPromptsRequestSchema, async () => ({
  prompts: Object.entries(SNIPPETS).map(([name, snippet]) => ({ name, description: snippet.summary })),
}));

server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const name = request.params.name;
  const entry = name.startsWith('note-') ? NOTES[name.slice(5) as keyof typeof NOTES] : RECIPES[name as keyof typeof RECIPES];
  if (!entry) throw new Error(\`Unknown tool: \${name}\`);
  return { content: [{ type: 'text', text: readFileSync(entry.file, 'utf8') }] };
});
`,
  },
  tools: [
    { file: 'src/index.ts', name: 'bake-bread', kind: 'definition' },
    { file: 'src/index.ts', name: 'brew-tea', kind: 'definition' },
    { file: 'src/index.ts', name: 'note-oven-care', kind: 'definition' },
  ],
};

export const ROUND_TWENTY_THREE_FIXTURES: readonly StyleFixture[] = [
  FACTORY_RESULT_NAME_FIXTURE,
  EXECUTE_HELPER_FIXTURE,
  KEYED_LIST_ANSWER_FIXTURE,
];
