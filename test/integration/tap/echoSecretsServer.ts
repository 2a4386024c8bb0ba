/**
 * A test MCP server that echoes secrets back: the value of ECHO_SECRET (stdio) or the Authorization header
 * (HTTP) in a result's text, in a credential-named field, in an isError result and in a JSON-RPC error.
 * Without redaction every one of them reaches the trace, which is what makes the redaction tests able to fail.
 * As a process it speaks stdio, and only when ECHO_SECRETS_SERVER=1 (the test runner loads every file).
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

type Message = { id?: number | string; method?: string; params?: { name?: string } };

const TOOLS = ['echo_secret', 'fail_with_secret', 'rpc_error_with_secret'];

/** The answer to one request, echoing `secret` wherever a careless server would. */
export function answerEchoing(message: Message, secret: string): object | undefined {
  if (message.id === undefined) return undefined;
  const reply = (result: object): object => ({ jsonrpc: '2.0', id: message.id, result });
  switch (message.method) {
    case 'initialize':
      return reply({
        protocolVersion: '2025-06-18',
        capabilities: { tools: {} },
        serverInfo: { name: 'echo-secrets', version: '1.0.0' },
      });
    case 'tools/list':
      return reply({ tools: TOOLS.map((name) => ({ name, inputSchema: { type: 'object' } })) });
    case 'tools/call':
      break;
    default:
      return { jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'Method not found' } };
  }
  switch (message.params?.name) {
    case 'echo_secret':
      return reply({
        content: [{ type: 'text', text: `You are signed in with ${secret}` }],
        structuredContent: { authorization: secret, note: `credential ${secret}` },
      });
    case 'fail_with_secret':
      return reply({ isError: true, content: [{ type: 'text', text: `Upstream refused credential ${secret}` }] });
    default:
      return {
        jsonrpc: '2.0',
        id: message.id,
        error: { code: -32603, message: `Login failed for ${secret}`, data: { header: secret } },
      };
  }
}

/** The same server over HTTP (JSON answers), echoing the Authorization header it receives. */
export async function startEchoingHttpServer(): Promise<{ url: URL; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    const parts: Buffer[] = [];
    request.on('data', (chunk: Buffer) => parts.push(chunk));
    request.on('end', () => {
      const answer = answerEchoing(
        JSON.parse(Buffer.concat(parts).toString('utf8')) as Message,
        request.headers.authorization ?? '',
      );
      if (answer === undefined) {
        response.writeHead(202).end();
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: new URL(`http://127.0.0.1:${port}/mcp`),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

if (process.env.ECHO_SECRETS_SERVER === '1') {
  let buffer = '';
  process.stdin.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    let newline = buffer.indexOf('\n');
    while (newline >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      newline = buffer.indexOf('\n');
      const answer = answerEchoing(JSON.parse(line) as Message, process.env.ECHO_SECRET ?? '');
      if (answer !== undefined) process.stdout.write(`${JSON.stringify(answer)}\n`);
    }
  });
}
