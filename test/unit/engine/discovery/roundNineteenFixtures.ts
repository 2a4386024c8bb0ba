/**
 * Shapes of the round 19 held-out set (docs/real-code-evaluation-round19.md), written from scratch with
 * invented names, each next to look-alikes that must stay silent. Shared by the engine, CLI and
 * language-server tests.
 */
import { MCP_PACKAGE, type StyleFixture } from './styleFixtures';

const DECORATED_CLASS_FIXTURE: StyleFixture = {
  title:
    'a class decorated @Tool({ name, description, inputSchema }) from a framework package, with an execute method: the class is a tool; a decorator without a description or schema, a class without an execution method, a local @Tool helper and a class decorated @Command stay silent',
  files: {
    'package.json': MCP_PACKAGE,
    'src/tools/sum.tool.ts': `import { Tool, ToolContext } from '@orchard/server-kit';
import { z } from 'zod';

@Tool({
  name: 'sum_crates',
  description: 'Adds crate counts',
  inputSchema: { left: z.number(), right: z.number() },
})
export default class SumCratesTool extends ToolContext {
  async execute(input: { left: number; right: number }) {
    return input.left + input.right;
  }
}
`,
    'src/tools/weigh.tool.ts': `import { Tool } from '@orchard/server-kit';

@Tool({ name: 'weigh_basket', description: 'Weighs a basket' })
export class WeighBasketTool {
  async run(input: { basket: string }) {
    return input.basket.length;
  }
}
`,
    // Same decorator without a description or a schema: a label, not a tool definition.
    'src/tools/tagged.ts': `import { Tool } from '@orchard/server-kit';

@Tool({ name: 'just_a_tag' })
export class TaggedThing {
  async execute() {
    return 1;
  }
}
`,
    // A described decorator on a class with no execution method: nothing to call.
    'src/tools/shapeless.ts': `import { Tool } from '@orchard/server-kit';

@Tool({ name: 'shape_only', description: 'Only a shape' })
export class ShapeOnly {
  readonly label = 'shape';
}
`,
    // The project's own decorator (a relative import) and a command decorator: not a framework's tool.
    'src/cli/commands.ts': `import { Tool } from './registry';
import { Command } from '@orchard/cli-kit';

@Tool({ name: 'local_helper', description: 'Registered by hand elsewhere' })
export class LocalHelper {
  async execute() {
    return 'local';
  }
}

@Command({ name: 'prune', description: 'Prunes trees' })
export class PruneCommand {
  async execute() {
    return 'pruned';
  }
}
`,
    'src/cli/registry.ts': `export function Tool(options: { name: string; description: string }) {
  return (target: unknown) => {
    void options;
    return target;
  };
}
`,
  },
  tools: [
    { file: 'src/tools/sum.tool.ts', name: 'sum_crates', kind: 'decorator', handler: 'execute' },
    { file: 'src/tools/weigh.tool.ts', name: 'weigh_basket', kind: 'decorator', handler: 'run' },
  ],
};

const IMPLEMENTED_INTERFACE_FIXTURE: StyleFixture = {
  title:
    'classes that implement a project tool interface (name field, input schema, execute) kept in an array and dispatched with find(): each class is a tool; a class implementing a package interface, one without a schema and an example beside its own interface stay silent',
  files: {
    'package.json': MCP_PACKAGE,
    'src/types/tool.ts': `export interface OrchardTool {
  name: string;
  description: string;
  inputSchema: { type: 'object'; properties: Record<string, unknown> };
  execute(input: Record<string, unknown>): Promise<string>;
}
`,
    'src/tools/count-trees.ts': `import type { OrchardTool } from '../types/tool.js';

export default class CountTreesTool implements OrchardTool {
  name = 'count_trees';
  description = 'Counts the trees of a row';
  inputSchema = { type: 'object' as const, properties: { row: { type: 'string' } } };

  async execute(input: Record<string, unknown>): Promise<string> {
    return String(input.row ?? '').length.toString();
  }
}
`,
    'src/tools/list-rows.ts': `import type { OrchardTool } from '../types/tool.js';

export default class ListRowsTool implements OrchardTool {
  name = 'list_rows';
  description = 'Lists the rows';
  inputSchema = { type: 'object' as const, properties: {} };

  async execute(): Promise<string> {
    return 'a,b';
  }
}
`,
    'src/index.ts': `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import CountTreesTool from './tools/count-trees.js';
import ListRowsTool from './tools/list-rows.js';

const server = new Server({ name: 'orchard', version: '1' }, { capabilities: { tools: {} } });
const tools = [new CountTreesTool(), new ListRowsTool()];

server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: tools.map((tool) => ({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema })),
}));

server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const tool = tools.find((t) => t.name === request.params.name);
  if (!tool) throw new Error('Unknown tool');
  const text = await tool.execute(request.params.arguments ?? {});
  return { content: [{ type: 'text' as const, text }] };
});
`,
    // A class implementing a package's interface (an HTTP handler): not the project's tool contract.
    'src/http/ping.ts': `import type { RequestHandler } from 'orchard-http';

export class PingHandler implements RequestHandler {
  name = 'ping_route';
  inputSchema = { type: 'object' as const, properties: {} };
  async execute(): Promise<string> {
    return 'pong';
  }
}
`,
    // A local interface, but no input schema: a plain named service.
    'src/services/weather.ts': `import type { OrchardService } from './service.js';

export class WeatherService implements OrchardService {
  name = 'weather_service';
  async execute(): Promise<string> {
    return 'sunny';
  }
}
`,
    // An example class beside its own interface, never instantiated: not the project's tool contract.
    'src/examples/sprayer.ts': `export interface SprayerTool {
  name: string;
  parameters: Record<string, unknown>;
  execute(params: unknown): Promise<unknown>;
}

export class SprayerExample implements SprayerTool {
  name = 'spray_row';
  parameters = { row: 'string' };
  async execute(): Promise<unknown> {
    return { sprayed: true };
  }
}
`,
    'src/services/service.ts': `export interface OrchardService {
  name: string;
  execute(): Promise<string>;
}
`,
  },
  tools: [
    { file: 'src/tools/count-trees.ts', name: 'count_trees', kind: 'class', handler: 'execute' },
    { file: 'src/tools/list-rows.ts', name: 'list_rows', kind: 'class', handler: 'execute' },
  ],
};

const COMMAND_OBJECT_FIXTURE: StyleFixture = {
  title:
    'sub-command objects { name, description, params, handler } passed to registerCommand(…) and reached through one MCP tool: only the MCP tool counts; the same object shape kept in a tools array registered with server.tool still counts',
  files: {
    'package.json': MCP_PACKAGE,
    'src/commands/rows.ts': `import { z } from 'zod';
import { commands } from '../registry.js';

const pickRowCommand = {
  namespace: 'rows',
  name: 'pickRow',
  description: 'Picks a row',
  params: z.object({ row: z.string() }),
  handler: async (params: { row: string }) => ({ content: [{ type: 'text' as const, text: params.row }] }),
};

const sweepRowCommand = {
  namespace: 'rows',
  name: 'sweepRow',
  description: 'Sweeps a row',
  params: z.object({ row: z.string() }),
  handler: async (params: { row: string }) => ({ content: [{ type: 'text' as const, text: params.row }] }),
};

export function registerRowCommands() {
  commands.registerCommand(pickRowCommand);
  commands.registerCommand(sweepRowCommand);
  commands.addCommand({
    name: 'countRows',
    description: 'Counts rows',
    params: z.object({}),
    handler: async () => ({ content: [{ type: 'text' as const, text: '2' }] }),
  });
}
`,
    'src/registry.ts': `type Command = { name: string; handler: (params: never) => Promise<unknown> };
class CommandRegistry {
  private readonly byName = new Map<string, Command>();
  registerCommand(command: Command) {
    this.byName.set(command.name, command);
  }
  addCommand(command: Command) {
    this.byName.set(command.name, command);
  }
  async run(type: string, params: unknown) {
    const command = this.byName.get(type);
    if (!command) throw new Error('unknown command');
    return command.handler(params as never);
  }
}
export const commands = new CommandRegistry();
`,
    'src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { commands } from './registry.js';
import { registerRowCommands } from './commands/rows.js';

const server = new McpServer({ name: 'orchard', version: '1' });
registerRowCommands();
server.tool('runCommand', 'Runs a command', { type: z.string(), params: z.any() }, async ({ type, params }) => {
  const result = await commands.run(type, params);
  return { content: [{ type: 'text' as const, text: JSON.stringify(result) }] };
});
`,
    'src/tools/listed.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const harvestTool = {
  name: 'harvest',
  description: 'Harvests a row',
  params: z.object({ row: z.string() }),
  handler: async (params: { row: string }) => ({ content: [{ type: 'text' as const, text: params.row }] }),
};

export function registerListed(server: McpServer) {
  for (const tool of [harvestTool]) {
    server.tool(tool.name, tool.description, tool.params.shape, tool.handler);
  }
}
`,
  },
  tools: [
    { file: 'src/server.ts', name: 'runCommand', kind: 'tool' },
    { file: 'src/tools/listed.ts', name: 'harvest', kind: 'definition' },
  ],
};

const CURRIED_BUILDER_FIXTURE: StyleFixture = {
  title:
    'a framework tool builder called with the definition, then with the handler: tool({ name, description, inputSchema })((input) => …) is a tool; a local builder, an agent library builder and a definition without a description or schema stay silent',
  files: {
    'package.json': MCP_PACKAGE,
    'src/tools/ripen.tool.ts': `import { tool } from '@orchard/server-kit';
import { z } from 'zod';

export default tool({
  name: 'check_ripeness',
  description: 'Checks whether a fruit is ripe',
  inputSchema: { fruit: z.string() },
})((input: { fruit: string }) => {
  return { ripe: input.fruit.length > 3 };
});
`,
    // The project's own curried helper, an agent library's builder and a bare name: not a framework's tool.
    'src/other.ts': `import { tool as agentTool } from 'ai';
import { tool } from './builders';

export const localOne = tool({ name: 'local_curried', description: 'Local' })(() => 1);
export const agentOne = agentTool({ name: 'agent_curried', description: 'Agent' })(() => 2);
`,
    'src/builders.ts': `export function tool(definition: { name: string; description: string }) {
  return (run: () => number) => ({ ...definition, run });
}
`,
    'src/tools/bare.ts': `import { tool } from '@orchard/server-kit';

export default tool({ name: 'bare_name' })(() => 3);
`,
  },
  tools: [{ file: 'src/tools/ripen.tool.ts', name: 'check_ripeness', kind: 'factory' }],
};

export const ROUND_NINETEEN_FIXTURES: StyleFixture[] = [
  DECORATED_CLASS_FIXTURE,
  IMPLEMENTED_INTERFACE_FIXTURE,
  COMMAND_OBJECT_FIXTURE,
  CURRIED_BUILDER_FIXTURE,
];
