/**
 * Shapes of the round 9 held-out set (docs/real-code-evaluation-round9.md, shapes 1, 2 and 6), written from
 * scratch with invented names, each next to look-alikes that must stay silent: tools built with a published
 * MCP framework's builder, a tools/call handler forwarding the request to a function that renames the tool
 * name before it switches, and a risk classifier the dispatcher hands the name to. Shared by the engine, CLI
 * and language-server tests.
 */
import { MCP_PACKAGE, type StyleFixture } from './styleFixtures';

/** A server whose only MCP dependency is a published framework layered on the SDK. */
const FRAMEWORK_PACKAGE = JSON.stringify({
  name: 'kiln-server',
  dependencies: { '@kilnworks/mcp-core': '^2.1.0', zod: '^3.23.0' },
});

const FRAMEWORK_BUILDER_FIXTURES: StyleFixture[] = [
  {
    title:
      'tools built with a framework builder (named, aliased with a constant name, namespace) and passed to createApp({ tools }); prompt and resource builders, a disabledTool wrapper and a handler-less declaration stay silent',
    files: {
      'package.json': FRAMEWORK_PACKAGE,
      'src/tools/ping.tool.ts': `import { tool, z } from '@kilnworks/mcp-core';

export const pingTool = tool('kiln_ping', {
  description: 'Checks that the kiln controller answers.',
  input: z.object({}),
  async handler() {
    const started = Date.now();
    return { latencyMs: Date.now() - started };
  },
});
`,
      'src/tools/fire.tool.ts': `import { tool as kilnTool, z } from '@kilnworks/mcp-core';
import { startFiring } from '../controller.js';

const FIRE_TOOL = 'kiln_fire';

export const fireTool = kilnTool(FIRE_TOOL, {
  description: 'Starts a firing to the given cone.',
  input: z.object({ cone: z.number().int() }),
  handler: async (input) => {
    if (input.cone > 12) throw new Error('cone out of range');
    return startFiring(input.cone);
  },
});

// A declaration of the same builder without a handler (a schema shared with a client): not a tool.
export const fireShape = kilnTool('kiln_fire_shape', { input: z.object({ cone: z.number() }) });
`,
      'src/tools/vent.tool.ts': `import * as core from '@kilnworks/mcp-core';
import { openVent } from '../controller.js';

async function ventKiln(input: { percent: number }) {
  return openVent(input.percent);
}

export const ventTool = core.tool('kiln_vent', {
  description: 'Opens the vent.',
  input: core.z.object({ percent: core.z.number() }),
  execute: ventKiln,
});
`,
      'src/prompts/schedule.prompt.ts': `import { prompt, resource, z } from '@kilnworks/mcp-core';

export const schedulePrompt = prompt('kiln_schedule', {
  description: 'Plans a firing schedule.',
  args: z.object({ clay: z.string() }),
  async handler(args) {
    return [{ role: 'user', content: 'Plan a schedule for ' + args.clay }];
  },
});

export const statusResource = resource('kiln://status', {
  name: 'kiln-status',
  params: z.object({}),
  async handler() {
    return { temperature: 1040 };
  },
});
`,
      'src/controller.ts': `export async function startFiring(cone: number) {
  return { cone, started: true };
}
export async function openVent(percent: number) {
  return { percent };
}
`,
      'src/index.ts': `import { createApp, disabledTool } from '@kilnworks/mcp-core';
import { fireTool } from './tools/fire.tool.js';
import { pingTool } from './tools/ping.tool.js';
import { ventTool } from './tools/vent.tool.js';
import { schedulePrompt, statusResource } from './prompts/schedule.prompt.js';

const readOnly = process.env.KILN_READ_ONLY === 'true';
const writeTools = [fireTool, ventTool];
const tools = [
  pingTool,
  ...(readOnly ? writeTools.map((def) => disabledTool(def, { reason: 'read-only mode' })) : writeTools),
];

await createApp({ name: 'kiln', tools, prompts: [schedulePrompt], resources: [statusResource] });
`,
    },
    tools: [
      {
        file: 'src/tools/ping.tool.ts',
        name: 'kiln_ping',
        kind: 'definition',
        handler: 'handler',
        evidence: /MCP framework '@kilnworks\/mcp-core'/,
      },
      { file: 'src/tools/fire.tool.ts', name: 'kiln_fire', kind: 'definition', handler: 'handler' },
      { file: 'src/tools/vent.tool.ts', name: 'kiln_vent', kind: 'definition', handler: 'ventKiln' },
    ],
  },
  {
    title:
      'builders of the same shape outside MCP frameworks stay silent: a CLI kit, a generic toolbox package, an agent SDK',
    files: {
      'package.json': JSON.stringify({
        name: 'kiln-cli',
        dependencies: { '@acme/toolbox': '^1.0.0', 'cli-kit': '^4.0.0', ai: '^5.0.0', zod: '^3.23.0' },
      }),
      'src/commands.ts': `import { command } from 'cli-kit';
import { tool } from '@acme/toolbox';
import { z } from 'zod';

export const deploy = command('deploy', {
  description: 'Deploys the kiln firmware.',
  input: z.object({ target: z.string() }),
  async handler(input) {
    return { deployed: input.target };
  },
});

export const lint = tool('lint_glaze', {
  description: 'Checks a glaze recipe.',
  input: z.object({ recipe: z.string() }),
  async handler(input) {
    return { ok: input.recipe.length > 0 };
  },
});
`,
      'src/agent.ts': `import { tool } from 'ai';
import { z } from 'zod';

export const weather = tool({
  description: 'Weather for the kiln room.',
  parameters: z.object({ room: z.string() }),
  execute: async ({ room }) => ({ room, celsius: 21 }),
});
`,
    },
    tools: [],
  },
];

const FORWARDED_RENAME_FIXTURES: StyleFixture[] = [
  {
    title:
      'tools/call forwarded with the request in an options object to another module, which renames the tool name and switches over it; the prompts/get forwarder and a switch over another field stay silent',
    files: {
      'package.json': MCP_PACKAGE,
      'src/server.ts': `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, GetPromptRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { onToolCall } from './handlers/calls.js';
import { onPromptGet } from './handlers/prompts.js';

export function buildServer(store: Map<string, number>, readOnly: boolean) {
  const server = new Server({ name: 'stock', version: '1.0.0' }, { capabilities: { tools: {}, prompts: {} } });
  server.setRequestHandler(CallToolRequestSchema, (request) => onToolCall({ request, store, readOnly }));
  server.setRequestHandler(GetPromptRequestSchema, (request) => onPromptGet({ request, store }));
  return server;
}
`,
      'src/handlers/calls.ts': `import type { CallToolRequest } from '@modelcontextprotocol/sdk/types.js';

type StockAction = 'count_items' | 'restock' | 'purge';

export async function onToolCall({
  request,
  store,
  readOnly,
}: {
  request: CallToolRequest;
  store: Map<string, number>;
  readOnly: boolean;
}) {
  const { name, arguments: args = {} } = request.params;
  const action = name as StockAction;
  const unit = String(args.unit ?? 'box') as 'box' | 'pallet';
  switch (unit) {
    case 'pallet':
      args.quantity = Number(args.quantity ?? 0) * 40;
      break;
  }
  if (readOnly && action !== 'count_items') throw new Error('read-only');
  switch (action) {
    case 'count_items':
      return countItems(store, String(args.sku));
    case 'restock':
      return restock(store, String(args.sku), Number(args.quantity));
    case 'purge':
      return purge(store);
    default:
      throw new Error('Unknown tool: ' + action);
  }
}

async function countItems(store: Map<string, number>, sku: string) {
  return { content: [{ type: 'text' as const, text: String(store.get(sku) ?? 0) }] };
}
async function restock(store: Map<string, number>, sku: string, quantity: number) {
  store.set(sku, (store.get(sku) ?? 0) + quantity);
  return { content: [{ type: 'text' as const, text: 'ok' }] };
}
async function purge(store: Map<string, number>) {
  store.clear();
  return { content: [{ type: 'text' as const, text: 'purged' }] };
}
`,
      'src/handlers/prompts.ts': `import type { GetPromptRequest } from '@modelcontextprotocol/sdk/types.js';

export async function onPromptGet({ request, store }: { request: GetPromptRequest; store: Map<string, number> }) {
  const { name } = request.params;
  const promptName = name as 'reorder_plan';
  switch (promptName) {
    case 'reorder_plan':
      return { messages: [{ role: 'user', content: { type: 'text', text: 'Plan ' + describe(store) } }] };
  }
  throw new Error('Unknown prompt');
}

function describe(store: Map<string, number>) {
  return [...store.keys()].join(', ');
}
`,
    },
    tools: [
      {
        file: 'src/handlers/calls.ts',
        name: 'count_items',
        kind: 'dispatch',
        handler: 'countItems',
        evidence: /tool name passed to onToolCall/,
      },
      { file: 'src/handlers/calls.ts', name: 'restock', kind: 'dispatch', handler: 'restock' },
      { file: 'src/handlers/calls.ts', name: 'purge', kind: 'dispatch', handler: 'purge' },
    ],
  },
  {
    title: 'a same-file forwarded function renaming by destructuring (const { name: op } = request.params)',
    files: {
      'package.json': MCP_PACKAGE,
      'src/index.ts': `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, type CallToolRequest } from '@modelcontextprotocol/sdk/types.js';

const server = new Server({ name: 'notes', version: '1.0.0' }, { capabilities: { tools: {} } });

async function route({ request }: { request: CallToolRequest }) {
  const { name: op, arguments: args } = request.params;
  if (op === 'add_note') {
    return addNote(String(args?.text));
  }
  throw new Error('Unknown tool ' + op);
}

async function addNote(text: string) {
  return { content: [{ type: 'text' as const, text: 'added ' + text }] };
}

server.setRequestHandler(CallToolRequestSchema, async (request) => route({ request }));
`,
    },
    tools: [{ file: 'src/index.ts', name: 'add_note', kind: 'dispatch', handler: 'addNote' }],
  },
];

const CLASSIFIER_FIXTURES: StyleFixture[] = [
  {
    title:
      'a risk classifier the dispatcher hands the tool name to (if returning a verdict object, a switch returning levels) adds no tools; the dispatcher switch and a constant tool-result branch still do',
    files: {
      'package.json': MCP_PACKAGE,
      'src/security/policy.ts': `export interface Verdict {
  risk: 'low' | 'medium' | 'destructive' | 'unknown';
  reason: string;
}

export function classifyCall(toolName: string, args: Record<string, unknown>): Verdict {
  if (toolName === 'drop_table') {
    return { risk: 'destructive', reason: 'Drops a table and its rows.' };
  }
  if (toolName === 'write_rows' && args.upsert === true) {
    return { risk: 'medium', reason: \`\${toolName} may overwrite rows\` };
  }
  return { risk: levelOf(toolName), reason: 'by tool' };
}

function levelOf(toolName: string): Verdict['risk'] {
  switch (toolName) {
    case 'read_rows':
      return 'low';
    case 'write_rows':
      return 'medium';
    default:
      return 'unknown';
  }
}

export function allowed(verdict: Verdict, mode: string): boolean {
  return mode === 'admin' || verdict.risk === 'low';
}
`,
      'src/server.ts': `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { allowed, classifyCall } from './security/policy.js';
import { dropTable, readRows, writeRows } from './db.js';

const server = new Server({ name: 'rows', version: '1.0.0' }, { capabilities: { tools: {} } });
const mode = process.env.ROWS_MODE ?? 'read';

server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name, arguments: args = {} } = request.params;
  if (name === 'health') {
    return { content: [{ type: 'text' as const, text: 'ok' }] };
  }
  const verdict = classifyCall(name, args);
  if (!allowed(verdict, mode)) {
    return { isError: true, content: [{ type: 'text' as const, text: verdict.reason }] };
  }
  switch (name) {
    case 'drop_table':
      return dropTable(String(args.table));
    case 'read_rows':
      return readRows(String(args.table));
    case 'write_rows':
      return writeRows(String(args.table), args.rows);
    default:
      throw new Error('Unknown tool ' + name);
  }
});
`,
      'src/db.ts': `export async function dropTable(table: string) {
  return { content: [{ type: 'text' as const, text: 'dropped ' + table }] };
}
export async function readRows(table: string) {
  return { content: [{ type: 'text' as const, text: 'rows of ' + table }] };
}
export async function writeRows(table: string, rows: unknown) {
  return { content: [{ type: 'text' as const, text: 'wrote ' + JSON.stringify(rows) + ' to ' + table }] };
}
`,
    },
    tools: [
      { file: 'src/server.ts', name: 'health', kind: 'dispatch' },
      { file: 'src/server.ts', name: 'drop_table', kind: 'dispatch' },
      { file: 'src/server.ts', name: 'read_rows', kind: 'dispatch' },
      { file: 'src/server.ts', name: 'write_rows', kind: 'dispatch' },
    ],
  },
];

export const ROUND_NINE_A_FIXTURES: StyleFixture[] = [
  ...FRAMEWORK_BUILDER_FIXTURES,
  ...FORWARDED_RENAME_FIXTURES,
  ...CLASSIFIER_FIXTURES,
];
