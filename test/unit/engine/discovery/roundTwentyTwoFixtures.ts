/**
 * Shapes of the round 22 held-out set (docs/real-code-evaluation-round22.md), written from scratch with
 * invented names, each next to look-alikes that must stay silent. Shared by the engine, CLI and
 * language-server tests.
 */
import { MCP_PACKAGE, type StyleFixture } from './styleFixtures';

const LIST_PARAMETER_FIXTURE: StyleFixture = {
  title:
    'a function registering each config of a list parameter ((server.tool as any)(config.name, …) in a forEach), called with an imported array and with a local one: every config is a tool; a same-shaped list never given to it stays silent',
  files: {
    'package.json': MCP_PACKAGE,
    'src/registry.ts': `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

export interface LookupConfig {
  name: string;
  description: string;
  route: string;
  parameters: Record<string, unknown>;
}

async function callRoute(config: LookupConfig, input: unknown) {
  return { content: [{ type: 'text' as const, text: config.route + JSON.stringify(input) }] };
}

export function registerLookups(server: McpServer, lookups: LookupConfig[]) {
  lookups
    .filter((lookup) => lookup.route.length > 0)
    .forEach((lookup) => {
      (server.tool as any)(lookup.name, lookup.description, lookup.parameters, (input: unknown) =>
        callRoute(lookup, input),
      );
    });
}
`,
    'src/lookups.ts': `import type { LookupConfig } from './registry.js';

export const harbourLookups: LookupConfig[] = [
  { name: 'find-berth', description: 'Finds a berth', route: '/berths', parameters: {} },
  { name: 'find-tide', description: 'Finds the tide', route: '/tides', parameters: {} },
];

// The same shape, handed to nothing that registers it.
export const draftLookups: LookupConfig[] = [
  { name: 'draft-only', description: 'Not served', route: '/draft', parameters: {} },
];
`,
    'src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { registerLookups, type LookupConfig } from './registry.js';
import { harbourLookups } from './lookups.js';

const server = new McpServer({ name: 'harbour', version: '1.0.0' });
registerLookups(server, harbourLookups);

const localLookups: LookupConfig[] = [
  { name: 'find-buoy', description: 'Finds a buoy', route: '/buoys', parameters: {} },
];
registerLookups(server, localLookups);
`,
  },
  tools: [
    { file: 'src/lookups.ts', name: 'find-berth', kind: 'definition' },
    { file: 'src/lookups.ts', name: 'find-tide', kind: 'definition' },
    { file: 'src/server.ts', name: 'find-buoy', kind: 'definition' },
  ],
};

const CONVERTED_ENUM_NAME_FIXTURE: StyleFixture = {
  title:
    'definitions whose wire name is method: Names.Member.toString() (or String(Names.Member)) of a default-exported enum, beside a display name: the enum value is the name, the display title is not reported',
  files: {
    'package.json': MCP_PACKAGE,
    'src/names.ts': `enum KennelNames {
  ListDogs = 'list_dogs',
  FeedDog = 'feed_dog',
}

export default KennelNames;
`,
    'src/tools/listDogs.ts': `import { z } from 'zod';
import KennelNames from '../names.js';

export const listDogsDefinition = {
  method: KennelNames.ListDogs.toString(),
  name: 'List dogs',
  description: 'Lists the dogs of the kennel',
  inputSchema: z.object({ kennel: z.string() }),
  async handler(input: unknown) {
    return [String(input)];
  },
};
`,
    'src/tools/feedDog.ts': `import { z } from 'zod';
import KennelNames from '../names.js';

export const feedDogDefinition = {
  method: String(KennelNames.FeedDog),
  name: 'Feed dog',
  description: 'Feeds one dog',
  inputSchema: z.object({ dog: z.string() }),
  async handler(input: unknown) {
    return { fed: String(input) };
  },
};
`,
  },
  tools: [
    { file: 'src/tools/listDogs.ts', name: 'list_dogs', kind: 'definition' },
    { file: 'src/tools/feedDog.ts', name: 'feed_dog', kind: 'definition' },
  ],
};

const FACTORY_LOCAL_DEFINITION_FIXTURE: StyleFixture = {
  title:
    'a factory declaring const tool: Tool = { name, inputSchema } in its body and returning { tool, handler }: the tool is found; a factory returning { tool, handler } whose tool is a parameter stays silent',
  files: {
    'package.json': MCP_PACKAGE,
    'src/runTool.ts': `import type { Tool } from '@modelcontextprotocol/sdk/types.js';

export function makeRunTool(options: { sandbox: string }) {
  const tool: Tool = {
    name: 'run_snippet',
    description: 'Runs a snippet in ' + options.sandbox,
    inputSchema: { type: 'object', properties: { code: { type: 'string' } }, required: ['code'] },
  };
  const handler = async (input: { code: string }) => ({
    content: [{ type: 'text' as const, text: input.code.length.toString() }],
  });
  return { tool, handler };
}

export function wrapTool(tool: Tool, handler: (input: unknown) => Promise<unknown>) {
  return { tool, handler };
}
`,
  },
  tools: [{ file: 'src/runTool.ts', name: 'run_snippet', kind: 'definition' }],
};

const REGISTRAR_COPY_FIXTURE: StyleFixture = {
  title:
    "a registrar that copies the definition it is given (const entry = { name, handler, schema } from its own parameters) stays silent; the caller's definition is the tool",
  files: {
    'package.json': MCP_PACKAGE,
    'src/catalog.ts': `import { z } from 'zod';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

interface Entry {
  name: string;
  schema: z.ZodRawShape;
  handler: (input: unknown) => Promise<string>;
}

export class Catalog {
  private readonly entries: Record<string, Entry> = {};

  register({ name, schema, handler }: Entry) {
    const entry = { name, schema, handler };
    this.entries[name] = entry;
  }

  attach(server: McpServer) {
    for (const entry of Object.values(this.entries)) {
      server.tool(entry.name, entry.schema, async (input) => ({
        content: [{ type: 'text' as const, text: await entry.handler(input) }],
      }));
    }
  }
}
`,
    'src/setup.ts': `import { z } from 'zod';
import { Catalog } from './catalog.js';

export const catalog = new Catalog();
catalog.register({
  name: 'count_shelves',
  schema: { aisle: z.string() },
  handler: async () => '12',
});
`,
  },
  tools: [{ file: 'src/setup.ts', name: 'count_shelves', kind: 'definition' }],
};

export const ROUND_TWENTY_TWO_FIXTURES: StyleFixture[] = [
  LIST_PARAMETER_FIXTURE,
  CONVERTED_ENUM_NAME_FIXTURE,
  FACTORY_LOCAL_DEFINITION_FIXTURE,
  REGISTRAR_COPY_FIXTURE,
];
