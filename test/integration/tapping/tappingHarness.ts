/** Shared helpers for the tapping integration tests: the tap CLI to run, and a loopback HTTP server with an envelope. */
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';
import { decodeCalls } from '../../../shared/src/decoder';
import { parseTrace } from '../../../shared/src/trace';

const repoRoot = path.resolve(__dirname, '..', '..', '..', '..');
export const EVERYTHING_SERVER = path.join(
  repoRoot,
  'node_modules/@modelcontextprotocol/server-everything/dist/index.js',
);

/** dist/cli.js, built by `npm run build` (which `npm test` runs first). */
export async function tapCli(_scratch: string): Promise<string> {
  const built = path.join(repoRoot, 'dist', 'cli.js');
  if (!fs.existsSync(built)) throw new Error(`${built} is missing: run npm run build first`);
  return built;
}

export async function readCalls(traceFile: string, settled: number): Promise<ReturnType<typeof decodeCalls>> {
  for (let attempt = 0; ; attempt++) {
    const text = fs.existsSync(traceFile) ? fs.readFileSync(traceFile, 'utf8') : '';
    const calls = decodeCalls(parseTrace(text).entries);
    if (calls.filter((call) => call.outcome !== 'pending').length >= settled || attempt >= 60) return calls;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A streamable-HTTP MCP server on 127.0.0.1 with one tool that fails with a full envelope. */
export async function startEnvelopeServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const httpServer = http.createServer((request, response) => {
    const mcp = new McpServer({ name: 'inventory', version: '1.0.0' });
    mcp.registerTool('reserve', { inputSchema: { sku: z.string() } }, ({ sku }) => ({
      isError: true,
      errorCategory: 'TRANSIENT',
      isRetryable: true,
      content: [{ type: 'text', text: `[TRANSIENT, retryable] The stock service timed out reserving ${sku}.` }],
    }));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    response.on('close', () => void transport.close());
    void mcp.connect(transport).then(() => transport.handleRequest(request, response));
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const { port } = httpServer.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: () => new Promise((resolve) => httpServer.close(() => resolve())),
  };
}
