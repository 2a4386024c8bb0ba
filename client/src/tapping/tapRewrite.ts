/**
 * Rewrites one server entry of a host configuration so the host runs it through `mcp-envelope tap`, and puts it
 * back exactly. Pure: text in, text out. Edits stay inside the entry's value, so comments and formatting elsewhere
 * in the file are untouched, and untapping writes back the entry's original source text: when nothing else
 * changed, the file is byte-for-byte what it was.
 */
import {
  applyEdits,
  findNodeAtLocation,
  getNodeValue,
  modify,
  parseTree,
  type FormattingOptions,
  type JSONPath,
  type ParseError,
} from 'jsonc-parser';
import type { HostKind } from './hostConfigs';
import { PARSE_OPTIONS, type ServerEntry } from './serverEntries';

/** What is kept to undo a tap: stored in the extension's state and in `<file>.mcp-envelope-backup.json`. */
export interface TapRecord {
  version: 1;
  file: string;
  path: JSONPath;
  name: string;
  host: HostKind;
  transport: 'stdio' | 'http';
  /** The entry's value exactly as written before tapping (its source text, comments included). */
  originalText: string;
  /** The entry's value before tapping, parsed. */
  original: unknown;
  /** The entry's value right after tapping, parsed: untap checks the entry still is this. */
  tapped: unknown;
  tappedAt: string;
  /** For HTTP entries: the proxy the extension runs in front of the original URL. */
  http?: { target: string; listen: string; label: string; repair?: boolean };
}

export class TapEditError extends Error {}

/** What Tap-a-server offers: record only, or record and repair unstructured tool errors (`tap --repair`). */
export const TAP_MODES = [
  {
    label: 'Record only',
    detail: 'Forward every message unchanged and record it to a trace for Tool Calls.',
    repair: false,
  },
  {
    label: 'Record and repair errors',
    detail:
      'Also rewrite tool errors that carry no category (isError text, -32603 errors) into complete envelopes ' +
      '(errorCategory, isRetryable, the facts in the text) read from their evidence; everything else passes unchanged.',
    repair: true,
  },
] as const;

export interface StdioTapOptions {
  /** Absolute path of the extension's `dist/cli.js`. */
  cliPath: string;
  /** The program that runs the CLI; `node` by default (found on the host's PATH). */
  nodeCommand?: string;
  /** The trace label; the entry's name by default. */
  label?: string;
  /** Also repair unstructured tool errors (`tap --repair`). */
  repair?: boolean;
  now?: Date;
}

export interface HttpTapOptions {
  /** The loopback port the tap proxy listens on. */
  port: number;
  label?: string;
  /** Also repair unstructured tool errors (`tap --http --repair`). */
  repair?: boolean;
  now?: Date;
}

export interface TapResult {
  text: string;
  record: TapRecord;
}

/** Indentation and line ends as the file already uses them, for text the edits insert. */
export function detectFormatting(text: string): FormattingOptions {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const indent = /^([ \t]+)["}\]]/m.exec(text)?.[1];
  if (indent?.startsWith('\t')) return { insertSpaces: false, tabSize: 4, eol };
  return { insertSpaces: true, tabSize: indent !== undefined ? indent.length : 2, eol };
}

/** Where an entry's value is in a file's text, and its parsed value; throws on JSON syntax errors. */
export function locateEntry(
  text: string,
  entryPath: JSONPath,
): { offset: number; length: number; value: unknown } | undefined {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, PARSE_OPTIONS);
  if (errors.length > 0) throw new TapEditError('the file has JSON syntax errors; fix them first');
  const node = root ? findNodeAtLocation(root, entryPath) : undefined;
  if (node === undefined) return undefined;
  return { offset: node.offset, length: node.length, value: getNodeValue(node) };
}

function applyModifications(text: string, changes: [JSONPath, unknown][]): string {
  const formattingOptions = detectFormatting(text);
  let result = text;
  for (const [where, value] of changes) {
    result = applyEdits(result, modify(result, where, value, { formattingOptions }));
  }
  return result;
}

/** Writes an array that was on one line back on one line (`["a", "b"]`); undefined when it spans lines or is absent. */
function replaceInlineArray(text: string, where: JSONPath, values: readonly string[]): string | undefined {
  const root = parseTree(text, [], PARSE_OPTIONS);
  const node = root ? findNodeAtLocation(root, where) : undefined;
  if (node?.type !== 'array' || /[\r\n]/.test(text.slice(node.offset, node.offset + node.length))) return undefined;
  const inline = `[${values.map((value) => JSON.stringify(value)).join(', ')}]`;
  return text.slice(0, node.offset) + inline + text.slice(node.offset + node.length);
}

function recordFor(
  before: string,
  after: string,
  entry: ServerEntry,
  transport: TapRecord['transport'],
  now: Date,
): TapRecord {
  const original = locateEntry(before, entry.path);
  const tapped = locateEntry(after, entry.path);
  if (!original || !tapped) throw new TapEditError(`the entry ${entry.name} is not in ${entry.file}`);
  return {
    version: 1,
    file: entry.file,
    path: entry.path,
    name: entry.name,
    host: entry.host,
    transport,
    originalText: before.slice(original.offset, original.offset + original.length),
    // Plain objects (the parser's have no prototype), as they read back from JSON.
    original: JSON.parse(JSON.stringify(original.value)) as unknown,
    tapped: JSON.parse(JSON.stringify(tapped.value)) as unknown,
    tappedAt: now.toISOString(),
  };
}

/** The command line a tapped stdio entry runs: `node <cli.js> tap [--repair] --name <label> -- <command> <args…>`. */
export function tappedCommandLine(entry: ServerEntry, options: StdioTapOptions): { command: string; args: string[] } {
  if (entry.command === undefined) throw new TapEditError(`${entry.name} has no command`);
  return {
    command: options.nodeCommand ?? 'node',
    args: [
      options.cliPath,
      'tap',
      ...(options.repair === true ? ['--repair'] : []),
      '--name',
      options.label ?? entry.name,
      '--',
      entry.command,
      ...entry.args,
    ],
  };
}

/** Rewrites a stdio entry to run through the tap; `env`, `type`, `cwd` and every other key are kept. */
export function tapStdioEntry(text: string, entry: ServerEntry, options: StdioTapOptions): TapResult {
  if (entry.transport !== 'stdio') throw new TapEditError(`${entry.name} is not a stdio server`);
  if (entry.tap) throw new TapEditError(`${entry.name} already runs through the tap`);
  const current = locateEntry(text, entry.path);
  if (!current) throw new TapEditError(`the entry ${entry.name} is not in ${entry.file}`);
  const { command, args } = tappedCommandLine(entry, options);
  const withCommand = applyModifications(text, [[[...entry.path, 'command'], command]]);
  const after =
    replaceInlineArray(withCommand, [...entry.path, 'args'], args) ??
    applyModifications(withCommand, [[[...entry.path, 'args'], args]]);
  return { text: after, record: recordFor(text, after, entry, 'stdio', options.now ?? new Date()) };
}

/** The proxy address that replaces an HTTP entry's URL: same path and query, on a loopback port. */
export function proxyUrlFor(target: string, port: number): string {
  const url = new URL(target);
  return `http://127.0.0.1:${port}${url.pathname}${url.search}`;
}

/** Rewrites an HTTP entry's `url` to a loopback tap proxy in front of the original URL. */
export function tapHttpEntry(text: string, entry: ServerEntry, options: HttpTapOptions): TapResult {
  if (entry.transport !== 'http' || entry.url === undefined) {
    throw new TapEditError(`${entry.name} is not a streamable HTTP server`);
  }
  let target: URL;
  try {
    target = new URL(entry.url);
  } catch {
    throw new TapEditError(`${entry.name}'s url is not a plain URL (${entry.url}); variables cannot be proxied`);
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    throw new TapEditError(`${entry.name}'s url is not http(s)`);
  }
  const after = applyModifications(text, [[[...entry.path, 'url'], proxyUrlFor(entry.url, options.port)]]);
  const record = recordFor(text, after, entry, 'http', options.now ?? new Date());
  record.http = {
    target: entry.url,
    listen: `127.0.0.1:${options.port}`,
    label: options.label ?? entry.name,
    ...(options.repair === true && { repair: true }),
  };
  return { text: after, record };
}

export type UntapStatus = 'restored' | 'entry-missing' | 'changed-since-tap' | 'already-original';

export interface UntapResult {
  status: UntapStatus;
  /** The new file text (unchanged unless the status is `restored`). */
  text: string;
}

/** Deep equality of parsed JSON values (key order ignored). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => sameJson(item, b[i]));
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  return (
    keys.length === Object.keys(right).length && keys.every((key) => key in right && sameJson(left[key], right[key]))
  );
}

/**
 * Puts the entry's original source text back. Refuses (status `changed-since-tap`) when the entry was edited
 * after tapping, unless `force` is set; then the original still replaces the whole entry.
 */
export function untapEntry(text: string, record: TapRecord, options: { force?: boolean } = {}): UntapResult {
  const current = locateEntry(text, record.path);
  if (!current) return { status: 'entry-missing', text };
  if (sameJson(current.value, record.original) && !sameJson(record.original, record.tapped)) {
    return { status: 'already-original', text };
  }
  if (!sameJson(current.value, record.tapped) && !options.force) return { status: 'changed-since-tap', text };
  const restored = text.slice(0, current.offset) + record.originalText + text.slice(current.offset + current.length);
  return { status: 'restored', text: restored };
}

/** The `dist/cli.js` a tapped stdio record runs (the first argument it wrote), if it can be read. */
export function recordedCliPath(record: TapRecord): string | undefined {
  const args = (record.tapped as { args?: unknown } | null)?.args;
  return Array.isArray(args) && typeof args[0] === 'string' && args[1] === 'tap' ? args[0] : undefined;
}

/**
 * Points a tapped stdio entry at another `dist/cli.js` (the extension's folder changes with each update).
 * Only when the entry is still exactly as tapped; the original text kept for untapping does not change.
 */
export function retargetCliPath(text: string, record: TapRecord, cliPath: string): TapResult | undefined {
  const current = locateEntry(text, record.path);
  if (!current || !sameJson(current.value, record.tapped) || recordedCliPath(record) === undefined) return undefined;
  const after = applyModifications(text, [[[...record.path, 'args', 0], cliPath]]);
  const tapped = locateEntry(after, record.path);
  if (!tapped) return undefined;
  return { text: after, record: { ...record, tapped: JSON.parse(JSON.stringify(tapped.value)) as unknown } };
}
