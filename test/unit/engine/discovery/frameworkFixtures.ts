/**
 * Registration conventions of MCP server frameworks (file conventions, decorators, framework base
 * classes, other handler keys), each with near misses that must not count. Shared by the engine,
 * CLI and language-server tests like the style fixtures.
 */
import { MCP_PACKAGE, type StyleFixture } from './styleFixtures';

const OK = `{ content: [{ type: 'text', text: 'ok' }] }`;
const packageOf = (dependency: string) => JSON.stringify({ name: 'demo', dependencies: { [dependency]: '^1.0.0' } });

export const FRAMEWORK_FIXTURES: StyleFixture[] = [
  {
    title: 'file convention: a file under tools/ exporting schema, metadata and a default handler is a tool',
    files: {
      'package.json': packageOf('xmcp'),
      'src/tools/say-hello.ts': `import { z } from 'zod';
import type { ToolMetadata } from 'xmcp';
export const schema = { who: z.string() };
export const metadata: ToolMetadata = { name: 'say_hello', description: 'Says hello' };
export default async function sayHello({ who }: { who: string }) {
  return \`hello \${who}\`;
}
`,
      'src/tools/nested/roll-dice.ts': `import { z } from 'zod';
export const schema = { sides: z.number() };
const roll = async ({ sides }: { sides: number }) => String(Math.ceil(Math.random() * sides));
export default roll;
`,
      'src/tools/list-things.ts': `import type { ToolMetadata } from 'xmcp';
export const metadata: ToolMetadata = { name: 'list_things', description: 'Lists' };
const paid = <T>(handler: T) => handler;
export default paid(async function listThings() {
  return 'none';
});
`,
      // Near misses: helpers outside tools/; a tools/ file without a default handler. (A page exporting
      // metadata without a schema is a near miss only outside an xmcp project: see conventionFolderFixtures.)
      'src/lib/format.ts': `export const schema = { a: 1 };
export default function format() {
  return '';
}
`,
      'src/tools/register.ts': `import { z } from 'zod';
export const schema = { q: z.string() };
export default function register(server: { tool: Function }) {
  server.tool('search', 'Searches', schema, async function search() {
    return 'found';
  });
}
`,
      'src/tools/shared.ts': `export const schema = { a: 1 };
export function helper() {
  return 1;
}
`,
    },
    tools: [
      { file: 'src/tools/say-hello.ts', name: 'say_hello', kind: 'fileConvention', handler: 'sayHello' },
      {
        file: 'src/tools/nested/roll-dice.ts',
        name: 'roll-dice',
        kind: 'fileConvention',
        handler: 'roll',
        evidence: /name: the file name roll-dice/,
      },
      { file: 'src/tools/register.ts', name: 'search', kind: 'tool', handler: 'search' },
      { file: 'src/tools/list-things.ts', name: 'list_things', kind: 'fileConvention', handler: 'listThings' },
    ],
  },
  {
    title: 'file convention: the same files in a project without an MCP framework are not tools',
    files: {
      'package.json': JSON.stringify({ name: 'site', dependencies: { next: '^15.0.0' } }),
      'src/tools/say-hello.ts': `export const schema = { who: 'string' };
export default async function sayHello() {
  return 'hello';
}
`,
    },
    tools: [],
  },
  {
    title: 'definition objects with other handler keys (cb, fn) need a name and a schema',
    files: {
      'package.json': MCP_PACKAGE,
      'src/tools.ts': `import { z } from 'zod';
export const tools = [
  { name: 'fetch_docs', description: 'Docs', paramsSchema: { q: z.string() }, cb: async () => ${OK} },
  { name: 'search_code', description: 'Code', argsSchema: { q: z.string() }, fn: async () => ${OK} },
];
// Near misses: a name and a callback but no schema; an event listener.
export const jobs = [{ name: 'nightly', cb: async () => undefined }];
export const listeners = { name: 'click', fn: () => undefined };
`,
    },
    tools: [
      { file: 'src/tools.ts', name: 'fetch_docs', kind: 'definition', evidence: /its cb property/ },
      { file: 'src/tools.ts', name: 'search_code', kind: 'definition', evidence: /its fn property/ },
    ],
  },
  {
    title: 'object forms: registrar.registerTool({ name, handler }) and server.tool({ name, … }, handler)',
    files: {
      'package.json': packageOf('@rekog/mcp-nest'),
      'src/dynamic.ts': `export class DynamicTools {
  constructor(private readonly registrar: { registerTool: Function; registerPrompt: Function; registerResource: Function }) {}
  onInit() {
    this.registrar.registerTool({
      name: 'lookup_user',
      description: 'Looks a user up',
      handler: async () => ${OK},
    });
    // Near misses: prompts and resources take the same object shape.
    this.registrar.registerPrompt({ name: 'summarise', parameters: {}, handler: async () => ({ messages: [] }) });
    this.registrar.registerResource({ name: 'config', uri: 'app://config', handler: async () => ({ contents: [] }) });
  }
}
`,
      'src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'x', version: '1' });
server.tool({ name: 'hello', description: 'Says hello', inputSchema: {} }, async function hello() {
  return ${OK};
});
// Near miss: an object without a name.
server.tool({ description: 'nameless' }, async () => ${OK});
`,
      'src/use.ts': `import { create } from 'mcp-use/server';
const mcp = create('demo');
mcp.tool({ name: 'greet', description: 'Greets', inputs: [], cb: async () => 'hello' });
// Near miss: a prompt with the same shape.
mcp.prompt({ name: 'introduction', args: [], cb: async () => 'hi' });
`,
    },
    tools: [
      { file: 'src/dynamic.ts', name: 'lookup_user', kind: 'registerTool', evidence: /its handler property/ },
      { file: 'src/server.ts', name: 'hello', kind: 'tool', handler: 'hello' },
      { file: 'src/use.ts', name: 'greet', kind: 'tool', evidence: /its cb property/ },
    ],
  },
  {
    title: 'method decorators: @Tool({ name, … }) from an MCP framework, or describing a tool, registers the method',
    files: {
      'package.json': JSON.stringify({
        name: 'demo',
        dependencies: { '@rekog/mcp-nest': '^1.0.0', 'easy-mcp': '^1.0.0' },
      }),
      'src/names.ts': `export const LOOKUP = 'lookup-order';
`,
      'src/orders.tool.ts': `import { Injectable } from '@nestjs/common';
import { Tool } from '@rekog/mcp-nest';
import { LOOKUP } from './names';
@Injectable()
export class OrderTools {
  @Tool({ name: 'greet-user', description: 'Greets' })
  async greet() {
    return 'hi';
  }
  @Tool({ name: LOOKUP })
  lookup() {
    return ${OK};
  }
  // Near misses: another decorator with a name; a method without a decorator.
  @Injectable({ name: 'not-a-tool', description: 'x' } as never)
  helper() {
    return 1;
  }
  plain() {
    return 2;
  }
}
`,
      'src/local.ts': `const McpTool = (options: object) => (target: object, key: string) => undefined;
export class LocalTools {
  @McpTool({ name: 'local_tool', description: 'A local decorator that describes a tool' })
  run() {
    return ${OK};
  }
}
`,
      'src/other.ts': `import { Tool } from './decorators';
export class Other {
  // A decorator named Tool that is not from an MCP package and describes nothing: not a tool.
  @Tool({ name: 'bare' })
  run() {
    return 1;
  }
}
`,
      'src/decorators.ts': `export const Tool = (options: object) => (target: object, key: string) => undefined;
`,
      'src/easy.ts': `import EasyMCP, { Tool } from 'easy-mcp';
export class Server extends EasyMCP {
  @Tool({ description: 'Adds two numbers' })
  addNumbers({ a, b }: { a: number; b: number }) {
    return String(a + b);
  }
}
`,
      'src/nameless.ts': `import { Tool } from './decorators';
export class Nameless {
  // A local Tool decorator without a name: not a tool.
  @Tool({ description: 'x' })
  run() {
    return 1;
  }
}
`,
    },
    tools: [
      { file: 'src/orders.tool.ts', name: 'greet-user', kind: 'decorator', handler: 'greet' },
      { file: 'src/orders.tool.ts', name: 'lookup-order', kind: 'decorator', handler: 'lookup' },
      { file: 'src/local.ts', name: 'local_tool', kind: 'decorator', handler: 'run' },
      {
        file: 'src/easy.ts',
        name: 'addNumbers',
        kind: 'decorator',
        handler: 'addNumbers',
        evidence: /the method name/,
      },
    ],
  },
  {
    title: 'framework base classes: a class extending MCPTool from mcp-framework is a tool',
    files: {
      'package.json': packageOf('mcp-framework'),
      'src/tools/PageTool.ts': `import { MCPTool } from 'mcp-framework';
import { z } from 'zod';
interface Input { url: string }
export default class PageTool extends MCPTool<Input> {
  name = 'get_page';
  description = 'Fetches a page';
  schema = { url: { type: z.string(), description: 'URL' } };
  async execute(input: Input) {
    return input.url;
  }
}
`,
      // Near miss: a class extending something else from the framework.
      'src/server.ts': `import { MCPServer } from 'mcp-framework';
export class Server extends MCPServer {
  name = 'server';
  async execute() {
    return 1;
  }
}
`,
    },
    tools: [
      {
        file: 'src/tools/PageTool.ts',
        name: 'get_page',
        kind: 'class',
        handler: 'execute',
        evidence: /MCPTool is a tool base class of the MCP framework mcp-framework/,
      },
    ],
  },
  {
    title: 'a handler table merged, wrapped and aliased in another module before the dispatcher looks it up',
    files: {
      'package.json': MCP_PACKAGE,
      'src/tools/billing.ts': `export const BILLING_HANDLERS = {
  list_invoices: async (request: { id?: string }) => ${OK},
  refund_invoice: async (request: { id?: string }) => ${OK},
};
`,
      'src/tools/config.ts': `export const LIMITS = { max: 'ten', min: 'one' };
`,
      'src/tools/index.ts': `import { BILLING_HANDLERS } from './billing';
import { USER_HANDLERS } from './users';
import { LIMITS } from './config';
const merged = { ...BILLING_HANDLERS, ...USER_HANDLERS, ...LIMITS };
const withTiming = () => {
  const wrapped: Record<string, (request: unknown) => Promise<unknown>> = {};
  for (const [name, handler] of Object.entries(merged)) {
    wrapped[name] = async (request) => handler(request as never);
  }
  return wrapped;
};
export const HANDLERS = withTiming();
`,
      'src/tools/users.ts': `import { ALIASED } from './user-table';
export const USER_HANDLERS = ALIASED;
`,
      'src/tools/user-table.ts': `export const ALIASED = {
  get_user: async function getUser() {
    return ${OK};
  },
};
`,
      'src/server.ts': `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { HANDLERS } from './tools/index';
const server = new Server({ name: 'x', version: '1' }, { capabilities: { tools: {} } });
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const name = request.params.name;
  return HANDLERS[name](request);
});
`,
    },
    tools: [
      {
        file: 'src/tools/billing.ts',
        name: 'list_invoices',
        kind: 'dispatch',
        evidence: /merged into: BILLING_HANDLERS/,
      },
      { file: 'src/tools/billing.ts', name: 'refund_invoice', kind: 'dispatch' },
      {
        file: 'src/tools/user-table.ts',
        name: 'get_user',
        kind: 'dispatch',
        evidence: /aliased as/,
      },
    ],
  },
];
