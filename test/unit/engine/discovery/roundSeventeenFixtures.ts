/**
 * Shapes of the round 17 held-out set (docs/real-code-evaluation-round17.md), written from scratch with
 * invented names, each next to look-alikes that must stay silent. Shared by the engine, CLI and
 * language-server tests.
 */
import { MCP_PACKAGE, type StyleFixture } from './styleFixtures';

const ANSWER = `{ content: [{ type: 'text' as const, text: 'ok' }] }`;

const METHOD_VALUE_FIXTURE: StyleFixture = {
  title:
    "the SDK's registration method handed to per-tool functions as a value typed McpServer['registerTool'] (through an exported alias, or directly): each call of it is a tool; a callback typed otherwise and an alias of another member stay silent",
  files: {
    'package.json': MCP_PACKAGE,
    'src/setup.ts': `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import addBrewTool from './tools/brew.js';
import { addSteepTool } from './tools/steep.js';
import { addPourTool } from './tools/pour.js';

export type AddTool = McpServer['registerTool'];
export type ServerName = McpServer['server'];

export function setupTools(server: McpServer) {
  const addTool: AddTool = (name, config, callback) => {
    return server.registerTool(name, config, async (...args) => callback(...args));
  };
  addBrewTool(addTool);
  addSteepTool(addTool);
  addPourTool(server.tool.bind(server));
}
`,
    'src/tools/brew.ts': `import type { AddTool } from '../setup.js';

async function brewTea(args: { leaf: string }) {
  return ${ANSWER};
}

export default function addBrewTool(addTool: AddTool) {
  addTool('brew_tea', { description: 'Brews a pot' }, brewTea);
}
`,
    'src/tools/steep.ts': `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

export function addSteepTool(register: McpServer['registerTool']) {
  register('steep_tea', { description: 'Steeps the leaves' }, async () => ${ANSWER});
}
`,
    'src/tools/pour.ts': `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

export function addPourTool(tool: McpServer['tool']) {
  tool('pour_tea', 'Pours a cup', async () => ${ANSWER});
}
`,
    // A callback typed as something else, and an alias of another member of the server: no tools.
    'src/events.ts': `import type { ServerName } from './setup.js';
type OnEvent = (name: string, detail: object, done: () => void) => void;

export function relay(onEvent: OnEvent, label: ServerName) {
  onEvent('kettle_boiled', { at: Date.now() }, () => undefined);
  return label;
}
`,
  },
  tools: [
    { file: 'src/tools/brew.ts', name: 'brew_tea', kind: 'wrapper', handler: 'brewTea' },
    { file: 'src/tools/steep.ts', name: 'steep_tea', kind: 'wrapper' },
    { file: 'src/tools/pour.ts', name: 'pour_tea', kind: 'wrapper' },
  ],
};

const SELF_REGISTERING_FIXTURE: StyleFixture = {
  title:
    'definition objects whose own method registers them with the name it is handed (a loop calls def.setup(server, { name: def.name })) or this.name: each object is a tool; an object registering a fixed name, one without a description and a registry object stay as they are',
  files: {
    'package.json': MCP_PACKAGE,
    'src/types.ts': `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export interface Recipe {
  name: string;
  description: string;
  setup(server: McpServer, opts: { name: string; description: string }): void;
}
`,
    'src/recipes/bake.ts': `import type { Recipe } from '../types.js';
export const bakeRecipe: Recipe = {
  name: 'bake_bread',
  description: 'Bakes a loaf',
  setup(server, { name, description }) {
    server.tool(name, description, async () => ${ANSWER});
  },
};
`,
    'src/recipes/knead.ts': `import type { Recipe } from '../types.js';
async function kneadDough() {
  return ${ANSWER};
}
export const kneadRecipe: Recipe = {
  name: 'knead_dough',
  description: 'Kneads the dough',
  setup(server, opts) {
    server.registerTool(opts.name, { description: opts.description }, kneadDough);
  },
};
`,
    'src/recipes/proof.ts': `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export const proofRecipe = {
  name: 'proof_dough',
  description: 'Lets the dough rise',
  install(server: McpServer) {
    server.registerTool(this.name, { description: this.description }, async () => ${ANSWER});
  },
};
`,
    'src/index.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Recipe } from './types.js';
import { bakeRecipe } from './recipes/bake.js';
import { kneadRecipe } from './recipes/knead.js';
import { proofRecipe } from './recipes/proof.js';

const recipes: Recipe[] = [bakeRecipe, kneadRecipe];
const server = new McpServer({ name: 'bakery', version: '1' });
for (const recipe of recipes) {
  recipe.setup(server, { name: recipe.name, description: recipe.description });
}
proofRecipe.install(server);
`,
    // An object whose method registers a fixed name: that name is the tool, not the object's.
    'src/fixed.ts': `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export const oven = {
  name: 'oven',
  description: 'The oven',
  setup(server: McpServer) {
    server.tool('preheat_oven', 'Preheats', async () => ${ANSWER});
  },
};
`,
    // A registry object (no description) forwarding definitions it is given: a site, not a tool.
    'src/registry.ts': `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export const registry = {
  name: 'registry',
  add(server: McpServer, def: { name: string; run: () => Promise<never> }) {
    server.tool(def.name, def.run);
  },
};
`,
  },
  tools: [
    { file: 'src/recipes/bake.ts', name: 'bake_bread', kind: 'definition' },
    { file: 'src/recipes/knead.ts', name: 'knead_dough', kind: 'definition', handler: 'kneadDough' },
    { file: 'src/recipes/proof.ts', name: 'proof_dough', kind: 'definition' },
    { file: 'src/fixed.ts', name: 'preheat_oven', kind: 'tool' },
  ],
};

export const ROUND_SEVENTEEN_FIXTURES: StyleFixture[] = [METHOD_VALUE_FIXTURE, SELF_REGISTERING_FIXTURE];
