/**
 * Registration styles met in the sixth held-out round of the real-code evaluation, part B
 * (docs/real-code-evaluation-round6.md, shapes 3, 5, 7, 8 and 9), each written from scratch with
 * invented names, with the near misses next to them that must not count. Shared by the engine, CLI
 * and language-server tests.
 */
import { MCP_PACKAGE, type StyleFixture } from './styleFixtures';

const OK = `{ content: [{ type: 'text', text: 'ok' }] }`;

export const ROUND_SIX_B_FIXTURES: StyleFixture[] = [
  {
    title: 'a prompt object { name, argsSchema, callback } answering messages is not a tool; a tool next to it is',
    files: {
      'package.json': MCP_PACKAGE,
      'src/prompts/garden-review.ts': `import { z } from 'zod';
const argsSchema = { season: z.string() };
function callback(args: { season: string }) {
  return { messages: [{ role: 'user', content: { type: 'text', text: args.season } }] };
}
export const gardenReview = { name: 'garden-review', title: 'Garden Review', description: 'Reviews', argsSchema, callback };
export const typedPrompt = {
  name: 'typed-prompt',
  argsSchema,
  callback: (): GetPromptResult => build(),
};
type GetPromptResult = { messages: unknown[] };
declare function build(): GetPromptResult;
`,
      'src/tools/plant.ts': `import { z } from 'zod';
export const plantTool = {
  name: 'plant_seed',
  description: 'Plants',
  argsSchema: { seed: z.string() },
  callback: async () => ${OK},
};
`,
    },
    tools: [{ file: 'src/tools/plant.ts', name: 'plant_seed', kind: 'definition', evidence: /its callback property/ }],
  },
  {
    title: 'objects copied from existing tools in a map callback (name: tool.name) are not tools of their own',
    files: {
      'package.json': MCP_PACKAGE,
      'src/tools.ts': `import { z } from 'zod';
export const gardenTools = [
  { name: 'rake_leaves', description: 'Rakes', inputSchema: { yard: z.string() }, handler: async () => ${OK} },
];
`,
      'src/export.ts': `import { gardenTools } from './tools';
export function toolsForOtherFrameworks() {
  return gardenTools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    schema: tool.inputSchema,
    handler: async (args: unknown) => tool.handler(),
  }));
}
export const listed = gardenTools.map(function (entry) {
  return { name: entry.name, inputSchema: entry.inputSchema, execute: () => entry.handler() };
});
// Not a copy: specs generated at run time, each given a handler of its own, are tools made at run time.
declare function makeSpecs(count: number): Array<{ name: string; schema: object }>;
export const synthetic = makeSpecs(3).map((spec) => ({
  name: spec.name,
  inputSchema: spec.schema,
  handler: async () => ${OK},
}));
`,
    },
    tools: [
      { file: 'src/tools.ts', name: 'rake_leaves', kind: 'definition', evidence: /its handler property/ },
      { file: 'src/export.ts', name: null, kind: 'definition', evidence: /its handler property/ },
    ],
  },
  {
    title:
      'tool classes named by a class field, with an input schema and an execution method, registered through a base interface',
    files: {
      'package.json': MCP_PACKAGE,
      'src/core/tool.ts': `export interface GardenTool {
  name: string;
  getDescription(): string;
  getInputSchema(): Record<string, unknown> | undefined;
  execute(input?: unknown): Promise<{ content: string }>;
}
`,
      'src/core/baseGardenTool.ts': `import type { GardenTool } from './tool';
export abstract class BaseGardenTool implements GardenTool {
  abstract name: string;
  abstract getDescription(): string;
  abstract getInputSchema(): Record<string, unknown> | undefined;
  async execute(input?: unknown) {
    return this.executeInternal(input);
  }
  protected abstract executeInternal(input?: unknown): Promise<{ content: string }>;
}
`,
      'src/core/prune.ts': `import { z } from 'zod';
import { BaseGardenTool } from './baseGardenTool';
export class PruneHedgeTool extends BaseGardenTool {
  name = 'prune_hedge';
  getDescription() {
    return 'Prunes a hedge';
  }
  getInputSchema() {
    return { height: z.number() };
  }
  protected async executeInternal() {
    return { content: 'pruned' };
  }
}
export const pruneTools = [PruneHedgeTool];
`,
      'src/core/soil.ts': `import { z } from 'zod';
import { BaseGardenTool } from './baseGardenTool';
export class TestSoilTool extends BaseGardenTool {
  readonly name = 'test_soil';
  readonly schema = z.object({ bed: z.string() });
  getDescription() {
    return 'Tests soil';
  }
  getInputSchema() {
    return undefined;
  }
  async invoke() {
    return { content: 'loamy' };
  }
}
// Near misses: an API client named by a title, a job without an input schema.
export class GardenClient extends BaseClient {
  name = 'Garden';
  schema = {};
  async execute() {
    return 1;
  }
}
export class NightlyJob extends BaseJob {
  name = 'nightly_job';
  async run() {
    return 1;
  }
}
declare class BaseClient {}
declare class BaseJob {}
`,
      'src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { GardenTool } from './core/tool';
import { pruneTools } from './core/prune';
import { TestSoilTool } from './core/soil';
export class GardenToolkit extends McpServer {
  constructor() {
    super({ name: 'garden', version: '1.0.0' });
    for (const Make of pruneTools) this.add(new Make());
    this.add(new TestSoilTool());
  }
  private add(tool: GardenTool) {
    this.registerTool(tool.name, { inputSchema: tool.getInputSchema() }, async (args) => {
      const result = await tool.execute(args);
      return { content: [{ type: 'text', text: result.content }] };
    });
  }
}
`,
    },
    tools: [
      { file: 'src/core/prune.ts', name: 'prune_hedge', kind: 'class', evidence: /its executeInternal method/ },
      { file: 'src/core/soil.ts', name: 'test_soil', kind: 'class', evidence: /its invoke method/ },
    ],
  },
  {
    title:
      'tmcp server.tool({ ...thingMeta(), enabled }, handler): the name is in the object a same-module function returns',
    files: {
      'package.json': JSON.stringify({ name: 'loom-server', dependencies: { tmcp: '^1.0.0', valibot: '^1.0.0' } }),
      'src/tools/tool-names.ts': `export const WEAVE_TOOL = 'weave-cloth';
`,
      'src/tools/weave.ts': `import type { McpServer } from 'tmcp';
import * as v from 'valibot';
import { WEAVE_TOOL } from './tool-names';
export function weaveToolMetadata(opts?: { wide?: boolean }) {
  return { name: WEAVE_TOOL, title: 'Weave', description: opts?.wide ? 'Wide' : 'Weaves', schema: v.object({}) };
}
export async function addWeaveTool(server: McpServer, enabled?: () => boolean) {
  server.tool({ ...weaveToolMetadata(), enabled }, async () => ${OK});
}
`,
      'src/tools/spin.ts': `import type { McpServer } from 'tmcp';
export const SPIN_TOOL = 'spin-yarn';
const spinMeta = () => ({ name: SPIN_TOOL, description: 'Spins' });
const dyeMeta = { name: 'dye-yarn', description: 'Dyes' };
export function addSpinTools(server: McpServer) {
  server.tool({ ...spinMeta(), enabled: () => true }, async () => ${OK});
  server.tool({ ...dyeMeta }, async () => ${OK});
  // Near miss: a spread of a function that returns no name names no tool.
  server.tool({ ...styleOnly() }, async () => ${OK});
}
function styleOnly() {
  return { description: 'no name here' };
}
`,
    },
    tools: [
      { file: 'src/tools/weave.ts', name: 'weave-cloth', kind: 'tool' },
      { file: 'src/tools/spin.ts', name: 'spin-yarn', kind: 'tool' },
      { file: 'src/tools/spin.ts', name: 'dye-yarn', kind: 'tool' },
    ],
  },
  {
    title:
      'handler-less definitions whose wire name is under `method` (name is a title), from a function another file loops over with this.tool in an McpServer subclass',
    files: {
      'package.json': MCP_PACKAGE,
      'src/shared/defs.ts': `import { z } from 'zod';
export type ParcelDef = { method: string; name: string; description: string; parameters: z.ZodObject<z.ZodRawShape> };
const parcelDefs = (ctx: { region?: string }): ParcelDef[] => [
  { method: 'create_parcel', name: 'Create Parcel', description: 'Creates', parameters: z.object({ to: z.string() }) },
  { method: 'track_parcel', name: 'Track Parcel', description: 'Tracks', parameters: z.object({ id: z.string() }) },
];
// Near miss: the same shape with a title under method is not a wire name.
export const drafts = [{ method: 'Draft Parcel', name: 'Draft', parameters: z.object({}) }];
export default parcelDefs;
`,
      'src/toolkit.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import parcelDefs from './shared/defs';
import { drafts } from './shared/defs';
declare function run(method: string, args: unknown): Promise<string>;
export class ParcelToolkit extends McpServer {
  constructor() {
    super({ name: 'parcels', version: '1.0.0' });
    const allowed = parcelDefs({}).filter((d) => d.method !== 'hidden');
    allowed.forEach((d) => {
      this.tool(d.method, d.description, d.parameters.shape, async (args: unknown) => ({
        content: [{ type: 'text' as const, text: await run(d.method, args) }],
      }));
    });
    for (const draft of drafts) this.tool(draft.method, draft.parameters.shape, async () => ${OK});
  }
}
`,
    },
    tools: [
      {
        file: 'src/shared/defs.ts',
        name: 'create_parcel',
        kind: 'definition',
        evidence: /registers under its `method`/,
      },
      {
        file: 'src/shared/defs.ts',
        name: 'track_parcel',
        kind: 'definition',
        evidence: /registers under its `method`/,
      },
    ],
  },
  {
    title:
      'a default-exported { schema, handle } definition looped as tool.schema.name is one tool, not also its schema object',
    files: {
      'package.json': MCP_PACKAGE,
      'src/tools/dig.ts': `import { z } from 'zod';
const digSchema = { name: 'dig_hole', description: 'Digs', inputSchema: z.object({ depth: z.number() }) };
const digTool = { schema: digSchema, handle: async () => ${OK} };
export default digTool;
`,
      'src/tools/index.ts': `import digTool from './dig';
export { default as digTool } from './dig';
export const TOOLS = [digTool];
`,
      'src/index.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { TOOLS } from './tools/index';
const server = new McpServer({ name: 'yard', version: '1.0.0' });
[...TOOLS].forEach((tool) => {
  server.tool(tool.schema.name, tool.schema.description, tool.schema.inputSchema.shape, async () => tool.handle());
});
`,
    },
    tools: [{ file: 'src/tools/dig.ts', name: 'dig_hole', kind: 'definition', evidence: /its handle property/ }],
  },
];
