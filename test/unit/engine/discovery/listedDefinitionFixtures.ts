/**
 * Handler-less definition objects that a `tools/list` answer returns, served by one generic `tools/call`
 * (round 5, shape 3 of docs/real-code-evaluation-round5.md), written from scratch with invented names.
 * The negatives: objects of the same shape that no list answer returns. Shared by the engine, CLI and
 * language-server tests.
 */
import { MCP_PACKAGE, type StyleFixture } from './styleFixtures';

const LIST_IMPORTS = `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
`;

function shapeModule(exportName: string, toolName: string): string {
  return `import { z } from 'zod';
import { zodToJsonSchema } from 'zod-to-json-schema';
const schema = z.object({ size: z.number() });
// The shape's descriptor
const tool = {
  name: '${toolName}',
  description: 'Draws a ${exportName}',
  inputSchema: zodToJsonSchema(schema),
};
export const ${exportName} = { schema, tool };
`;
}

export const LISTED_DEFINITION_FIXTURES: StyleFixture[] = [
  {
    title:
      'handler-less definitions listed as Object.values(ns).map((m) => m.tool) through a barrel; an unlisted one is not a tool',
    files: {
      'package.json': MCP_PACKAGE,
      'src/shapes/circle.ts': shapeModule('circle', 'draw_circle'),
      'src/shapes/hex-grid.ts': shapeModule('hexGrid', 'draw_hex_grid'),
      'src/shapes/star.ts': shapeModule('star', 'draw_star'),
      'src/shapes/index.ts': `export { circle } from './circle';
export { hexGrid as 'hex-grid' } from './hex-grid';
export * from './star';
`,
      'src/drafts/sketch.ts': `import { zodToJsonSchema } from 'zod-to-json-schema';
import { z } from 'zod';
// Same shape, but no tools/list answer returns it: a draft, not a tool.
const tool = {
  name: 'draw_sketch',
  description: 'Not served yet',
  inputSchema: zodToJsonSchema(z.object({})),
};
export const sketch = { schema: z.object({}), tool };
`,
      'src/render.ts': `import * as Shapes from './shapes';
const NAME_TO_KEY: Record<string, string> = { draw_circle: 'circle', draw_hex_grid: 'hex-grid', draw_star: 'star' };
export async function renderShape(name: string, args: unknown) {
  const key = NAME_TO_KEY[name];
  if (!key) throw new Error('Unknown shape: ' + name);
  const module = (Shapes as Record<string, { schema: { parse(v: unknown): unknown } }>)[key];
  return { content: [{ type: 'text', text: JSON.stringify(module?.schema.parse(args)) }] };
}
`,
      'src/server.ts': `${LIST_IMPORTS}import * as Shapes from './shapes';
import { renderShape } from './render';
const server = new Server({ name: 'shapes', version: '1.0.0' }, { capabilities: { tools: {} } });
function enabledShapes() {
  const all = Object.values(Shapes);
  const hidden = (process.env.HIDDEN_SHAPES ?? '').split(',');
  if (hidden.length === 0) return all;
  return all.filter((shape) => !hidden.includes(shape.tool.name));
}
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: enabledShapes().map((shape) => shape.tool),
}));
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  return await renderShape(request.params.name, request.params.arguments);
});
`,
    },
    tools: [
      { file: 'src/shapes/circle.ts', name: 'draw_circle', kind: 'definition', evidence: /tools\/list answer/ },
      { file: 'src/shapes/hex-grid.ts', name: 'draw_hex_grid', kind: 'definition' },
      { file: 'src/shapes/star.ts', name: 'draw_star', kind: 'definition' },
    ],
  },
  {
    title:
      'an array literal of imported handler-less definitions in the tools/list answer; a definition of the same module it leaves out is not a tool',
    files: {
      'package.json': MCP_PACKAGE,
      'src/definitions.ts': `export const pingDefinition = {
  name: 'ping_host',
  description: 'Pings a host',
  inputSchema: { type: 'object', properties: { host: { type: 'string' } } },
};
export const traceDefinition = {
  name: 'trace_route',
  description: 'Traces a route',
  inputSchema: { type: 'object', properties: {} },
};
export const retiredDefinition = {
  name: 'finger_user',
  description: 'Retired',
  inputSchema: { type: 'object', properties: {} },
};
export const probeList = [traceDefinition];
`,
      'src/server.ts': `${LIST_IMPORTS}import { pingDefinition, probeList } from './definitions';
const server = new Server({ name: 'net', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => {
  return { tools: [pingDefinition, ...probeList] };
});
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const output = await runNetworkCommand(request.params.name, request.params.arguments);
  return { content: [{ type: 'text', text: output }] };
});
async function runNetworkCommand(name: string, args: unknown): Promise<string> {
  return name + JSON.stringify(args);
}
`,
    },
    tools: [
      { file: 'src/definitions.ts', name: 'ping_host', kind: 'definition' },
      { file: 'src/definitions.ts', name: 'trace_route', kind: 'definition' },
    ],
  },
  {
    title: 'a tools/list answer listing definitions that a switch dispatcher already routes: each tool counted once',
    files: {
      'package.json': MCP_PACKAGE,
      'src/definitions.ts': `export const ADD_TOOL = {
  name: 'add_numbers',
  description: 'Adds',
  inputSchema: { type: 'object', properties: {} },
};
export const LISTED = [ADD_TOOL];
`,
      'src/server.ts': `${LIST_IMPORTS}import { LISTED } from './definitions';
const server = new Server({ name: 'calc', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: LISTED }));
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  switch (request.params.name) {
    case 'add_numbers':
      return { content: [{ type: 'text', text: '3' }] };
    default:
      throw new Error('unknown tool');
  }
});
`,
    },
    tools: [{ file: 'src/server.ts', name: 'add_numbers', kind: 'dispatch' }],
  },
  {
    title:
      'a tools/list answer listing definitions whose tools another file registers by name: each tool counted once, at the registration',
    files: {
      'package.json': MCP_PACKAGE,
      'src/catalog.ts': `export const CATALOG = [
  { name: 'open_tab', description: 'Opens a tab', inputSchema: { type: 'object', properties: {} } },
];
`,
      'src/server.ts': `${LIST_IMPORTS}import { CATALOG } from './catalog';
import { forwardToWorker } from './bridge';
const server = new Server({ name: 'browser', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: CATALOG }));
server.setRequestHandler(CallToolRequestSchema, async (request) =>
  forwardToWorker(request.params.name, request.params.arguments),
);
`,
      'src/bridge.ts': `export async function forwardToWorker(name: string, args: unknown) {
  return { content: [{ type: 'text', text: name + JSON.stringify(args) }] };
}
`,
      'src/worker.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const worker = new McpServer({ name: 'worker', version: '1.0.0' });
worker.registerTool('open_tab', { description: 'Opens a tab' }, async () => ({ content: [{ type: 'text', text: 'opened' }] }));
`,
    },
    tools: [{ file: 'src/worker.ts', name: 'open_tab', kind: 'registerTool' }],
  },
];
