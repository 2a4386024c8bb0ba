/**
 * Reads the MCP server entries of one host configuration file (JSON with comments allowed) without changing it.
 * Pure: text in, entries out; no `vscode`, no file system.
 */
import * as path from 'node:path';
import { findNodeAtLocation, getNodeValue, parseTree, type JSONPath, type Node, type ParseError } from 'jsonc-parser';
import type { ConfigFileCandidate, ConfigLayout, HostKind } from './hostConfigs';

export type EntryTransport = 'stdio' | 'http' | 'sse' | 'unsupported';

/** A `mcp-envelope tap` invocation found in an entry's command line: the entry is already tapped. */
export interface TapInvocation {
  label?: string;
  /** The server command the tap runs: program first. */
  server: string[];
  /** The tap also repairs unstructured tool errors (`--repair`, `--repair-style`). */
  repair?: boolean;
}

export interface ServerEntry {
  file: string;
  host: HostKind;
  /** Which host and scope, for people. */
  description: string;
  /** Where the entry's value is in the file, e.g. `["servers", "orders"]`. */
  path: JSONPath;
  name: string;
  /** For `~/.claude.json` per-project entries: the project folder. */
  project?: string;
  transport: EntryTransport;
  /** The entry's `type` as written, if any. */
  type?: string;
  command?: string;
  args: string[];
  env?: Record<string, string>;
  cwd?: string;
  url?: string;
  /** Set when the entry already runs through the tap. */
  tap?: TapInvocation;
  /** The entry's value as parsed. */
  value: Record<string, unknown>;
}

export interface ParsedConfig {
  entries: ServerEntry[];
  /** Parse errors, as messages with offsets; entries are still read from what parsed. */
  errors: string[];
}

export const PARSE_OPTIONS = { allowTrailingComma: true, disallowComments: false } as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringRecord(value: unknown): Record<string, string> | undefined {
  if (!isRecord(value)) return undefined;
  const result: Record<string, string> = {};
  for (const [key, item] of Object.entries(value)) if (typeof item === 'string') result[key] = item;
  return result;
}

const NODE_PROGRAMS = new Set(['node', 'nodejs', 'node.exe']);

function looksLikeTapCli(word: string): boolean {
  return /(^|[\\/])(cli\.js|mcp-envelope(\.js|\.cmd|\.exe)?)$/.test(word) || /^mcp-envelope(@[^/]*)?$/.test(word);
}

/**
 * Finds `… <mcp-envelope CLI> tap [options] -- <server…>` in a command line (`node …/dist/cli.js tap`,
 * `mcp-envelope tap`, `npx mcp-envelope tap`). Returns undefined for anything else.
 */
export function findTapInvocation(command: string, args: readonly string[]): TapInvocation | undefined {
  const words = [command, ...args];
  for (let index = 1; index < words.length; index++) {
    if (words[index] !== 'tap' || !looksLikeTapCli(words[index - 1])) continue;
    const before = words.slice(0, index - 1);
    const launcherOk =
      before.length === 0 ||
      NODE_PROGRAMS.has(path.basename(before[0]).toLowerCase()) ||
      ['npx', 'npx.cmd', 'bunx', 'pnpx'].includes(path.basename(before[0]).toLowerCase());
    if (!launcherOk) continue;
    const separator = words.indexOf('--', index + 1);
    if (separator < 0) continue;
    const options = words.slice(index + 1, separator);
    const nameAt = options.indexOf('--name');
    const inlineName = options.find((option) => option.startsWith('--name='));
    const label = nameAt >= 0 ? options[nameAt + 1] : inlineName?.slice('--name='.length);
    const repair = options.some((option) => option === '--repair' || option.startsWith('--repair-style'));
    return {
      ...(label !== undefined && { label }),
      server: words.slice(separator + 1),
      ...(repair && { repair }),
    };
  }
  return undefined;
}

function transportOf(value: Record<string, unknown>): EntryTransport {
  const type = typeof value.type === 'string' ? value.type.toLowerCase() : undefined;
  if (type === 'sse') return 'sse';
  if (type === 'http' || type === 'streamable-http' || type === 'streamablehttp') {
    return typeof value.url === 'string' ? 'http' : 'unsupported';
  }
  if (type === undefined || type === 'stdio') {
    if (typeof value.command === 'string') return 'stdio';
    // Cursor and others write only `url`; a URL ending in /sse is the older SSE transport.
    if (type === undefined && typeof value.url === 'string') return /\/sse\/?(\?|$)/.test(value.url) ? 'sse' : 'http';
  }
  return 'unsupported';
}

function readEntry(
  candidate: ConfigFileCandidate,
  entryPath: JSONPath,
  name: string,
  valueNode: Node,
  project?: string,
): ServerEntry | undefined {
  // A plain copy: the parser's objects have no prototype.
  const value: unknown = JSON.parse(JSON.stringify(getNodeValue(valueNode) ?? null));
  if (!isRecord(value)) return undefined;
  const transport = transportOf(value);
  const args = Array.isArray(value.args) ? value.args.filter((item): item is string => typeof item === 'string') : [];
  const command = typeof value.command === 'string' ? value.command : undefined;
  const tap = transport === 'stdio' && command !== undefined ? findTapInvocation(command, args) : undefined;
  const env = stringRecord(value.env);
  return {
    file: candidate.file,
    host: candidate.host,
    description: project !== undefined ? `${candidate.description}, project ${project}` : candidate.description,
    path: entryPath,
    name,
    ...(project !== undefined && { project }),
    transport,
    ...(typeof value.type === 'string' && { type: value.type }),
    ...(command !== undefined && { command }),
    args,
    ...(env !== undefined && { env }),
    ...(typeof value.cwd === 'string' && { cwd: value.cwd }),
    ...(typeof value.url === 'string' && { url: value.url }),
    ...(tap !== undefined && { tap }),
    value,
  };
}

function readServerMap(root: Node, candidate: ConfigFileCandidate, mapPath: JSONPath, project?: string): ServerEntry[] {
  const map = findNodeAtLocation(root, mapPath);
  if (map?.type !== 'object' || !map.children) return [];
  const entries: ServerEntry[] = [];
  for (const property of map.children) {
    const [key, valueNode] = property.children ?? [];
    if (key?.type !== 'string' || valueNode === undefined) continue;
    const name = String(key.value);
    const entry = readEntry(candidate, [...mapPath, name], name, valueNode, project);
    if (entry) entries.push(entry);
  }
  return entries;
}

function mapPathsFor(root: Node, layout: ConfigLayout): { path: JSONPath; project?: string }[] {
  if (layout === 'servers') return [{ path: ['servers'] }];
  if (layout === 'mcpServers') return [{ path: ['mcpServers'] }];
  const paths: { path: JSONPath; project?: string }[] = [{ path: ['mcpServers'] }];
  const projects = findNodeAtLocation(root, ['projects']);
  for (const property of projects?.type === 'object' ? (projects.children ?? []) : []) {
    const key = property.children?.[0];
    if (key?.type === 'string') {
      const project = String(key.value);
      paths.push({ path: ['projects', project, 'mcpServers'], project });
    }
  }
  return paths;
}

/** The server entries of one configuration file's text. */
export function parseConfig(text: string, candidate: ConfigFileCandidate): ParsedConfig {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, PARSE_OPTIONS);
  const messages = errors.map((error) => `JSON error ${error.error} at offset ${error.offset}`);
  if (!root) return { entries: [], errors: messages };
  const entries = mapPathsFor(root, candidate.layout).flatMap(({ path: mapPath, project }) =>
    readServerMap(root, candidate, mapPath, project),
  );
  return { entries, errors: messages };
}

/** A stable key for an entry: file plus path. */
export function entryKey(file: string, entryPath: JSONPath): string {
  return `${file}#${JSON.stringify(entryPath)}`;
}
