/**
 * Tool APIs of other products with the SDK's method names: an agent host's extension API typed by the host's package,
 * an editor's namespace import, a plug-in host kept as a class member. They are not MCP registrations, even in a
 * package that also serves MCP tools. Receivers typed by MCP packages, by types named for MCP, or by the workspace's
 * own packages still register tools.
 */
import { type StyleFixture } from './styleFixtures';

const HOST_PACKAGE = JSON.stringify({
  name: 'recipes-integrations',
  dependencies: { '@modelcontextprotocol/sdk': '^1.0.0', 'recipe-host-sdk': '^2.0.0' },
  devDependencies: { '@kitchen/agent-host': '^0.9.0' },
});

export const OTHER_TOOL_API_FIXTURES: StyleFixture[] = [
  {
    title:
      "an agent host's extension that registers tools on the host's API (typed by the host's package) is not an MCP server; the package's MCP server still is",
    files: {
      'package.json': HOST_PACKAGE,
      'src/extension.ts': `import type { HostExtensionApi } from '@kitchen/agent-host';
import { Type } from 'typebox';
import { lookupRecipe } from './recipes';
export default function kitchenExtension(host: HostExtensionApi) {
  host.registerTool({
    name: 'find_recipe',
    description: 'Finds a recipe',
    parameters: Type.Object({ dish: Type.String() }),
    async execute(_callId: string, params: { dish: string }) {
      const recipe = await lookupRecipe(params.dish);
      if (!recipe) throw new Error('no recipe for ' + params.dish);
      return { content: [{ type: 'text', text: recipe }] };
    },
  });
}
`,
      'src/recipes.ts': `export async function lookupRecipe(dish: string): Promise<string | undefined> {
  const response = await fetch('https://recipes.example.test/' + encodeURIComponent(dish));
  return response.ok ? response.text() : undefined;
}
`,
      'src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { lookupRecipe } from './recipes';
export function registerRecipeTools(server: McpServer) {
  server.registerTool('find_recipe', { inputSchema: { dish: z.string() } }, async ({ dish }) => {
    const recipe = await lookupRecipe(dish);
    return { content: [{ type: 'text' as const, text: recipe ?? 'none' }] };
  });
}
`,
    },
    tools: [{ file: 'src/server.ts', name: 'find_recipe', kind: 'registerTool' }],
    findings: ['unguarded-handler@src/server.ts'],
    onlyChecks: ['throw-in-handler', 'unguarded-handler'],
  },
  {
    title:
      "an editor's namespace API (`editor.lm.registerTool`) and a plug-in host kept as a typed class member register no MCP tools",
    files: {
      'package.json': HOST_PACKAGE,
      'src/editorTools.ts': `import * as editor from 'recipe-host-sdk';
import { lookupRecipe } from './recipes';
export function activate() {
  editor.lm.registerTool('recipe_lookup', {
    async invoke(options: { input: { dish: string } }) {
      return lookupRecipe(options.input.dish);
    },
  });
}
`,
      'src/plugin.ts': `import type { PluginHost } from 'recipe-host-sdk';
import { lookupRecipe } from './recipes';
export class RecipePlugin {
  constructor(private readonly host: PluginHost) {}
  start() {
    this.host.registerTool({
      name: 'recipe_card',
      description: 'A recipe card',
      schema: { dish: 'string' },
      handler: async (input: { dish: string }) => lookupRecipe(input.dish),
    });
  }
}
`,
      'src/recipes.ts': `export async function lookupRecipe(dish: string): Promise<string | undefined> {
  return dish;
}
`,
    },
    tools: [],
    findings: [],
  },
  {
    title:
      'receivers typed by an MCP framework, by a type named for MCP, or by a package of the workspace still register tools',
    files: {
      'package.json': JSON.stringify({ name: 'pantry', private: true, workspaces: ['packages/*'] }),
      'packages/host/package.json': JSON.stringify({
        name: '@pantry/tool-host',
        main: 'src/index.ts',
        dependencies: { '@modelcontextprotocol/sdk': '^1.0.0' },
      }),
      'packages/host/src/index.ts': `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export interface PantryHost {
  registerTool(name: string, config: object, handler: (args: { item: string }) => Promise<unknown>): void;
}
export function hostFor(server: McpServer): PantryHost {
  return { registerTool: (name, config, handler) => void server.registerTool(name, config, handler as never) };
}
`,
      'packages/tools/package.json': JSON.stringify({
        name: '@pantry/tools',
        dependencies: {
          '@modelcontextprotocol/sdk': '^1.0.0',
          '@pantry/tool-host': 'workspace:*',
          fastmcp: '^3.0.0',
          'pantry-kit': '^1.0.0',
        },
      }),
      'packages/tools/src/stock.ts': `import type { PantryHost } from '@pantry/tool-host';
import type { FastMCP } from 'fastmcp';
import type { McpServer } from 'pantry-kit';
import { z } from 'zod';
declare function stockOf(item: string): Promise<number>;
export function registerStock(host: PantryHost) {
  host.registerTool('stock_level', {}, async ({ item }) => ({ content: [{ type: 'text', text: String(await stockOf(item)) }] }));
}
export function registerRestock(app: FastMCP) {
  app.addTool({
    name: 'restock',
    parameters: z.object({ item: z.string() }),
    execute: async ({ item }) => String(await stockOf(item)),
  });
}
export function registerExpiry(server: McpServer) {
  server.tool('expiry_dates', { item: z.string() }, async ({ item }) => ({ content: [{ type: 'text', text: item }] }));
}
`,
    },
    tools: [
      { file: 'packages/tools/src/stock.ts', name: 'stock_level', kind: 'registerTool' },
      { file: 'packages/tools/src/stock.ts', name: 'restock', kind: 'addTool', handler: 'execute' },
      { file: 'packages/tools/src/stock.ts', name: 'expiry_dates', kind: 'tool' },
    ],
  },
  {
    title:
      "an agent that imports a both-sided package's MCP client (`MCPClient` from '@mastra/mcp') is not MCP server code: its tool-result chunks with isError are not envelopes",
    files: {
      'package.json': JSON.stringify({
        name: 'orchard-agent',
        dependencies: { '@mastra/core': '^0.20.0', '@mastra/mcp': '^0.13.0' },
      }),
      'src/agent.ts': `import { MCPClient } from '@mastra/mcp';
declare const forward: (chunk: unknown) => boolean;
export const orchardServers = new MCPClient({ servers: { orchard: { url: new URL('http://127.0.0.1:9000/mcp') } } });
export function relayToolError(chunk: { toolCallId: string; toolName: string; message: string }) {
  return forward({
    type: 'tool-result',
    payload: { toolCallId: chunk.toolCallId, toolName: chunk.toolName, isError: true, result: { error: true, message: chunk.message } },
  });
}
`,
    },
    tools: [],
    findings: [],
  },
];
