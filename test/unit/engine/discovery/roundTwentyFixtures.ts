/**
 * Shapes of the round 20 held-out set (docs/real-code-evaluation-round20.md), written from scratch with
 * invented names, each next to look-alikes that must stay silent. Shared by the engine, CLI and
 * language-server tests.
 */
import { MCP_PACKAGE, type StyleFixture } from './styleFixtures';

const SDK_TOOL_CLASS_FIXTURE: StyleFixture = {
  title:
    "classes implementing the SDK's Tool type (name, input schema, run) dispatched with case tool.name: each class is a tool; a class implementing the SDK's Resource type, one implementing another package's Tool and one without an execution method stay silent",
  files: {
    'package.json': MCP_PACKAGE,
    'src/tools/PlantBulbTool.ts': `import { Tool } from '@modelcontextprotocol/sdk/types.js';

export class PlantBulbTool implements Tool {
  [key: string]: unknown;
  name = 'plant_bulb';
  description = 'Plants a bulb in a bed';
  inputSchema = { type: 'object' as const, properties: { bed: { type: 'string' } }, required: ['bed'] };

  async run(params: { bed: string }) {
    return { planted: params.bed };
  }
}
`,
    'src/tools/WaterBedTool.ts': `import type { Tool as SdkTool } from '@modelcontextprotocol/sdk/types';

export class WaterBedTool implements SdkTool {
  [key: string]: unknown;
  name = 'water_bed';
  inputSchema = { type: 'object' as const, properties: {} };

  async run() {
    return { watered: true };
  }
}
`,
    'src/index.ts': `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { PlantBulbTool } from './tools/PlantBulbTool.js';
import { WaterBedTool } from './tools/WaterBedTool.js';

const server = new Server({ name: 'garden', version: '1' }, { capabilities: { tools: {} } });
const plantBulb = new PlantBulbTool();
const waterBed = new WaterBedTool();

server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [plantBulb, waterBed] }));

server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const args = request.params.arguments ?? {};
  let result: unknown;
  switch (request.params.name) {
    case plantBulb.name:
      result = await plantBulb.run(args as { bed: string });
      break;
    case waterBed.name:
      result = await waterBed.run();
      break;
    default:
      throw new Error('Unknown tool');
  }
  return { content: [{ type: 'text' as const, text: JSON.stringify(result) }] };
});
`,
    // The SDK's Resource type: a resource, not a tool.
    'src/resources/BedResource.ts': `import { Resource } from '@modelcontextprotocol/sdk/types.js';

export class BedResource implements Resource {
  [key: string]: unknown;
  uri = 'garden://beds';
  name = 'beds';
  inputSchema = { type: 'object' as const };
  async run() {
    return [];
  }
}
`,
    // Another package's Tool interface (an agent library): not an MCP tool.
    'src/agent/PruneTool.ts': `import { Tool } from 'orchard-agents';

export class PruneTool implements Tool {
  name = 'prune_hedge';
  inputSchema = { type: 'object' as const, properties: {} };
  async run() {
    return 'pruned';
  }
}
`,
    // The SDK's Tool type on a description with nothing to run.
    'src/tools/describedOnly.ts': `import { Tool } from '@modelcontextprotocol/sdk/types.js';

export class DescribedOnly implements Tool {
  [key: string]: unknown;
  name = 'described_only';
  inputSchema = { type: 'object' as const, properties: {} };
}
`,
  },
  tools: [
    { file: 'src/tools/PlantBulbTool.ts', name: 'plant_bulb', kind: 'class', handler: 'run' },
    { file: 'src/tools/WaterBedTool.ts', name: 'water_bed', kind: 'class', handler: 'run' },
    // The dispatcher's cases name no literal: its handler stays listed as the one generic runner.
    { file: 'src/index.ts', name: null, kind: 'setRequestHandler' },
  ],
};

const SPREAD_BUILT_TABLE_FIXTURE: StyleFixture = {
  title:
    'a handler table merged from calls of imported builders ({ ...createBedHandlers(api) }) looked up by request.params.name: each key of the object a builder returns is a tool; a merged table of labels, a builder returning schemas and the listed definitions a schema helper builds from its parameters stay silent',
  files: {
    'package.json': MCP_PACKAGE,
    'src/util/schema.ts': `export function describeTool<T extends string>(shape: object, name: T, description: string) {
  return { name, description, inputSchema: { type: 'object' as const, properties: { ...shape } } };
}
`,
    'src/tools/beds.ts': `import { describeTool } from '../util/schema.js';

export const BED_TOOLS = [
  describeTool({}, 'list_beds', 'Lists the beds'),
  describeTool({ bed: { type: 'string' } }, 'dig_bed', 'Digs a bed'),
];

export const createBedHandlers = (api: { beds(): string[] }) => ({
  list_beds: async () => ({ content: [{ type: 'text' as const, text: api.beds().join(',') }] }),
  dig_bed: async (request: { params: { arguments?: Record<string, unknown> } }) => ({
    content: [{ type: 'text' as const, text: String(request.params.arguments?.bed) }],
  }),
});

export const createBedLabels = () => ({ list_beds: 'Beds', dig_bed: 'Dig' });
export const createBedSchemas = () => ({ list_beds: { type: 'object' }, dig_bed: { type: 'object' } });
`,
    'src/tools/hoses.ts': `export function createHoseHandlers(api: { hoses(): number }) {
  return {
    count_hoses: async () => ({ content: [{ type: 'text' as const, text: String(api.hoses()) }] }),
  };
}
`,
    'src/index.ts': `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { BED_TOOLS, createBedHandlers, createBedLabels, createBedSchemas } from './tools/beds.js';
import { createHoseHandlers } from './tools/hoses.js';

const api = { beds: () => ['north'], hoses: () => 2 };
const server = new Server({ name: 'garden', version: '1' }, { capabilities: { tools: {} } });

const HANDLERS: Record<string, (request: unknown) => Promise<unknown>> = {
  ...createBedHandlers(api),
  ...createHoseHandlers(api),
};
const LABELS: Record<string, string> = { ...createBedLabels() };
const SCHEMAS = { ...createBedSchemas() };

server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [...BED_TOOLS] }));

server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const label = LABELS[request.params.name];
  const schema = SCHEMAS[request.params.name as keyof typeof SCHEMAS];
  void label;
  void schema;
  if (HANDLERS[request.params.name]) {
    return (await HANDLERS[request.params.name](request)) as never;
  }
  throw new Error('Unknown tool');
});
`,
  },
  tools: [
    { file: 'src/tools/beds.ts', name: 'list_beds', kind: 'dispatch' },
    { file: 'src/tools/beds.ts', name: 'dig_bed', kind: 'dispatch' },
    { file: 'src/tools/hoses.ts', name: 'count_hoses', kind: 'dispatch' },
  ],
};

const OPTION_DISPATCHER_FIXTURE: StyleFixture = {
  title:
    'a server factory whose tools/call handler calls its option config.handleCall({ name, args }), given by another file a function that looks the name up in a table built by an imported function of handler factories: each key is a tool, its handler the function the factory returns; a prompt lookup given under another option stays silent',
  files: {
    'package.json': MCP_PACKAGE,
    'src/server.ts': `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

export interface GardenConfig {
  tools: { name: string; description: string; input_schema: object }[];
  handleCall: (call: { name: string; args: unknown }) => Promise<unknown>;
  getPrompt?: (name: string) => Promise<string>;
}

export async function startGardenServer(config: GardenConfig) {
  const server = new Server({ name: 'garden', version: '1' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: config.tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.input_schema })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    try {
      const { name, arguments: args = null } = request.params;
      const result = await config.handleCall({ name, args });
      return { content: [{ type: 'text' as const, text: JSON.stringify(result) }] };
    } catch (error) {
      return { content: [{ type: 'text' as const, text: String(error) }], isError: true };
    }
  });
  return server;
}
`,
    'src/handlers/seeds.ts': `export interface GardenService {
  plant(args: unknown): Promise<string>;
  water(args: unknown): Promise<string>;
}

export function handlePlantSeed(service: GardenService) {
  return async (args: unknown) => {
    if (!args) throw new Error('Which seed?');
    return service.plant(args);
  };
}

export function handleWaterRow(service: GardenService) {
  return async (args: unknown) => service.water(args);
}
`,
    'src/handlers/index.ts': `import { type GardenService, handlePlantSeed, handleWaterRow } from './seeds.js';

export function makeGardenHandlers(service: GardenService) {
  return {
    plant_seed: handlePlantSeed(service),
    water_row: handleWaterRow(service),
  };
}
`,
    'src/prompts.ts': `export function makePrompts() {
  return { planting_guide: async () => 'Dig, drop, cover.' };
}
`,
    'src/index.ts': `import { startGardenServer } from './server.js';
import { makeGardenHandlers } from './handlers/index.js';
import { makePrompts } from './prompts.js';

const service = { plant: async () => 'planted', water: async () => 'watered' };

await startGardenServer({
  tools: [],
  handleCall: async (call: { name: string; args: unknown }) => {
    const handlers = makeGardenHandlers(service);
    const toolName = call.name;
    if (toolName in handlers) {
      const handler = handlers[toolName as keyof typeof handlers];
      return await handler(call.args);
    }
    throw new Error('Unknown tool: ' + toolName);
  },
  getPrompt: async (name: string) => {
    const prompts = makePrompts();
    return prompts[name as keyof typeof prompts]();
  },
});
`,
  },
  tools: [
    { file: 'src/handlers/index.ts', name: 'plant_seed', kind: 'dispatch' },
    { file: 'src/handlers/index.ts', name: 'water_row', kind: 'dispatch' },
    { file: 'src/server.ts', name: null, kind: 'setRequestHandler' },
  ],
  // The factory's tools/call handler answers every throw in its try: the handlers it reaches are guarded.
  findings: [],
  onlyChecks: ['throw-in-handler', 'unguarded-handler'],
};

export const ROUND_TWENTY_FIXTURES: StyleFixture[] = [
  SDK_TOOL_CLASS_FIXTURE,
  SPREAD_BUILT_TABLE_FIXTURE,
  OPTION_DISPATCHER_FIXTURE,
];
