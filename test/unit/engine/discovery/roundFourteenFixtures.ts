/**
 * Shapes of the round 14 held-out set (docs/real-code-evaluation-round14.md), written from scratch with
 * invented names, each next to look-alikes that must stay silent. Shared by the engine, CLI and
 * language-server tests.
 */
import { type StyleFixture } from './styleFixtures';

const MCP_DEPENDENCY = { '@modelcontextprotocol/sdk': '^1.0.0', zod: '^3.0.0' };

function manifest(name: string, dependencies: Record<string, string>): string {
  return JSON.stringify({ name, version: '1.0.0', dependencies });
}

const METHOD_NAMED_CLASS_FIXTURE: StyleFixture = {
  title:
    'tool classes of a workspace package named by getName() (a literal, the class’s static NAME, a get accessor), with getConfig() and exec(), registered in a loop over provider instances; a provider, a prompt class, a CLI command class and a class of an npm base stay silent',
  files: {
    'package.json': JSON.stringify({ name: 'shelf-mcp-monorepo', private: true, workspaces: ['packages/*'] }),
    'packages/tool-api/package.json': manifest('@shelf/tool-api', MCP_DEPENDENCY),
    'packages/tool-api/src/index.ts': `import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ZodRawShape } from 'zod';

export interface ShelfToolConfig {
  title?: string;
  description: string;
  inputSchema: ZodRawShape;
}

export abstract class ShelfTool {
  abstract getName(): string;
  abstract getConfig(): ShelfToolConfig;
  abstract exec(input: Record<string, unknown>): Promise<CallToolResult>;
}

export abstract class ShelfPrompt {
  abstract getName(): string;
  abstract getConfig(): { description: string; argsSchema: ZodRawShape };
  abstract prompt(args: Record<string, string>): Promise<string>;
}

export abstract class ShelfProvider {
  abstract getName(): string;
  abstract provideTools(): ShelfTool[];
}
`,
    'packages/tools-books/package.json': manifest('@shelf/tools-books', {
      ...MCP_DEPENDENCY,
      '@shelf/tool-api': 'workspace:*',
    }),
    'packages/tools-books/src/tools/findBook.ts': `import { z } from 'zod';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ShelfTool, type ShelfToolConfig } from '@shelf/tool-api';

const findBookInput = z.object({ title: z.string() });

export class FindBookTool extends ShelfTool {
  public getName(): string {
    return 'find_book';
  }

  public getConfig(): ShelfToolConfig {
    return { title: 'Find a book', description: 'Finds a book by title', inputSchema: findBookInput.shape };
  }

  public async exec(input: Record<string, unknown>): Promise<CallToolResult> {
    const { title } = findBookInput.parse(input);
    return { content: [{ type: 'text', text: 'found ' + title }] };
  }
}
`,
    'packages/tools-books/src/tools/lendBook.ts': `import { z } from 'zod';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ShelfTool, type ShelfToolConfig } from '@shelf/tool-api';

export class LendBookTool extends ShelfTool {
  public static readonly NAME: string = 'lend_book';

  public getName(): string {
    return LendBookTool.NAME;
  }

  public getConfig(): ShelfToolConfig {
    return { description: 'Lends a book', inputSchema: { isbn: z.string(), reader: z.string() } };
  }

  public async exec(input: Record<string, unknown>): Promise<CallToolResult> {
    if (!input.reader) return { isError: true, content: [{ type: 'text', text: 'reader is required' }] };
    return { content: [{ type: 'text', text: 'lent' }] };
  }
}
`,
    'packages/tools-books/src/tools/shelfStats.ts': `import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ShelfTool, type ShelfToolConfig } from '@shelf/tool-api';

export class ShelfStatsTool extends ShelfTool {
  get name(): string {
    return 'shelf_stats';
  }

  public getName(): string {
    return this.name;
  }

  public getConfig(): ShelfToolConfig {
    return { description: 'Counts the books', inputSchema: {} };
  }

  public async exec(): Promise<CallToolResult> {
    return { content: [{ type: 'text', text: '42' }] };
  }
}
`,
    // Look-alikes: the provider (a class-like name, no schema), a prompt class (argsSchema, no execution
    // method), a CLI command class (no input schema) and a tool-shaped class of an npm package's base.
    'packages/tools-books/src/provider.ts': `import { ShelfProvider, type ShelfTool } from '@shelf/tool-api';
import { FindBookTool } from './tools/findBook.js';
import { LendBookTool } from './tools/lendBook.js';
import { ShelfStatsTool } from './tools/shelfStats.js';

export class BooksProvider extends ShelfProvider {
  public getName(): string {
    return 'BooksProvider';
  }

  public provideTools(): ShelfTool[] {
    return [new FindBookTool(), new LendBookTool(), new ShelfStatsTool()];
  }
}
`,
    'packages/tools-books/src/prompts/summarize.ts': `import { z } from 'zod';
import { ShelfPrompt } from '@shelf/tool-api';

export class SummarizeBookPrompt extends ShelfPrompt {
  public getName(): string {
    return 'summarize_book';
  }

  public getConfig() {
    return { description: 'Summarize a book', argsSchema: { title: z.string() } };
  }

  public async prompt(args: Record<string, string>): Promise<string> {
    return 'Summarize ' + args.title;
  }
}
`,
    'packages/tools-books/src/cli/commands.ts': `abstract class CliCommand {
  abstract getName(): string;
  abstract run(argv: string[]): Promise<number>;
}

export class ImportCommand extends CliCommand {
  public getName(): string {
    return 'import_books';
  }

  public async run(argv: string[]): Promise<number> {
    return argv.length;
  }
}
`,
    'packages/tools-books/src/agent/weather.ts': `import { z } from 'zod';
import { AgentTool } from 'agent-toolbelt';

export class WeatherTool extends AgentTool {
  public getName(): string {
    return 'weather_now';
  }

  public getConfig() {
    return { description: 'Weather', inputSchema: { city: z.string() } };
  }

  public async exec(input: { city: string }): Promise<string> {
    return 'sunny in ' + input.city;
  }
}
`,
    'packages/server/package.json': manifest('@shelf/server', {
      ...MCP_DEPENDENCY,
      '@shelf/tool-api': 'workspace:*',
      '@shelf/tools-books': 'workspace:*',
    }),
    'packages/server/src/registry.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ShelfProvider } from '@shelf/tool-api';

export function registerProviders(server: McpServer, providers: ShelfProvider[]): void {
  for (const provider of providers) {
    for (const tool of provider.provideTools()) {
      server.registerTool(tool.getName(), tool.getConfig(), (input) => tool.exec(input));
    }
  }
}
`,
  },
  tools: [
    {
      file: 'packages/tools-books/src/tools/findBook.ts',
      name: 'find_book',
      kind: 'class',
      handler: 'exec',
      evidence: /named by its getName method/,
    },
    { file: 'packages/tools-books/src/tools/lendBook.ts', name: 'lend_book', kind: 'class', handler: 'exec' },
    {
      file: 'packages/tools-books/src/tools/shelfStats.ts',
      name: 'shelf_stats',
      kind: 'class',
      handler: 'exec',
      evidence: /named by its name method/,
    },
  ],
};

const CONFIG_NAMED_HANDLER_FIXTURE: StyleFixture = {
  title:
    'handler classes behind an @src/ path alias named by the object getToolConfig() returns (a string enum member), through an abstract intermediate base, kept in a name-keyed Map and registered with forEach; route classes with a name but no input schema (one with a request schema) stay silent',
  files: {
    'package.json': manifest('queue-admin-mcp', MCP_DEPENDENCY),
    'src/tools/tool-name.ts': `export enum ToolName {
  LIST_QUEUES = 'list-queues',
  PURGE_QUEUE = 'purge-queue',
  PEEK_MESSAGES = 'peek-messages',
}
`,
    'src/tools/base-handler.ts': `import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ZodRawShape } from 'zod';

export interface HandlerConfig {
  name: string;
  description: string;
  inputSchema: ZodRawShape;
}

export abstract class QueueToolHandler {
  abstract handle(args: Record<string, unknown>): Promise<CallToolResult>;
  protected abstract getToolConfig(): HandlerConfig;
  registeredConfig(): HandlerConfig {
    return this.getToolConfig();
  }
  protected reply(text: string, isError = false): CallToolResult {
    return { isError, content: [{ type: 'text', text }] };
  }
}
`,
    'src/tools/handlers/queues/queue-handler.ts': `import { z } from 'zod';
import { QueueToolHandler } from '@src/tools/base-handler.js';

export const queueArgs = z.object({ queue: z.string() });

export abstract class QueueScopedHandler extends QueueToolHandler {
  protected queueOf(args: Record<string, unknown>): string {
    return queueArgs.parse(args).queue;
  }
}
`,
    'src/tools/handlers/queues/list-queues.ts': `import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { QueueToolHandler, type HandlerConfig } from '@src/tools/base-handler.js';
import { ToolName } from '@src/tools/tool-name.js';

export class ListQueuesHandler extends QueueToolHandler {
  async handle(): Promise<CallToolResult> {
    return this.reply('orders,invoices');
  }

  getToolConfig(): HandlerConfig {
    return { name: ToolName.LIST_QUEUES, description: 'Lists the queues', inputSchema: {} };
  }
}
`,
    'src/tools/handlers/queues/purge-queue.ts': `import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { HandlerConfig } from '@src/tools/base-handler.js';
import { QueueScopedHandler, queueArgs } from '@src/tools/handlers/queues/queue-handler.js';
import { ToolName } from '@src/tools/tool-name.js';

export class PurgeQueueHandler extends QueueScopedHandler {
  async handle(args: Record<string, unknown>): Promise<CallToolResult> {
    const queue = this.queueOf(args);
    if (queue === 'orders') return this.reply('refusing to purge orders', true);
    return this.reply('purged ' + queue);
  }

  getToolConfig(): HandlerConfig {
    return { name: ToolName.PURGE_QUEUE, description: 'Purges a queue', inputSchema: queueArgs.shape };
  }
}
`,
    'src/tools/handlers/queues/peek-messages.ts': `import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { HandlerConfig } from '@src/tools/base-handler.js';
import { QueueScopedHandler, queueArgs } from '@src/tools/handlers/queues/queue-handler.js';
import { ToolName } from '@src/tools/tool-name.js';

export class PeekMessagesHandler extends QueueScopedHandler {
  async handle(args: Record<string, unknown>): Promise<CallToolResult> {
    return this.reply('3 messages in ' + this.queueOf(args));
  }

  getToolConfig(): HandlerConfig {
    return { name: ToolName.PEEK_MESSAGES, description: 'Peeks at messages', inputSchema: queueArgs.shape };
  }
}
`,
    // Look-alikes: HTTP route classes of the same project with a name and a handle method but no input schema
    // (one with a request-body `schema`).
    'src/http/routes.ts': `import { QueueToolHandler } from '@src/tools/base-handler.js';

export abstract class Route {
  abstract handle(request: Request): Promise<Response>;
}

export class HealthRoute extends Route {
  getConfig() {
    return { name: 'health', method: 'GET', path: '/healthz' };
  }

  async handle(): Promise<Response> {
    return new Response('ok');
  }
}

export class CreateQueueRoute extends Route {
  getConfig() {
    return { name: 'create-queue', method: 'POST', schema: { body: { type: 'object' } } };
  }

  async handle(request: Request): Promise<Response> {
    return new Response(await request.text(), { status: 201 });
  }
}

export type AnyHandler = QueueToolHandler;
`,
    'src/tools/registry.ts': `import type { QueueToolHandler } from '@src/tools/base-handler.js';
import { ListQueuesHandler } from '@src/tools/handlers/queues/list-queues.js';
import { PeekMessagesHandler } from '@src/tools/handlers/queues/peek-messages.js';
import { PurgeQueueHandler } from '@src/tools/handlers/queues/purge-queue.js';
import { ToolName } from '@src/tools/tool-name.js';

export const HANDLERS: Map<ToolName, QueueToolHandler> = new Map<ToolName, QueueToolHandler>([
  [ToolName.LIST_QUEUES, new ListQueuesHandler()],
  [ToolName.PURGE_QUEUE, new PurgeQueueHandler()],
  [ToolName.PEEK_MESSAGES, new PeekMessagesHandler()],
]);
`,
    'src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { HANDLERS } from '@src/tools/registry.js';

export function createServer(): McpServer {
  const server = new McpServer({ name: 'queue-admin', version: '1.0.0' });
  HANDLERS.forEach((handler, name) => {
    const config = handler.registeredConfig();
    server.registerTool(name, { description: config.description, inputSchema: config.inputSchema }, (args) =>
      handler.handle(args as Record<string, unknown>),
    );
  });
  return server;
}
`,
  },
  tools: [
    {
      file: 'src/tools/handlers/queues/list-queues.ts',
      name: 'list-queues',
      kind: 'class',
      handler: 'handle',
      evidence: /named by its getToolConfig method/,
    },
    { file: 'src/tools/handlers/queues/purge-queue.ts', name: 'purge-queue', kind: 'class', handler: 'handle' },
    { file: 'src/tools/handlers/queues/peek-messages.ts', name: 'peek-messages', kind: 'class', handler: 'handle' },
  ],
};

const SCHEMALESS_FACTORY_CALL_FIXTURE: StyleFixture = {
  title:
    'a project tool factory called with a schema in some files and without one (a no-argument tool) alone in another file; a project job factory never given a schema and an AI SDK tool() without a schema stay silent',
  files: {
    'package.json': manifest('pager-toolkit', { ...MCP_DEPENDENCY, ai: '^5.0.0' }),
    'src/lib/define-action.ts': `import { z } from 'zod';

export interface ActionDefinition {
  name: string;
  title: string;
  description: string;
  parameters?: z.ZodObject<z.ZodRawShape>;
  execute: (input: Record<string, unknown>) => Promise<unknown>;
}

export const defineAction = (definition: ActionDefinition): ActionDefinition => ({
  ...definition,
  parameters: definition.parameters ?? z.object({}),
});
`,
    'src/lib/actions/pages.ts': `import { z } from 'zod';
import { defineAction } from '../define-action.js';

const sendPage = defineAction({
  name: 'send_page',
  title: 'Send a page',
  description: 'Pages the on-call person',
  parameters: z.object({ message: z.string() }),
  execute: async (input) => ({ sent: String(input.message) }),
});

const ackPage = defineAction({
  name: 'ack_page',
  title: 'Acknowledge a page',
  description: 'Acknowledges a page',
  parameters: z.object({ pageId: z.string() }),
  execute: async (input) => ({ acked: String(input.pageId) }),
});

export const pages = { sendPage, ackPage };
`,
    'src/lib/actions/rotations.ts': `import { defineAction } from '../define-action.js';

const listRotations = defineAction({
  name: 'list_rotations',
  title: 'List rotations',
  description: 'Lists the on-call rotations',
  execute: async () => ['primary', 'secondary'],
});

export const rotations = { listRotations };
`,
    // Look-alikes: a job factory of the project that is never given a schema, and an AI SDK tool without one.
    'src/jobs/define-job.ts': `export const defineJob = (job: { name: string; execute: () => Promise<void> }) => job;
`,
    'src/jobs/cleanup.ts': `import { defineJob } from './define-job.js';

export const cleanupJob = defineJob({
  name: 'cleanup_pages',
  execute: async () => undefined,
});
`,
    'src/agent/clock.ts': `import { tool } from 'ai';

export const clock = tool({
  description: 'Tells the time',
  execute: async () => new Date().toISOString(),
});
`,
    'src/mcp/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ActionDefinition } from '../lib/define-action.js';
import { pages } from '../lib/actions/pages.js';
import { rotations } from '../lib/actions/rotations.js';

export function createServer(): McpServer {
  const server = new McpServer({ name: 'pager', version: '1.0.0' });
  const actions: ActionDefinition[] = [...Object.values(pages), ...Object.values(rotations)];
  actions.forEach((action) => {
    server.tool(action.name, action.description, action.parameters?.shape ?? {}, async (input) => {
      const result = await action.execute(input);
      return { content: [{ type: 'text', text: JSON.stringify(result) }] };
    });
  });
  return server;
}
`,
  },
  tools: [
    { file: 'src/lib/actions/pages.ts', name: 'send_page', kind: 'definition' },
    { file: 'src/lib/actions/pages.ts', name: 'ack_page', kind: 'definition' },
    {
      file: 'src/lib/actions/rotations.ts',
      name: 'list_rotations',
      kind: 'definition',
      evidence: /tool definition passed to defineAction/,
    },
  ],
};

export const ROUND_FOURTEEN_FIXTURES: readonly StyleFixture[] = [
  METHOD_NAMED_CLASS_FIXTURE,
  CONFIG_NAMED_HANDLER_FIXTURE,
  SCHEMALESS_FACTORY_CALL_FIXTURE,
];
