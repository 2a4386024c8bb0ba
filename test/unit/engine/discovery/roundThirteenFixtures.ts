/**
 * Shapes of the round 13 held-out set (docs/real-code-evaluation-round13.md), written from scratch with
 * invented names, each next to look-alikes that must stay silent. Shared by the engine, CLI and
 * language-server tests.
 */
import { MCP_PACKAGE, type StyleFixture } from './styleFixtures';

const ANSWER = `{ content: [{ type: 'text' as const, text: 'done' }] }`;

const SPREAD_METADATA_FIXTURE: StyleFixture = {
  title:
    'tool metadata objects ({ name, inputSchema }) spread into list entries that add the handler ({ ...meta, handler }), imported under aliases or local; a CLI command table, a router, a package spread and a nameless agent tool stay silent',
  files: {
    'package.json': MCP_PACKAGE,
    'src/tools/lookupWord.ts': `export const meta = {
  name: 'word_lookup',
  description: 'Look a word up',
  inputSchema: { type: 'object', properties: { word: { type: 'string' } }, required: ['word'] },
} as const;

export async function lookupWord(args: { word: string }) {
  return { content: [{ type: 'text' as const, text: args.word }] };
}
`,
    'src/tools/countWords.ts': `export const definition = {
  name: 'count_words',
  description: 'Count the words of a text',
  inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
};

export const countWords = async (args: { text: string }) => ({
  content: [{ type: 'text' as const, text: String(args.text.split(' ').length) }],
});
`,
    'src/tools/local.ts': `const pingMeta = {
  name: 'ping',
  description: 'Answer pong',
  inputSchema: { type: 'object', properties: {} },
};

function ping() {
  return ${ANSWER};
}

export const localTools = [{ ...pingMeta, handler: ping }];
`,
    'src/tools/index.ts': `import { meta as lookupMeta, lookupWord } from './lookupWord.js';
import { definition as countMeta, countWords } from './countWords.js';
import { localTools } from './local.js';

export const tools = [
  { ...lookupMeta, handler: lookupWord },
  {
    ...countMeta,
    handler: countWords,
  },
  ...localTools,
];
`,
    'src/server.ts': `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { tools } from './tools/index.js';

const server = new Server({ name: 'words', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: tools.map(({ name, description, inputSchema }) => ({ name, description, inputSchema })),
}));
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const tool = tools.find((t) => t.name === request.params.name);
  if (!tool) throw new Error('Unknown tool');
  return tool.handler(request.params.arguments as never);
});
`,
    // Look-alikes: a CLI command table completing command metadata (no input schema), a router entry
    // (a path), a spread of a package's object, and an agent tool whose metadata has no name.
    'src/cli/meta.ts': `export const buildMeta = { name: 'build', description: 'Build it', flags: { watch: false } };
export const routeMeta = { name: 'home', path: '/', inputSchema: { type: 'object' } };
`,
    'src/cli/commands.ts': `import { buildMeta, routeMeta } from './meta.js';
import { defaults } from 'command-kit';
function runBuild() {
  return 0;
}
export const commands = [{ ...buildMeta, handler: runBuild }, { ...defaults, handler: runBuild }];
export const routes = [{ ...routeMeta, handler: runBuild }];
`,
    'src/agent/weather.ts': `const weatherMeta = { description: 'Weather', parameters: { type: 'object' } };
async function forecast() {
  return 'sunny';
}
export const agentTools = [{ ...weatherMeta, execute: forecast }];
`,
    'src/tools/lookupWord.test.ts': `import { meta } from './lookupWord.js';
const cases = [{ ...meta, handler: () => 'fake' }];
export default cases;
`,
  },
  tools: [
    {
      file: 'src/tools/lookupWord.ts',
      name: 'word_lookup',
      kind: 'definition',
      handler: 'lookupWord',
      evidence: /spread into a definition with its handler/,
    },
    { file: 'src/tools/countWords.ts', name: 'count_words', kind: 'definition', handler: 'countWords' },
    { file: 'src/tools/local.ts', name: 'ping', kind: 'definition', handler: 'ping' },
  ],
};

const HAND_WRITTEN_REQUEST_SCHEMA_FIXTURE: StyleFixture = {
  title:
    'low-level servers written like plain JavaScript that route tools/call with a hand-written z.object({ method: z.literal("tools/call") }) schema, branching on params.name and falling through to a helper that branches too; a prompts/get handler, a method that is not a literal and an HTTP route stay silent',
  files: {
    'package.json': MCP_PACKAGE,
    'server/extra.ts': `export async function handleExtra(name, args) {
  if (name === 'note_add') {
    return { content: [{ type: 'text', text: 'added ' + args.text }] };
  }
  throw new Error('Unknown tool ' + name);
}
`,
    'server/index.ts': `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';
import { handleExtra } from './extra.js';

const server = new Server({ name: 'notes', version: '1.0.0' }, { capabilities: { tools: {}, prompts: {} } });

server.setRequestHandler(
  z.object({ method: z.literal('tools/call'), params: z.object({ name: z.string(), arguments: z.any() }) }),
  async ({ params }) => {
    if (params.name === 'note_list') {
      return { content: [{ type: 'text', text: 'a, b' }] };
    }
    if (params.name === 'note_count') {
      return { content: [{ type: 'text', text: '2' }] };
    }
    return handleExtra(params.name, params.arguments);
  },
);

server.setRequestHandler(z.object({ method: z.literal('prompts/get'), params: z.object({ name: z.string() }) }), async ({ params }) => {
  if (params.name === 'summary_prompt') {
    return { messages: [] };
  }
  throw new Error('Unknown prompt');
});

server.setRequestHandler(z.object({ method: z.string() }), async (request) => {
  if (request.params.name === 'anything') return { content: [] };
  return {};
});

await server.connect(new StdioServerTransport());
`,
    'web/rpc.ts': `import express from 'express';
import { z } from 'zod';
const CallSchema = z.object({ method: z.literal('tools/call'), params: z.object({ name: z.string() }) });
const app = express();
app.post('/rpc', (req, res) => {
  const body = CallSchema.parse(req.body);
  if (body.params.name === 'proxy_only') res.json({ ok: true });
});
`,
  },
  tools: [
    {
      file: 'server/index.ts',
      name: 'note_list',
      kind: 'dispatch',
      evidence: /tools\/call handler registered by \.setRequestHandler/,
    },
    { file: 'server/index.ts', name: 'note_count', kind: 'dispatch' },
    { file: 'server/extra.ts', name: 'note_add', kind: 'dispatch' },
  ],
};

const BUILT_LIST_FIXTURE: StyleFixture = {
  title:
    'handler-less definitions listed through builder functions called with a config (getTools(config) returning [searchDefinition(config), fetchDefinition], the builder returning a shared constant or a fresh object), handlers in a separate name-keyed object; a prompts/list answer built the same way and an unlisted builder stay silent',
  files: {
    'package.json': MCP_PACKAGE,
    'src/tools/search.ts': `interface Mode {
  fast?: boolean;
}
function buildSearch(mode?: Mode) {
  return {
    name: 'find_pages',
    description: mode?.fast ? 'Find pages quickly' : 'Find pages',
    inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
  };
}
export const defaultSearch = buildSearch();
export function searchDefinition(mode?: Mode) {
  if (!mode) return defaultSearch;
  return buildSearch(mode);
}
export function makeSearchHandler(mode?: Mode) {
  return async (args: { query: string }) => ({ content: [{ type: 'text' as const, text: args.query + String(mode?.fast) }] });
}
`,
    'src/tools/fetch.ts': `export const fetchDefinition = {
  name: 'fetch_page',
  description: 'Fetch a page',
  inputSchema: { type: 'object', properties: { url: { type: 'string' } } },
};
export const fetchPage = async (args: { url: string }) => ({ content: [{ type: 'text' as const, text: args.url }] });
`,
    'src/tools/index.ts': `import { fetchDefinition, fetchPage } from './fetch.js';
import { makeSearchHandler, searchDefinition } from './search.js';
export function listDefinitions(mode?: { fast?: boolean }) {
  return [searchDefinition(mode), fetchDefinition];
}
export function handlersFor(mode?: { fast?: boolean }) {
  return { find_pages: makeSearchHandler(mode), fetch_page: fetchPage };
}
`,
    'src/prompts.ts': `function promptDefinition(topic: string) {
  return { name: 'summarize_' + topic, description: 'Summarize', arguments: [], inputSchema: { type: 'object' } };
}
export function listPrompts(topic: string) {
  return [promptDefinition(topic)];
}
export function unusedDefinition() {
  return { name: 'never_listed', description: 'x', inputSchema: { type: 'object' } };
}
`,
    'src/index.ts': `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListPromptsRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { handlersFor, listDefinitions } from './tools/index.js';
import { listPrompts } from './prompts.js';

const mode = { fast: process.env.FAST === '1' };
const definitions = listDefinitions(mode);
const handlers: Record<string, (args: never) => Promise<unknown>> = handlersFor(mode);
const server = new Server({ name: 'pages', version: '1.0.0' }, { capabilities: { tools: {}, prompts: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: definitions }));
server.setRequestHandler(ListPromptsRequestSchema, async () => ({ prompts: listPrompts('news') }));
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const handler = handlers[request.params.name];
  if (!handler) throw new Error('Unknown tool');
  return (await handler(request.params.arguments as never)) as never;
});
`,
  },
  // The name-keyed object of handlers that handlersFor builds is the dispatcher's table (builtHandlerTables.ts): each
  // tool is listed once, at its entry, with the function its factory returns as the handler.
  tools: [
    { file: 'src/tools/index.ts', name: 'find_pages', kind: 'dispatch', evidence: /built handler table/ },
    { file: 'src/tools/index.ts', name: 'fetch_page', kind: 'dispatch', handler: 'fetchPage' },
  ],
};

const RECEIVER_DISPATCH_FIXTURE: StyleFixture = {
  title:
    'a tools/call handler in a server class forwarding the name through its own method to a field typed as an imported registry class (this.registry!.execute(name)), whose method switches on the name, and to a module-level instance of a local class with its own switch; a logger from a package, a method that does not branch and a prompts/get forwarder stay silent',
  files: {
    'package.json': MCP_PACKAGE,
    'src/registry.ts': `export class ToolRegistry {
  private readonly hits = new Map<string, number>();
  async execute(name: string, args: Record<string, unknown>) {
    this.hits.set(name, (this.hits.get(name) ?? 0) + 1);
    return this.runUtility(name, args);
  }
  private async runUtility(name: string, args: Record<string, unknown>) {
    switch (name) {
      case 'cache_flush':
        return ${ANSWER};
      case 'cache_report':
        return { content: [{ type: 'text' as const, text: JSON.stringify(args) }] };
      default:
        throw new Error('Unknown tool ' + name);
    }
  }
}

export class PromptBook {
  render(name: string) {
    switch (name) {
      case 'greeting_prompt':
        return { messages: [] };
      default:
        return { messages: [] };
    }
  }
}
`,
    'src/server.ts': `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, GetPromptRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { Logger } from 'tiny-logger-kit';
import { PromptBook, ToolRegistry } from './registry.js';

class Meter {
  count(name: string) {
    return name.length;
  }
}

class Clock {
  async tell(name: string) {
    switch (name) {
      case 'clock_now':
        return { content: [{ type: 'text' as const, text: new Date().toISOString() }] };
      case 'clock_zone':
        return { content: [{ type: 'text' as const, text: 'UTC' }] };
      default:
        return undefined;
    }
  }
}
const clock = new Clock();

export class AppServer {
  private registry: ToolRegistry | null = null;
  private readonly prompts = new PromptBook();
  private readonly meter = new Meter();
  private logger: Logger;
  constructor(private readonly server: Server, logger: Logger) {
    this.logger = logger;
    this.registry = new ToolRegistry();
  }
  setup() {
    this.server.setRequestHandler(CallToolRequestSchema, async (request) => {
      return this.handleCall(request.params.name, request.params.arguments ?? {});
    });
    this.server.setRequestHandler(GetPromptRequestSchema, async (request) => this.prompts.render(request.params.name));
  }
  private async handleCall(name: string, args: Record<string, unknown>) {
    this.logger.info(name);
    this.meter.count(name);
    const timed = await clock.tell(name);
    if (timed) return timed;
    return this.registry!.execute(name, args);
  }
}
`,
  },
  tools: [
    {
      file: 'src/registry.ts',
      name: 'cache_flush',
      kind: 'dispatch',
      evidence: /tool name passed to this\.registry!?\.execute/,
    },
    { file: 'src/registry.ts', name: 'cache_report', kind: 'dispatch' },
    { file: 'src/server.ts', name: 'clock_now', kind: 'dispatch' },
    { file: 'src/server.ts', name: 'clock_zone', kind: 'dispatch' },
  ],
};

export const ROUND_THIRTEEN_FIXTURES: StyleFixture[] = [
  SPREAD_METADATA_FIXTURE,
  HAND_WRITTEN_REQUEST_SCHEMA_FIXTURE,
  BUILT_LIST_FIXTURE,
  RECEIVER_DISPATCH_FIXTURE,
];
