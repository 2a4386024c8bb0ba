/**
 * The streamable-HTTP tap: a loopback reverse proxy in front of an MCP server's HTTP endpoint. It forwards
 * POST (JSON or SSE answers), GET (SSE streams) and DELETE unchanged, and records the JSON-RPC messages found in
 * JSON bodies and in SSE `data:` events. Authorization header values are added to the redactor.
 */
import * as http from 'node:http';
import * as https from 'node:https';
import type { AddressInfo } from 'node:net';
import { HOST_TO_SERVER, SERVER_TO_HOST, type TraceDirection } from '../../shared/src/trace';
import type { TapRecorder } from './recorder';
import type { Repairer } from './repair';
import { repairJsonBody, RepairingSseWriter } from './repairHttp';
import { SseDataReader } from './sse';
import type { Reporter } from './traceWriter';

export interface HttpTapOptions {
  target: URL;
  listenHost: string;
  listenPort: number;
  /** The recorder, or how to make it once the port is ours (so a busy port leaves no empty trace behind). */
  recorder: TapRecorder | (() => TapRecorder);
  report: Reporter;
  /** `--repair`: rewrites unstructured tool failures in JSON and SSE answers. */
  repairer?: Repairer;
}

export interface RunningHttpTap {
  /** The address the tap listens on, e.g. `http://127.0.0.1:4123`. */
  origin: string;
  close(): Promise<void>;
}

/** The tap could not listen: a one-line message that says what to do. */
export class TapListenError extends Error {}

function listenFailure(error: NodeJS.ErrnoException, where: string): TapListenError {
  switch (error.code) {
    case 'EADDRINUSE':
      return new TapListenError(
        `cannot listen on ${where}: the port is in use (EADDRINUSE); choose another --listen port`,
      );
    case 'EACCES':
      return new TapListenError(`cannot listen on ${where}: permission denied; choose a port above 1023`);
    case 'EADDRNOTAVAIL':
      return new TapListenError(`cannot listen on ${where}: this machine has no such address; use 127.0.0.1`);
    default:
      return new TapListenError(`cannot listen on ${where}: ${error.message}`);
  }
}

const SESSION_HEADER = 'mcp-session-id';

function sessionOf(headers: http.IncomingHttpHeaders): string | undefined {
  const value = headers[SESSION_HEADER];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'proxy-authenticate',
  'proxy-authorization',
]);

/** Whether a host name or address is on the loopback interface. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127(?:\.\d{1,3}){3}$/.test(bare);
}

function forwardableHeaders(headers: http.IncomingHttpHeaders | http.OutgoingHttpHeaders): http.OutgoingHttpHeaders {
  const copy: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name.toLowerCase())) copy[name] = value;
  }
  return copy;
}

function isJson(contentType: string | undefined): boolean {
  return contentType !== undefined && /\bapplication\/(?:[\w.+-]*\+)?json\b/i.test(contentType);
}

function isEventStream(contentType: string | undefined): boolean {
  return contentType !== undefined && /\btext\/event-stream\b/i.test(contentType);
}

/** Collects a body while it streams through and records it as JSON when it ends. */
function recordJsonBody(
  stream: NodeJS.ReadableStream,
  dir: TraceDirection,
  recorder: TapRecorder,
  where: string,
  session: string | undefined,
  onMessage?: (message: unknown) => void,
): void {
  const parts: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => parts.push(chunk));
  stream.on('end', () => {
    const message = recorder.recordText(dir, Buffer.concat(parts).toString('utf8'), where, session);
    if (message !== undefined) onMessage?.(message);
  });
}

export function startHttpTap(options: HttpTapOptions): Promise<RunningHttpTap> {
  const { target, report } = options;
  if (!isLoopbackHost(options.listenHost)) {
    return Promise.reject(
      new TapListenError(`refusing to listen on ${options.listenHost}: the tap listens on loopback only`),
    );
  }
  const client = target.protocol === 'https:' ? https : http;
  const sockets = new Set<import('node:net').Socket>();
  let recorder: TapRecorder | undefined = typeof options.recorder === 'function' ? undefined : options.recorder;

  const server = http.createServer((request, response) => {
    // A page in a browser can reach loopback through DNS rebinding: only loopback Host names are served.
    const hostName = /^(\[[^\]]*\]|[^:]*)/.exec(request.headers.host ?? '')?.[1] ?? '';
    if (!isLoopbackHost(hostName)) {
      response.writeHead(403, { 'content-type': 'text/plain' });
      response.end('mcp-envelope tap: only loopback Host names are served\n');
      return;
    }
    if (recorder === undefined) {
      response.writeHead(503, { 'content-type': 'text/plain' });
      response.end('mcp-envelope tap: starting\n');
      return;
    }
    try {
      forward(request, response, recorder);
    } catch (error) {
      // A request target or header Node accepted but URL or http.request refuse: answer it, never crash.
      report(`cannot forward ${request.method ?? 'a request'} ${request.url ?? ''}: ${(error as Error).message}`);
      if (!response.headersSent) response.writeHead(400, { 'content-type': 'text/plain' });
      response.end('mcp-envelope tap: this request cannot be forwarded\n');
    }
  });

  function forward(request: http.IncomingMessage, response: http.ServerResponse, recorder: TapRecorder): void {
    const authorization = request.headers.authorization;
    if (typeof authorization === 'string') recorder.redactions.addSecret(authorization);
    // Only the path and query of the request are kept: the tap never forwards anywhere but the target.
    const requested = new URL(request.url ?? '/', 'http://tap.invalid');
    const upstreamUrl = new URL(`${requested.pathname}${requested.search}`, target);
    const headers = forwardableHeaders(request.headers);
    headers.host = target.host;
    const upstream = client.request(upstreamUrl, { method: request.method, headers });
    const where = `${request.method ?? 'request'} ${upstreamUrl.pathname}`;
    const requestSession = sessionOf(request.headers);

    const { repairer } = options;
    const scope = requestSession ?? '';
    if (isJson(request.headers['content-type'])) {
      recordJsonBody(request, HOST_TO_SERVER, recorder, `${where} body`, requestSession, (message) => {
        for (const each of Array.isArray(message) ? message : [message]) repairer?.noteRequest(scope, each);
      });
    }
    request.pipe(upstream);

    upstream.on('response', (answer) => {
      // The initialize response is where a server assigns the session.
      const session = sessionOf(answer.headers) ?? requestSession;
      const contentType = answer.headers['content-type'];
      if (repairer && (isJson(contentType) || isEventStream(contentType))) {
        forwardRepairing(answer, response, recorder, repairer, { where, scope, session, sse: !isJson(contentType) });
        return;
      }
      try {
        response.writeHead(answer.statusCode ?? 502, answer.statusMessage, forwardableHeaders(answer.headers));
      } catch (error) {
        report(`cannot forward the answer to ${where}: ${(error as Error).message}`);
        answer.destroy();
        response.destroy();
        return;
      }
      if (isEventStream(contentType)) {
        response.flushHeaders();
        const reader = new SseDataReader((data) =>
          recorder.recordText(SERVER_TO_HOST, data, `${where} SSE event`, session),
        );
        answer.on('data', (chunk: Buffer) => reader.push(chunk));
        answer.on('end', () => reader.end());
      } else if (isJson(contentType)) {
        recordJsonBody(answer, SERVER_TO_HOST, recorder, `${where} response`, session);
      }
      answer.pipe(response);
      // The server went away mid-answer (killed, connection reset): end the host's stream now, as a direct
      // connection would, instead of leaving it open until the host's own timeout.
      answer.on('close', () => {
        if (!answer.complete) response.destroy();
      });
    });
    upstream.on('error', (error) => {
      report(`cannot reach ${upstreamUrl.origin}: ${error.message}`);
      if (!response.headersSent) {
        response.writeHead(502, { 'content-type': 'text/plain' });
        response.end(`mcp-envelope tap: cannot reach the MCP server at ${upstreamUrl.origin}: ${error.message}\n`);
      } else {
        response.destroy();
      }
    });
    // The host went away (it aborted a call or closed a GET stream): stop the upstream request too.
    response.on('close', () => {
      if (!response.writableFinished) upstream.destroy();
    });
  }

  /** `--repair`: a JSON answer is held until it is complete (its length may change); SSE events one by one. */
  function forwardRepairing(
    answer: http.IncomingMessage,
    response: http.ServerResponse,
    recorder: TapRecorder,
    repairer: Repairer,
    at: { where: string; scope: string; session: string | undefined; sse: boolean },
  ): void {
    const headers = forwardableHeaders(answer.headers);
    const fail = (error: Error): void => {
      report(`cannot forward the answer to ${at.where}: ${error.message}`);
      answer.destroy();
      response.destroy();
    };
    answer.on('close', () => {
      if (!answer.complete) response.destroy();
    });
    if (at.sse) {
      try {
        response.writeHead(answer.statusCode ?? 502, answer.statusMessage, headers);
      } catch (error) {
        fail(error as Error);
        return;
      }
      response.flushHeaders();
      const writer = new RepairingSseWriter((data) => {
        const message = recorder.parseText(SERVER_TO_HOST, data, `${at.where} SSE event`);
        if (message === undefined) return undefined;
        const repaired = repairer.repair(at.scope, message);
        if (repaired) recorder.record(SERVER_TO_HOST, repaired.message, at.session, repaired.record);
        else recorder.record(SERVER_TO_HOST, message, at.session);
        return repaired?.message;
      });
      answer.on('data', (chunk: Buffer) => response.write(writer.push(chunk)));
      answer.on('end', () => response.end(writer.end()));
      return;
    }
    const parts: Buffer[] = [];
    answer.on('data', (chunk: Buffer) => parts.push(chunk));
    answer.on('end', () => {
      const body = repairJsonBody(Buffer.concat(parts), (text) => {
        const message = recorder.parseText(SERVER_TO_HOST, text, `${at.where} response`);
        if (message === undefined) return undefined;
        const repaired = repairer.repair(at.scope, message);
        if (repaired) recorder.record(SERVER_TO_HOST, repaired.message, at.session, repaired.record);
        else recorder.record(SERVER_TO_HOST, message, at.session);
        return repaired?.message;
      });
      if (headers['content-length'] !== undefined) headers['content-length'] = String(body.length);
      try {
        response.writeHead(answer.statusCode ?? 502, answer.statusMessage, headers);
        response.end(body);
      } catch (error) {
        fail(error as Error);
      }
    });
  }

  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  // A malformed request line or header is answered 400 by Node; it must never stop the tap.
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });

  const where = `${options.listenHost}:${options.listenPort}`;
  return new Promise<RunningHttpTap>((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException): void => reject(listenFailure(error, where));
    server.once('error', failed);
    server.listen(options.listenPort, options.listenHost, () => {
      server.off('error', failed);
      server.on('error', (error) => report(`the tap's listener failed: ${error.message}`));
      recorder ??= (options.recorder as () => TapRecorder)();
      recorder.recordStart({ target: target.href });
      const address = server.address() as AddressInfo;
      const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      resolve({
        origin: `http://${host}:${address.port}`,
        close: () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}
