/** An SDK McpServer over streamable HTTP with sessions on 127.0.0.1, for the HTTP tap tests (GET streams, DELETE). */
import { randomUUID } from 'node:crypto';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

export interface RunningMcpHttpServer {
  url: URL;
  close: () => Promise<void>;
}

/** Starts an HTTP server that gives each new session a fresh server from `buildServer`. */
export async function startMcpHttpServer(
  buildServer: () => McpServer,
  enableJsonResponse: boolean,
): Promise<RunningMcpHttpServer> {
  const transports = new Map<string, StreamableHTTPServerTransport>();
  const httpServer = http.createServer((request, response) => {
    void (async () => {
      const sessionId = request.headers['mcp-session-id'];
      let transport = typeof sessionId === 'string' ? transports.get(sessionId) : undefined;
      if (!transport) {
        const created: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          enableJsonResponse,
          onsessioninitialized: (id: string): void => {
            transports.set(id, created);
          },
        });
        transport = created;
        await buildServer().connect(created);
      }
      await transport.handleRequest(request, response);
    })();
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const { port } = httpServer.address() as AddressInfo;
  return {
    url: new URL(`http://127.0.0.1:${port}/mcp`),
    close: async () => {
      for (const transport of transports.values()) await transport.close();
      httpServer.closeAllConnections();
      await new Promise((resolve) => httpServer.close(resolve));
    },
  };
}
