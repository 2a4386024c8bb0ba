/**
 * Handlers defined in one file and registered in another: the tool's handler is shown where it is defined
 * (`handlerFile`), through the engine, the CLI and the language server; a function two tools share is linked to
 * both; two exports of the same name in two files leave the tool without a cross-file handler.
 */
import { MCP_PACKAGE, type StyleFixture } from './styleFixtures';

const ANSWER = `{ content: [{ type: 'text' as const, text: 'ok' }] }`;

export const IMPORTED_HANDLER_FIXTURES: StyleFixture[] = [
  {
    title:
      'an SDK registration and a dispatcher branch that call handlers imported from their own files: each handler is linked to its file',
    files: {
      'package.json': MCP_PACKAGE,
      'src/tools/searchNotes.ts': `export async function searchNotes(args: { query: string }) {
  return ${ANSWER};
}
`,
      'src/tools/archiveNote.ts': `export const archiveNote = async (args: { id: string }) => {
  return ${ANSWER};
};
`,
      'src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { searchNotes } from './tools/searchNotes';
const server = new McpServer({ name: 'notes', version: '1.0.0' });
server.tool('search_notes', 'Searches notes', searchNotes);
export default server;
`,
      'src/lowLevel.ts': `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { archiveNote } from './tools/archiveNote';
const low = new Server({ name: 'notes-low', version: '1.0.0' }, { capabilities: { tools: {} } });
low.setRequestHandler(CallToolRequestSchema, async (request) => {
  switch (request.params.name) {
    case 'archive_note':
      return archiveNote(request.params.arguments as { id: string });
    default:
      throw new Error('unknown tool');
  }
});
`,
    },
    tools: [
      {
        file: 'src/server.ts',
        name: 'search_notes',
        kind: 'tool',
        handler: 'searchNotes',
        handlerFile: 'src/tools/searchNotes.ts',
      },
      {
        file: 'src/lowLevel.ts',
        name: 'archive_note',
        kind: 'dispatch',
        handler: 'archiveNote',
        handlerFile: 'src/tools/archiveNote.ts',
      },
    ],
  },
  {
    title: 'one imported handler shared by two tools is linked to both tools',
    files: {
      'package.json': MCP_PACKAGE,
      'src/shared.ts': `export async function echo(args: { text: string }) {
  return ${ANSWER};
}
`,
      'src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { echo } from './shared';
const server = new McpServer({ name: 'echo', version: '1.0.0' });
server.tool('echo_a', 'Echoes', echo);
server.tool('echo_b', 'Echoes again', echo);
`,
    },
    tools: [
      { file: 'src/server.ts', name: 'echo_a', kind: 'tool', handler: 'echo', handlerFile: 'src/shared.ts' },
      { file: 'src/server.ts', name: 'echo_b', kind: 'tool', handler: 'echo', handlerFile: 'src/shared.ts' },
    ],
  },
  {
    title:
      'the same tool name registered twice in a file with handlers from two files, and a handler from a package: no cross-file handler is guessed',
    files: {
      'package.json': MCP_PACKAGE,
      'src/v1.ts': `export async function lookup(args: { id: string }) {
  return ${ANSWER};
}
`,
      'src/v2.ts': `export async function lookup(args: { id: string }) {
  return ${ANSWER};
}
`,
      'src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { lookup as lookupV1 } from './v1';
import { lookup as lookupV2 } from './v2';
import { statusHandler } from 'status-kit';
const stable = new McpServer({ name: 'stable', version: '1.0.0' });
const preview = new McpServer({ name: 'preview', version: '2.0.0' });
stable.tool('lookup', 'Looks up', lookupV1);
preview.tool('lookup', 'Looks up (v2)', lookupV2);
stable.tool('status', 'Status', statusHandler);
`,
    },
    tools: [
      { file: 'src/server.ts', name: 'lookup', kind: 'tool', handlerFile: null },
      { file: 'src/server.ts', name: 'lookup', kind: 'tool', handlerFile: null },
      { file: 'src/server.ts', name: 'status', kind: 'tool', handlerFile: null },
    ],
  },
  {
    title:
      'a definition whose handler an imported factory makes (`tool: makeCount(config)`): the function the factory returns, in its file',
    files: {
      'package.json': MCP_PACKAGE,
      'src/tools/count.ts': `export function makeCount(config: { base: number }) {
  async function run(args: { text: string }) {
    return { content: [{ type: 'text' as const, text: String(args.text.length + config.base) }] };
  }
  return run;
}
`,
      'src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { makeCount } from './tools/count';
const server = new McpServer({ name: 'count', version: '1.0.0' });
const count = makeCount({ base: 0 });
const definitions = [{ name: 'count_chars', description: 'Counts characters', handler: count }];
for (const definition of definitions) {
  server.tool(definition.name, definition.description, definition.handler);
}
`,
    },
    tools: [
      {
        file: 'src/server.ts',
        name: 'count_chars',
        kind: 'definition',
        handler: 'run',
        handlerFile: 'src/tools/count.ts',
      },
    ],
  },
  {
    title:
      'one imported factory registered for two tools (`server.tool(name, desc, makeQuery(kind))` twice): both tools are linked to the function it returns',
    files: {
      'package.json': MCP_PACKAGE,
      'src/tools/query.ts': `export const makeQuery = (table: string) => async (args: { id: string }) => {
  return { content: [{ type: 'text' as const, text: table + ':' + args.id }] };
};
`,
      'src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { makeQuery } from './tools/query';
const server = new McpServer({ name: 'tables', version: '1.0.0' });
server.tool('get_user', 'Reads a user', makeQuery('users'));
server.tool('get_order', 'Reads an order', makeQuery('orders'));
`,
    },
    tools: [
      { file: 'src/server.ts', name: 'get_user', kind: 'tool', handlerFile: 'src/tools/query.ts' },
      { file: 'src/server.ts', name: 'get_order', kind: 'tool', handlerFile: 'src/tools/query.ts' },
    ],
  },
  {
    title:
      'handlers imported through a barrel (`export * from "./feature"`, `export { run as runReport } from …`): linked to the file that defines them',
    files: {
      'package.json': MCP_PACKAGE,
      'src/features/orders/feature.ts': `export async function listOrders(args: { status: string }) {
  return ${ANSWER};
}
`,
      'src/features/orders/index.ts': `export * from './feature';
`,
      'src/features/reports/run.ts': `export const run = async (args: { month: string }) => {
  return ${ANSWER};
};
`,
      'src/features/reports/index.ts': `export { run as runReport } from './run';
`,
      'src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { listOrders } from './features/orders';
import { runReport } from './features/reports';
const server = new McpServer({ name: 'shop', version: '1.0.0' });
server.tool('list_orders', 'Lists orders', listOrders);
server.tool('run_report', 'Runs a monthly report', runReport);
`,
    },
    tools: [
      {
        file: 'src/server.ts',
        name: 'list_orders',
        kind: 'tool',
        handler: 'listOrders',
        handlerFile: 'src/features/orders/feature.ts',
      },
      {
        file: 'src/server.ts',
        name: 'run_report',
        kind: 'tool',
        handler: 'run',
        handlerFile: 'src/features/reports/run.ts',
      },
    ],
  },
  {
    title:
      'an imported definition registered by property, whose `execute` is a function of a third file: linked to that function',
    files: {
      'package.json': MCP_PACKAGE,
      'src/handlers/weather.ts': `export async function fetchForecast(args: { city: string }) {
  return ${ANSWER};
}
`,
      'src/tools/forecast.ts': `import { fetchForecast } from '../handlers/weather';
export const forecastTool = {
  name: 'get_forecast',
  description: 'Forecast for a city',
  execute: fetchForecast,
};
`,
      'src/tools/alerts.ts': `import { z } from 'zod';
export const alertsTool = {
  name: 'list_alerts',
  description: 'Weather alerts',
  inputSchema: { region: z.string() },
  execute: async (args: { region: string }) => {
    return ${ANSWER};
  },
};
`,
      'src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { forecastTool } from './tools/forecast';
import { alertsTool } from './tools/alerts';
const server = new McpServer({ name: 'weather', version: '1.0.0' });
server.tool(forecastTool.name, forecastTool.description, {}, forecastTool.execute);
server.tool(alertsTool.name, alertsTool.description, {}, alertsTool.execute);
`,
    },
    tools: [
      {
        file: 'src/server.ts',
        name: 'get_forecast',
        kind: 'tool',
        handler: 'fetchForecast',
        handlerFile: 'src/handlers/weather.ts',
      },
      { file: 'src/server.ts', name: 'list_alerts', kind: 'tool', handlerFile: 'src/tools/alerts.ts' },
    ],
  },
  {
    title:
      'an imported handler exported as a wrapped function (`export const run = withReporting(runImpl, …)`): linked to the wrapped function',
    files: {
      'package.json': MCP_PACKAGE,
      'src/util/reporting.ts': `export function withReporting<A>(fn: (args: A) => Promise<unknown>, label: string) {
  return async (args: A) => {
    console.error(label);
    return fn(args);
  };
}
`,
      'src/tools/invoices.ts': `import { withReporting } from '../util/reporting';
async function listInvoicesImpl(args: { customer: string }) {
  return ${ANSWER};
}
export const listInvoices = withReporting(listInvoicesImpl, 'invoices');
`,
      'src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { listInvoices } from './tools/invoices';
const server = new McpServer({ name: 'billing', version: '1.0.0' });
server.tool('list_invoices', 'Lists invoices', {}, listInvoices);
`,
    },
    tools: [
      {
        file: 'src/server.ts',
        name: 'list_invoices',
        kind: 'tool',
        handler: 'listInvoicesImpl',
        handlerFile: 'src/tools/invoices.ts',
      },
    ],
  },
];
