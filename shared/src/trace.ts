/**
 * The trace format (docs/architecture.md, "Formats other programs read"): JSON Lines, one JSON-RPC message per line,
 * `{"ts": ISO-8601, "dir": "host→server" | "server→host", "server": "<label>", "msg": <the message as sent>}`.
 * Readers survive a truncated last line (a trace being written) and ignore unknown fields. Pure: no Node modules.
 */

export const HOST_TO_SERVER = 'host→server';
export const SERVER_TO_HOST = 'server→host';
export type TraceDirection = typeof HOST_TO_SERVER | typeof SERVER_TO_HOST;

export interface TraceEntry {
  ts: string;
  dir: TraceDirection;
  server: string;
  msg: unknown;
}

export interface TraceProblem {
  /** 1-based line number in the text given to the parser. */
  line: number;
  reason: string;
}

export interface ParsedTrace {
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

/** Reads one trace line; returns the entry or why it is not one. */
export function parseTraceLine(line: string): TraceEntry | string {
  let value: unknown;
  try {
    value = JSON.parse(line) as unknown;
  } catch {
    return 'not JSON';
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'not a JSON object';
  const record = value as Record<string, unknown>;
  const dir = direction(record.dir);
  if (dir === undefined) return 'no "dir" (host→server or server→host)';
  if (!('msg' in record)) return 'no "msg"';
  return {
    ts: typeof record.ts === 'string' ? record.ts : '',
    dir,
    server: typeof record.server === 'string' ? record.server : '',
    msg: record.msg,
  };
}

/** Parses a whole trace file's text. */
export function parseTrace(text: string): ParsedTrace {
  const parsed: ParsedTrace = { entries: [], problems: [], truncatedTail: false };
  const lines = text.split('\n');
  const endsWithNewline = text.endsWith('\n');
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index].trim();
    if (line === '') continue;
    const entry = parseTraceLine(line);
    if (typeof entry !== 'string') {
      parsed.entries.push(entry);
    } else if (index === lines.length - 1 && !endsWithNewline) {
      parsed.truncatedTail = true;
    } else {
      parsed.problems.push({ line: index + 1, reason: entry });
    }
  }
  return parsed;
}

/**
 * Incremental reader for a trace that is still growing (the panel's watcher): feed it the appended text,
 * it returns the complete entries and keeps an unfinished last line for the next chunk.
 */
export class TraceStreamReader {
  private pending = '';
  private lineNumber = 0;
  readonly problems: TraceProblem[] = [];

  push(chunk: string): TraceEntry[] {
    const text = this.pending + chunk;
    const lastNewline = text.lastIndexOf('\n');
    if (lastNewline < 0) {
      this.pending = text;
      return [];
    }
    this.pending = text.slice(lastNewline + 1);
    const entries: TraceEntry[] = [];
    for (const raw of text.slice(0, lastNewline).split('\n')) {
      this.lineNumber++;
      const line = raw.trim();
      if (line === '') continue;
      const entry = parseTraceLine(line);
      if (typeof entry === 'string') this.problems.push({ line: this.lineNumber, reason: entry });
      else entries.push(entry);
    }
    return entries;
  }

  /** Text received after the last newline (a line still being written). */
  get unfinished(): string {
    return this.pending;
  }
}

/** Serialises one entry as a trace line (with its newline). */
export function formatTraceLine(entry: TraceEntry): string {
  return `${JSON.stringify({ ts: entry.ts, dir: entry.dir, server: entry.server, msg: entry.msg })}\n`;
}
