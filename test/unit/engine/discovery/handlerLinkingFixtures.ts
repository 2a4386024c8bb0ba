/**
 * Handler linking, round 2: tools that were found without their handler function, because the handler reaches the
 * registration through a builder, a member of an imported object or module, a class instance, or a dispatcher that
 * takes the request second. Each fixture's tool had no handler before; the handler checks now see the function.
 */
import { MCP_PACKAGE, type StyleFixture } from './styleFixtures';

const ANSWER = `{ content: [{ type: 'text' as const, text: 'ok' }] }`;

const LOW_LEVEL_SERVER = `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
const server = new Server({ name: 'shop', version: '1.0.0' }, { capabilities: { tools: {} } });`;

export const HANDLER_LINKING_FIXTURES: StyleFixture[] = [
  {
    title:
      'a context method that hands its handler to a builder before registering what the builder returns: the handler is the function given to the method',
    files: {
      'package.json': MCP_PACKAGE,
      'src/context.ts': `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { withAccount } from './account';
type Callback = (args: unknown) => Promise<unknown>;
function traced(label: string, callback: Callback): Callback {
  return async (args) => {
    console.error('calling', label);
    return callback(args);
  };
}
export function makeShopContext(server: McpServer) {
  const register = (name: string, config: { schema?: object }, callback: Callback) =>
    server.registerTool(name, config, traced(name, callback) as never);
  return {
    register,
    shopTool(name: string, config: { schema: object }, handler: Callback) {
      const { schema, run } = withAccount(config.schema, handler);
      return register(name, { ...config, schema }, run);
    },
  };
}
`,
      'src/account.ts': `export function withAccount(schema: object, handler: (args: unknown) => Promise<unknown>) {
  return { schema: { ...schema, account: 'string' }, run: (args: unknown) => handler(args) };
}
`,
      'src/orders.ts': `export function registerOrderTools(context: { shopTool: Function }) {
  context.shopTool('cancel_order', { schema: {} }, async function cancelOrder(args: { id?: string }) {
    if (!args.id) throw new Error('an order id is needed');
    return ${ANSWER};
  });
}
`,
    },
    tools: [{ file: 'src/orders.ts', name: 'cancel_order', kind: 'wrapper', handler: 'cancelOrder' }],
    findings: ['throw-in-handler@src/orders.ts'],
    onlyChecks: ['throw-in-handler'],
  },
  {
    title:
      'a helper taking { name, callback } whose registered function calls the destructured callback inside its own try: the callback is the handler, and the try guards it',
    files: {
      'package.json': MCP_PACKAGE,
      'src/tools.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'parcels', version: '1.0.0' });
const addTool = ({ name, description, callback }: { name: string; description: string; callback: (p: object) => Promise<unknown> }) => {
  server.tool(name, description, {}, async (params: object) => {
    try {
      const data = await callback(params);
      return { content: [{ type: 'text' as const, text: JSON.stringify(data) }] };
    } catch (error) {
      return { content: [{ type: 'text' as const, text: String(error) }], isError: true };
    }
  });
};
addTool({
  name: 'track_parcel',
  description: 'Tracks a parcel',
  callback: async () => {
    throw new Error('tracking is down');
  },
});
`,
    },
    tools: [{ file: 'src/tools.ts', name: 'track_parcel', kind: 'wrapper', handler: 'callback' }],
    findings: [],
    onlyChecks: ['throw-in-handler'],
  },
  {
    title:
      'a handler table of members of imported handler objects: each entry is linked to the function of the object in its file',
    files: {
      'package.json': MCP_PACKAGE,
      'src/handlers/cards.ts': `export const cardHandlers = {
  createCard: async (args: { title?: string }) => {
    if (!args.title) throw new Error('a title is needed');
    return ${ANSWER};
  },
  async archiveCard(args: { id: string }) {
    return ${ANSWER};
  },
};
`,
      'src/server.ts': `${LOW_LEVEL_SERVER}
import { cardHandlers } from './handlers/cards';
function pick(name: string) {
  const table = {
    create_card: cardHandlers.createCard,
    archive_card: cardHandlers.archiveCard,
  };
  return table[name as keyof typeof table];
}
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const handler = pick(request.params.name);
  return handler(request.params.arguments as never);
});
`,
    },
    tools: [
      {
        file: 'src/server.ts',
        name: 'create_card',
        kind: 'dispatch',
        handler: 'createCard',
        handlerFile: 'src/handlers/cards.ts',
      },
      {
        file: 'src/server.ts',
        name: 'archive_card',
        kind: 'dispatch',
        handler: 'archiveCard',
        handlerFile: 'src/handlers/cards.ts',
      },
    ],
    findings: ['throw-in-handler@src/handlers/cards.ts'],
    onlyChecks: ['throw-in-handler'],
  },
  {
    title:
      "the same table looked up inside the tools/call handler's try whose catch answers: the linked handlers run guarded",
    files: {
      'package.json': MCP_PACKAGE,
      'src/handlers/boards.ts': `export const boardHandlers = {
  createBoard: async (args: { title?: string }) => {
    if (!args.title) throw new Error('a title is needed');
    return ${ANSWER};
  },
};
`,
      'src/server.ts': `${LOW_LEVEL_SERVER}
import { boardHandlers } from './handlers/boards';
function pick(name: string) {
  const table = { create_board: boardHandlers.createBoard };
  return table[name as keyof typeof table];
}
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  try {
    const handler = pick(request.params.name);
    return await handler(request.params.arguments as never);
  } catch (error) {
    return { content: [{ type: 'text' as const, text: String(error) }], isError: true };
  }
});
`,
    },
    tools: [
      {
        file: 'src/server.ts',
        name: 'create_board',
        kind: 'dispatch',
        handler: 'createBoard',
        handlerFile: 'src/handlers/boards.ts',
      },
    ],
    findings: [],
    onlyChecks: ['throw-in-handler', 'unguarded-handler'],
  },
  {
    title:
      'switch branches that call functions of a module imported whole, through a barrel: each branch is linked to the function in its file; a branch that only logs through an imported object has no handler',
    files: {
      'package.json': MCP_PACKAGE,
      'src/lamps/index.ts': `export * from './switching';
`,
      'src/log.ts': `export const log = {
  info(message: string) {
    if (!message) throw new Error('nothing to log');
    console.error(message);
  },
};
`,
      'src/lamps/switching.ts': `export async function switchLamp(args: { room?: string }) {
  if (!args.room) throw new Error('which room?');
  return ${ANSWER};
}
export async function dimLamp(args: { level: number }) {
  return ${ANSWER};
}
`,
      'src/server.ts': `${LOW_LEVEL_SERVER}
import * as lamps from './lamps/index';
import { log } from './log';
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const args = request.params.arguments as never;
  let result;
  switch (request.params.name) {
    case 'switch_lamp':
      result = await lamps.switchLamp(args);
      break;
    case 'dim_lamp':
      result = await lamps.dimLamp(args);
      break;
    case 'lamp_report':
      log.info('reporting');
      result = { content: [{ type: 'text' as const, text: 'all lamps on' }] };
      break;
    default:
      return { content: [{ type: 'text' as const, text: 'unknown tool' }], isError: true };
  }
  return result;
});
`,
    },
    tools: [
      {
        file: 'src/server.ts',
        name: 'switch_lamp',
        kind: 'dispatch',
        handler: 'switchLamp',
        handlerFile: 'src/lamps/switching.ts',
      },
      {
        file: 'src/server.ts',
        name: 'dim_lamp',
        kind: 'dispatch',
        handler: 'dimLamp',
        handlerFile: 'src/lamps/switching.ts',
      },
      { file: 'src/server.ts', name: 'lamp_report', kind: 'dispatch', handlerFile: null },
    ],
    findings: ['throw-in-handler@src/lamps/switching.ts'],
    onlyChecks: ['throw-in-handler'],
  },
  {
    title:
      'switch branches that call the execute method of tool instances kept in module variables: each branch is linked to its class method',
    files: {
      'package.json': MCP_PACKAGE,
      'src/tools/door.ts': `export class DoorTool {
  async execute(args: { door?: string }) {
    if (!args.door) throw new Error('which door?');
    return ${ANSWER};
  }
}
`,
      'src/server.ts': `${LOW_LEVEL_SERVER}
import { DoorTool } from './tools/door';
class WindowTool {
  async execute(args: { pane: number }) {
    return ${ANSWER};
  }
}
let doorTool: DoorTool;
const windowTool = new WindowTool();
function setUp() {
  if (!doorTool) doorTool = new DoorTool();
}
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  setUp();
  const args = request.params.arguments as never;
  switch (request.params.name) {
    case 'open_door':
      return await doorTool.execute(args);
    case 'clean_window':
      return await windowTool.execute(args);
    default:
      return { content: [{ type: 'text' as const, text: 'unknown tool' }], isError: true };
  }
});
`,
    },
    tools: [
      {
        file: 'src/server.ts',
        name: 'open_door',
        kind: 'dispatch',
        handler: 'execute',
        handlerFile: 'src/tools/door.ts',
      },
      { file: 'src/server.ts', name: 'clean_window', kind: 'dispatch', handler: 'execute', handlerFile: null },
    ],
    findings: ['throw-in-handler@src/tools/door.ts'],
    onlyChecks: ['throw-in-handler'],
  },
  {
    title:
      'a feature dispatcher that takes a connection first and the request second, its branches calling imported functions: each branch is linked to its function, not read as another dispatcher',
    files: {
      'package.json': MCP_PACKAGE,
      'src/server.ts': `${LOW_LEVEL_SERVER}
import { handleGardenRequest } from './garden';
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const connection = { token: 'secret' };
  return await handleGardenRequest(connection, request);
});
`,
      'src/garden/index.ts': `import { plantSeed } from './plant-seed';
export const handleGardenRequest = async (
  connection: { token: string },
  request: { params: { name: string; arguments?: Record<string, unknown> } },
) => {
  switch (request.params.name) {
    case 'plant_seed': {
      const result = await plantSeed(connection, { ...request.params.arguments });
      return { content: [{ type: 'text' as const, text: JSON.stringify(result) }] };
    }
    default:
      return { content: [{ type: 'text' as const, text: 'unknown tool' }], isError: true };
  }
};
`,
      'src/garden/plant-seed/index.ts': `export * from './feature';
`,
      'src/garden/plant-seed/feature.ts': `export async function plantSeed(connection: { token: string }, options: Record<string, unknown>) {
  if (!options.bed) throw new Error('which bed?');
  return { planted: true };
}
`,
    },
    tools: [
      {
        file: 'src/garden/index.ts',
        name: 'plant_seed',
        kind: 'dispatch',
        handler: 'plantSeed',
        handlerFile: 'src/garden/plant-seed/feature.ts',
      },
    ],
  },
];
