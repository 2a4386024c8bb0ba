/**
 * Shapes of the round 26 held-out set (docs/real-code-evaluation-round26.md: servers found by their code), written
 * from scratch with invented names, each next to look-alikes that must stay as they are. Shared by the engine, CLI
 * and language-server tests.
 */
import { MCP_PACKAGE, type StyleFixture } from './styleFixtures';

const OK = `{ content: [{ type: 'text' as const, text: 'ok' }] }`;

const PROGRESS_TEXT_FIXTURE: StyleFixture = {
  title:
    'a tools/call handler that hands the tool name to a function switching on it to make a progress text, only sent as a notification: that switch is no dispatcher (the real switch in the handler is); a text that is returned still forwards',
  files: {
    'package.json': MCP_PACKAGE,
    'src/progressText.ts': `export function describeCall(toolName: string, args: Record<string, unknown> | undefined): string {
  const a = args ?? {};
  switch (toolName) {
    case 'water_plant':
      return \`Watering \${String(a.plant ?? '')}\`;
    case 'prune_plant':
      return \`Pruning \${String(a.plant ?? '')} by \${[a.cm].map(String).join('')} cm\`;
    default:
      return \`Running \${toolName}\`;
  }
}
`,
    'src/notify.ts': `export async function sendNotice(text: string, step: number): Promise<void> {
  console.error(step, text);
}
`,
    'src/server.ts': `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { describeCall } from './progressText';
import { sendNotice } from './notify';
const server = new Server({ name: 'garden', version: '1' }, { capabilities: { tools: {} } });
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const toolName = request.params.name;
  const args = request.params.arguments as Record<string, unknown> | undefined;
  const notice = describeCall(toolName, args);
  await sendNotice(notice, 0);
  switch (toolName) {
    case 'water_plant':
      return ${OK};
    case 'prune_plant':
      return ${OK};
    default:
      throw new Error('unknown tool ' + toolName);
  }
});
`,
    'src/shed.ts': `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
const shed = new Server({ name: 'shed', version: '1' }, { capabilities: { tools: {} } });
function answerFor(toolName: string) {
  switch (toolName) {
    case 'open_shed':
      return { content: [{ type: 'text' as const, text: 'opened' }] };
    default:
      throw new Error('unknown tool ' + toolName);
  }
}
shed.setRequestHandler(CallToolRequestSchema, async (request) => {
  const answer = answerFor(request.params.name);
  console.error('answered');
  return answer;
});
`,
  },
  tools: [
    { file: 'src/server.ts', name: 'water_plant', kind: 'dispatch' },
    { file: 'src/server.ts', name: 'prune_plant', kind: 'dispatch' },
    { file: 'src/shed.ts', name: 'open_shed', kind: 'dispatch' },
  ],
};

const ACTION_TABLE_FIXTURE: StyleFixture = {
  title:
    'a tool that forwards to handlers kept under a property named tool in its own action table (entry.tool(subRequest, context), subRequest a constant holding a built request): no registration; server.tool given a name constant still is one',
  files: {
    'package.json': MCP_PACKAGE,
    'src/pondActions.ts': `import type { CallToolRequest } from '@modelcontextprotocol/sdk/types.js';
type PondContext = { depth: number };
type Answer = { content: Array<{ type: 'text'; text: string }> };
async function countFish(request: CallToolRequest, context: PondContext): Promise<Answer> {
  return { content: [{ type: 'text', text: String(context.depth) + String(request.params.name) }] };
}
async function skimPond(request: CallToolRequest, context: PondContext): Promise<Answer> {
  return { content: [{ type: 'text', text: String(context.depth) }] };
}
const POND_ACTIONS = {
  count: { tool: countFish, toolName: 'count_fish' },
  skim: { tool: skimPond, toolName: 'skim_pond' },
};
export async function pondTool(action: 'count' | 'skim', rest: Record<string, unknown>, context: PondContext) {
  const entry = POND_ACTIONS[action];
  const subRequest: CallToolRequest = {
    method: 'tools/call',
    params: { name: entry.toolName, arguments: rest },
  };
  return entry.tool(subRequest, context);
}
`,
    'src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { pondTool } from './pondActions';
const FEED_FISH = 'feed_fish';
const server = new McpServer({ name: 'pond', version: '1' });
server.tool('pond', { action: z.enum(['count', 'skim']) }, async ({ action }) => pondTool(action, {}, { depth: 2 }));
server.tool(FEED_FISH, { grams: z.number() }, async () => ${OK});
`,
  },
  tools: [
    { file: 'src/server.ts', name: 'pond', kind: 'tool' },
    { file: 'src/server.ts', name: 'feed_fish', kind: 'tool' },
  ],
};

const DESTRUCTURED_CONFIG_FIXTURE: StyleFixture = {
  title:
    "a registration factory that takes its config apart (const { name, run } = config) and returns (server) => server.registerTool(name, …), and a wrapper that does the same in its body: each call names its tool by the config's name",
  files: {
    'package.json': MCP_PACKAGE,
    'src/registration.ts': `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
interface ShelfConfig {
  name: string;
  title: string;
  run: (query: string) => Promise<string>;
}
export function shelfRegistration(config: ShelfConfig) {
  const { name, title, run } = config;
  return (server: McpServer) => {
    return server.registerTool(name, { title }, async () => ({
      content: [{ type: 'text' as const, text: await run(title) }],
    }));
  };
}
export function addShelfTool(server: McpServer, config: ShelfConfig) {
  const { name: toolName, run } = config;
  server.registerTool(toolName, { title: config.title }, async () => ({
    content: [{ type: 'text' as const, text: await run(toolName) }],
  }));
}
`,
    'src/books.ts': `import { shelfRegistration } from './registration';
export const registerFindBook = shelfRegistration({
  name: 'find_book',
  title: 'Find a book',
  run: async (query) => query,
});
`,
    'src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { addShelfTool } from './registration';
import { registerFindBook } from './books';
const server = new McpServer({ name: 'library', version: '1' });
registerFindBook(server);
addShelfTool(server, { name: 'count_books', title: 'Count books', run: async () => '12' });
`,
  },
  tools: [
    { file: 'src/books.ts', name: 'find_book', kind: 'wrapper' },
    { file: 'src/server.ts', name: 'count_books', kind: 'wrapper' },
  ],
};

const FACTORY_VALUE_FIXTURE: StyleFixture = {
  title:
    "a definition factory given the tool's name as an argument, its value registered by server.tool(def.name, …): one tool, named at the factory call, not a second nameless one at the SDK call; a factory value whose name the factory writes itself stays named at the SDK call",
  files: {
    'package.json': MCP_PACKAGE,
    'src/pickers.ts': `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
export function pickerTool(_server: McpServer, toolName: string, onPicked?: () => void) {
  return {
    name: toolName,
    description: 'Picks a crate',
    inputSchema: { crate: z.string() },
    handler: async ({ crate }: { crate: string }) => {
      if (onPicked) onPicked();
      return { content: [{ type: 'text' as const, text: crate }] };
    },
  };
}
export function listCratesTool(_server: McpServer) {
  return {
    name: 'list_crates',
    description: 'Lists the crates',
    inputSchema: {},
    handler: async () => ({ content: [{ type: 'text' as const, text: 'a, b' }] }),
  };
}
`,
    'src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { listCratesTool, pickerTool } from './pickers';
const server = new McpServer({ name: 'depot', version: '1' });
const listDef = listCratesTool(server);
server.tool(listDef.name, listDef.description, listDef.inputSchema, listDef.handler);
export function setUp() {
  const pickDef = pickerTool(server, 'pick_crate', () => console.error('picked'));
  const pickTool = server.tool(pickDef.name, pickDef.description, pickDef.inputSchema, pickDef.handler);
  return pickTool;
}
`,
  },
  tools: [
    { file: 'src/server.ts', name: 'list_crates', kind: 'tool' },
    { file: 'src/server.ts', name: 'pick_crate', kind: 'wrapper' },
  ],
};

const PRIVATE_METHOD_GUARD_FIXTURE: StyleFixture = {
  title:
    'a class server whose tools/call handler calls a private method inside a try whose catch answers (and formats the error with the tool name): the dispatcher that method calls in another file, and the handlers its table holds, fail into that catch; the error formatter is no handler',
  files: {
    'package.json': MCP_PACKAGE,
    'src/water.ts': `export async function handleWaterTree(args: unknown) {
  if (!args) throw new Error('which tree?');
  return { content: [{ type: 'text' as const, text: 'watered' }] };
}
`,
    'src/registry.ts': `import { handleWaterTree } from './water';
type Answer = { content: Array<{ type: 'text'; text: string }> };
const orchardHandlers: Record<string, (args: unknown) => Promise<Answer>> = {
  water_tree: handleWaterTree,
};
export async function runOrchardTool(name: string, args: unknown): Promise<Answer> {
  const handler = orchardHandlers[name];
  if (handler === undefined) throw new Error('unknown tool ' + name);
  return handler(args);
}
`,
    'src/errors.ts': `import { readFile } from 'node:fs/promises';
export async function toErrorAnswer(error: unknown, toolName: string) {
  const hint = await readFile('/srv/hints/' + toolName, 'utf8');
  return { content: [{ type: 'text' as const, text: hint + String(error) }], isError: true };
}
`,
    'src/server.ts': `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { runOrchardTool } from './registry';
import { toErrorAnswer } from './errors';
export class OrchardServer {
  private readonly server = new Server({ name: 'orchard', version: '1' }, { capabilities: { tools: {} } });
  constructor() {
    this.server.setRequestHandler(CallToolRequestSchema, async (request) => {
      const { name, arguments: args } = request.params;
      try {
        return await this.callOrchardTool(name, args);
      } catch (error) {
        return await toErrorAnswer(error, name);
      }
    });
  }
  private async callOrchardTool(name: string, args: unknown) {
    return await runOrchardTool(name, args);
  }
}
`,
  },
  tools: [{ file: 'src/registry.ts', name: 'water_tree', kind: 'dispatch', handler: 'handleWaterTree' }],
  findings: [],
  onlyChecks: ['throw-in-handler', 'unguarded-handler'],
};

export const ROUND_TWENTY_SIX_FIXTURES: StyleFixture[] = [
  PROGRESS_TEXT_FIXTURE,
  ACTION_TABLE_FIXTURE,
  DESTRUCTURED_CONFIG_FIXTURE,
  FACTORY_VALUE_FIXTURE,
  PRIVATE_METHOD_GUARD_FIXTURE,
];
