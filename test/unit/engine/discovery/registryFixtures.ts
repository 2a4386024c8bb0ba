/**
 * Tool registries and shapes met in held-out rounds 3 and 4 of the real-code evaluation: instances
 * kept in a registry keyed by name (through barrels and workspace packages), instances looked up with
 * find or registered in a loop that executes each, definitions nested in a config object, keyed
 * factory entries without input, tool modules. Invented code, with near misses.
 */
import { MCP_PACKAGE, type StyleFixture } from './styleFixtures';

const OK = `{ content: [{ type: 'text' as const, text: 'ok' }] }`;

export const REGISTRY_FIXTURES: StyleFixture[] = [
  {
    title:
      'tool instances in a name-keyed registry whose looked-up value is executed, through a barrel; names from a workspace package',
    files: {
      'package.json': JSON.stringify({ name: 'relay', private: true, workspaces: ['shared', 'worker'] }),
      'shared/package.json': JSON.stringify({ name: 'relay-shared', main: 'dist/index.js' }),
      'shared/src/index.ts': `export * from './names';
`,
      'shared/src/names.ts': `export const ACTION_NAMES = {
  PAGES: { OPEN: 'open_page', SNAPSHOT: 'page_snapshot' },
};
`,
      'worker/package.json': JSON.stringify({
        name: 'relay-worker',
        dependencies: { '@modelcontextprotocol/sdk': '^1.0.0', 'relay-shared': 'workspace:*' },
      }),
      'worker/src/actions/base.ts': `export abstract class BaseAction {
  abstract name: string;
  abstract execute(args: unknown): Promise<unknown>;
}
`,
      'worker/src/actions/pages/open.ts': `import { ACTION_NAMES } from 'relay-shared';
import { BaseAction } from '../base';
class OpenPageAction extends BaseAction {
  name = ACTION_NAMES.PAGES.OPEN;
  async execute() {
    return { content: [{ type: 'text', text: 'opened' }] };
  }
}
export const openPageAction = new OpenPageAction();
`,
      'worker/src/actions/pages/snapshot.ts': `import { ACTION_NAMES } from 'relay-shared';
import { BaseAction } from '../base';
export class SnapshotAction extends BaseAction {
  name = ACTION_NAMES.PAGES.SNAPSHOT;
  async execute() {
    return { content: [{ type: 'text', text: 'snapshot' }] };
  }
}
`,
      'worker/src/actions/pages/index.ts': `export { openPageAction } from './open';
export { SnapshotAction } from './snapshot';
`,
      'worker/src/actions/index.ts': `import * as pageTools from './pages';
const all = { ...pageTools };
const toolsByName = new Map(Object.values(all).map((tool) => [tool.name, tool]));
export async function runTool(request: { name: string; args: unknown }) {
  const tool = toolsByName.get(request.name);
  if (!tool) return { isError: true, content: [{ type: 'text', text: 'unknown tool' }] };
  return tool.execute(request.args);
}
`,
      'worker/src/jobs.ts': `class NightlyJob {
  name = 'nightly';
  async execute() {
    return 'done';
  }
}
class WeeklyJob {
  name = 'weekly';
  async execute() {
    return 'done';
  }
}
const jobsByName = new Map([new NightlyJob(), new WeeklyJob()].map((job) => [job.name, job]));
export function describeJob(name: string) {
  return jobsByName.get(name)?.name;
}
const toolLabels = new Map([new WeeklyJob()].map((t) => [t.name, t]));
export const labelOf = (name: string) => toolLabels.get(name);
`,
    },
    tools: [
      {
        file: 'worker/src/actions/pages/open.ts',
        name: 'open_page',
        kind: 'class',
        handler: 'execute',
        evidence: /keys tool instances by name/,
      },
      { file: 'worker/src/actions/pages/snapshot.ts', name: 'page_snapshot', kind: 'class', handler: 'execute' },
    ],
  },
  {
    title:
      'tool instances looked up with find((t) => t.name === name) and run, or registered in a loop that executes each',
    files: {
      'package.json': MCP_PACKAGE,
      'src/tools/base.ts': `export abstract class ToolBase {
  abstract name: string;
  abstract description: string;
  abstract run(args: unknown): Promise<unknown>;
}
`,
      'src/tools/clock.ts': `import { ToolBase } from './base';
export class ClockTool extends ToolBase {
  name = 'current_time';
  description = 'The time';
  async run() {
    return ${OK};
  }
}
export class UptimeTool extends ToolBase {
  name = 'uptime';
  description = 'Uptime';
  async run() {
    return ${OK};
  }
}
`,
      'src/tools/index.ts': `import { ClockTool, UptimeTool } from './clock';
export const ALL_TOOLS = [new ClockTool(), new UptimeTool()];
`,
      'src/server.ts': `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { ALL_TOOLS } from './tools';
const server = new Server({ name: 'clock', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const tool = ALL_TOOLS.find((t) => t.name === request.params.name);
  if (!tool) throw new Error('unknown tool');
  return (await tool.run(request.params.arguments)) as never;
});
`,
      'src/loop.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
abstract class Command {
  abstract name: string;
  abstract execute(args: unknown): Promise<{ content: { type: 'text'; text: string }[] }>;
}
class ResizeCommand extends Command {
  name = 'resize_image';
  async execute() {
    return ${OK};
  }
}
class CropCommand extends Command {
  name = 'crop_image';
  async execute() {
    return ${OK};
  }
}
const server = new McpServer({ name: 'images', version: '1.0.0' });
const commands = [new ResizeCommand(), new CropCommand()];
for (const command of commands) {
  server.tool(command.name, 'image command', {}, async (args: unknown) => command.execute(args));
}
`,
      'src/people.ts': `class Greeter {
  name = 'greeter';
  async run() {
    return 'hello';
  }
}
const people = [new Greeter()];
export const greet = (name: string) => people.find((p) => p.name === name)?.run();
`,
    },
    tools: [
      {
        file: 'src/tools/clock.ts',
        name: 'current_time',
        kind: 'class',
        handler: 'run',
        evidence: /ALL_TOOLS keys tool instances by name/,
      },
      { file: 'src/tools/clock.ts', name: 'uptime', kind: 'class', handler: 'run' },
      {
        file: 'src/loop.ts',
        name: 'resize_image',
        kind: 'class',
        handler: 'execute',
        evidence: /registered in a loop over commands/,
      },
      { file: 'src/loop.ts', name: 'crop_image', kind: 'class', handler: 'execute' },
    ],
  },
  {
    title:
      'definitions whose schema (and name) sit in a nested config or definition object; a job with params is not a tool',
    files: {
      'package.json': MCP_PACKAGE,
      'src/catalog.ts': `import { z } from 'zod';
export const catalog = [
  {
    name: 'list_invoices',
    config: { description: 'List invoices', inputSchema: { status: z.string() } },
    handler: async () => ${OK},
  },
  {
    definition: { name: 'void_invoice', description: 'Void an invoice', inputSchema: { id: z.string() } },
    handler: async () => ${OK},
  },
];
export const jobs = [{ name: 'nightly_cleanup', config: { params: { days: 7 } }, run: async () => 'done' }];
`,
      'src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { catalog } from './catalog';
const server = new McpServer({ name: 'billing', version: '1.0.0' });
for (const entry of catalog) {
  const name = 'name' in entry ? entry.name : entry.definition.name;
  server.registerTool(name, {}, entry.handler as never);
}
`,
    },
    tools: [
      { file: 'src/catalog.ts', name: 'list_invoices', kind: 'definition' },
      { file: 'src/catalog.ts', name: 'void_invoice', kind: 'definition' },
      { file: 'src/server.ts', name: null, kind: 'registerTool' },
    ],
  },
  {
    title:
      'keyed factory entries without input next to siblings with a schema; a zod shape with a callback field is not a tool',
    files: {
      'package.json': MCP_PACKAGE,
      'src/helpers.ts': `export function defineOp<T>(op: T): T {
  return op;
}
`,
      'src/queue.ts': `import { z } from 'zod';
import { defineOp } from './helpers';
export const queueOps = {
  queue_whoami: defineOp({
    description: 'Who am I',
    handler: async () => 'me',
  }),
  queue_publish: defineOp({
    description: 'Publish a message',
    inputSchema: z.object({
      topic: z.string(),
      callback: z.string().optional().describe('URL called back when done'),
      params: z.record(z.string()).optional(),
    }),
    handler: async () => 'sent',
  }),
};
export const settings = {
  retries: defineOp({ label: 'Retries', handler: () => 3 }),
};
`,
    },
    tools: [
      { file: 'src/queue.ts', name: 'queue_whoami', kind: 'definition' },
      { file: 'src/queue.ts', name: 'queue_publish', kind: 'definition' },
    ],
  },
  {
    title: 'tool modules imported whole into a list, found by metadata.name and their handler called',
    files: {
      'package.json': MCP_PACKAGE,
      'src/tools/lint.ts': `export const inputSchema = {};
export const metadata = { name: 'lint_project', description: 'Lint the project' };
export async function handler(): Promise<string> {
  return 'clean';
}
`,
      'src/tools/format.ts': `export const inputSchema = {};
export const metadata = { name: 'format_project', description: 'Format the project' };
export const handler = async (): Promise<string> => 'formatted';
`,
      'src/tools/shared.ts': `export const metadata = { name: 'not_a_tool' };
export function describe(): string {
  return 'helper';
}
`,
      'src/index.ts': `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import * as lint from './tools/lint';
import * as format from './tools/format';
import * as shared from './tools/shared';
const tools = [lint, format];
export const describeAll = () => shared.describe();
const server = new Server({ name: 'dev', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const tool = tools.find((t) => t.metadata.name === request.params.name);
  if (!tool) throw new Error('unknown tool');
  const text = await (tool.handler as () => Promise<string>)();
  return { content: [{ type: 'text', text }] };
});
`,
    },
    tools: [
      {
        file: 'src/tools/lint.ts',
        name: 'lint_project',
        kind: 'fileConvention',
        handler: 'handler',
        evidence: /kept whole in a tool registry/,
      },
      { file: 'src/tools/format.ts', name: 'format_project', kind: 'fileConvention' },
    ],
  },
  {
    title: 'a tools/call dispatcher reading a Map of handlers with get(name); a Map of labels is not tools',
    files: {
      'package.json': MCP_PACKAGE,
      'src/server.ts': `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
async function listOrders() {
  return ${OK};
}
const HANDLERS = new Map<string, (args: unknown) => Promise<unknown>>([
  ['list_orders', listOrders],
  ['count_orders', async () => ${OK}],
]);
HANDLERS.set('cancel_order', async function cancelOrder() {
  return ${OK};
});
const LABELS = new Map([['list_orders', 'List orders']]);
const server = new Server({ name: 'shop', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const label = LABELS.get(request.params.name);
  const handler = HANDLERS.get(request.params.name);
  if (!handler) throw new Error('unknown tool ' + label);
  return (await handler(request.params.arguments)) as never;
});
`,
    },
    tools: [
      { file: 'src/server.ts', name: 'list_orders', kind: 'dispatch', handler: 'listOrders' },
      { file: 'src/server.ts', name: 'count_orders', kind: 'dispatch' },
      { file: 'src/server.ts', name: 'cancel_order', kind: 'dispatch', handler: 'cancelOrder' },
    ],
  },
];
