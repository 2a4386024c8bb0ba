/**
 * A direct connection to an MCP server for "Call a Tool…", made THROUGH the tap so every call lands in a trace
 * (and in the Tool Calls panel): stdio servers run as `node dist/cli.js tap --name … --trace … -- <server…>`,
 * HTTP servers are reached through a `tap --http` proxy on loopback. The answer is decoded with the shared
 * envelope decoder. Node only, no `vscode`.
 */
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { CallToolResultSchema, McpError, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { decodeRpcError, decodeToolResult, nextActionForResult, type DecodedResult } from '../../../shared/src/decoder';
import { defaultTraceDir, traceFileName } from '../../../shared/src/traceLocation';
import {
  nodeEnvironment,
  startHttpTapProcess,
  stdioTapArguments,
  type HttpTapProcess,
  type TapLaunch,
} from './tapProcess';

export type DirectTarget =
  | { kind: 'stdio'; label: string; command: string; args: string[]; env?: Record<string, string>; cwd?: string }
  | { kind: 'http'; label: string; url: string; headers?: Record<string, string> };

export interface DirectSessionOptions extends TapLaunch {
  /** Folder for the trace; the one the Tool Calls panel watches by default. */
  traceDir?: string;
  /** Name the client gives itself in `initialize`. */
  clientName?: string;
  clientVersion?: string;
}

export interface DirectCallVerdict {
  tool: string;
  arguments: Record<string, unknown>;
  durationMs: number;
  decoded: DecodedResult;
  nextAction: string;
  /** The CallToolResult, or the JSON-RPC error `{code, message, data}`. */
  raw: unknown;
}

const SDK_ERROR_PREFIX = /^MCP error -?\d+: /;

/** The verdict sentence people see first, e.g. "tool-error · VALIDATION · not retryable". */
export function verdictSummary(verdict: DirectCallVerdict): string {
  const { decoded } = verdict;
  const parts: string[] = [decoded.outcome];
  if (decoded.category !== null) parts.push(decoded.category);
  if (decoded.retryable !== null) parts.push(decoded.retryable ? 'retryable' : 'not retryable');
  if (decoded.findings.length > 0)
    parts.push(`${decoded.findings.length} finding${decoded.findings.length === 1 ? '' : 's'}`);
  return parts.join(' · ');
}

export class DirectSession {
  private closed = false;

  private constructor(
    readonly target: DirectTarget,
    readonly traceFile: string,
    private readonly client: Client,
    private readonly proxy: HttpTapProcess | undefined,
    private readonly stderrTail: () => string,
  ) {}

  /** Starts the tap and the server, and completes the MCP handshake. */
  static async open(target: DirectTarget, options: DirectSessionOptions): Promise<DirectSession> {
    const traceDir = options.traceDir ?? defaultTraceDir();
    const traceFile = path.join(traceDir, traceFileName(target.label));
    const client = new Client({
      name: options.clientName ?? 'mcp-envelope',
      version: options.clientVersion ?? '0.0.0',
    });
    let stderr = '';
    let transport: Transport;
    let proxy: HttpTapProcess | undefined;
    if (target.kind === 'stdio') {
      const stdio = new StdioClientTransport({
        command: options.nodePath ?? process.execPath,
        args: stdioTapArguments(options, target.label, [target.command, ...target.args], traceFile),
        env: nodeEnvironment(target.env),
        ...(target.cwd !== undefined && { cwd: target.cwd }),
        stderr: 'pipe',
      });
      stdio.stderr?.on('data', (chunk: Buffer | string) => {
        stderr = (stderr + chunk.toString()).slice(-4000);
      });
      transport = stdio;
    } else {
      const url = new URL(target.url);
      proxy = await startHttpTapProcess(options, {
        target: target.url,
        listen: '127.0.0.1:0',
        label: target.label,
        traceFile,
      });
      const proxied = new URL(`${url.pathname}${url.search}`, proxy.origin);
      transport = new StreamableHTTPClientTransport(proxied, {
        ...(target.headers !== undefined && { requestInit: { headers: target.headers } }),
      });
    }
    try {
      await client.connect(transport);
    } catch (error) {
      await proxy?.stop();
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(
        `Could not connect to ${target.label}: ${reason}${stderr.trim() !== '' ? `\n${stderr.trim()}` : ''}`,
        { cause: error },
      );
    }
    return new DirectSession(target, traceFile, client, proxy, () => stderr);
  }

  get isOpen(): boolean {
    return !this.closed;
  }

  /** Called when the connection drops (the server exited or the proxy stopped). */
  set onclose(listener: () => void) {
    this.client.onclose = () => {
      this.closed = true;
      listener();
    };
  }

  /** The server's last words on stderr (the tap's and the server's), for error messages. */
  get stderr(): string {
    return this.stderrTail();
  }

  /** Every tool the server lists, following pagination. */
  async listTools(): Promise<Tool[]> {
    const tools: Tool[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.client.listTools(cursor !== undefined ? { cursor } : undefined);
      tools.push(...page.tools);
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    return tools;
  }

  /**
   * Calls a tool and decodes the answer. Uses a plain `tools/call` request (no client-side output-schema check),
   * so the result is decoded as the server sent it; JSON-RPC errors become protocol-error verdicts.
   */
  async callTool(tool: string, args: Record<string, unknown>): Promise<DirectCallVerdict> {
    const started = Date.now();
    let decoded: DecodedResult;
    let raw: unknown;
    try {
      raw = await this.client.request(
        { method: 'tools/call', params: { name: tool, arguments: args } },
        CallToolResultSchema,
      );
      decoded = decodeToolResult(raw);
    } catch (error) {
      if (!(error instanceof McpError) || error.code === -32001 /* request timeout */) throw error;
      raw = { code: error.code, message: error.message.replace(SDK_ERROR_PREFIX, ''), data: error.data };
      decoded = decodeRpcError(raw);
    }
    const nextAction = nextActionForResult(decoded);
    return { tool, arguments: args, durationMs: Date.now() - started, decoded, nextAction, raw };
  }

  /** Ends the session: closes the client (which ends the tap and the server) and stops any proxy. */
  async close(): Promise<void> {
    if (this.closed && this.proxy === undefined) return;
    this.closed = true;
    try {
      await this.client.close();
    } finally {
      await this.proxy?.stop();
    }
  }
}
