/**
 * `tap --repair`: rewrites unstructured tool failures into complete envelopes on their way to the host.
 * It follows each scope's (one stdio run, or one HTTP session) `tools/call` and `tools/list` requests by id; an
 * answer to a `tools/call` that is `isError: true` without a category, or a JSON-RPC error for a failure while the
 * tool ran (-32603, -32000…-32099; never -32602/-32601, which answer the request itself), is classified and
 * rewritten. Every other message is left alone: the caller forwards its exact bytes.
 */
import { classifyFailure, readForeignFailure, type Classification } from '../../shared/src/classifier';
import { decodeToolResult } from '../../shared/src/decoder/result';
import type { TraceRepair } from '../../shared/src/trace';
import { repairedResult, type RepairStyle } from './repairEnvelope';

type JsonObject = Record<string, unknown>;

interface PendingCall {
  tool: string;
  /** The call's string arguments: the classifier may name them in the message. */
  values: string[];
}

export interface Repaired {
  /** The message to send to the host instead of the server's. */
  message: JsonObject;
  record: TraceRepair;
}

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function idKey(scope: string, id: unknown): string {
  return `${scope}\u0000${typeof id}\u0000${String(id)}`;
}

/** String values anywhere in the arguments (bounded), for the classifier's `requestValues`. */
function stringValues(value: unknown, into: string[] = [], depth = 0): string[] {
  if (into.length >= 50 || depth > 5) return into;
  if (typeof value === 'string') {
    if (value !== '') into.push(value);
  } else if (Array.isArray(value)) {
    for (const item of value) stringValues(item, into, depth + 1);
  } else if (isObject(value)) {
    for (const item of Object.values(value)) stringValues(item, into, depth + 1);
  }
  return into;
}

/** JSON-RPC errors that report a failure while the tool ran (not a malformed or unknown request). */
function isExecutionFailureCode(code: unknown): boolean {
  return code === -32603 || (typeof code === 'number' && code <= -32000 && code >= -32099);
}

/** Whether an `isError` result already states a category (in any encoding the decoder or classifier reads). */
function declaresCategory(result: JsonObject): boolean {
  if (readForeignFailure(result) !== undefined) return true;
  const decoded = decodeToolResult(result);
  return (decoded.category !== null && decoded.rejectedRequest !== true) || decoded.retryable !== null;
}

export class Repairer {
  private readonly calls = new Map<string, PendingCall>();
  private readonly lists = new Set<string>();
  /** Tools whose `tools/list` entry declared an `outputSchema`, per scope. */
  private readonly outputSchemas = new Map<string, Set<string>>();

  constructor(
    readonly style: RepairStyle,
    private readonly now: () => number = Date.now,
  ) {}

  /** Notes a host→server message: `tools/call` and `tools/list` requests are remembered by id. */
  noteRequest(scope: string, message: unknown): void {
    if (!isObject(message) || message.id === undefined || message.id === null) return;
    if (message.method === 'tools/call') {
      const params = isObject(message.params) ? message.params : {};
      const tool = typeof params.name === 'string' ? params.name : '';
      this.calls.set(idKey(scope, message.id), { tool, values: stringValues(params.arguments) });
    } else if (message.method === 'tools/list') {
      this.lists.add(idKey(scope, message.id));
    }
  }

  /** Looks at a server→host message; returns the repaired message, or undefined to forward the original bytes. */
  repair(scope: string, message: unknown): Repaired | undefined {
    if (!isObject(message) || message.id === undefined || message.method !== undefined) return undefined;
    const key = idKey(scope, message.id);
    if (this.lists.delete(key)) {
      this.noteToolList(scope, message.result);
      return undefined;
    }
    const call = this.calls.get(key);
    if (call === undefined) return undefined;
    this.calls.delete(key);
    const context = { operation: call.tool || undefined, requestValues: call.values, now: this.now() };
    let classification: Classification;
    let meta: JsonObject | undefined;
    if (isObject(message.result)) {
      const result = message.result;
      if (result.isError !== true || declaresCategory(result)) return undefined;
      classification = classifyFailure(result, context);
      meta = isObject(result._meta) ? result._meta : undefined;
    } else if (isObject(message.error) && isExecutionFailureCode(message.error.code)) {
      classification = classifyFailure(message.error, context);
    } else {
      return undefined;
    }
    const schemas = this.outputSchemas.get(scope);
    const result = repairedResult({
      classification,
      style: this.style,
      hasOutputSchema: schemas?.has(call.tool) ?? false,
      ...(meta && { meta }),
      now: context.now,
    });
    const { jsonrpc, id } = message;
    return {
      message: { ...(jsonrpc !== undefined && { jsonrpc }), id, result },
      record: {
        style: this.style,
        category: classification.category,
        isRetryable: classification.isRetryable,
        ...(classification.retryAfterMs !== undefined && { retryAfterMs: classification.retryAfterMs }),
        evidence: classification.evidence,
        original: message,
      },
    };
  }

  private noteToolList(scope: string, result: unknown): void {
    if (!isObject(result) || !Array.isArray(result.tools)) return;
    let names = this.outputSchemas.get(scope);
    for (const tool of result.tools) {
      if (!isObject(tool) || typeof tool.name !== 'string') continue;
      if (isObject(tool.outputSchema)) {
        names ??= new Set();
        names.add(tool.name);
      } else {
        names?.delete(tool.name);
      }
    }
    if (names) this.outputSchemas.set(scope, names);
  }
}
