/**
 * Shapes of the round 12 held-out set (docs/real-code-evaluation-round12.md), written from scratch with
 * invented names, each next to look-alikes that must stay silent. Shared by the engine, CLI and
 * language-server tests.
 */
import { MCP_PACKAGE, type StyleFixture } from './styleFixtures';

function jsonDefinition(toolName: string): string {
  return `  {
    name: '${toolName}',
    description: 'Does ${toolName}',
    inputSchema: { type: 'object', properties: { id: { type: 'string' } } },
  },
`;
}

const ALIASED_LOOP_FIXTURE: StyleFixture = {
  title:
    'definition arrays spread into one list (re-exported), registered by a loop that copies def.name into a local and skips names without an executor; a CLI command table and a copied name outside a loop stay silent',
  files: {
    'package.json': MCP_PACKAGE,
    'src/catalog/notes.ts': `export const NOTE_DEFINITIONS = [\n${jsonDefinition('note-read')}${jsonDefinition('note-write')}];\n`,
    'src/catalog/labels.ts': `export const LABEL_DEFINITIONS = [\n${jsonDefinition('label-list')}];\n`,
    'src/catalog/index.ts': `import { NOTE_DEFINITIONS } from './notes';
import { LABEL_DEFINITIONS } from './labels';
export { NOTE_DEFINITIONS } from './notes';
export const EVERY_DEFINITION = [...NOTE_DEFINITIONS, ...LABEL_DEFINITIONS];
`,
    'src/server/definitions.ts': `export { EVERY_DEFINITION } from '../catalog';\n`,
    'src/server/work.ts': `type Answer = { content: { type: 'text'; text: string }[] };
export async function readNote(args: Record<string, unknown>): Promise<Answer> {
  return { content: [{ type: 'text', text: String(args.id) }] };
}
export async function writeNote(args: Record<string, unknown>): Promise<Answer> {
  return { content: [{ type: 'text', text: String(args.id) }] };
}
export async function listLabels(): Promise<Answer> {
  return { content: [{ type: 'text', text: 'a,b' }] };
}
`,
    'src/server/register.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { EVERY_DEFINITION } from './definitions';
import { listLabels, readNote, writeNote } from './work';

type Executor = (args: Record<string, unknown>) => ReturnType<typeof readNote>;

function executors(): Record<string, Executor> {
  return {
    'note-read': (args) => readNote(args),
    'note-write': (args) => writeNote(args),
    'label-list': () => listLabels(),
  };
}

export function registerEverything(server: McpServer, readOnly: boolean): void {
  const table = executors();
  const offered = EVERY_DEFINITION.filter((definition) => !(readOnly && definition.name.endsWith('-write')));
  for (const definition of offered) {
    const toolName = definition.name;
    const executor = table[toolName];
    if (!executor) continue;
    server.registerTool(toolName, { description: definition.description }, async (args) =>
      executor(args as Record<string, unknown>),
    );
  }
}
`,
    // Look-alikes: a CLI command table iterated with a copied name, and a copied name registered once
    // outside any loop (its value is not a list element).
    'src/cli/commands.ts': `import { Command } from 'commander';
const COMMANDS = [
  { name: 'export-notes', description: 'Export notes', run: () => undefined },
  { name: 'import-notes', description: 'Import notes', run: () => undefined },
];
export function buildCli(program: Command): void {
  for (const command of COMMANDS) {
    const commandName = command.name;
    program.command(commandName).description(command.description).action(command.run);
  }
}
`,
  },
  tools: [
    {
      file: 'src/catalog/notes.ts',
      name: 'note-read',
      kind: 'definition',
      evidence: /item of the list a registration loop iterates/,
    },
    { file: 'src/catalog/notes.ts', name: 'note-write', kind: 'definition' },
    { file: 'src/catalog/labels.ts', name: 'label-list', kind: 'definition' },
  ],
};

const VALIDATED_HOOK_CLASS_FIXTURE: StyleFixture = {
  title:
    'tool classes with a name field and an executeValidated hook behind a local generic base, instances in an array found by name in tools/call; a class without a hook and a package-based class stay silent',
  files: {
    'package.json': MCP_PACKAGE,
    'src/tools/base.ts': `import { z } from 'zod';
export abstract class SchemaTool<S extends z.ZodType, R = unknown> {
  abstract name: string;
  abstract description: string;
  abstract schema: S;
  async execute(args: unknown): Promise<R> {
    const parsed = this.schema.parse(args);
    return this.executeValidated(parsed);
  }
  protected abstract executeValidated(args: z.infer<S>): Promise<R>;
}
`,
    'src/tools/pantry/PantryTool.ts': `import { z } from 'zod';
import { SchemaTool } from '../base.js';
const PantrySchema = z.object({ shelf: z.string() });
export class PantryTool extends SchemaTool<typeof PantrySchema> {
  name = 'pantry_list';
  description = 'List what is on a shelf';
  schema = PantrySchema;
  constructor(private readonly shelves: Map<string, string[]>) {
    super();
  }
  async executeValidated(args: z.infer<typeof PantrySchema>): Promise<unknown> {
    return this.shelves.get(args.shelf) ?? [];
  }
}
`,
    'src/tools/pantry/RestockTool.ts': `import { z } from 'zod';
import { SchemaTool } from '../base.js';
const RestockSchema = z.object({ item: z.string(), count: z.number() });
export class RestockTool extends SchemaTool<typeof RestockSchema, { ok: boolean }> {
  name = 'pantry_restock';
  description = 'Restock an item';
  schema = RestockSchema;
  async executeValidated(args: z.infer<typeof RestockSchema>): Promise<{ ok: boolean }> {
    return { ok: args.count > 0 };
  }
}
`,
    // Look-alikes: a local-base class with a name and a schema but only a private helper (no execution
    // hook), and a hook-shaped class extending a package's base.
    'src/export/CsvFormat.ts': `import { z } from 'zod';
import { SchemaTool } from '../tools/base.js';
export abstract class CsvFormat extends SchemaTool<z.ZodString> {}
export class SemicolonFormat {
  name = 'semicolon';
  schema = z.string();
  private handleQuotedCell(cell: string): string {
    return cell.replace(/;/g, ',');
  }
}
`,
    'src/jobs/NightlyJob.ts': `import { z } from 'zod';
import { QueueJob } from 'job-queue-kit';
export class NightlyJob extends QueueJob {
  name = 'nightly_cleanup';
  schema = z.object({});
  async executeValidated(): Promise<void> {
    return undefined;
  }
}
`,
    'src/tools/index.ts': `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { PantryTool } from './pantry/PantryTool.js';
import { RestockTool } from './pantry/RestockTool.js';

interface Runnable {
  name: string;
  description: string;
  execute(args: Record<string, unknown>): Promise<unknown>;
}

export function registerTools(server: Server, shelves: Map<string, string[]>): void {
  const tools: Runnable[] = [new PantryTool(shelves), new RestockTool()];
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: tools.map((t) => ({ name: t.name, description: t.description, inputSchema: { type: 'object' } })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = tools.find((t) => t.name === request.params.name);
    if (!tool) throw new Error('unknown tool ' + request.params.name);
    const result = await tool.execute(request.params.arguments ?? {});
    return { content: [{ type: 'text', text: JSON.stringify(result) }] };
  });
}
`,
  },
  tools: [
    {
      file: 'src/tools/pantry/PantryTool.ts',
      name: 'pantry_list',
      kind: 'class',
      handler: 'executeValidated',
      evidence: /a tool name, an input schema and an execution method/,
    },
    { file: 'src/tools/pantry/RestockTool.ts', name: 'pantry_restock', kind: 'class', handler: 'executeValidated' },
  ],
};

const NESTED_CONFIG_FIXTURE: StyleFixture = {
  title:
    'definitions { config: { name, inputSchema, outputSchema, _meta }, implementation } in an exported array, registered by a registry class; a plugin table with an implementation but no schema and an AI-SDK factory stay silent',
  files: {
    'package.json': MCP_PACKAGE,
    'src/tools/types.ts': `import type { ZodRawShape } from 'zod';
export interface ToolSpec<I extends ZodRawShape, O extends ZodRawShape> {
  config: { name: string; description: string; inputSchema?: I; outputSchema?: O; _meta?: Record<string, unknown> };
  implementation: (args: unknown) => Promise<{ content: { type: 'text'; text: string }[] }>;
}
`,
    'src/tools/entries/flightLookup.ts': `import { z } from 'zod';
import type { ToolSpec } from '../types.js';
const inputSchema = { code: z.string() };
const outputSchema = { status: z.string() };
async function implementation(args: unknown) {
  const { code } = args as { code: string };
  return { content: [{ type: 'text' as const, text: 'on time: ' + code }] };
}
export const flightLookup: ToolSpec<typeof inputSchema, typeof outputSchema> = {
  config: {
    name: 'flight-lookup',
    description: 'Status of a flight',
    inputSchema,
    outputSchema,
    _meta: { 'ui/template': 'card' },
  },
  implementation,
};
`,
    'src/tools/index.ts': `import { flightLookup } from './entries/flightLookup.js';
export const toolSpecs = [flightLookup];
`,
    'src/tools/registry.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ZodRawShape } from 'zod';
import type { ToolSpec } from './types.js';
export class SpecRegistry {
  constructor(private readonly server: McpServer) {}
  add(spec: ToolSpec<ZodRawShape, ZodRawShape>): void {
    const { config, implementation } = spec;
    this.server.registerTool(config.name, { description: config.description, inputSchema: config.inputSchema }, async (args) =>
      implementation(args),
    );
  }
  addAll(specs: ToolSpec<ZodRawShape, ZodRawShape>[]): void {
    for (const spec of specs) this.add(spec);
  }
}
`,
    'src/main.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SpecRegistry } from './tools/registry.js';
import { toolSpecs } from './tools/index.js';
const server = new McpServer({ name: 'flights', version: '1.0.0' });
new SpecRegistry(server).addAll(toolSpecs);
`,
    // Look-alikes: a plugin table whose entries have a name and an implementation but no input schema, and
    // an AI-SDK tool built from the same nested shape.
    'src/plugins/formats.ts': `export const formats = [
  { config: { name: 'csv', description: 'Comma separated' }, implementation: (rows: string[][]) => rows.join('\\n') },
  { name: 'tsv', implementation: (rows: string[][]) => rows.join('\\t') },
];
`,
    'src/agent/assistant.ts': `import { tool } from 'ai';
import { z } from 'zod';
export const weather = tool({
  config: { name: 'weather', inputSchema: { city: z.string() } },
  implementation: async () => 'sunny',
} as never);
`,
  },
  tools: [
    {
      file: 'src/tools/entries/flightLookup.ts',
      name: 'flight-lookup',
      kind: 'definition',
      handler: 'implementation',
    },
    // The registry's own call stays a site that registers tools defined elsewhere (its name is read at run time).
    { file: 'src/tools/registry.ts', name: null, kind: 'registerTool' },
  ],
};

export const ROUND_TWELVE_FIXTURES: StyleFixture[] = [
  ALIASED_LOOP_FIXTURE,
  VALIDATED_HOOK_CLASS_FIXTURE,
  NESTED_CONFIG_FIXTURE,
];
