/**
 * Shapes of the round 7 held-out set (docs/real-code-evaluation-round7.md), written from scratch with
 * invented names, each next to look-alikes that must stay silent. Shared by the engine, CLI and
 * language-server tests.
 */
import { MCP_PACKAGE, type StyleFixture } from './styleFixtures';

const TOOL_TYPE = `import type { Tool } from '@modelcontextprotocol/sdk/types.js';\n`;

function definition(exportName: string, toolName: string): string {
  return `export const ${exportName}: Tool = {
  name: '${toolName}',
  description: 'Does ${toolName}',
  inputSchema: { type: 'object', properties: { sku: { type: 'string' } } },
  annotations: { title: '${toolName}' },
};
`;
}

const LOOPED_DEFINITION_FIXTURES: StyleFixture[] = [
  {
    title:
      'handler-less definitions registered by for…of over a filtered list (imported filter, local list function); prompt and resource loops and an unlisted definition stay silent',
    files: {
      'package.json': MCP_PACKAGE,
      'src/areas/stock/defs.ts': `${TOOL_TYPE}${definition('countStockTool', 'stock_count')}${definition('moveStockTool', 'stock_move')}
// Same shape, never put in the list: a draft, not a tool.
${definition('auditStockTool', 'stock_audit')}`,
      'src/areas/orders/defs.ts': `${TOOL_TYPE}${definition('placeOrderTool', 'order_place')}`,
      'src/areas/stock/handlers.ts': `type Handler = (args: Record<string, unknown>) => Promise<unknown>;
export const stockHandlers: Record<string, Handler> = {
  async stock_count(args) {
    return { count: String(args.sku).length };
  },
  async stock_move(args) {
    return { moved: args.sku };
  },
};
`,
      'src/util/enabled.ts': `export function onlyEnabled<T extends { name: string }>(list: T[], enabled?: Set<string>): T[] {
  if (!enabled || enabled.size === 0) return list;
  return list.filter((item) => enabled.has(item.name));
}
`,
      'src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Prompt, Resource, Tool } from '@modelcontextprotocol/sdk/types.js';
import { countStockTool, moveStockTool } from './areas/stock/defs.js';
import { placeOrderTool } from './areas/orders/defs.js';
import { stockHandlers } from './areas/stock/handlers.js';
import { onlyEnabled } from './util/enabled.js';

const handlers = { ...stockHandlers };
const prompts: Prompt[] = [{ name: 'restock_plan', description: 'Plan a restock', arguments: [] }];
const resources: Resource[] = [{ name: 'catalogue', uri: 'stock://catalogue', description: 'All items' }];

export function allTools(): Tool[] {
  return [countStockTool, moveStockTool, placeOrderTool];
}

async function run(name: string, args: unknown) {
  const handler = handlers[name];
  if (!handler) return { isError: true, content: [{ type: 'text' as const, text: 'unknown tool ' + name }] };
  const result = await handler(args as Record<string, unknown>);
  return { content: [{ type: 'text' as const, text: JSON.stringify(result) }] };
}

export function registerAll(server: McpServer, enabled: Set<string>) {
  for (const tool of onlyEnabled(allTools(), enabled)) {
    server.registerTool(
      tool.name,
      { title: tool.annotations?.title, description: tool.description },
      async (args: unknown) => run(tool.name, args),
    );
  }
  for (const prompt of prompts) {
    server.registerPrompt(prompt.name, { description: prompt.description }, () => ({ messages: [] }));
  }
  for (const resource of resources) {
    server.registerResource(resource.name, resource.uri, { description: resource.description }, (uri) => ({
      contents: [{ uri: uri.href, text: 'catalogue' }],
    }));
  }
}
`,
    },
    tools: [
      {
        file: 'src/areas/stock/defs.ts',
        name: 'stock_count',
        kind: 'definition',
        evidence: /item of the list a registration loop iterates/,
      },
      { file: 'src/areas/stock/defs.ts', name: 'stock_move', kind: 'definition' },
      { file: 'src/areas/orders/defs.ts', name: 'order_place', kind: 'definition' },
    ],
  },
  {
    title:
      'handler-less definitions registered by list.forEach((t) => server.tool(t.name, …)) through a local pass-through filter; a renaming helper is not followed',
    files: {
      'package.json': MCP_PACKAGE,
      'src/index.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const server = new McpServer({ name: 'weather', version: '1.0.0' });
const forecastTool = { name: 'forecast', description: 'Forecast for a city', parameters: { city: z.string() } };
const alertsTool = { name: 'alerts', description: 'Weather alerts', parameters: { region: z.string() } };
const radarTool = { name: 'radar', description: 'Radar image', parameters: { region: z.string() } };
const legacy = [{ name: 'old_forecast', description: 'Old forecast', parameters: { city: z.string() } }];

function visible<T extends { name: string }>(items: T[]): T[] {
  return process.env.HIDE_RADAR ? items.filter((item) => item.name !== 'radar') : items;
}
function prefixed<T extends { name: string }>(items: T[]) {
  return items.map((item) => ({ ...item, name: 'v1_' + item.name }));
}

async function answer(name: string, args: unknown) {
  return { content: [{ type: 'text' as const, text: name + JSON.stringify(args) }] };
}

visible([forecastTool, alertsTool, radarTool]).forEach((t) => {
  server.tool(t.name, t.description, t.parameters, async (args) => answer(t.name, args));
});
// Served under other names than the objects': not claimed.
prefixed(legacy).forEach((t) => {
  server.tool(t.name, t.description, t.parameters, async (args) => answer(t.name, args));
});
`,
    },
    tools: [
      { file: 'src/index.ts', name: 'forecast', kind: 'definition' },
      { file: 'src/index.ts', name: 'alerts', kind: 'definition' },
      { file: 'src/index.ts', name: 'radar', kind: 'definition' },
    ],
  },
];

export const ROUND_SEVEN_FIXTURES: StyleFixture[] = [...LOOPED_DEFINITION_FIXTURES];
