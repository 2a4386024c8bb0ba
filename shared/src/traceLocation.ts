/**
 * Where traces live: a per-user folder the tap writes to and the extension watches.
 * Node-only (uses `os` and `path`); the pure trace reader is in trace.ts.
 */
import * as os from 'node:os';
import * as path from 'node:path';

export const TRACE_DIR_VARIABLE = 'MCP_ENVELOPE_TRACE_DIR';
export const TRACE_FILE_SUFFIX = '.mcptrace.jsonl';

/** `$MCP_ENVELOPE_TRACE_DIR` when set, else `~/.mcp-envelope/traces`. */
export function defaultTraceDir(env: NodeJS.ProcessEnv = process.env, home: string = os.homedir()): string {
  const configured = env[TRACE_DIR_VARIABLE];
  if (configured !== undefined && configured.trim() !== '') return path.resolve(configured);
  return path.join(home, '.mcp-envelope', 'traces');
}

/** A label safe in a file name: letters, digits, dot, dash and underscore. */
export function fileSafeLabel(label: string): string {
  const safe = label.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+|-+$/g, '');
  return safe === '' ? 'server' : safe.slice(0, 60);
}

/** `<label>-<timestamp>-<pid>.mcptrace.jsonl`, the timestamp in UTC without separators that file systems dislike. */
export function traceFileName(label: string, date: Date = new Date(), pid: number = process.pid): string {
  const stamp = date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `${fileSafeLabel(label)}-${stamp}-${pid}${TRACE_FILE_SUFFIX}`;
}

/** Whether a file name looks like a trace the tap wrote. */
export function isTraceFileName(name: string): boolean {
  return name.endsWith(TRACE_FILE_SUFFIX);
}
