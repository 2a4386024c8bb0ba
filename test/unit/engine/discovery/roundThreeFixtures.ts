/**
 * Registration styles met in the third held-out round of the real-code evaluation
 * (docs/real-code-evaluation.md), each written from scratch with invented names, with the near
 * misses next to them that must not count. Shared by the engine, CLI and language-server tests.
 */
import { MCP_PACKAGE, type StyleFixture } from './styleFixtures';

const OK = `{ content: [{ type: 'text' as const, text: 'ok' }] }`;

export const ROUND_THREE_FIXTURES: StyleFixture[] = [
  {
    title: 'definition objects whose handler key is logic, registered from a list; resources and prompts are not tools',
    files: {
      'package.json': MCP_PACKAGE,
      'src/definitions/archive.tool.ts': `import { z } from 'zod';
import { withScopes } from '../auth';
const TOOL_NAME = 'archive_folder';
async function archiveFolderLogic(input: { folder: string }) {
  return { archived: input.folder };
}
export const archiveFolderTool = {
  name: TOOL_NAME,
  description: 'Archive a folder',
  inputSchema: z.object({ folder: z.string() }),
  logic: withScopes(['files:write'], archiveFolderLogic),
};
`,
      'src/definitions/quota.tool.ts': `import { z } from 'zod';
export const quotaTool = {
  name: 'read_quota',
  description: 'Read the storage quota',
  inputSchema: z.object({}),
  logic: async () => ({ used: 1 }),
};
`,
      'src/definitions/folder.resource.ts': `import { z } from 'zod';
export const folderResource = {
  name: 'current-folder',
  description: 'The folder in use',
  uriTemplate: 'files://current',
  paramsSchema: z.object({}),
  logic: async () => ({ folder: '/' }),
};
`,
      'src/definitions/tidy.prompt.ts': `import { z } from 'zod';
export const tidyPrompt = {
  name: 'tidy-up',
  description: 'Ask for a tidy-up',
  argumentsSchema: z.object({}),
  generate: () => [{ role: 'user', content: { type: 'text', text: 'tidy up' } }],
};
`,
      'src/auth.ts': `export function withScopes<T>(scopes: string[], fn: T): T {
  return fn;
}
`,
      'src/registry.ts': `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { archiveFolderTool } from './definitions/archive.tool';
import { quotaTool } from './definitions/quota.tool';
const all = [archiveFolderTool, quotaTool];
export function registerAll(server: McpServer) {
  for (const tool of all) {
    server.registerTool(tool.name, { description: tool.description }, (async (args: never) => ({
      content: [{ type: 'text', text: JSON.stringify(await tool.logic(args)) }],
    })) as never);
  }
}
`,
    },
    tools: [
      { file: 'src/definitions/archive.tool.ts', name: 'archive_folder', kind: 'definition' },
      {
        file: 'src/definitions/quota.tool.ts',
        name: 'read_quota',
        kind: 'definition',
        evidence: /its logic property/,
      },
    ],
  },
  {
    title: 'keyed command maps registered in loops under a prefixed name (`store-${key}`); a prompt map is not tools',
    files: {
      'package.json': MCP_PACKAGE,
      'src/commands/storage.ts': `import { z } from 'zod';
export const storageCommands = {
  'list-buckets': {
    description: 'List the buckets',
    schema: {},
    handler: async () => ${OK},
  },
  'drop-bucket': {
    description: 'Drop a bucket',
    schema: { bucket: z.string() },
    handler: async (args: { bucket: string }) => ({ content: [{ type: 'text' as const, text: args.bucket }] }),
  },
};
`,
      'src/commands/build.ts': `import { z } from 'zod';
export const buildCommands = function (root: string) {
  const cwd = root.trim();
  return {
    compile: {
      description: 'Compile the project in ' + cwd,
      schema: { target: z.string() },
      handler: async () => {
        return ${OK};
      },
    },
  };
};
`,
      'src/prompts.ts': `export const guidePrompts = {
  'setup-guide': {
    name: 'setup-guide',
    description: 'How to set things up',
    handler: () => ({ messages: [] }),
  },
};
`,
      'src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { storageCommands } from './commands/storage';
import { buildCommands } from './commands/build';
import { guidePrompts } from './prompts';
const quickHandlers = {
  ping: async () => ${OK},
};
export class StoreServer extends McpServer {
  constructor() {
    super({ name: 'store', version: '1.0.0' });
    Object.entries(storageCommands).forEach(([commandName, command]) => {
      const toolName = \`store-\${commandName}\`;
      this.tool(toolName, command.description, command.schema, async (args: never) => command.handler(args));
    });
    for (const [key, command] of Object.entries(buildCommands('.'))) {
      this.tool(\`build-\${key}-run\`, command.description, command.schema, async () => command.handler());
    }
    for (const [name, handler] of Object.entries(quickHandlers)) {
      this.tool(name, handler);
    }
    Object.entries(guidePrompts).forEach(([promptName, prompt]) => {
      this.prompt(promptName, prompt.description, async () => prompt.handler() as never);
    });
    const labels = { a: 'first', b: 'second' };
    Object.entries(labels).forEach(([key, label]) => console.log(\`label-\${key}\`, label));
  }
}
`,
    },
    tools: [
      {
        file: 'src/commands/storage.ts',
        name: 'store-list-buckets',
        kind: 'definition',
        evidence: /registered under the name `store-\$\{key\}`/,
      },
      { file: 'src/commands/storage.ts', name: 'store-drop-bucket', kind: 'definition' },
      { file: 'src/commands/build.ts', name: 'build-compile-run', kind: 'definition' },
      { file: 'src/server.ts', name: 'ping', kind: 'dispatch' },
    ],
  },
  {
    title:
      'registerAppTool(server, name, config, handler) from the MCP Apps package; its resource helper is not a tool',
    files: {
      'package.json': MCP_PACKAGE,
      'src/app.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { registerAppResource, registerAppTool } from '@modelcontextprotocol/ext-apps/server';
const server = new McpServer({ name: 'charts', version: '1.0.0' });
registerAppTool(server, 'render_chart', { description: 'Render a chart' }, async function renderChart() {
  return ${OK};
});
registerAppResource(server, 'chart-ui', 'ui://chart/index.html', {}, async () => ({ contents: [] }));
`,
    },
    tools: [{ file: 'src/app.ts', name: 'render_chart', kind: 'registerTool', handler: 'renderChart' }],
  },
  {
    title: 'a LangChain tool built with new in an MCP project is not an MCP tool; a class of the project is',
    files: {
      'package.json': MCP_PACKAGE,
      'src/langchain.ts': `import { DynamicStructuredTool } from '@langchain/core/tools';
import { z } from 'zod';
export function asLangChainTools(tools: Array<{ name: string; schema: z.ZodObject<z.ZodRawShape> }>) {
  return tools.map(
    (t) =>
      new DynamicStructuredTool({
        name: t.name,
        description: 'adapted',
        schema: t.schema,
        func: async () => 'ok',
      }),
  );
}
export const fixed = new DynamicStructuredTool({
  name: 'fixed_lookup',
  description: 'fixed',
  schema: z.object({}),
  func: async () => 'ok',
});
`,
      'src/own.ts': `import { z } from 'zod';
class ToolSpec<T> {
  constructor(readonly spec: T) {}
}
export const weather = new ToolSpec({
  name: 'get_weather',
  description: 'Weather',
  inputSchema: z.object({}),
  handler: async () => ${OK},
});
`,
    },
    tools: [{ file: 'src/own.ts', name: 'get_weather', kind: 'definition' }],
  },
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
];
