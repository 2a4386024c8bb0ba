/**
 * MCP clients with tool APIs of their own (an agent app, an SDK), written from scratch with invented
 * names: the combined SDK is their dependency, but they use its client side only, so their own tool
 * objects are not MCP tools and their copies of received results are not envelopes. Beside them, the
 * cases that stay MCP code: a server package of the same workspace serving the app's tools, a proxy
 * that imports both sides, and a definitions package that only imports the SDK's types. Shared by the
 * engine, CLI and language-server tests.
 */
import type { StyleFixture } from './styleFixtures';

const AGENT_PACKAGE = JSON.stringify({
  name: 'pocket-agent',
  dependencies: { '@modelcontextprotocol/sdk': '^1.12.0', zod: '^3.23.0' },
});

/** The agent app: its own tool type and tools, and an MCP client that copies what servers answer. */
const AGENT_FILES: Record<string, string> = {
  'src/tools/types.ts': `export interface AgentTool {
  name: string;
  displayName: string;
  description: string;
  parameters: Record<string, unknown>;
  run(args: Record<string, unknown>): Promise<string>;
}
`,
  'src/tools/readNotes.ts': `import type { AgentTool } from './types';
export const readNotesTool: AgentTool = {
  name: 'read_notes',
  displayName: 'Read notes',
  description: 'Reads a notes file',
  parameters: { type: 'object', properties: { path: { type: 'string' } } },
  run: async (args) => {
    if (typeof args.path !== 'string') throw new Error('path is required');
    return 'notes of ' + args.path;
  },
};
`,
  'src/tools/searchNotes.ts': `import type { AgentTool } from './types';
export const searchNotesTool: AgentTool = {
  name: 'search_notes',
  displayName: 'Search notes',
  description: 'Searches the notes',
  parameters: { type: 'object', properties: { query: { type: 'string' } } },
  run: async (args) => {
    const hits = await fetch('https://notes.invalid/search?q=' + String(args.query));
    if (!hits.ok) throw new Error('search failed: ' + hits.status);
    return hits.text();
  },
};
`,
  'src/tools/index.ts': `import { readNotesTool } from './readNotes';
import { searchNotesTool } from './searchNotes';
export { readNotesTool, searchNotesTool };
export const BUILT_IN_TOOLS = [readNotesTool, searchNotesTool];
`,
  'src/mcp/remoteTools.ts': `import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

export async function callRemoteTool(command: string, name: string, args: Record<string, unknown>) {
  const client = new Client({ name: 'pocket-agent', version: '0.1.0' });
  await client.connect(new StdioClientTransport({ command }));
  const raw = (await client.callTool({ name, arguments: args })) as CallToolResult;
  return { output: raw.content, isError: raw.isError === true };
}

export function failedCall(name: string, message: string) {
  return { name, response: { error: { message, isError: true } } };
}
`,
  'src/agent.ts': `import { BUILT_IN_TOOLS } from './tools';
import { callRemoteTool } from './mcp/remoteTools';
export async function step(toolName: string, args: Record<string, unknown>) {
  const local = BUILT_IN_TOOLS.find((tool) => tool.name === toolName);
  if (local) return local.run(args);
  return callRemoteTool('notes-server', toolName, args);
}
`,
};

const SERVER_PACKAGE = JSON.stringify({
  name: 'pocket-notes-server',
  dependencies: { '@modelcontextprotocol/sdk': '^1.12.0', 'pocket-agent': 'workspace:*' },
});

export const CLIENT_APP_FIXTURES: StyleFixture[] = [
  {
    title:
      'an MCP client app with its own tool objects and copies of received results: not MCP code, no tools, no findings',
    files: { 'package.json': AGENT_PACKAGE, ...AGENT_FILES },
    tools: [],
    findings: [],
  },
  {
    title:
      'the same app beside a server package of the workspace that serves its tools in a loop: those definitions are MCP tools',
    files: {
      'package.json': JSON.stringify({ name: 'pocket-workspace', private: true, workspaces: ['agent', 'server'] }),
      'agent/package.json': AGENT_PACKAGE,
      ...Object.fromEntries(Object.entries(AGENT_FILES).map(([file, text]) => [`agent/${file}`, text])),
      'server/package.json': SERVER_PACKAGE,
      'server/src/main.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { BUILT_IN_TOOLS } from 'pocket-agent/tools';
const server = new McpServer({ name: 'pocket-notes', version: '0.1.0' });
for (const tool of BUILT_IN_TOOLS) {
  server.registerTool(tool.name, { description: tool.description }, async (args) => ({
    content: [{ type: 'text', text: await tool.run(args) }],
  }));
}
`,
    },
    // The definitions the server imports are MCP code now; the app's MCP client (not imported) stays silent.
    tools: [
      { file: 'agent/src/tools/readNotes.ts', name: 'read_notes', kind: 'definition' },
      { file: 'agent/src/tools/searchNotes.ts', name: 'search_notes', kind: 'definition' },
    ],
    findings: [
      'throw-in-handler@agent/src/tools/readNotes.ts',
      'throw-in-handler@agent/src/tools/searchNotes.ts',
      'unguarded-handler@agent/src/tools/searchNotes.ts',
    ],
  },
  {
    title:
      'a server package importing one constant through the app barrel: only the file defining it is MCP code, the app tools stay silent',
    files: {
      'package.json': JSON.stringify({ name: 'pocket-workspace', private: true, workspaces: ['agent', 'server'] }),
      'agent/package.json': AGENT_PACKAGE,
      ...Object.fromEntries(Object.entries(AGENT_FILES).map(([file, text]) => [`agent/${file}`, text])),
      'agent/src/meta.ts': `export const AGENT_NAME = 'pocket-agent';\n`,
      'agent/src/index.ts': `export * from './tools';
export * from './mcp/remoteTools';
export * from './meta';
export { step } from './agent';
`,
      'server/package.json': SERVER_PACKAGE,
      'server/src/main.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { AGENT_NAME } from 'pocket-agent';
const server = new McpServer({ name: 'pocket-info', version: '0.1.0' });
server.registerTool('agent_info', { description: 'Names the agent' }, async () => ({
  content: [{ type: 'text', text: AGENT_NAME }],
}));
`,
    },
    tools: [{ file: 'server/src/main.ts', name: 'agent_info', kind: 'registerTool' }],
    findings: [],
  },
  {
    title: 'a proxy that imports the SDK client and serves what it forwards: an MCP server',
    files: {
      'package.json': JSON.stringify({ name: 'notes-proxy', dependencies: { '@modelcontextprotocol/sdk': '^1.12.0' } }),
      'src/upstream.ts': `import { Client } from '@modelcontextprotocol/sdk/client/index.js';
export const upstream = new Client({ name: 'notes-proxy', version: '1.0.0' });
`,
      'src/proxy.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { upstream } from './upstream';
const server = new McpServer({ name: 'notes-proxy', version: '1.0.0' });
server.registerTool('forward_search', { description: 'Searches upstream' }, async (args) => {
  const answer = await upstream.callTool({ name: 'search_notes', arguments: args });
  return { content: [{ type: 'text', text: JSON.stringify(answer.content) }], isError: answer.isError === true };
});
`,
    },
    tools: [{ file: 'src/proxy.ts', name: 'forward_search', kind: 'registerTool' }],
  },
  {
    title: 'a definitions package that imports only the SDK types: MCP code as before',
    files: {
      'package.json': JSON.stringify({ name: 'notes-tools', dependencies: { '@modelcontextprotocol/sdk': '^1.12.0' } }),
      'src/definitions.ts': `import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
export const archiveNote = {
  name: 'archive_note',
  description: 'Archives a note',
  inputSchema: { type: 'object', properties: { id: { type: 'string' } } },
  handler: async (args: { id: string }): Promise<CallToolResult> => {
    if (!args.id) return { content: [{ type: 'text', text: 'id is required' }], isError: true };
    return { content: [{ type: 'text', text: 'archived ' + args.id }] };
  },
};
export const tools = [archiveNote];
`,
    },
    tools: [{ file: 'src/definitions.ts', name: 'archive_note', kind: 'definition' }],
  },
];
