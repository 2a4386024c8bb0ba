/**
 * Hooks of a tools/call dispatcher — calls handed the tool name that run no tool (logging, telemetry,
 * post-processing of the tool's result) — next to the forwarding calls that do. Written from scratch;
 * shared by the engine, CLI and language-server tests.
 */
import { MCP_PACKAGE, type StyleFixture } from './styleFixtures';

const OK = `{ content: [{ type: 'text' as const, text: 'ok' }] }`;

/** Hooks that would draw handler findings if they were taken for handlers: awaited work, no try/catch. */
const HOOKS = `import { readFile } from 'node:fs/promises';
export async function appendFooter(result: { content: Array<{ type: 'text'; text: string }> }, toolName: string) {
  const footer = await readFile('/etc/footer.txt', 'utf8');
  result.content.push({ type: 'text', text: toolName + footer });
  return result;
}
export async function recordCall(toolName: string) {
  await readFile('/var/log/' + toolName, 'utf8');
}
export async function countCall(toolName: string, args: unknown) {
  await readFile('/var/count/' + toolName + String(args), 'utf8');
}
`;

export const DISPATCH_HOOK_FIXTURES: StyleFixture[] = [
  {
    title:
      'hooks handed the tool name after an imported dispatch(name, args): telemetry and post-processing are not handlers',
    files: {
      'package.json': MCP_PACKAGE,
      'src/hooks.ts': HOOKS,
      'src/teaTools.ts': `import { readFile } from 'node:fs/promises';
export async function dispatch(name: string, args: unknown) {
  switch (name) {
    case 'brew_tea':
      return brewTea(args);
    case 'pour_tea':
      return ${OK};
    default:
      throw new Error('unknown tool ' + name);
  }
}
async function brewTea(args: unknown) {
  await readFile('/srv/tea/' + String(args), 'utf8');
  return ${OK};
}
`,
      'src/server.ts': `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { appendFooter, countCall, recordCall } from './hooks';
import { dispatch } from './teaTools';
const server = new Server({ name: 'tea', version: '1' }, { capabilities: { tools: {} } });
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name, arguments: args } = request.params;
  try {
    recordCall(name).catch(() => undefined);
    void countCall(name, args);
    const result = await dispatch(name, args);
    return await appendFooter(result, name);
  } catch (error) {
    console.error('tea call failed', error);
    throw error;
  }
});
`,
    },
    tools: [
      { file: 'src/teaTools.ts', name: 'brew_tea', kind: 'dispatch', handler: 'brewTea' },
      { file: 'src/teaTools.ts', name: 'pour_tea', kind: 'dispatch' },
    ],
    // The forwarded dispatcher and its tools are handlers: brewTea's unguarded await is reported once, on brewTea
    // (the dispatcher's call of it is not reported again; server.ts's catch rethrows, so it guards nothing, and its
    // rethrow is reported too); the unknown-tool throw is the protocol error the spec asks for; the hooks draw nothing.
    findings: ['throw-in-handler@src/server.ts', 'unguarded-handler@src/teaTools.ts'],
    onlyChecks: ['unguarded-handler', 'throw-in-handler'],
  },
  {
    title: 'a switch dispatcher whose result is post-processed with the tool name afterwards: one tool per case only',
    files: {
      'package.json': MCP_PACKAGE,
      'src/hooks.ts': HOOKS,
      'src/server.ts': `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { appendFooter, recordCall } from './hooks';
const server = new Server({ name: 'kettle', version: '1' }, { capabilities: { tools: {} } });
async function boil(args: unknown) {
  return ${OK};
}
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name, arguments: args } = request.params;
  let result = { content: [] as Array<{ type: 'text'; text: string }> };
  try {
    switch (name) {
      case 'boil_water':
        result = await boil(args);
        break;
      case 'fill_kettle':
        result = ${OK};
        break;
    }
    if (!('isError' in result)) {
      result = await appendFooter(result, name);
    }
    await recordCall(name);
    return result;
  } catch (error) {
    return { isError: true, content: [{ type: 'text' as const, text: String(error) }] };
  }
});
`,
    },
    tools: [
      { file: 'src/server.ts', name: 'boil_water', kind: 'dispatch', handler: 'boil' },
      { file: 'src/server.ts', name: 'fill_kettle', kind: 'dispatch' },
    ],
    findings: [],
    onlyChecks: ['unguarded-handler', 'throw-in-handler'],
  },
  {
    title:
      'a gateway that describes the answer in a finally block (`response._meta = describeCall({ tool: name }, response._meta)`): the describer is not a handler',
    files: {
      'package.json': MCP_PACKAGE,
      'src/describe.ts': `import { sortKeys } from 'tidy-objects';
export function describeCall(meta: { tool: string }, existing?: Record<string, unknown>): Record<string, unknown> {
  return sortKeys({ ...existing, ...meta });
}
`,
      'src/server.ts': `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { describeCall } from './describe';
declare function forwardCall(name: string, args: unknown): Promise<{ content: Array<{ type: 'text'; text: string }>; _meta?: Record<string, unknown> }>;
const server = new Server({ name: 'gateway', version: '1' }, { capabilities: { tools: {} } });
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name, arguments: args } = request.params;
  let response: { content: Array<{ type: 'text'; text: string }>; isError?: boolean; _meta?: Record<string, unknown> } | undefined;
  try {
    response = await forwardCall(name, args);
    return response;
  } catch (error) {
    response = { isError: true, content: [{ type: 'text' as const, text: String(error) }] };
    return response;
  } finally {
    if (response) response._meta = describeCall({ tool: name }, response._meta);
  }
});
`,
    },
    tools: [{ file: 'src/server.ts', name: null, kind: 'setRequestHandler' }],
    findings: [],
    onlyChecks: ['unguarded-handler', 'throw-in-handler'],
  },
];
