/**
 * Shapes of the round 15 held-out set (docs/real-code-evaluation-round15.md), written from scratch with
 * invented names, each next to look-alikes that must stay silent. Shared by the engine, CLI and
 * language-server tests.
 */
import { MCP_PACKAGE, type StyleFixture } from './styleFixtures';

const SCHEMA_LESS_PUSH_FIXTURE: StyleFixture = {
  title:
    'definitions pushed one by one into a registry array, some without a schema, next to pushes that have one; a lone schema-less push, a CLI command list and a push in another function stay silent',
  files: {
    'package.json': MCP_PACKAGE,
    'src/shared/register.ts': `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { z } from 'zod';
export interface PluginTool {
  name: string;
  description: string;
  schema?: z.ZodObject<z.ZodRawShape>;
  execute: (params: unknown) => Promise<unknown>;
}
export function registerPluginTools(server: McpServer, tools: PluginTool[]): void {
  for (const tool of tools) {
    const run = async (params: unknown) => ({ content: [{ type: 'text' as const, text: JSON.stringify(await tool.execute(params)) }] });
    if (tool.schema) server.tool(tool.name, tool.description, tool.schema.shape, run);
    else server.tool(tool.name, tool.description, run);
  }
}
`,
    'src/weather/index.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { registerPluginTools, type PluginTool } from '../shared/register';

const server = new McpServer({ name: 'weather', version: '1.0.0' });
const cityInput = z.object({ city: z.string() });

function fillRegistry(registry: PluginTool[]): void {
  registry.push({
    name: 'weather_now',
    description: 'Current weather of a city',
    schema: cityInput,
    execute: async (params: unknown) => ({ city: (params as { city: string }).city, sky: 'clear' }),
  });

  registry.push({
    name: 'weather_stations',
    description: 'Every station the service knows',
    execute: async () => ['north', 'south'],
  });
}

// Another function: its push has no schema-carrying sibling in its own block.
function fillExtras(registry: PluginTool[]): void {
  registry.push({
    name: 'weather_ping',
    description: 'Whether the service answers',
    execute: async () => 'pong',
  });
}

export function start(): void {
  const tools: PluginTool[] = [];
  fillRegistry(tools);
  fillExtras(tools);
  registerPluginTools(server, tools);
}
`,
    // Look-alikes: a CLI command list filled the same way (its pushes carry no schema at all).
    'src/cli/commands.ts': `interface Command { name: string; description: string; run: () => void }
export function commands(): Command[] {
  const list: Command[] = [];
  list.push({ name: 'serve', description: 'Start the server', run: () => undefined });
  list.push({ name: 'doctor', description: 'Check the setup', run: () => undefined });
  return list;
}
`,
  },
  tools: [
    {
      file: 'src/weather/index.ts',
      name: 'weather_now',
      kind: 'definition',
      handler: 'execute',
      evidence: /tool definition passed to push/,
    },
    { file: 'src/weather/index.ts', name: 'weather_stations', kind: 'definition', handler: 'execute' },
  ],
};

const SERVER_SUBCLASS_DECORATOR_FIXTURE: StyleFixture = {
  title:
    "a project's own @Tool() decorator on methods of a subclass of an MCP server class, named after the method; the same decorator on an agent class, a private method, another decorator and a package decorator stay silent",
  files: {
    'package.json': MCP_PACKAGE,
    'src/lib/decorators.ts': `export function Tool(config?: { description?: string }) {
  return (target: object, key: string, descriptor: PropertyDescriptor) => {
    Reflect.set(descriptor.value as object, 'toolConfig', { name: key, ...config });
  };
}
export function Cached() {
  return (_target: object, _key: string, descriptor: PropertyDescriptor) => descriptor;
}
`,
    'src/lib/BaseMcpServer.ts': `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
export class BaseMcpServer {
  protected readonly server = new Server({ name: 'base', version: '1.0.0' }, { capabilities: { tools: {} } });
}
`,
    'src/lib/AgentBase.ts': `export class AgentBase {
  protected readonly memory: string[] = [];
}
`,
    'src/notes.ts': `import { BaseMcpServer } from './lib/BaseMcpServer';
import { Cached, Tool } from './lib/decorators';
import { Tool as KitTool } from 'agent-kit';

export class NotesServer extends BaseMcpServer {
  private readonly notes = new Map<string, string>();

  @Tool()
  archiveNote(id: string) {
    return \`archived \${this.notes.get(id) ?? id}\`;
  }

  @Tool({ description: 'Count the notes' })
  async countNotes() {
    return String(this.notes.size);
  }

  @Tool()
  private forget(id: string) {
    this.notes.delete(id);
  }

  @Cached()
  summary() {
    return 'summary';
  }

  @KitTool()
  fromKit() {
    return 'kit';
  }
}
`,
    'src/agent.ts': `import { AgentBase } from './lib/AgentBase';
import { Tool } from './lib/decorators';

export class Planner extends AgentBase {
  @Tool()
  plan(goal: string) {
    return [goal];
  }
}
`,
  },
  tools: [
    {
      file: 'src/notes.ts',
      name: 'archiveNote',
      kind: 'decorator',
      handler: 'archiveNote',
      evidence: /subclass of BaseMcpServer/,
    },
    { file: 'src/notes.ts', name: 'countNotes', kind: 'decorator', handler: 'countNotes' },
  ],
};

const WORKER_ENTRYPOINT_FIXTURE: StyleFixture = {
  title:
    'workers-mcp: public methods of a WorkerEntrypoint class are tools named after the method; fetch, @ignore, private, protected and static methods, another class, and an RPC entry point of a Worker without workers-mcp stay silent',
  files: {
    'package.json': JSON.stringify({ name: 'notes-worker', dependencies: { 'workers-mcp': '^0.1.0' } }),
    'src/index.ts': `import { WorkerEntrypoint } from 'cloudflare:workers';
import { ProxyToSelf } from 'workers-mcp';

interface Env { NOTES: KVNamespace; SHARED_SECRET: string }

export default class NotesWorker extends WorkerEntrypoint<Env> {
  /**
   * Reads one note.
   * @param id {string} the note's key.
   */
  async readNote(id: string) {
    return (await this.env.NOTES.get(id)) ?? 'missing';
  }

  /** Counts the notes. */
  countNotes() {
    return this.env.NOTES.list().then((page) => String(page.keys.length));
  }

  /** @ignore */
  helperForTests() {
    return 'not a tool';
  }

  private normalise(id: string) {
    return id.trim();
  }

  protected audit(id: string) {
    return id;
  }

  static version() {
    return '1';
  }

  /** @ignore */
  async fetch(request: Request): Promise<Response> {
    return new ProxyToSelf(this).fetch(request);
  }
}

export class Formatter {
  format(text: string) {
    return text.toUpperCase();
  }
}
`,
    // Look-alike: a plain Worker RPC service (no workers-mcp) in another package.
    'rpc/package.json': JSON.stringify({ name: 'billing-rpc', dependencies: { hono: '^4.0.0' } }),
    'rpc/src/index.ts': `import { WorkerEntrypoint } from 'cloudflare:workers';
export default class Billing extends WorkerEntrypoint {
  async charge(amount: number) {
    return { charged: amount };
  }
}
`,
  },
  tools: [
    {
      file: 'src/index.ts',
      name: 'readNote',
      kind: 'class',
      handler: 'readNote',
      evidence: /WorkerEntrypoint served by workers-mcp/,
    },
    { file: 'src/index.ts', name: 'countNotes', kind: 'class', handler: 'countNotes' },
  ],
};

const INJECTED_TOOL_BUILDER_FIXTURE: StyleFixture = {
  title:
    "a tool registered through an MCP framework's tool builder injected into a service (this.tools.register({ name, description, handler })); the framework's prompt builder, a scheduler and a local command registry injected the same way stay silent",
  files: {
    'package.json': JSON.stringify({
      name: 'nest-notes',
      dependencies: {
        '@modelcontextprotocol/sdk': '^1.0.0',
        '@acme/mcp-nest-kit': '^2.0.0',
        '@nestjs/common': '^10.0.0',
      },
    }),
    'src/commands.ts': `export class CommandRegistry {
  private readonly commands = new Map<string, () => void>();
  register(command: { name: string; description: string; handler: () => void }): void {
    this.commands.set(command.name, command.handler);
  }
}
`,
    'src/dynamic.service.ts': `import { Injectable, type OnModuleInit } from '@nestjs/common';
import { McpPromptBuilder, McpToolBuilder } from '@acme/mcp-nest-kit';
import { JobScheduler } from '@acme/jobs';
import { CommandRegistry } from './commands';

@Injectable()
export class DynamicTools implements OnModuleInit {
  constructor(
    private readonly tools: McpToolBuilder,
    private readonly prompts: McpPromptBuilder,
    private readonly jobs: JobScheduler,
    private readonly commands: CommandRegistry,
  ) {}

  onModuleInit(): void {
    this.tools.register({
      name: 'server_clock',
      description: 'The server time',
      handler: async () => ({ content: [{ type: 'text' as const, text: new Date().toISOString() }] }),
    });
    this.prompts.register({
      name: 'daily_digest',
      description: 'Summarise the day',
      handler: async () => ({ messages: [] }),
    });
    this.jobs.register({ name: 'nightly_cleanup', description: 'Clean up', handler: async () => undefined });
    this.commands.register({ name: 'reindex', description: 'Rebuild the index', handler: () => undefined });
  }
}
`,
  },
  tools: [
    {
      file: 'src/dynamic.service.ts',
      name: 'server_clock',
      kind: 'definition',
      handler: 'handler',
      evidence: /tool definition passed to register/,
    },
  ],
};

export const ROUND_FIFTEEN_FIXTURES: StyleFixture[] = [
  SCHEMA_LESS_PUSH_FIXTURE,
  SERVER_SUBCLASS_DECORATOR_FIXTURE,
  WORKER_ENTRYPOINT_FIXTURE,
  INJECTED_TOOL_BUILDER_FIXTURE,
];
