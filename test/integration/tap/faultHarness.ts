/**
 * Helpers for the tap's fault tests: raw JSON-RPC over stdio through the tap (exact ids, malformed requests),
 * server-everything over streamable HTTP on a free loopback port, and raw HTTP MCP requests with sessions.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import * as net from 'node:net';
import { EVERYTHING_SERVER, TAP_ENTRY, tapEnvironment } from './tapHarness';

export type JsonRpcMessage = { jsonrpc?: string; id?: number | string; result?: unknown; error?: { code: number } };

/** Rejects after `ms` with `what` in the message: every wait in these tests is bounded. */
export function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export const INITIALIZE = {
  jsonrpc: '2.0',
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'fault-test', version: '1.0.0' } },
};
export const INITIALIZED = { jsonrpc: '2.0', method: 'notifications/initialized' };

const liveSessions = new Set<ChildProcessWithoutNullStreams>();

/** Kills every tap process a test left running (a failed assertion must not keep the test process alive). */
export function killLeftoverSessions(): void {
  for (const child of liveSessions) child.kill('SIGKILL');
  liveSessions.clear();
}

/** The tap as its own process with pipes, speaking newline-delimited JSON-RPC. */
export class RawStdioSession {
  readonly child: ChildProcessWithoutNullStreams;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private buffer = '';
  private readonly waiting = new Map<string, (message: JsonRpcMessage) => void>();
  stderr = '';

  constructor(traceFile: string, label: string, server: string[]) {
    this.child = spawn(process.execPath, [TAP_ENTRY, '--name', label, '--trace', traceFile, '--', ...server], {
      env: tapEnvironment(),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    liveSessions.add(this.child);
    this.child.on('close', () => liveSessions.delete(this.child));
    this.child.stderr.on('data', (chunk: Buffer) => (this.stderr += chunk.toString('utf8')));
    this.child.stdout.on('data', (chunk: Buffer) => this.read(chunk.toString('utf8')));
    this.exited = new Promise((resolve) => this.child.on('close', (code, signal) => resolve({ code, signal })));
  }

  private read(text: string): void {
    this.buffer += text;
    let newline = this.buffer.indexOf('\n');
    while (newline >= 0) {
      const line = this.buffer.slice(0, newline);
      this.buffer = this.buffer.slice(newline + 1);
      newline = this.buffer.indexOf('\n');
      let message: JsonRpcMessage;
      try {
        message = JSON.parse(line) as JsonRpcMessage;
      } catch {
        continue;
      }
      const resolve = this.waiting.get(JSON.stringify(message.id));
      if (resolve && ('result' in message || 'error' in message)) resolve(message);
    }
  }

  send(message: object): void {
    this.child.stdin.write(`${JSON.stringify(message)}\n`);
  }

  /** Sends a request and waits (bounded) for the answer with its id. */
  request(id: number, message: object, ms = 8000): Promise<JsonRpcMessage> {
    const answered = new Promise<JsonRpcMessage>((resolve) => this.waiting.set(JSON.stringify(id), resolve));
    this.send({ ...message, id });
    return within(ms, `answer to request ${id}`, answered);
  }

  async initialize(): Promise<void> {
    await this.request(0, INITIALIZE);
    this.send(INITIALIZED);
  }
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** server-everything in streamableHttp mode (it takes its port from PORT); the URL uses 127.0.0.1. */
export async function startEverythingHttp(): Promise<{ url: URL; child: ChildProcessWithoutNullStreams }> {
  const port = await freePort();
  const child = spawn(process.execPath, [EVERYTHING_SERVER, 'streamableHttp'], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stdout.resume();
  let stderr = '';
  await within(
    10_000,
    'server-everything streamableHttp to listen',
    new Promise<void>((resolve, reject) => {
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString('utf8');
        if (/listening on port/i.test(stderr)) resolve();
      });
      child.on('exit', (code) => reject(new Error(`server-everything exited (${code}): ${stderr}`)));
    }),
  );
  return { url: new URL(`http://127.0.0.1:${port}/mcp`), child };
}

export function stopChild(child: ChildProcessWithoutNullStreams): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('close', () => resolve());
    child.kill('SIGKILL');
  });
}

/** The JSON-RPC messages in a streamable-HTTP answer body (JSON or SSE). */
export function messagesIn(contentType: string | null, body: string): JsonRpcMessage[] {
  if (contentType?.includes('text/event-stream')) {
    return body
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => JSON.parse(line.slice(5).trim()) as JsonRpcMessage);
  }
  const parsed = JSON.parse(body) as JsonRpcMessage | JsonRpcMessage[];
  return Array.isArray(parsed) ? parsed : [parsed];
}

/** One raw POST to a streamable-HTTP endpoint; returns the session and the messages of the answer. */
export async function post(
  url: URL,
  message: object,
  session?: string,
): Promise<{ session: string | undefined; messages: JsonRpcMessage[] }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-06-18',
      ...(session !== undefined && { 'mcp-session-id': session }),
    },
    body: JSON.stringify(message),
  });
  const body = await response.text();
  return {
    session: response.headers.get('mcp-session-id') ?? session,
    messages: body.trim() === '' ? [] : messagesIn(response.headers.get('content-type'), body),
  };
}

/** Opens an MCP session over raw HTTP (initialize + initialized). */
export async function openHttpSession(url: URL): Promise<string> {
  const { session } = await post(url, { ...INITIALIZE, id: 1 });
  if (session === undefined) throw new Error('the server assigned no Mcp-Session-Id');
  await post(url, INITIALIZED, session);
  return session;
}
