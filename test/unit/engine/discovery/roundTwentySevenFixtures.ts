/**
 * Shapes of the round 27 held-out set (docs/real-code-evaluation-round27.md: servers of domains not sampled
 * before), written from scratch with invented names, each next to look-alikes that must stay as they are. Shared
 * by the engine, CLI and language-server tests.
 */
import { MCP_PACKAGE, type StyleFixture } from './styleFixtures';

const SDK_TYPED_REGISTRY_FIXTURE: StyleFixture = {
  title:
    "SDK Tool definitions passed one by one to a project registry helper that stores each under its own name (directly, through a forwarding helper, read off an imported object of them, or a spread copy): each is a tool without a handler; a helper that does not store by name, or whose parameter is the project's own Tool type, names none",
  files: {
    'package.json': MCP_PACKAGE,
    'src/defs/weighCrate.ts': `import type { Tool } from '@modelcontextprotocol/sdk/types.js';
export const weighCrateTool: Tool = {
  name: 'weigh_crate',
  description: 'Weighs a crate',
  inputSchema: { type: 'object', properties: { crate: { type: 'string' } } },
};
`,
    'src/defs/stackCrate.ts': `import type { Tool } from '@modelcontextprotocol/sdk/types.js';
export const stackCrateTool: Tool = {
  name: 'stack_crate',
  description: 'Stacks a crate',
  inputSchema: { type: 'object', properties: {} },
};
`,
    'src/defs/sealCrate.ts': `import type { Tool } from '@modelcontextprotocol/sdk/types.js';
export const sealCrateTool: Tool = {
  name: 'seal_crate',
  description: 'Seals a crate',
  inputSchema: { type: 'object', properties: {} },
};
`,
    'src/defs/labelCrate.ts': `import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { baseLabelTool } from './labelBase';
export const labelCrateTool = {
  ...baseLabelTool,
};
`,
    'src/defs/labelBase.ts': `import type { Tool } from '@modelcontextprotocol/sdk/types.js';
export const baseLabelTool: Tool = {
  name: 'label_crate',
  description: 'Labels a crate',
  inputSchema: { type: 'object', properties: {} },
};
`,
    'src/defs/yardTools.ts': `import { stackCrateTool } from './stackCrate';
import { sealCrateTool } from './sealCrate';
export const yardTools = { stackCrateTool, sealCrateTool };
`,
    'src/defs/drafts.ts': `import type { Tool } from '@modelcontextprotocol/sdk/types.js';
export const countCratesTool: Tool = {
  name: 'count_crates',
  description: 'Counts crates',
  inputSchema: { type: 'object', properties: {} },
};
export interface OwnTool {
  name: string;
  inputSchema: object;
}
export const paintCrateDef: OwnTool = { name: 'paint_crate', inputSchema: { type: 'object' } };
`,
    'src/registry.ts': `import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { weighCrateTool } from './defs/weighCrate';
import { labelCrateTool } from './defs/labelCrate';
import { yardTools } from './defs/yardTools';
import { countCratesTool, paintCrateDef, type OwnTool } from './defs/drafts';
type Runner = (args: unknown) => Promise<unknown>;
const registry = new Map<string, { tool: Tool; run: Runner }>();
const seen: Tool[] = [];
const own = new Map<string, OwnTool>();
export function setUpRegistry(): void {
  addTool(weighCrateTool, async () => 'weighed');
  addTool(labelCrateTool, async () => 'labelled');
  const yard = yardTools;
  addPair(yard.stackCrateTool, async () => 'stacked');
  remember(countCratesTool);
  keepOwn(paintCrateDef);
}
function addPair(tool: Tool, run: Runner): void {
  addTool(tool, run);
}
export function addTool(tool: Tool, run: Runner): void {
  registry.set(tool.name, { tool, run });
}
function remember(tool: Tool): void {
  seen.push(tool);
}
function keepOwn(tool: OwnTool): void {
  own.set(tool.name, tool);
}
export function listTools(): Tool[] {
  return Array.from(registry.values()).map((entry) => entry.tool);
}
export function runnerFor(name: string): Runner | undefined {
  return registry.get(name)?.run;
}
`,
  },
  tools: [
    { file: 'src/defs/weighCrate.ts', name: 'weigh_crate', kind: 'definition', noHandler: true },
    { file: 'src/defs/labelBase.ts', name: 'label_crate', kind: 'definition', noHandler: true },
    { file: 'src/defs/stackCrate.ts', name: 'stack_crate', kind: 'definition', noHandler: true },
    { file: 'src/defs/sealCrate.ts', name: 'seal_crate', kind: 'definition', noHandler: true },
  ],
};

const HANDLERLESS_FACTORY_FIXTURE: StyleFixture = {
  title:
    "exported definitions built by a project's tool-named factory with a name, a description and an input schema but no handler (a generic runner sends their query): each is a tool without a handler; one without a schema, one of a factory not named for tools, one not exported, one of a non-MCP tool API and one that spreads another stay silent",
  files: {
    'package.json': JSON.stringify({
      name: 'demo-server',
      dependencies: { '@modelcontextprotocol/sdk': '^1.0.0', ai: '^5.0.0' },
    }),
    'src/define.ts': `export interface CrateToolDef {
  name: string;
  description: string;
  input?: Record<string, unknown>;
  query?: string;
  handler?: (input: unknown) => Promise<unknown>;
}
export function defineCrateTool(def: CrateToolDef): Readonly<CrateToolDef> {
  return Object.freeze(def);
}
export function defineCratePrompt(def: CrateToolDef): Readonly<CrateToolDef> {
  return Object.freeze(def);
}
`,
    'src/tools/getCrate.ts': `import { z } from 'zod';
import { defineCrateTool } from '../define';
export const getCrate = defineCrateTool({
  name: 'get_crate',
  description: 'Gets a crate',
  input: { id: z.string() },
  query: 'query GetCrate($id: ID!) { crate(id: $id) { id } }',
});
`,
    'src/tools/listCrates.ts': `import { defineCrateTool } from '../define';
export default defineCrateTool({
  name: 'list_crates',
  description: 'Lists crates',
  input: {},
  query: 'query { crates { id } }',
});
`,
    'src/tools/lookalikes.ts': `import { z } from 'zod';
import { tool as aiTool } from 'ai';
import { defineCrateTool, defineCratePrompt } from '../define';
import { getCrate } from './getCrate';
export const draftCrate = defineCrateTool({ name: 'draft_crate', description: 'No input yet' });
export const cratePrompt = defineCratePrompt({ name: 'crate_prompt', description: 'A prompt', input: {} });
const hiddenCrate = defineCrateTool({ name: 'hidden_crate', description: 'Kept here', input: {} });
export const agentCrate = aiTool({ description: 'An agent tool', inputSchema: z.object({}) });
export const copyCrate = defineCrateTool({ ...getCrate, description: 'A copy' });
export const kept = [hiddenCrate];
`,
    'src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { getCrate } from './tools/getCrate';
import listCrates from './tools/listCrates';
const server = new McpServer({ name: 'crates', version: '1' });
export function registerAll(run: (q: string | undefined, input: unknown) => Promise<string>): void {
  for (const def of [getCrate, listCrates]) {
    server.tool(def.name, def.description, def.input ?? {}, async (input) => ({
      content: [{ type: 'text' as const, text: await run(def.query, input) }],
    }));
  }
}
`,
  },
  tools: [
    { file: 'src/tools/getCrate.ts', name: 'get_crate', kind: 'definition', noHandler: true },
    { file: 'src/tools/listCrates.ts', name: 'list_crates', kind: 'definition', noHandler: true },
  ],
};

const RECORD_LOOKUP_FIXTURE: StyleFixture = {
  title:
    'a wrapper registering one proxy tool per group, named label.toolName where label = GROUP_TOOLS[group] for groups known only at run time: one tool per entry of the record, reported at the entry; a record with an entry that spells no name keeps its call one nameless site',
  files: {
    'package.json': MCP_PACKAGE,
    'src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
const GROUP_TOOLS: Record<string, { toolName: string; title: string }> = {
  crates: { toolName: 'depot_crates', title: 'Crates' },
  pallets: { toolName: 'depot_pallets', title: 'Pallets' },
};
const LOOSE_TOOLS: Record<string, { toolName?: string; title: string }> = {
  bins: { toolName: 'depot_bins', title: 'Bins' },
  racks: { title: 'Racks' },
};
function registerProxy(server: McpServer, toolName: string, title: string, operations: string[]): void {
  server.registerTool(
    toolName,
    { title, inputSchema: { operation: z.enum(operations as [string, ...string[]]) } },
    async ({ operation }) => ({ content: [{ type: 'text' as const, text: operation }] }),
  );
}
export function registerGroups(server: McpServer, groups: Map<string, string[]>): void {
  for (const [group, operations] of groups) {
    const label = GROUP_TOOLS[group];
    if (label) registerProxy(server, label.toolName, label.title, operations);
    const loose = LOOSE_TOOLS[group];
    if (loose?.toolName) registerProxy(server, loose.toolName, loose.title, operations);
  }
  registerProxy(server, 'depot', 'Depot', [...groups.keys()]);
}
`,
  },
  tools: [
    { file: 'src/server.ts', name: 'depot_crates', kind: 'wrapper' },
    { file: 'src/server.ts', name: 'depot_pallets', kind: 'wrapper' },
    { file: 'src/server.ts', name: null, kind: 'wrapper' },
    { file: 'src/server.ts', name: 'depot', kind: 'wrapper' },
  ],
};

export const ROUND_TWENTY_SEVEN_FIXTURES: StyleFixture[] = [
  SDK_TYPED_REGISTRY_FIXTURE,
  HANDLERLESS_FACTORY_FIXTURE,
  RECORD_LOOKUP_FIXTURE,
];
