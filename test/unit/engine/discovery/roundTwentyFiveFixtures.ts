/**
 * Shapes of the round 25 held-out set (docs/real-code-evaluation-round25.md: the awesome-mcp-servers list in order),
 * written from scratch with invented names, each next to look-alikes that must stay silent. Shared by the engine,
 * CLI and language-server tests.
 */
import { MCP_PACKAGE, type StyleFixture } from './styleFixtures';

const DEFAULT_EXPORTED_LISTS_FIXTURE: StyleFixture = {
  title:
    'definition lists exported as default arrays (`export default [ … ] as Entry[]`), spread into the list a registration loop consumes, some behind a condition (`...(flags.pantry ? pantryTools : [])`): every entry with a name and the handler the loop calls is a tool, those without a schema too; a default-exported list no loop reads stays silent',
  files: {
    'package.json': MCP_PACKAGE,
    'src/tools/recipes.ts': `import { z } from 'zod';
import type { KitchenEntry } from '../types';

export default [
  {
    name: 'list_recipes',
    description: 'Lists every recipe',
    handler: async () => ['soup', 'bread'],
  },
  {
    name: 'get_recipe',
    description: 'Reads one recipe',
    inputSchema: z.object({ id: z.string() }),
    handler: async ({ id }: { id: string }) => \`recipe \${id}\`,
  },
] as KitchenEntry[];
`,
    'src/tools/pantry.ts': `import type { KitchenEntry } from '../types';

const pantryTools: KitchenEntry[] = [
  {
    name: 'count_jars',
    description: 'Counts the jars in the pantry',
    handler: async () => 12,
  },
];

export default pantryTools;
`,
    'src/tools/chores.ts': `// A chore list of the same shape that no registration loop reads.
export default [
  {
    name: 'sweep_floor',
    description: 'Sweeps the floor',
    handler: async () => 'swept',
  },
];
`,
    'src/tools/index.ts': `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import recipeTools from './recipes.js';
import pantryTools from './pantry.js';

export function registerKitchenTools(server: McpServer, flags: { pantry: boolean }) {
  const entries = [...recipeTools, ...(flags.pantry ? pantryTools : [])];
  for (const entry of entries) {
    server.registerTool(entry.name, { description: entry.description }, async (args: Record<string, unknown>) => {
      const result = await entry.handler(args as never);
      return { content: [{ type: 'text' as const, text: JSON.stringify(result) }] };
    });
  }
}
`,
  },
  tools: [
    { file: 'src/tools/recipes.ts', name: 'list_recipes', kind: 'definition', handler: 'handler' },
    { file: 'src/tools/recipes.ts', name: 'get_recipe', kind: 'definition', handler: 'handler' },
    { file: 'src/tools/pantry.ts', name: 'count_jars', kind: 'definition', handler: 'handler' },
  ],
};

const NESTED_METADATA_FACTORY_FIXTURE: StyleFixture = {
  title:
    'a definition-building factory that nests the metadata beside a wrapped handler (`buildTool(name, description, schema, run) => ({ definition: { name, description, schema }, run: guard(run) })`), its calls exported one by one and registered by a loop through a local helper: each call is a tool named by its first argument; a factory whose nested record has only a name (no description, no schema) stays silent',
  files: {
    'package.json': MCP_PACKAGE,
    'src/tools/helpers.ts': `import { z } from 'zod';

const guard =
  <T>(run: (input: T) => Promise<unknown>, label: string) =>
  async (input: T) => {
    try {
      return { content: [{ type: 'text' as const, text: JSON.stringify(await run(input)) }] };
    } catch (error) {
      return { content: [{ type: 'text' as const, text: \`\${label}: \${String(error)}\` }], isError: true };
    }
  };

export const buildTool = <S extends z.ZodTypeAny>(
  name: string,
  description: string,
  schema: S,
  run: (input: z.infer<S>) => Promise<unknown>,
) => ({
  definition: { name, description, schema },
  run: guard(run, \`failed \${name}\`),
});

// Not a tool factory: the nested record is an author, with only a name.
export const createToolLog = (author: string, write: () => Promise<unknown>) => ({
  author: { name: author },
  write,
});
`,
    'src/tools/harbour.ts': `import { z } from 'zod';
import { buildTool, createToolLog } from './helpers';

export const listBerths = buildTool('list_berths', 'Lists the free berths', z.object({}), async () => ['A1', 'B4']);

export const bookBerth = buildTool(
  'book_berth',
  'Books a berth for a boat',
  z.object({ boat: z.string() }),
  async ({ boat }) => \`booked for \${boat}\`,
);

export const auditLog = createToolLog('harbour-master', async () => 'logged');
`,
    'src/tools/index.ts': `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { bookBerth, listBerths } from './harbour';

function addTool(server: McpServer, name: string, description: string, shape: object, run: (a: never) => Promise<never>) {
  server.tool(name, description, shape, async (args) => run(args as never));
}

const harbourTools = [listBerths, bookBerth];

export function registerHarbour(server: McpServer) {
  harbourTools.forEach((tool) => {
    addTool(server, tool.definition.name, tool.definition.description, tool.definition.schema.shape, tool.run as never);
  });
}
`,
  },
  tools: [
    { file: 'src/tools/harbour.ts', name: 'list_berths', kind: 'wrapper' },
    { file: 'src/tools/harbour.ts', name: 'book_berth', kind: 'wrapper' },
  ],
};

const ELEMENT_NAMED_LOOP_FIXTURE: StyleFixture = {
  title:
    'one registration written in a loop over a local list of names (`[{ name, side }].forEach(({ name, side }) => server.tool(name, desc, shape, async (a) => …))`): each element is a tool named by its literal name, sharing the inline handler; a loop whose list holds an element with a computed name, and the same loop registering prompts, stay silent; loops over definitions that hold their own handler (inline or a constant) list each once, as a definition',
  files: {
    'package.json': MCP_PACKAGE,
    'src/lighthouse.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const server = new McpServer({ name: 'lighthouse', version: '1.0.0' });

server.tool('beam_status', 'Reads the beam status', {}, async () => ({ content: [{ type: 'text', text: 'on' }] }));

const windows = [
  { name: 'read-north-window', side: 'N' },
  { name: 'read-south-window', side: 'S' },
] as const;

windows.forEach(({ name, side }) => {
  server.tool(name, \`Reads the \${side} window\`, { detail: z.boolean().optional() }, async ({ detail }) => ({
    content: [{ type: 'text', text: \`\${side}: clear\${detail ? ' (detailed)' : ''}\` }],
  }));
});

const suffix = process.env.LAMP_SUFFIX ?? 'x';
const lamps = [{ name: 'lamp-main' }, { name: \`lamp-\${suffix}\` }];

lamps.forEach(({ name }) => {
  server.tool(name, 'Reads a lamp', {}, async () => ({ content: [{ type: 'text', text: 'lit' }] }));
});

const gauges = [
  {
    name: 'read-gauge',
    description: 'Reads the tide gauge',
    params: { harbour: z.string() },
    handler: async ({ harbour }: { harbour: string }) => \`\${harbour}: 2.1 m\`,
  },
];

gauges.forEach(({ name, description, params, handler }) => {
  server.tool(name, description, params, async (args) => ({
    content: [{ type: 'text', text: await handler(args as { harbour: string }) }],
  }));
});

const blinkBeacon = async () => 'blink';
const beacons = [{ name: 'blink-beacon', description: 'Blinks the beacon', handler: blinkBeacon }];

for (const beacon of beacons) {
  server.tool(beacon.name, beacon.description, {}, async () => ({
    content: [{ type: 'text', text: await beacon.handler() }],
  }));
}

const notes = [{ name: 'storm-note' }];

notes.forEach(({ name }) => {
  server.prompt(name, 'A storm note', async () => ({ messages: [] }));
});
`,
  },
  tools: [
    { file: 'src/lighthouse.ts', name: 'beam_status', kind: 'tool' },
    { file: 'src/lighthouse.ts', name: 'read-north-window', kind: 'tool' },
    { file: 'src/lighthouse.ts', name: 'read-south-window', kind: 'tool' },
    { file: 'src/lighthouse.ts', name: 'read-gauge', kind: 'definition', handler: 'handler' },
    { file: 'src/lighthouse.ts', name: 'blink-beacon', kind: 'definition' },
  ],
};

const DEFINITION_FIELD_CLASS_FIXTURE: StyleFixture = {
  title:
    "tool classes loaded from a folder at run time that keep their listed definition and handler in fields (`name = 'tide_table'; toolDefinition: Tool = { name: this.name, inputSchema }; toolCall = async (request) => …`, extending a project base): each class is a tool handled by its toolCall field (or method); a class of the same base with a toolCall field but no definition field stays silent",
  files: {
    'package.json': MCP_PACKAGE,
    'src/tools/BaseTideTool.ts': `import type { Tool } from '@modelcontextprotocol/sdk/types.js';

export abstract class BaseTideTool {
  abstract name: string;
  abstract toolDefinition: Tool;
  abstract toolCall(request: { params: { arguments?: Record<string, unknown> } }): Promise<unknown>;
}
`,
    'src/tools/TideTable.ts': `import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { BaseTideTool } from './BaseTideTool.js';

class TideTableTool extends BaseTideTool {
  name = 'tide_table';
  toolDefinition: Tool = {
    name: this.name,
    description: 'Reads the tide table of a port',
    inputSchema: { type: 'object', properties: { port: { type: 'string' } } },
  };

  toolCall = async (request: { params: { arguments?: Record<string, unknown> } }) => {
    const port = String(request.params.arguments?.port ?? 'home');
    return { content: [{ type: 'text', text: \`high tide at \${port}: 06:10\` }] };
  };
}

export default TideTableTool;
`,
    'src/tools/TideWarnings.ts': `import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { BaseTideTool } from './BaseTideTool.js';

class TideWarningsTool extends BaseTideTool {
  name = 'tide_warnings';
  toolDefinition: Tool = {
    name: this.name,
    description: 'Lists the tide warnings',
    inputSchema: { type: 'object' },
  };

  async toolCall() {
    return { content: [{ type: 'text', text: 'no warnings' }] };
  }
}

export default TideWarningsTool;
`,
    'src/tools/Ferry.ts': `import { BaseTideTool } from './BaseTideTool.js';

// Not a tool: a ferry client of the same base, with no definition to list.
class FerryClient extends BaseTideTool {
  name = 'ferry';
  toolDefinition = undefined as never;
  toolCall = async () => 'boarding';
}

export default FerryClient;
`,
    'src/index.ts': `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { readdir } from 'node:fs/promises';
import type { BaseTideTool } from './tools/BaseTideTool.js';

const server = new Server({ name: 'tides', version: '1.0.0' }, { capabilities: { tools: {} } });
const byName = new Map<string, BaseTideTool>();

export async function loadTideTools(dir: string) {
  for (const file of await readdir(dir)) {
    const { default: ToolClass } = await import(\`\${dir}/\${file}\`);
    const tool = new ToolClass();
    byName.set(tool.name, tool);
  }
}

server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [...byName.values()].map((t) => t.toolDefinition),
}));

server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const tool = byName.get(request.params.name);
  if (!tool) throw new Error(\`Unknown tool: \${request.params.name}\`);
  return tool.toolCall(request) as never;
});
`,
  },
  tools: [
    { file: 'src/index.ts', name: null, kind: 'setRequestHandler' },
    { file: 'src/tools/TideTable.ts', name: 'tide_table', kind: 'class', handler: 'toolCall' },
    { file: 'src/tools/TideWarnings.ts', name: 'tide_warnings', kind: 'class', handler: 'toolCall' },
  ],
};

export const ROUND_TWENTY_FIVE_FIXTURES: StyleFixture[] = [
  DEFINITION_FIELD_CLASS_FIXTURE,
  ELEMENT_NAMED_LOOP_FIXTURE,
  DEFAULT_EXPORTED_LISTS_FIXTURE,
  NESTED_METADATA_FACTORY_FIXTURE,
];
