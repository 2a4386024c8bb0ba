/**
 * Shapes of the round 21 held-out set (docs/real-code-evaluation-round21.md), written from scratch with
 * invented names, each next to look-alikes that must stay silent. Shared by the engine, CLI and
 * language-server tests.
 */
import { MCP_PACKAGE, type StyleFixture } from './styleFixtures';

const TUPLE_REGISTRAR_FIXTURE: StyleFixture = {
  title:
    'a registrar factory returning [register, list, map] (or { register }) destructured by the server, which calls register(def) per definition: the definitions are tools; the other slots, the factory call and a tuple of a non-registrar stay silent',
  files: {
    'package.json': MCP_PACKAGE,
    'src/mcp/registry.ts': `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export type KettleTool = {
  name: string;
  description: string;
  args?: object;
  tool: (client: unknown, args: unknown) => Promise<{ content: [] }>;
};
export function buildKettleRegistrar(server: McpServer, client: unknown): [(def: KettleTool) => void, string[], Map<string, KettleTool>] {
  const names: string[] = [];
  const byName = new Map<string, KettleTool>();
  const register = (def: KettleTool): void => {
    byName.set(def.name, def);
    names.push(def.name);
    server.registerTool(def.name, { description: def.description, inputSchema: def.args }, async (args: unknown) => {
      return def.tool(client, args);
    });
  };
  return [register, names, byName];
}
export function buildKettleKit(server: McpServer) {
  function enlist(def: KettleTool) {
    server.tool(def.name, def.description, async (args: unknown) => def.tool(undefined, args));
  }
  return { enlist, count: () => 0 };
}
export function listKettles(): [string[], (entry: { name: string; description: string }) => void] {
  const seen: string[] = [];
  return [seen, (entry) => seen.push(entry.name)];
}
`,
    'src/mcp/tools/boil.ts': `import type { KettleTool } from '../registry';
export const tool$kettleBoil: KettleTool = {
  name: 'boil-kettle',
  description: 'Boils the kettle',
  args: {},
  tool: async (client, input) => ({ content: [] }),
};
`,
    'src/mcp/tools/pour.ts': `import type { KettleTool } from '../registry';
export const tool$kettlePour: KettleTool = {
  name: 'pour-kettle',
  description: 'Pours',
  tool: async () => ({ content: [] }),
};
`,
    'src/mcp/tools/descale.ts': `import type { KettleTool } from '../registry';
export const tool$kettleDescale: KettleTool = {
  name: 'descale-kettle',
  description: 'Descales',
  tool: async () => ({ content: [] }),
};
`,
    'src/mcp/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { buildKettleKit, buildKettleRegistrar, listKettles } from './registry';
import { tool$kettleBoil } from './tools/boil';
import { tool$kettlePour } from './tools/pour';
import { tool$kettleDescale } from './tools/descale';
export function createKettleServer() {
  const server = new McpServer({ name: 'kettle', version: '1.0.0' });
  const [tool, names, byName] = buildKettleRegistrar(server, {});
  tool(tool$kettleBoil);
  tool(tool$kettlePour);
  const { enlist } = buildKettleKit(server);
  enlist(tool$kettleDescale);
  const [seen, note] = listKettles();
  note({ name: 'not-a-tool', description: 'just noted' });
  return { server, names, byName, seen };
}
`,
  },
  tools: [
    {
      file: 'src/mcp/tools/boil.ts',
      name: 'boil-kettle',
      kind: 'definition',
      evidence: /returns a registrar/,
    },
    { file: 'src/mcp/tools/pour.ts', name: 'pour-kettle', kind: 'definition', handler: 'tool' },
    { file: 'src/mcp/tools/descale.ts', name: 'descale-kettle', kind: 'definition', handler: 'tool' },
  ],
};

const BUILT_DEFINITION_FIXTURE: StyleFixture = {
  title:
    'a function that builds const tool = { name, inputSchema } and const handler locally and returns { metadata, tool, handler }: a tool, like the module-level shape; a returned { tool } without a schema and a const of another function stay silent',
  files: {
    'package.json': MCP_PACKAGE,
    'src/server/script-tool.ts': `import type { Tool } from '@modelcontextprotocol/sdk/types.js';
export async function scriptTool() {
  const metadata = { resource: 'all', operation: 'write' };
  const tool: Tool = {
    name: 'run_script',
    description: 'Runs a script against the bakery API',
    inputSchema: { type: 'object', properties: { source: { type: 'string' } } },
  };
  const handler = async (_client: unknown, args: { source?: string }) => {
    return { content: [{ type: 'text', text: String(args.source?.length ?? 0) }] };
  };
  return { metadata, tool, handler };
}
export function bannerTool() {
  const tool = { name: 'show_banner', description: 'no schema here' };
  const handler = async () => ({ content: [] });
  return { tool, handler };
}
function otherScope() {
  const tool = { name: 'elsewhere_tool', inputSchema: { type: 'object' } };
  return tool;
}
export function strayTool() {
  const handler = async () => ({ content: [] });
  return { tool: otherScope, handler };
}
`,
    'src/server/index.ts': `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { scriptTool } from './script-tool';
export async function start() {
  const endpoints = [await scriptTool()];
  const server = new Server({ name: 'bakery', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: endpoints.map((e) => e.tool) }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const endpoint = endpoints.find((e) => e.tool.name === request.params.name);
    if (!endpoint) throw new Error('unknown tool');
    return endpoint.handler(undefined, request.params.arguments ?? {});
  });
  return server;
}
`,
  },
  tools: [
    { file: 'src/server/script-tool.ts', name: 'run_script', kind: 'definition', handler: 'handler' },
    { file: 'src/server/index.ts', name: null, kind: 'setRequestHandler' },
  ],
};

export const ROUND_TWENTY_ONE_FIXTURES: StyleFixture[] = [TUPLE_REGISTRAR_FIXTURE, BUILT_DEFINITION_FIXTURE];
