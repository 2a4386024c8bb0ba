/**
 * Registration styles met in the third held-out round of the real-code evaluation
 * (docs/real-code-evaluation.md), each written from scratch with invented names, with the near
 * misses next to them that must not count. Shared by the engine, CLI and language-server tests.
 */
import { REGISTRY_FIXTURES } from './registryFixtures';
import { MCP_PACKAGE, type StyleFixture } from './styleFixtures';

const OK = `{ content: [{ type: 'text' as const, text: 'ok' }] }`;

const ROUND_THREE_STYLES: StyleFixture[] = [
  {
    title: 'definition objects whose handler key is logic, registered from a list; resources and prompts are not tools',
    files: {
      'package.json': MCP_PACKAGE,
      'src/definitions/archive.tool.ts': `import { z } from 'zod';
import { withScopes } from '../auth';
const TOOL_NAME = 'archive_folder';
async function archiveFolderLogic(input: { folder: string }) {
  return { archived: input.folder };
}
export const archiveFolderTool = {
  name: TOOL_NAME,
  description: 'Archive a folder',
  inputSchema: z.object({ folder: z.string() }),
  logic: withScopes(['files:write'], archiveFolderLogic),
};
`,
      'src/definitions/quota.tool.ts': `import { z } from 'zod';
export const quotaTool = {
  name: 'read_quota',
  description: 'Read the storage quota',
  inputSchema: z.object({}),
  logic: async () => ({ used: 1 }),
};
`,
      'src/definitions/folder.resource.ts': `import { z } from 'zod';
export const folderResource = {
  name: 'current-folder',
  description: 'The folder in use',
  uriTemplate: 'files://current',
  paramsSchema: z.object({}),
  logic: async () => ({ folder: '/' }),
};
`,
      'src/definitions/tidy.prompt.ts': `import { z } from 'zod';
export const tidyPrompt = {
  name: 'tidy-up',
  description: 'Ask for a tidy-up',
  argumentsSchema: z.object({}),
  generate: () => [{ role: 'user', content: { type: 'text', text: 'tidy up' } }],
};
`,
      'src/auth.ts': `export function withScopes<T>(scopes: string[], fn: T): T {
  return fn;
}
`,
      'src/registry.ts': `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { archiveFolderTool } from './definitions/archive.tool';
import { quotaTool } from './definitions/quota.tool';
const all = [archiveFolderTool, quotaTool];
export function registerAll(server: McpServer) {
  for (const tool of all) {
    server.registerTool(tool.name, { description: tool.description }, (async (args: never) => ({
      content: [{ type: 'text', text: JSON.stringify(await tool.logic(args)) }],
    })) as never);
  }
}
`,
    },
    tools: [
      { file: 'src/definitions/archive.tool.ts', name: 'archive_folder', kind: 'definition' },
      {
        file: 'src/definitions/quota.tool.ts',
        name: 'read_quota',
        kind: 'definition',
        evidence: /its logic property/,
      },
    ],
  },
  {
    title: 'keyed command maps registered in loops under a prefixed name (`store-${key}`); a prompt map is not tools',
    files: {
      'package.json': MCP_PACKAGE,
      'src/commands/storage.ts': `import { z } from 'zod';
const defineCommand = <T>(command: T): T => command;
export const storageCommands = {
  'purge-bucket': defineCommand({
    description: 'Purge a bucket',
    schema: { bucket: z.string() },
    handler: async () => ${OK},
  }),
  'list-buckets': {
    description: 'List the buckets',
    schema: {},
    handler: async () => ${OK},
  },
  'drop-bucket': {
    description: 'Drop a bucket',
    schema: { bucket: z.string() },
    handler: async (args: { bucket: string }) => ({ content: [{ type: 'text' as const, text: args.bucket }] }),
  },
};
`,
      'src/commands/build.ts': `import { z } from 'zod';
export const buildCommands = function (root: string) {
  const cwd = root.trim();
  return {
    compile: {
      description: 'Compile the project in ' + cwd,
      schema: { target: z.string() },
      handler: async () => {
        return ${OK};
      },
    },
  };
};
`,
      'src/prompts.ts': `export const guidePrompts = {
  'setup-guide': {
    name: 'setup-guide',
    description: 'How to set things up',
    handler: () => ({ messages: [] }),
  },
};
`,
      'src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { storageCommands } from './commands/storage';
import { buildCommands } from './commands/build';
import { guidePrompts } from './prompts';
const quickHandlers = {
  ping: async () => ${OK},
};
export class StoreServer extends McpServer {
  constructor() {
    super({ name: 'store', version: '1.0.0' });
    Object.entries(storageCommands).forEach(([commandName, command]) => {
      const toolName = \`store-\${commandName}\`;
      this.tool(toolName, command.description, command.schema, async (args: never) => command.handler(args));
    });
    for (const [key, command] of Object.entries(buildCommands('.'))) {
      this.tool(\`build-\${key}-run\`, command.description, command.schema, async () => command.handler());
    }
    for (const [name, handler] of Object.entries(quickHandlers)) {
      this.tool(name, handler);
    }
    Object.entries(guidePrompts).forEach(([promptName, prompt]) => {
      this.prompt(promptName, prompt.description, async () => prompt.handler() as never);
    });
    const labels = { a: 'first', b: 'second' };
    Object.entries(labels).forEach(([key, label]) => console.log(\`label-\${key}\`, label));
  }
}
`,
    },
    tools: [
      {
        file: 'src/commands/storage.ts',
        name: 'store-list-buckets',
        kind: 'definition',
        evidence: /registered under the name `store-\$\{key\}`/,
      },
      { file: 'src/commands/storage.ts', name: 'store-drop-bucket', kind: 'definition' },
      { file: 'src/commands/storage.ts', name: 'store-purge-bucket', kind: 'definition' },
      { file: 'src/commands/build.ts', name: 'build-compile-run', kind: 'definition' },
      { file: 'src/server.ts', name: 'ping', kind: 'dispatch' },
    ],
  },
  {
    title:
      'registerAppTool(server, name, config, handler) from the MCP Apps package; its resource helper is not a tool',
    files: {
      'package.json': MCP_PACKAGE,
      'src/app.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { registerAppResource, registerAppTool } from '@modelcontextprotocol/ext-apps/server';
const server = new McpServer({ name: 'charts', version: '1.0.0' });
registerAppTool(server, 'render_chart', { description: 'Render a chart' }, async function renderChart() {
  return ${OK};
});
registerAppResource(server, 'chart-ui', 'ui://chart/index.html', {}, async () => ({ contents: [] }));
`,
    },
    tools: [{ file: 'src/app.ts', name: 'render_chart', kind: 'registerTool', handler: 'renderChart' }],
  },
  {
    title: 'a LangChain tool built with new in an MCP project is not an MCP tool; a class of the project is',
    files: {
      'package.json': MCP_PACKAGE,
      'src/langchain.ts': `import { DynamicStructuredTool } from '@langchain/core/tools';
import { z } from 'zod';
export function asLangChainTools(tools: Array<{ name: string; schema: z.ZodObject<z.ZodRawShape> }>) {
  return tools.map(
    (t) =>
      new DynamicStructuredTool({
        name: t.name,
        description: 'adapted',
        schema: t.schema,
        func: async () => 'ok',
      }),
  );
}
export const fixed = new DynamicStructuredTool({
  name: 'fixed_lookup',
  description: 'fixed',
  schema: z.object({}),
  func: async () => 'ok',
});
`,
      'src/own.ts': `import { z } from 'zod';
class ToolSpec<T> {
  constructor(readonly spec: T) {}
}
export const weather = new ToolSpec({
  name: 'get_weather',
  description: 'Weather',
  inputSchema: z.object({}),
  handler: async () => ${OK},
});
`,
    },
    tools: [{ file: 'src/own.ts', name: 'get_weather', kind: 'definition' }],
  },
];

export const ROUND_THREE_FIXTURES: StyleFixture[] = [...ROUND_THREE_STYLES, ...REGISTRY_FIXTURES];
