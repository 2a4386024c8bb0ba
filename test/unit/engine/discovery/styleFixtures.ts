/**
 * One small workspace per registration style (and near misses that must not count), shared by the
 * engine, CLI and language-server tests so all three faces are held to the same answers.
 */

export interface ExpectedTool {
  file: string;
  name: string | null;
  kind: string;
  /** The handler's function name, when it has one. */
  handler?: string;
  /** The file of a handler imported from another file; null: the tool must show no handler in another file. */
  handlerFile?: string | null;
  /** A step of the evidence chain that must be shown. */
  evidence?: RegExp;
  /** The tool must be shown without a handler (rather than with a function that is not its handler). */
  noHandler?: boolean;
}

export interface StyleFixture {
  title: string;
  /** Path → content; a package.json makes it a project. */
  files: Record<string, string>;
  tools: ExpectedTool[];
  /** Findings expected (check id @ file), or none when empty. */
  findings?: string[];
  /** Compare only the findings of these checks. */
  onlyChecks?: string[];
}

export const MCP_PACKAGE = JSON.stringify({
  name: 'demo-server',
  dependencies: { '@modelcontextprotocol/sdk': '^1.0.0' },
});
const AI_PACKAGE = JSON.stringify({ name: 'demo-agent', dependencies: { ai: '^5.0.0' } });
const OK = `{ content: [{ type: 'text', text: 'ok' }] }`;

export const STYLE_FIXTURES: StyleFixture[] = [
  {
    title: 'a registration context that forwards to the SDK, used from a file that never imports it',
    files: {
      'package.json': MCP_PACKAGE,
      'src/context.ts': `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export function makeContext(server: McpServer) {
  return {
    reportTool(name: string, config: object, handler: (args: unknown) => Promise<unknown>) {
      return server.registerTool(name, config, handler as never);
    },
  };
}
`,
      'src/reports.ts': `export function registerReportTools(context: { reportTool: Function }) {
  context.reportTool('monthly_report', {}, async function monthlyReport() {
    return ${OK};
  });
}
`,
    },
    tools: [
      {
        file: 'src/reports.ts',
        name: 'monthly_report',
        kind: 'wrapper',
        handler: 'monthlyReport',
        evidence: /reportTool \(context\.ts:\d+\) forwards to \.registerTool/,
      },
    ],
  },
  {
    title: 'a local helper and bare calls to it, names from a names object and an imported constant',
    files: {
      'package.json': MCP_PACKAGE,
      'src/names.ts': `export const TOOL_NAMES = { build_logs: 'get_build_logs', deploy: 'start_deploy' } as const;
export const STATUS = 'service_status';
`,
      'src/tools.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { TOOL_NAMES, STATUS } from './names';
const server = new McpServer({ name: 'x', version: '1' });
const tool = (name: string, description: string, run: () => Promise<unknown>) =>
  server.registerTool(name, { description }, run as never);
tool(TOOL_NAMES.build_logs, 'logs', async () => ${OK});
tool(STATUS, 'status', async () => ${OK});
tool(\`\${'plain'}_name\`, 'template', async () => ${OK});
`,
    },
    tools: [
      { file: 'src/tools.ts', name: 'get_build_logs', kind: 'wrapper' },
      { file: 'src/tools.ts', name: 'service_status', kind: 'wrapper' },
      { file: 'src/tools.ts', name: 'plain_name', kind: 'wrapper' },
    ],
  },
  {
    title: "an exported register function with an optional name (toolName || 'default')",
    files: {
      'package.json': MCP_PACKAGE,
      'src/search.ts': `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export function registerSearch(server: McpServer, toolName?: string) {
  server.tool(toolName || 'web_search', 'Search the web', {}, async () => ${OK});
}
`,
      'src/index.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { registerSearch } from './search';
const server = new McpServer({ name: 'x', version: '1' });
registerSearch(server);
registerSearch(server, 'legacy_search');
`,
    },
    tools: [
      { file: 'src/index.ts', name: 'legacy_search', kind: 'wrapper' },
      { file: 'src/search.ts', name: 'web_search', kind: 'tool' },
    ],
  },
  {
    title: 'handlers wrapped by higher-order functions; the wrapper with a try/catch guards its handler',
    files: {
      'package.json': MCP_PACKAGE,
      'src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'x', version: '1' });
function withSafety(fn: (args: unknown) => Promise<unknown>) {
  return async (args: unknown) => {
    try {
      return await fn(args);
    } catch (error) {
      return { isError: true, errorCategory: 'UNKNOWN', isRetryable: false, content: [{ type: 'text', text: 'the request failed' }] };
    }
  };
}
function withTracing(fn: (args: unknown) => Promise<unknown>) {
  return fn;
}
server.registerTool('guarded', {}, withSafety(async function guardedHandler() {
  throw new Error('the database is not reachable');
}) as never);
server.registerTool('traced', {}, withTracing(async function tracedHandler() {
  throw new Error('the database is not reachable');
}) as never);
`,
    },
    tools: [
      {
        file: 'src/server.ts',
        name: 'guarded',
        kind: 'registerTool',
        handler: 'guardedHandler',
        evidence: /wrapped by withSafety/,
      },
      { file: 'src/server.ts', name: 'traced', kind: 'registerTool', handler: 'tracedHandler' },
    ],
    findings: ['throw-in-handler@src/server.ts'],
    onlyChecks: ['throw-in-handler', 'unguarded-handler'],
  },
  {
    title: 'definition objects: a factory, plain objects in an array, FastMCP addTool, keyed factories',
    files: {
      'package.json': MCP_PACKAGE,
      'src/define.ts': `export function defineTool<T>(definition: T): T {
  return definition;
}
`,
      'src/catalog/getIssue.ts': `import { defineTool } from '../define';
export default defineTool({
  name: 'get_issue',
  description: 'Get an issue',
  inputSchema: {},
  async handler() {
    return ${OK};
  },
});
`,
      'src/list.ts': `export const browserTools = [
  { name: 'open_page', description: 'Open a page', parameters: {}, execute: async () => ${OK} },
  { name: 'close_page', description: 'Close a page', parameters: {}, execute: async () => ${OK} },
];
`,
      'src/keyed.ts': `const tool = <T>(t: T) => t;
const shared = { description: 'shared', parameters: {} };
export const databaseTools = {
  list_tables: tool({ ...shared, execute: async () => ${OK} }),
};
`,
      'src/fast.ts': `import { FastMCP } from 'fastmcp';
const server = new FastMCP({ name: 'x', version: '1.0.0' });
server.addTool({ name: 'scrape', description: 'Scrape', parameters: {}, execute: async () => 'ok' });
`,
    },
    tools: [
      { file: 'src/catalog/getIssue.ts', name: 'get_issue', kind: 'definition', handler: 'handler' },
      { file: 'src/fast.ts', name: 'scrape', kind: 'addTool' },
      { file: 'src/keyed.ts', name: 'list_tables', kind: 'definition' },
      { file: 'src/list.ts', name: 'open_page', kind: 'definition' },
      { file: 'src/list.ts', name: 'close_page', kind: 'definition' },
    ],
  },
  {
    title: 'class-based tools whose base class registers this.name with the SDK',
    files: {
      'package.json': MCP_PACKAGE,
      'src/base.ts': `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export abstract class ToolBase {
  abstract name: string;
  protected abstract execute(args: unknown): Promise<unknown>;
  register(server: McpServer) {
    server.registerTool(this.name, {}, async (args: unknown) => this.execute(args) as never);
  }
}
export abstract class ApiTool extends ToolBase {}
`,
      'src/tools/weather.ts': `import { ApiTool } from '../base';
export class WeatherTool extends ApiTool {
  name = 'get_weather';
  protected async execute() {
    return ${OK};
  }
}
`,
      'src/tools/stats.ts': `import { ToolBase } from '../base';
export class StatsTool extends ToolBase {
  static toolName = 'db_stats';
  get name() { return 'db_stats'; }
  protected async execute() {
    return ${OK};
  }
}
`,
    },
    tools: [
      { file: 'src/tools/stats.ts', name: 'db_stats', kind: 'class', handler: 'execute' },
      {
        file: 'src/tools/weather.ts',
        name: 'get_weather',
        kind: 'class',
        handler: 'execute',
        evidence: /extends ApiTool → ToolBase/,
      },
    ],
  },
  {
    title: 'a tools/call dispatcher in a class: switch branches, an if branch, and a handler table in another file',
    files: {
      'package.json': MCP_PACKAGE,
      'src/handlers.ts': `export const HANDLERS = {
  list_files: async () => ${OK},
  read_file: async () => ${OK},
};
`,
      'src/server.ts': `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { HANDLERS } from './handlers';
async function search(args: unknown) {
  return ${OK};
}
export class SearchServer {
  private server = new Server({ name: 'x', version: '1' }, { capabilities: { tools: {} } });
  setup() {
    this.server.setRequestHandler(CallToolRequestSchema, async (request) => {
      const { name, arguments: args } = request.params;
      if (name === 'ping') {
        return ${OK};
      }
      switch (name) {
        case 'search':
          return await search(args);
        default: {
          const handler = HANDLERS[name as keyof typeof HANDLERS];
          return handler();
        }
      }
    });
  }
}
`,
    },
    tools: [
      { file: 'src/handlers.ts', name: 'list_files', kind: 'dispatch' },
      { file: 'src/handlers.ts', name: 'read_file', kind: 'dispatch' },
      { file: 'src/server.ts', name: 'ping', kind: 'dispatch' },
      { file: 'src/server.ts', name: 'search', kind: 'dispatch', handler: 'search' },
    ],
  },
  {
    title: 'near misses in a project without an MCP dependency: an AI SDK tool and a logger payload with isError',
    files: {
      'package.json': AI_PACKAGE,
      'src/agent.ts': `import { tool } from 'ai';
export const weather = tool({ description: 'Weather', parameters: {}, execute: async () => 'sunny' });
export const named = { name: 'lookup', description: 'Lookup', parameters: {}, execute: async () => 'x' };
`,
      'src/log.ts': `export function logResult(part: { is_error: boolean }) {
  return { type: 'tool-result', isError: part.is_error, output: 'x' };
}
`,
    },
    tools: [],
    findings: [],
  },
  {
    title: 'near misses in an MCP project: AI SDK factories, HTTP routes and CLI commands are not tools',
    files: {
      'package.json': JSON.stringify({ dependencies: { '@modelcontextprotocol/sdk': '1', ai: '5' } }),
      'src/adapters.ts': `import { tool } from 'ai';
export const weather = { weather: tool({ description: 'Weather', parameters: {}, execute: async () => 'sunny' }) };
export const route = { method: 'GET', url: '/health', schema: {}, handler: async () => 'ok' };
export const command = { name: 'serve', command: 'serve', schema: {}, run: async () => undefined };
`,
    },
    tools: [],
  },
];
