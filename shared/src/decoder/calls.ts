/**
 * Pairs `tools/call` requests with their responses (ids strings or numbers, answered in any order), follows
 * progress and cancellation notifications, decodes each answer, and adds the live-only `retry-storm` finding.
 * Incremental: the panel feeds entries as a trace grows; the CLI feeds a whole file.
 */
import { classifyFailure } from '../classifier';
import type { ClassifierReading, DecodedCall } from '../decodedCall';
export { describeReading } from '../decodedCall';
import { canonicalCategory, NEVER_RETRYABLE } from '../taxonomy';
import {
  HOST_TO_SERVER,
  isTraceEvent,
  SERVER_TO_HOST,
  type TraceEntry,
  type TraceExitEvent,
  type TraceRecord,
} from '../trace';
import { isRecord, stableJson, type JsonObject } from './json';
import { nextActionFor, nextActionForResult } from './nextAction';
import { decodeRpcError, decodeToolResult, type DecodedResult } from './result';

/**
 * Where an id is unique: one server label, one tap run (several runs may append to one file, each client
 * starting its ids again) and one HTTP session (sessions of one server reuse ids).
 */
function scopeOf(entry: TraceEntry, session: string | undefined = entry.session): string {
  return `${entry.server}\u0000${entry.run ?? ''}\u0000${session ?? ''}`;
}

/** JSON-RPC ids 1 and "1" are different ids: the key keeps the type. */
function idKey(scope: string, id: unknown): string {
  return `${scope}\u0000${typeof id}\u0000${String(id)}`;
}

/** "code 3", "signal SIGKILL", or both. */
export function describeExit(exit: Pick<TraceExitEvent, 'code' | 'signal'>): string {
  if (exit.signal !== null) return `signal ${exit.signal}`;
  return exit.code !== null ? `code ${exit.code}` : 'unknown status';
}

/** Why a `tools/call` request is malformed (no tool name, arguments that are not an object), if it is. */
function malformedRequest(params: unknown): string | undefined {
  if (!isRecord(params)) return 'params is not an object';
  if (typeof params.name !== 'string' || params.name === '') return 'no tool name';
  if (params.arguments !== undefined && !isRecord(params.arguments)) return 'arguments is not an object';
  return undefined;
}

function durationSince(startedMs: number, end: string): number | null {
  const ended = Date.parse(end);
  return Number.isNaN(startedMs) || Number.isNaN(ended) ? null : Math.max(0, ended - startedMs);
}

const PENDING_NEXT_ACTION = nextActionFor({
  outcome: 'pending',
  category: null,
  retryable: null,
  hasPartialResults: false,
});

/** A call waiting for its answer, with what finishing it needs. */
interface OpenCall {
  call: DecodedCall;
  startedMs: number;
  /** Server, tool and canonical arguments: identical calls share it (for retry-storm). */
  sameCallKey: string;
}

/**
 * Why the identical call cannot get past this failure — declared not retryable, a never-retryable category, a
 * request the server rejected (-32602/-32601), or plain text that reads as VALIDATION or PERMISSION — or
 * undefined when it might.
 */
function nonRetryableReason(decoded: DecodedResult): string | undefined {
  if (decoded.outcome !== 'tool-error' && decoded.outcome !== 'protocol-error') return undefined;
  if (decoded.rpcCode === -32602 || decoded.rpcCode === -32601) return `JSON-RPC error ${decoded.rpcCode}`;
  if (decoded.rejectedRequest) return 'the SDK’s rejection of the request (VALIDATION)';
  const what = decoded.category !== null ? `${decoded.category} error` : 'error';
  if (decoded.retryable !== null) return decoded.retryable ? undefined : `a non-retryable ${what}`;
  if (decoded.category !== null) return NEVER_RETRYABLE.has(decoded.category) ? `a ${what}` : undefined;
  if (decoded.textHint && NEVER_RETRYABLE.has(decoded.textHint)) {
    return `an error whose text reads as ${decoded.textHint}`;
  }
  return undefined;
}

/** String values among a call's arguments (bounded), which the classifier may name in its message. */
function argumentStrings(value: unknown, into: string[] = [], depth = 0): string[] {
  if (into.length >= 50 || depth > 5) return into;
  if (typeof value === 'string' && value !== '') into.push(value);
  else if (Array.isArray(value)) for (const item of value) argumentStrings(item, into, depth + 1);
  else if (isRecord(value)) for (const item of Object.values(value)) argumentStrings(item, into, depth + 1);
  return into;
}

/**
 * The classifier's reading of a failure the server declared no category for (the SDK's own rejections
 * included): from the tap's repair record when there is one, else classified here.
 */
function readingOf(
  call: DecodedCall,
  decoded: DecodedResult,
  answer: JsonObject,
  entry: TraceEntry,
): ClassifierReading | undefined {
  const declared = {
    category: decoded.rejectedRequest === true ? null : decoded.category,
    retryable: decoded.retryable,
  };
  const repair = entry.repair;
  if (repair) {
    const category = canonicalCategory(repair.category);
    if (category) {
      return {
        category,
        retryable: repair.isRetryable,
        ...(repair.retryAfterMs !== undefined && { retryAfterMs: repair.retryAfterMs }),
        evidence: repair.evidence,
        declared,
      };
    }
  }
  if (decoded.outcome !== 'tool-error' && decoded.outcome !== 'protocol-error') return undefined;
  if (decoded.category !== null && decoded.rejectedRequest !== true) return undefined;
  if (decoded.requestFault !== undefined) return undefined;
  const raw = 'error' in answer ? answer.error : answer.result;
  const read = classifyFailure(raw, {
    operation: call.tool || undefined,
    requestValues: argumentStrings(call.arguments),
    now: Date.parse(entry.ts) || undefined,
  });
  return {
    category: read.category,
    retryable: read.isRetryable,
    ...(read.retryAfterMs !== undefined && { retryAfterMs: read.retryAfterMs }),
    evidence: read.evidence,
    declared,
  };
}

export class CallTracker {
  private readonly all: DecodedCall[] = [];
  private readonly open = new Map<string, OpenCall>();
  private readonly byProgressToken = new Map<string, DecodedCall>();
  /** Identical calls (server, tool, arguments) whose last answer was a non-retryable failure. */
  private readonly failedForGood = new Map<string, { id: string | number; reason: string }>();

  /** Every call seen so far, in request order. */
  get calls(): readonly DecodedCall[] {
    return this.all;
  }

  /** Feeds one trace record; returns the calls it created or changed. */
  add(entry: TraceRecord): DecodedCall[] {
    if (isTraceEvent(entry)) return entry.event === 'exit' ? this.serverExited(entry) : [];
    const changed: DecodedCall[] = [];
    const messages = Array.isArray(entry.msg) ? entry.msg : [entry.msg];
    for (const message of messages) {
      if (!isRecord(message)) continue;
      const call = this.handle(entry, message);
      if (call) changed.push(call);
    }
    return changed;
  }

  private handle(entry: TraceEntry, message: JsonObject): DecodedCall | undefined {
    const params = isRecord(message.params) ? message.params : {};
    if (typeof message.method === 'string') {
      if (message.method === 'tools/call' && message.id !== undefined && entry.dir === HOST_TO_SERVER) {
        return this.startCall(entry, message, params);
      }
      if (message.method === 'notifications/cancelled' && entry.dir === HOST_TO_SERVER) {
        return this.cancel(entry, params);
      }
      if (message.method === 'notifications/progress' && entry.dir === SERVER_TO_HOST) {
        return this.progress(entry, params);
      }
      return undefined;
    }
    if (message.id !== undefined && entry.dir === SERVER_TO_HOST && ('result' in message || 'error' in message)) {
      return this.finish(entry, message);
    }
    return undefined;
  }

  private startCall(entry: TraceEntry, message: JsonObject, params: JsonObject): DecodedCall {
    const id = message.id as string | number;
    const tool = typeof params.name === 'string' ? params.name : '';
    const args = params.arguments ?? {};
    // Optional fields are set after the literal: conditional spreads in a literal this hot cost more than the rest.
    const call: DecodedCall = {
      id,
      server: entry.server,
      tool,
      arguments: args,
      startedAt: entry.ts,
      durationMs: null,
      outcome: 'pending',
      category: null,
      retryable: null,
      message: null,
      encoding: 'none',
      nextAction: PENDING_NEXT_ACTION,
      findings: [],
      request: message,
    };
    if (entry.run !== undefined) call.run = entry.run;
    if (entry.session !== undefined) call.session = entry.session;
    const scope = scopeOf(entry);
    const sameCallKey = `${scope}\u0000${tool}\u0000${stableJson(args)}`;
    const earlier = this.failedForGood.get(sameCallKey);
    if (earlier) {
      call.findings.push({
        check: 'retry-storm',
        message: `Same tool and identical arguments as call ${JSON.stringify(earlier.id)}, which failed with ${earlier.reason}: the identical call cannot succeed.`,
      });
    }
    this.all.push(call);
    this.open.set(idKey(scope, id), { call, startedMs: Date.parse(entry.ts), sameCallKey });
    const meta = isRecord(params._meta) ? params._meta : undefined;
    if (meta && (typeof meta.progressToken === 'string' || typeof meta.progressToken === 'number')) {
      this.byProgressToken.set(idKey(scope, meta.progressToken), call);
    }
    return call;
  }

  private finish(entry: TraceEntry, message: JsonObject): DecodedCall | undefined {
    let key = idKey(scopeOf(entry), message.id);
    // A response may name a session its request did not carry yet (a server that assigns one late).
    if (!this.open.has(key) && entry.session !== undefined) key = idKey(scopeOf(entry, undefined), message.id);
    const open = this.open.get(key);
    if (!open) return undefined;
    this.open.delete(key);
    const { call } = open;
    // A repaired answer is judged as the server sent it; what the host received is kept beside it.
    const original = entry.repair && isRecord(entry.repair.original) ? entry.repair.original : undefined;
    const answer = original ?? message;
    call.response = answer;
    if (entry.repair && original) call.repaired = { style: entry.repair.style, sent: message };
    if (call.outcome === 'cancelled') return call;
    call.durationMs = durationSince(open.startedMs, entry.ts);
    const fault = malformedRequest(isRecord(call.request) ? call.request.params : undefined);
    const decoded = 'error' in answer ? decodeRpcError(answer.error, fault) : decodeToolResult(answer.result);
    this.apply(call, decoded);
    const reading = readingOf(call, decoded, answer, entry);
    if (reading) call.reading = reading;
    const reason = nonRetryableReason(decoded);
    if (reason !== undefined) this.failedForGood.set(open.sameCallKey, { id: call.id, reason });
    else this.failedForGood.delete(open.sameCallKey);
    return call;
  }

  private apply(call: DecodedCall, decoded: DecodedResult): void {
    call.outcome = decoded.outcome;
    call.category = decoded.category;
    call.retryable = decoded.retryable;
    call.message = decoded.message;
    call.encoding = decoded.encoding;
    call.findings.push(...decoded.findings);
    if (decoded.retryAfterMs !== undefined) call.retryAfterMs = decoded.retryAfterMs;
    if (decoded.suggestedAction !== undefined) call.suggestedAction = decoded.suggestedAction;
    if (decoded.attemptedQuery !== undefined) call.attemptedQuery = decoded.attemptedQuery;
    if (decoded.partialResults !== undefined) call.partialResults = decoded.partialResults;
    call.nextAction = nextActionForResult(decoded);
  }

  private cancel(entry: TraceEntry, params: JsonObject): DecodedCall | undefined {
    const open = this.open.get(idKey(scopeOf(entry), params.requestId));
    if (!open || open.call.outcome !== 'pending') return undefined;
    const { call } = open;
    call.outcome = 'cancelled';
    call.durationMs = durationSince(open.startedMs, entry.ts);
    call.message = typeof params.reason === 'string' ? params.reason : null;
    call.nextAction = nextActionFor({
      outcome: 'cancelled',
      category: null,
      retryable: null,
      hasPartialResults: false,
    });
    return call;
  }

  /** The run's server exited: its calls still open will never be answered. */
  private serverExited(exit: TraceExitEvent): DecodedCall[] {
    const changed: DecodedCall[] = [];
    for (const [key, open] of this.open) {
      if (open.call.run !== exit.run) continue;
      this.open.delete(key);
      const { call } = open;
      if (call.outcome !== 'pending') continue;
      call.outcome = 'no-answer';
      call.durationMs = durationSince(open.startedMs, exit.ts);
      call.message = `no answer: the server exited (${describeExit(exit)})`;
      call.nextAction = nextActionFor({
        outcome: 'no-answer',
        category: null,
        retryable: null,
        hasPartialResults: false,
      });
      changed.push(call);
    }
    return changed;
  }

  private progress(entry: TraceEntry, params: JsonObject): DecodedCall | undefined {
    const call = this.byProgressToken.get(idKey(scopeOf(entry), params.progressToken));
    if (!call || typeof params.progress !== 'number') return undefined;
    call.progress = {
      updates: (call.progress?.updates ?? 0) + 1,
      progress: params.progress,
      ...(typeof params.total === 'number' && { total: params.total }),
      ...(typeof params.message === 'string' && { message: params.message }),
    };
    return call;
  }
}

/** Decodes every `tools/call` in a sequence of trace records (messages and events). */
export function decodeCalls(entries: Iterable<TraceRecord>): DecodedCall[] {
  const tracker = new CallTracker();
  for (const entry of entries) tracker.add(entry);
  return [...tracker.calls];
}

/** The fields of the `calls --format json` shape (docs/architecture.md), in its order, and nothing else. */
export function toCallsJson(call: DecodedCall): Record<string, unknown> {
  return {
    id: call.id,
    server: call.server,
    tool: call.tool,
    arguments: call.arguments,
    startedAt: call.startedAt,
    durationMs: call.durationMs,
    outcome: call.outcome,
    category: call.category,
    retryable: call.retryable,
    message: call.message,
    encoding: call.encoding,
    nextAction: call.nextAction,
    findings: call.findings.map((finding) => ({ check: finding.check, message: finding.message })),
    ...(call.reading && { reading: call.reading }),
    ...(call.repaired && { repaired: { style: call.repaired.style } }),
  };
}
