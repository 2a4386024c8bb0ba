/**
 * The probe's connection to a server: the SDK's Client over the probe's own stdio transport (exact environment)
 * or over StreamableHTTPClientTransport. Calls use a plain `tools/call` request, as the project's direct calls do
 * (no client-side output-schema check), and every answer — result, JSON-RPC error, timeout, crash — comes back as
 * a value, never as an exception, except when the caller aborts.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema, ErrorCode, McpError, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { decodeRpcError, decodeToolResult } from '../../shared/src/decoder';
import type { ProbeAnswer } from './grader';
import type { ProbeTarget } from '../../shared/src/serverTarget';
import { ServerProcessTransport } from './serverProcess';

export type { ProbeTarget };

export interface CallOutcome {
  answer: ProbeAnswer;
  /** The CallToolResult, or the JSON-RPC error `{code, message, data}`; undefined without an answer. */
  raw: unknown;
  durationMs: number;
}

const SDK_ERROR_PREFIX = /^MCP error -?\d+: /;

/** Every text the answer shows: content text blocks, the decoded message, and a JSON-RPC error's data. */
function visibleText(raw: unknown, message: string | null): string {
  const parts: string[] = [];
  if (typeof raw === 'object' && raw !== null) {
    const record = raw as Record<string, unknown>;
    if (Array.isArray(record.content)) {
      for (const block of record.content as unknown[]) {
        const text = (block as { text?: unknown } | null)?.text;
        if (typeof text === 'string') parts.push(text);
      }
    }
    if (record.structuredContent !== undefined) parts.push(JSON.stringify(record.structuredContent));
    if (record.data !== undefined) parts.push(JSON.stringify(record.data));
  }
  if (message !== null && !parts.some((part) => part.includes(message))) parts.push(message);
  return parts.join('\n');
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export class ProbeConnection {
  private closedFlag = false;

  private constructor(
    private readonly client: Client,
    private readonly stdio: ServerProcessTransport | undefined,
  ) {
    client.onclose = () => {
      this.closedFlag = true;
    };
  }

  /** Starts (stdio) or reaches (HTTP) the server and completes the MCP handshake within `timeoutMs`. */
  static async open(target: ProbeTarget, timeoutMs: number, clientVersion = '0.0.0'): Promise<ProbeConnection> {
    const client = new Client({ name: 'mcp-envelope-probe', version: clientVersion });
    let stdio: ServerProcessTransport | undefined;
    try {
      if (target.kind === 'stdio') {
        stdio = new ServerProcessTransport(target);
        await client.connect(stdio, { timeout: timeoutMs });
      } else {
        const transport = new StreamableHTTPClientTransport(new URL(target.url), {
          ...(target.headers !== undefined && { requestInit: { headers: target.headers } }),
        });
        await client.connect(transport, { timeout: timeoutMs });
      }
    } catch (error) {
      const stderr = stdio?.stderr.trim() ?? '';
      await client.close().catch(() => undefined);
      await stdio?.close();
      const where = target.kind === 'stdio' ? [target.command, ...target.args].join(' ') : target.url;
      throw new Error(`Could not connect to ${where}: ${reason(error)}${stderr !== '' ? `\n${stderr}` : ''}`, {
        cause: error,
      });
    }
    return new ProbeConnection(client, stdio);
  }

  get isClosed(): boolean {
    return this.closedFlag;
  }

  /** Every tool the server lists, following pagination. */
  async listTools(timeoutMs: number, signal?: AbortSignal): Promise<Tool[]> {
    const tools: Tool[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.client.listTools(cursor !== undefined ? { cursor } : undefined, {
        timeout: timeoutMs,
        ...(signal && { signal }),
      });
      tools.push(...page.tools);
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    return tools;
  }

  /** Why the connection ended, for a crash report. */
  private crashDetail(error: unknown): string {
    const exit = this.stdio?.exit;
    const stderr = this.stdio?.stderr.trim().split('\n').slice(-1)[0];
    return [exit ?? reason(error), stderr].filter((part) => part !== undefined && part !== '').join('; ');
  }

  /** Calls a tool once; aborting `signal` rejects with its reason. */
  async call(
    tool: string,
    args: Record<string, unknown>,
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<CallOutcome> {
    const started = Date.now();
    const elapsed = () => Date.now() - started;
    if (this.closedFlag)
      return {
        answer: { kind: 'crashed', detail: this.crashDetail('connection closed') },
        raw: undefined,
        durationMs: 0,
      };
    try {
      const raw = await this.client.request(
        { method: 'tools/call', params: { name: tool, arguments: args } },
        CallToolResultSchema,
        { timeout: timeoutMs, ...(signal && { signal }) },
      );
      const decoded = decodeToolResult(raw);
      return {
        answer: { kind: 'result', decoded, text: visibleText(raw, decoded.message) },
        raw,
        durationMs: elapsed(),
      };
    } catch (error) {
      if (signal?.aborted) throw signal.reason ?? error;
      if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
        return { answer: { kind: 'timeout', timeoutMs }, raw: undefined, durationMs: elapsed() };
      }
      const unreadable = error instanceof Error && error.name === 'ZodError';
      if (
        this.closedFlag ||
        (error instanceof McpError && error.code === ErrorCode.ConnectionClosed) ||
        (!(error instanceof McpError) && !unreadable)
      ) {
        // Let the process's exit status arrive before describing the crash.
        await new Promise((resolve) => setTimeout(resolve, 50));
        return { answer: { kind: 'crashed', detail: this.crashDetail(error) }, raw: undefined, durationMs: elapsed() };
      }
      const raw =
        error instanceof McpError
          ? { code: error.code, message: error.message.replace(SDK_ERROR_PREFIX, ''), data: error.data }
          : { code: ErrorCode.InternalError, message: `The answer could not be read: ${reason(error)}` };
      const decoded = decodeRpcError(raw);
      return {
        answer: { kind: 'result', decoded, text: visibleText(raw, decoded.message) },
        raw,
        durationMs: elapsed(),
      };
    }
  }

  /** Ends the session and, for stdio, the server process. */
  async close(): Promise<void> {
    this.closedFlag = true;
    try {
      await this.client.close();
    } finally {
      await this.stdio?.close();
    }
  }
}
