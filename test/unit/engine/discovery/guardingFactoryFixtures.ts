/**
 * Tool factories that run the definition's handler inside their own try/catch: the handlers of definitions passed
 * to them are guarded (no unguarded-handler or throw-in-handler on them), whether the factory is in the same file
 * or imported, and whether it reads the handler by destructuring or as a member. A factory without such a try
 * leaves its definitions' handlers as they are.
 */
import { MCP_PACKAGE, type StyleFixture } from './styleFixtures';

const GUARDING_FACTORY = `import { z } from 'zod';
export interface GardenToolSpec {
  method: string;
  name: string;
  parameters: z.ZodObject<z.ZodRawShape>;
  perform: never;
  execute: (client: GardenClient) => (input: Record<string, unknown>) => Promise<unknown>;
}
export interface GardenClient {
  beds: { list(): Promise<unknown[]>; water(id: string): Promise<void> };
}
export const GardenTool = (spec: GardenToolSpec) => {
  const { execute, ...rest } = spec;
  return {
    ...rest,
    bind: (client: GardenClient) => async (input: Record<string, unknown>) => {
      try {
        return await execute(client)(input);
      } catch (error) {
        return { failed: true, reason: error instanceof Error ? error.message : String(error) };
      }
    },
  };
};
// Runs the definition's handler bare: its handlers stay unguarded.
export const PlainGardenTool = (spec: { method: string; name: string; parameters: unknown; execute: (input: unknown) => Promise<unknown> }) => ({
  ...spec,
  bind: () => async (input: unknown) => spec.execute(input),
});
`;

const SERVER = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { beds, watering } from './tools/beds';
const server = new McpServer({ name: 'garden', version: '1.0.0' });
for (const tool of [...beds, ...watering]) {
  server.tool(tool.method, tool.parameters.shape, async (input: Record<string, unknown>) => {
    const result = await tool.bind(client)(input);
    return { content: [{ type: 'text' as const, text: JSON.stringify(result) }] };
  });
}
declare const client: import('./gardenTool').GardenClient;
void z;
`;

export const GUARDING_FACTORY_FIXTURES: StyleFixture[] = [
  {
    title:
      'definitions passed to an imported factory that runs their execute inside its own try/catch are guarded; a factory that runs it bare is not',
    files: {
      'package.json': MCP_PACKAGE,
      'src/gardenTool.ts': GUARDING_FACTORY,
      'src/tools/beds.ts': `import { z } from 'zod';
import { GardenTool, PlainGardenTool } from '../gardenTool';
const listBeds = GardenTool({
  method: 'list_beds',
  name: 'List beds',
  parameters: z.object({}),
  execute: (client) => async () => {
    const all = await client.beds.list();
    if (all.length > 500) throw new Error('too many beds to list at once');
    return all;
  },
});
const waterBed = PlainGardenTool({
  method: 'water_bed',
  name: 'Water a bed',
  parameters: z.object({ id: z.string() }),
  execute: async (input) => {
    const { id } = input as { id: string };
    if (!id) throw new Error('id is required');
    return id;
  },
});
export const beds = [listBeds];
export const watering = [waterBed];
`,
      'src/server.ts': SERVER,
    },
    tools: [
      { file: 'src/tools/beds.ts', name: 'list_beds', kind: 'definition', handler: 'execute' },
      { file: 'src/tools/beds.ts', name: 'water_bed', kind: 'definition', handler: 'execute' },
    ],
    findings: ['throw-in-handler@src/tools/beds.ts'],
    onlyChecks: ['throw-in-handler', 'unguarded-handler'],
  },
  {
    title: 'a same-file factory that calls its options’ execute as a member inside its try/catch guards the handler',
    files: {
      'package.json': MCP_PACKAGE,
      'src/tools.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
declare function fetchForecast(city: string): Promise<string>;
function weatherTool(options: { name: string; description: string; parameters: z.ZodObject<z.ZodRawShape>; execute: (input: { city: string }) => Promise<string> }) {
  return {
    ...options,
    run: async (input: { city: string }) => {
      try {
        return { ok: true, text: await options.execute(input) };
      } catch (error) {
        return { ok: false, text: String(error) };
      }
    },
  };
}
const forecast = weatherTool({
  name: 'forecast',
  description: 'The forecast for a city',
  parameters: z.object({ city: z.string() }),
  execute: async ({ city }) => {
    const text = await fetchForecast(city);
    if (!text) throw new Error('no forecast for ' + city);
    return text;
  },
});
const server = new McpServer({ name: 'weather', version: '1.0.0' });
for (const tool of [forecast]) {
  server.tool(tool.name, tool.description, tool.parameters.shape, async (input: { city: string }) => {
    const answer = await tool.run(input);
    return { content: [{ type: 'text' as const, text: answer.text }], isError: !answer.ok };
  });
}
`,
    },
    tools: [{ file: 'src/tools.ts', name: 'forecast', kind: 'definition', handler: 'execute' }],
    findings: [],
    onlyChecks: ['throw-in-handler', 'unguarded-handler'],
  },
  {
    title:
      'handlers a tool registry keeps, looked up by name (registry.getHandler(name)) and called inside the tools/call try of another file, are guarded',
    files: {
      'package.json': MCP_PACKAGE,
      'src/registry.ts': `import type { z } from 'zod';
export interface LabTool {
  name: string;
  description: string;
  schema: z.ZodTypeAny;
  handler: (args: Record<string, unknown>) => Promise<unknown>;
}
class LabRegistry {
  private readonly tools = new Map<string, LabTool>();
  register(tool: LabTool): void {
    this.tools.set(tool.name, tool);
  }
  getHandler(name: string): LabTool['handler'] | undefined {
    return this.tools.get(name)?.handler;
  }
  list(): LabTool[] {
    return [...this.tools.values()];
  }
}
export const labRegistry = new LabRegistry();
`,
      'src/tools/samples.ts': `import { z } from 'zod';
import { labRegistry } from '../registry';
declare function fetchSample(id: string): Promise<{ id: string }>;
async function handler(args: Record<string, unknown>) {
  if (typeof args.id !== 'string') throw new Error('id must be a string');
  return await fetchSample(args.id);
}
labRegistry.register({ name: 'get_sample', description: 'One lab sample', schema: z.object({ id: z.string() }), handler });
`,
      'src/server.ts': `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { labRegistry } from './registry';
import './tools/samples';
const server = new Server({ name: 'lab', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const handler = labRegistry.getHandler(request.params.name);
  if (!handler) {
    return { isError: true, errorCategory: 'NOT_FOUND', isRetryable: false, content: [{ type: 'text' as const, text: 'No tool ' + request.params.name }] };
  }
  try {
    const result = await handler(request.params.arguments ?? {});
    return { content: [{ type: 'text' as const, text: JSON.stringify(result) }] };
  } catch (error) {
    return { isError: true, errorCategory: 'UNKNOWN', isRetryable: false, content: [{ type: 'text' as const, text: String(error) }] };
  }
});
`,
    },
    tools: [
      { file: 'src/server.ts', name: null, kind: 'setRequestHandler' },
      { file: 'src/tools/samples.ts', name: 'get_sample', kind: 'definition', handler: 'handler' },
    ],
    findings: [],
    onlyChecks: ['throw-in-handler', 'unguarded-handler'],
  },
];
