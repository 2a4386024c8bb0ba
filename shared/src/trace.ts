/**
 * The trace format (docs/architecture.md, "Formats other programs read"): JSON Lines, one record per line.
 *
 * - a message: `{"ts", "run"?, "session"?, "dir": "host→server" | "server→host", "server": "<label>", "msg": <as sent>,
 *   "repair"?}` — `repair` when `tap --repair` rewrote the server's answer: `msg` is what the host received,
 *   `repair.original` what the server sent, with the classifier's category, retryability and evidence
 * - a tap start: `{"ts", "run", "event": "start", "version", "server", "command"? | "target"?}`
 * - a server exit: `{"ts", "run", "event": "exit", "code", "signal"}`
 *
 * `run` is unique per tap process (several runs may append to one file), `session` is the HTTP `Mcp-Session-Id`.
 * Version 1 traces (messages only, no run) still read. Readers survive a truncated last line (a trace being
 * written) and ignore unknown fields. Pure: no Node modules.
 */

/** Version 2 added `run`, `session` and the start and exit records. */
export const TRACE_FORMAT_VERSION = 2;

export const HOST_TO_SERVER = 'host→server';
export const SERVER_TO_HOST = 'server→host';
export type TraceDirection = typeof HOST_TO_SERVER | typeof SERVER_TO_HOST;

/** How `tap --repair` rewrote a server's answer (on the message record of the rewritten answer). */
export interface TraceRepair {
  /** The envelope style written (`top-level`, `structured`, `json-text`, `meta`, `ok-code`). */
  style: string;
  category: string;
  isRetryable: boolean;
  retryAfterMs?: number;
  /** The classifier's evidence, deciding evidence first ('errno ENOENT'). */
  evidence: string[];
  /** The message as the server sent it. */
  original: unknown;
}

/** One JSON-RPC message (or batch) as the tap saw it. */
export interface TraceEntry {
  ts: string;
  dir: TraceDirection;
  server: string;
  msg: unknown;
  /** The tap run that recorded it (absent in version 1 traces). */
  run?: string;
  /** The HTTP session (`Mcp-Session-Id`) it belongs to, over streamable HTTP. */
  session?: string;
  /** Set when `tap --repair` rewrote this answer: `msg` is the repaired message. */
  repair?: TraceRepair;
}

/** A tap started recording: what it forwards to. */
export interface TraceStartEvent {
  ts: string;
  event: 'start';
  run: string;
  server: string;
  version: number;
  command?: string[];
  target?: string;
}

/** The server a stdio tap started has exited: calls of this run still open will never be answered. */
export interface TraceExitEvent {
  ts: string;
  event: 'exit';
  run: string;
  code: number | null;
  signal: string | null;
}

export type TraceEvent = TraceStartEvent | TraceExitEvent;
/** A line of a trace: a message or an event. */
export type TraceRecord = TraceEntry | TraceEvent;

export function isTraceEvent(record: TraceRecord): record is TraceEvent {
  return 'event' in record;
}

export function isTraceMessage(record: TraceRecord): record is TraceEntry {
  return !('event' in record);
}

export interface TraceProblem {
  /** 1-based line number in the text given to the parser. */
  line: number;
  reason: string;
}

export interface ParsedTrace {
  /** Every record, in file order. */
  records: TraceRecord[];
  /** The message records only. */
  entries: TraceEntry[];
  problems: TraceProblem[];
  /** The last line had no newline and was not valid JSON: a trace still being written, or cut short. */
  truncatedTail: boolean;
}

function direction(value: unknown): TraceDirection | undefined {
  if (value === HOST_TO_SERVER || value === 'host->server') return HOST_TO_SERVER;
  if (value === SERVER_TO_HOST || value === 'server->host') return SERVER_TO_HOST;
  return undefined;
}

const optionalString = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

function parseEvent(record: Record<string, unknown>): TraceEvent | string {
  const ts = typeof record.ts === 'string' ? record.ts : '';
  const run = optionalString(record.run);
  if (run === undefined) return `an "${String(record.event)}" record without "run"`;
  if (record.event === 'start') {
    const command =
      Array.isArray(record.command) && record.command.every((part) => typeof part === 'string')
        ? (record.command as string[])
        : undefined;
    const target = optionalString(record.target);
    return {
      ts,
      event: 'start',
      run,
      server: typeof record.server === 'string' ? record.server : '',
      version: typeof record.version === 'number' ? record.version : TRACE_FORMAT_VERSION,
      ...(command && { command }),
      ...(target !== undefined && { target }),
    };
  }
  if (record.event === 'exit') {
    return {
      ts,
      event: 'exit',
      run,
      code: typeof record.code === 'number' ? record.code : null,
      signal: typeof record.signal === 'string' ? record.signal : null,
    };
  }
  return `unknown event "${String(record.event)}"`;
}

function parseRepair(value: unknown): TraceRepair | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const repair = value as Record<string, unknown>;
  if (typeof repair.category !== 'string' || typeof repair.isRetryable !== 'boolean') return undefined;
  return {
    style: typeof repair.style === 'string' ? repair.style : '',
    category: repair.category,
    isRetryable: repair.isRetryable,
    ...(typeof repair.retryAfterMs === 'number' && { retryAfterMs: repair.retryAfterMs }),
    evidence: Array.isArray(repair.evidence)
      ? repair.evidence.filter((item): item is string => typeof item === 'string')
      : [],
    original: repair.original,
  };
}

/** Reads one trace line; returns the record or why it is not one. */
export function parseTraceLine(line: string): TraceRecord | string {
  let value: unknown;
  try {
    value = JSON.parse(line) as unknown;
  } catch {
    return 'not JSON';
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'not a JSON object';
  const record = value as Record<string, unknown>;
  if (typeof record.event === 'string') return parseEvent(record);
  const dir = direction(record.dir);
  if (dir === undefined) return 'no "dir" (host→server or server→host)';
  if (!('msg' in record)) return 'no "msg"';
  const run = optionalString(record.run);
  const session = optionalString(record.session);
  const repair = parseRepair(record.repair);
  // Optional fields are assigned, not spread: this runs once per line of a trace.
  const entry: TraceEntry = {
    ts: typeof record.ts === 'string' ? record.ts : '',
    dir,
    server: typeof record.server === 'string' ? record.server : '',
    msg: record.msg,
  };
  if (run !== undefined) entry.run = run;
  if (session !== undefined) entry.session = session;
  if (repair !== undefined) entry.repair = repair;
  return entry;
}

/** Parses a whole trace file's text. */
export function parseTrace(text: string): ParsedTrace {
  const parsed: ParsedTrace = { records: [], entries: [], problems: [], truncatedTail: false };
  const lines = text.split('\n');
  const endsWithNewline = text.endsWith('\n');
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index].trim();
    if (line === '') continue;
    const record = parseTraceLine(line);
    if (typeof record !== 'string') {
      parsed.records.push(record);
      if (isTraceMessage(record)) parsed.entries.push(record);
    } else if (index === lines.length - 1 && !endsWithNewline) {
      parsed.truncatedTail = true;
    } else {
      parsed.problems.push({ line: index + 1, reason: record });
    }
  }
  return parsed;
}

/**
 * Incremental reader for a trace that is still growing (the panel's watcher): feed it the appended text,
 * it returns the complete records and keeps an unfinished last line for the next chunk.
 */
export class TraceStreamReader {
  private pending = '';
  private lineNumber = 0;
  readonly problems: TraceProblem[] = [];

  push(chunk: string): TraceRecord[] {
    const text = this.pending + chunk;
    const lastNewline = text.lastIndexOf('\n');
    if (lastNewline < 0) {
      this.pending = text;
      return [];
    }
    this.pending = text.slice(lastNewline + 1);
    const records: TraceRecord[] = [];
    for (const raw of text.slice(0, lastNewline).split('\n')) {
      this.lineNumber++;
      const line = raw.trim();
      if (line === '') continue;
      const record = parseTraceLine(line);
      if (typeof record === 'string') this.problems.push({ line: this.lineNumber, reason: record });
      else records.push(record);
    }
    return records;
  }

  /** Text received after the last newline (a line still being written). */
  get unfinished(): string {
    return this.pending;
  }
}

/** Serialises one record as a trace line (with its newline), fields in the documented order. */
export function formatTraceLine(record: TraceRecord): string {
  if (isTraceEvent(record)) {
    const { ts, run, event, ...rest } = record;
    return `${JSON.stringify({ ts, run, event, ...rest })}\n`;
  }
  const { ts, run, session, dir, server, msg, repair } = record;
  return `${JSON.stringify({
    ts,
    ...(run !== undefined && { run }),
    ...(session !== undefined && { session }),
    dir,
    server,
    msg,
    ...(repair !== undefined && { repair }),
  })}\n`;
}
