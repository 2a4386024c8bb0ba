/**
 * MCP hosts and inspectors built on a workspace SDK of their own, written from scratch with invented names.
 * The SDK package lists the MCP server packages among its development dependencies only (its tests start
 * servers) and its files use the client side: it is an MCP client, and so is the app built on it, whose
 * in-page agent actions are shaped like tool definitions. A server package of the same workspace that serves
 * the SDK's operation definitions runs them inside an answering try of its own (`operation.execute(…)`):
 * those definitions are tools, and guarded. Shared by the engine, CLI and language-server tests.
 */
import type { StyleFixture } from './styleFixtures';

const WORKSPACE = JSON.stringify({ name: 'bench-workspace', private: true, workspaces: ['kit', 'app', 'serve'] });

/** The workspace SDK: client side only, the server packages for its tests. */
const KIT_FILES: Record<string, string> = {
  'kit/package.json': JSON.stringify({
    name: 'bench-kit',
    main: 'src/index.ts',
    dependencies: { '@modelcontextprotocol/client': '^2.0.0' },
    devDependencies: { '@modelcontextprotocol/sdk': '^1.12.0', '@modelcontextprotocol/server': '^2.0.0' },
  }),
  'kit/src/connect.ts': `import { Client } from '@modelcontextprotocol/client';
export function connectBench(title: string): Client {
  return new Client({ name: title, version: '1.0.0' });
}
`,
  'kit/src/operations.ts': `export interface BenchApi {
  listBenches(): Promise<string[]>;
  paintBench(id: string, colour: string): Promise<string>;
}
export interface BenchOperation {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  execute(input: Record<string, string>, api: BenchApi): Promise<unknown>;
}
export const listBenchesOperation: BenchOperation = {
  name: 'list_benches',
  description: 'Lists the benches of the park',
  inputSchema: { type: 'object', properties: {} },
  async execute(_input, api) {
    return { benches: await api.listBenches() };
  },
};
export const paintBenchOperation: BenchOperation = {
  name: 'paint_bench',
  description: 'Paints a bench',
  inputSchema: { type: 'object', properties: { id: { type: 'string' }, colour: { type: 'string' } } },
  async execute(input, api) {
    if (!input.colour) throw new Error('colour is required');
    return { painted: await api.paintBench(input.id, input.colour) };
  },
};
`,
  'kit/src/index.ts': `export { connectBench } from './connect';
export { listBenchesOperation, paintBenchOperation, type BenchApi, type BenchOperation } from './operations';
`,
};

/** The inspector app: the workspace SDK and the client package, and in-page agent actions shaped like tools. */
const APP_FILES: Record<string, string> = {
  'app/package.json': JSON.stringify({
    name: 'bench-app',
    dependencies: { 'bench-kit': 'workspace:*', '@modelcontextprotocol/client': '^2.0.0' },
  }),
  'app/src/panelActions.ts': `import { connectBench } from 'bench-kit';
export interface PanelResult {
  content: Array<{ type: 'text'; text: string }>;
  isError?: boolean;
}
export interface PanelAction {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  execute(args: Record<string, string>): Promise<PanelResult>;
}
export function failedAction(message: string): PanelResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}
export function panelActions(): PanelAction[] {
  return [
    {
      name: 'open_bench_panel',
      description: 'Opens the bench panel of the inspector',
      inputSchema: { type: 'object', properties: { id: { type: 'string' } } },
      execute: async (args) => {
        const client = connectBench('panel');
        const response = await fetch('/panel/' + args.id);
        if (!response.ok) return failedAction('panel ' + args.id + ' is closed for ' + client.constructor.name);
        return { content: [{ type: 'text', text: await response.text() }] };
      },
    },
  ];
}
`,
};

export const CLIENT_HOST_FIXTURES: StyleFixture[] = [
  {
    title:
      'an inspector app on a workspace SDK that lists the MCP server packages for its tests only: its agent actions are not tools',
    files: { 'package.json': WORKSPACE, ...KIT_FILES, ...APP_FILES },
    tools: [],
    findings: [],
  },
  {
    title:
      'the same SDK shipping a server package (a dependency, not a development one) stays MCP code, and so does its app',
    files: {
      'package.json': WORKSPACE,
      ...KIT_FILES,
      'kit/package.json': JSON.stringify({
        name: 'bench-kit',
        main: 'src/index.ts',
        dependencies: { '@modelcontextprotocol/client': '^2.0.0', '@modelcontextprotocol/server': '^2.0.0' },
      }),
      ...APP_FILES,
    },
    tools: [
      { file: 'app/src/panelActions.ts', name: 'open_bench_panel', kind: 'definition' },
      { file: 'kit/src/operations.ts', name: 'list_benches', kind: 'definition' },
      { file: 'kit/src/operations.ts', name: 'paint_bench', kind: 'definition' },
    ],
    findings: ['throw-in-handler@kit/src/operations.ts'],
    onlyChecks: ['throw-in-handler'],
  },
  {
    title:
      "a server package that serves the workspace SDK's operations through an invoker whose try answers: tools, guarded",
    files: {
      'package.json': WORKSPACE,
      ...KIT_FILES,
      ...APP_FILES,
      'serve/package.json': JSON.stringify({
        name: 'bench-serve',
        dependencies: { 'bench-kit': 'workspace:*', '@modelcontextprotocol/server': '^2.0.0' },
      }),
      'serve/src/server.ts': `import { McpServer } from '@modelcontextprotocol/server';
import { listBenchesOperation, paintBenchOperation, type BenchApi, type BenchOperation } from 'bench-kit';
const BENCH_OPERATIONS: BenchOperation[] = [listBenchesOperation, paintBenchOperation];
export async function runOperation(operation: BenchOperation, input: Record<string, string>, api: BenchApi) {
  try {
    const payload = await operation.execute(input, api);
    return { content: [{ type: 'text' as const, text: JSON.stringify(payload) }] };
  } catch (error) {
    return { content: [{ type: 'text' as const, text: String(error) }], isError: true };
  }
}
export function serveBenches(api: BenchApi): McpServer {
  const server = new McpServer({ name: 'benches', version: '1.0.0' });
  for (const operation of BENCH_OPERATIONS) {
    server.registerTool(operation.name, { description: operation.description }, async (input: Record<string, string>) =>
      runOperation(operation, input, api),
    );
  }
  return server;
}
`,
    },
    tools: [
      { file: 'kit/src/operations.ts', name: 'list_benches', kind: 'definition' },
      { file: 'kit/src/operations.ts', name: 'paint_bench', kind: 'definition' },
    ],
    findings: [],
    onlyChecks: ['unguarded-handler', 'throw-in-handler'],
  },
];
