/**
 * Tool classes whose logic sits in a template-method hook of their project base class (found by screening unlabelled
 * servers, session of 7 December 2026): the base declares `abstract executeTyped(args)` and its own `execute` calls
 * `this.executeTyped(args)`; a dispatcher finds the instances by name. Written from scratch with invented names,
 * next to look-alikes that must stay as they are. Shared by the engine, CLI and language-server tests.
 */
import { MCP_PACKAGE, type StyleFixture } from './styleFixtures';

const DISPATCHER = `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { AnyGardenTool } from './zz-base.js';
import { loadTools } from './loader.js';
let tools: AnyGardenTool[] = [];
export async function serve(server: Server): Promise<void> {
  tools = await loadTools();
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = tools.find((t) => t.name === request.params.name);
    if (!tool) throw new Error('unknown tool');
    try {
      return { content: [await tool.execute(request.params.arguments ?? {})] };
    } catch (error) {
      return { isError: true, content: [{ type: 'text' as const, text: String(error) }] };
    }
  });
}
`;

const LOADER = `import { readdir } from 'node:fs/promises';
import { GardenTool, type AnyGardenTool } from './zz-base.js';
export async function loadTools(): Promise<AnyGardenTool[]> {
  const found: AnyGardenTool[] = [];
  for (const file of await readdir(new URL('.', import.meta.url))) {
    const loaded: Record<string, unknown> = await import(\`./\${file}\`);
    for (const value of Object.values(loaded))
      if (typeof value === 'function' && value.prototype instanceof GardenTool) found.push(new (value as new () => AnyGardenTool)());
  }
  return found;
}
`;

/** The base sorts after its subclasses (zz-base.ts), so the hook is known only once the whole workspace is read. */
const BASE = `export abstract class GardenTool<A = Record<string, unknown>> {
  abstract name: string;
  abstract inputSchema: object;
  abstract summary(): string;
  abstract executeTyped(args: A): Promise<{ type: 'text'; text: string }>;
  async execute(args: A): Promise<{ type: 'text'; text: string }> {
    return this.executeTyped(args);
  }
}
export type AnyGardenTool = GardenTool<any>;
`;

const TEMPLATE_HOOK_FIXTURE: StyleFixture = {
  title:
    'a tool class whose logic is the template hook its project base declares abstract and calls from execute (executeTyped), the base in a file read after it; an abstract method the base never calls is no hook',
  files: {
    'package.json': MCP_PACKAGE,
    'src/tools/zz-base.ts': BASE,
    'src/tools/loader.ts': LOADER,
    'src/tools/index.ts': DISPATCHER,
    'src/tools/WaterPlantTool.ts': `import { GardenTool } from './zz-base.js';
export class WaterPlantTool extends GardenTool<{ plant: string }> {
  name = 'water_plant';
  inputSchema = { type: 'object' as const, properties: { plant: { type: 'string' } } };
  summary(): string {
    return 'Waters a plant';
  }
  async executeTyped(args: { plant: string }) {
    if (!args.plant) throw new Error('plant is required');
    return { type: 'text' as const, text: 'watered ' + args.plant };
  }
}
`,
    // Only the method the base never calls: not a tool (nothing runs).
    'src/tools/DescribeOnlyTool.ts': `import { GardenTool } from './zz-base.js';
export class DescribeOnlyTool extends GardenTool {
  name = 'describe_only';
  inputSchema = { type: 'object' as const, properties: {} };
  summary(): string {
    return 'Describes';
  }
}
`,
  },
  tools: [
    {
      file: 'src/tools/WaterPlantTool.ts',
      name: 'water_plant',
      kind: 'class',
      handler: 'executeTyped',
      evidence: /the hook its base class declares abstract and calls/,
    },
  ],
  findings: ['throw-in-handler@src/tools/WaterPlantTool.ts'],
  onlyChecks: ['throw-in-handler'],
};

const INTERMEDIATE_BASE_FIXTURE: StyleFixture = {
  title:
    'a template hook declared two project bases up (Tool → ApiTool → BaseTool, across files) is the handler of the leaf class; a leaf defining only a helper named like a hook is not a tool',
  files: {
    'package.json': MCP_PACKAGE,
    'src/base/tool.ts': `export abstract class BaseTool {
  abstract name: string;
  abstract schema: object;
  protected abstract doRun(input: unknown): Promise<string>;
  async run(input: unknown): Promise<string> {
    const started = Date.now();
    const out = await this.doRun(input);
    console.error(this.name, Date.now() - started);
    return out;
  }
}
`,
    'src/base/apiTool.ts': `import { BaseTool } from './tool.js';
export abstract class ApiTool extends BaseTool {
  protected endpoint(path: string): string {
    return 'http://127.0.0.1:8080' + path;
  }
}
`,
    'src/tools/listBeds.ts': `import { ApiTool } from '../base/apiTool.js';
export class ListBedsTool extends ApiTool {
  name = 'list_beds';
  schema = { type: 'object', properties: {} };
  protected async doRun(): Promise<string> {
    const response = await fetch(this.endpoint('/beds'));
    return response.text();
  }
}
`,
    'src/tools/helperOnly.ts': `import { ApiTool } from '../base/apiTool.js';
export class HelperOnlyTool extends ApiTool {
  name = 'helper_only';
  schema = { type: 'object', properties: {} };
  protected async doRunLater(): Promise<string> {
    return 'later';
  }
}
`,
    'src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ListBedsTool } from './tools/listBeds.js';
const server = new McpServer({ name: 'beds', version: '1' });
for (const tool of [new ListBedsTool()]) {
  server.registerTool(tool.name, { inputSchema: {} }, async (args) => ({ content: [{ type: 'text', text: await tool.run(args) }] }));
}
`,
  },
  tools: [{ file: 'src/tools/listBeds.ts', name: 'list_beds', kind: 'class', handler: 'doRun' }],
};

export const TEMPLATE_HOOK_FIXTURES: StyleFixture[] = [TEMPLATE_HOOK_FIXTURE, INTERMEDIATE_BASE_FIXTURE];
