/**
 * Turns configured server entries into things the extension itself can start: direct-call targets and tapped
 * copies for VS Code's MCP server definition provider. Resolves the variables hosts allow in entries, and says
 * why an entry cannot be used when it depends on something only its host knows (`${input:…}`, `envFile`). Pure.
 */
import * as path from 'node:path';
import type { DirectTarget } from './directCall';
import type { ServerEntry } from './serverEntries';
import type { TapRecord } from './tapRewrite';

export interface VariableContext {
  workspaceFolders: readonly string[];
  home: string;
  env: Readonly<Record<string, string | undefined>>;
}

/** The workspace folder an entry belongs to: the folder holding `.vscode/`, `.cursor/` or `.mcp.json`. */
export function workspaceFolderOf(entry: ServerEntry, folders: readonly string[]): string | undefined {
  return folders.find((folder) => entry.file.startsWith(folder + path.sep));
}

class UnresolvedVariable extends Error {}

/**
 * Resolves `${workspaceFolder}`, `${workspaceFolderBasename}`, `${userHome}`, `${env:NAME}`, `${pathSeparator}`
 * (VS Code and Cursor), and `${NAME}` / `${NAME:-default}` (Claude Code). Anything else cannot be resolved outside
 * the host: those come back as `unresolved`.
 */
export function resolveVariables(
  value: string,
  entry: ServerEntry,
  context: VariableContext,
): { value: string } | { unresolved: string } {
  const folder = entry.project ?? workspaceFolderOf(entry, context.workspaceFolders);
  try {
    const resolved = value.replace(/\$\{([^}]*)\}/g, (whole, inner: string) => {
      if (inner === 'workspaceFolder' && folder !== undefined) return folder;
      if (inner === 'workspaceFolderBasename' && folder !== undefined) return path.basename(folder);
      if (inner === 'userHome') return context.home;
      if (inner === 'pathSeparator' || inner === '/') return path.sep;
      if (inner.startsWith('env:')) return context.env[inner.slice(4)] ?? '';
      if (entry.host === 'claude-code') {
        const match = /^([A-Za-z_][A-Za-z0-9_]*)(?::-(.*))?$/s.exec(inner);
        if (match) {
          const fromEnv = context.env[match[1]];
          if (fromEnv !== undefined) return fromEnv;
          if (match[2] !== undefined) return match[2];
        }
      }
      throw new UnresolvedVariable(whole);
    });
    return { value: resolved };
  } catch (error) {
    if (error instanceof UnresolvedVariable) return { unresolved: error.message };
    throw error;
  }
}

type Resolved<T> = { ok: true; value: T } | { ok: false; problem: string };

function resolveAll(
  values: Record<string, string>,
  entry: ServerEntry,
  context: VariableContext,
): Resolved<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    const resolved = resolveVariables(value, entry, context);
    if ('unresolved' in resolved)
      return { ok: false, problem: `${resolved.unresolved} can only be filled in by the host` };
    result[key] = resolved.value;
  }
  return { ok: true, value: result };
}

/** The server command line of a stdio entry (the inner one when already tapped), variables resolved. */
export function stdioCommandOf(
  entry: ServerEntry,
  context: VariableContext,
): Resolved<{ server: string[]; env: Record<string, string>; cwd?: string }> {
  if (entry.transport !== 'stdio' || entry.command === undefined) return { ok: false, problem: 'not a stdio server' };
  if (entry.value.envFile !== undefined)
    return { ok: false, problem: 'it reads an envFile, which only the host loads' };
  const words = entry.tap?.server ?? [entry.command, ...entry.args];
  const server: string[] = [];
  for (const word of words) {
    const resolved = resolveVariables(word, entry, context);
    if ('unresolved' in resolved)
      return { ok: false, problem: `${resolved.unresolved} can only be filled in by the host` };
    server.push(resolved.value);
  }
  const env = resolveAll(entry.env ?? {}, entry, context);
  if (!env.ok) return env;
  const folder = entry.project ?? workspaceFolderOf(entry, context.workspaceFolders);
  let cwd = folder;
  if (entry.cwd !== undefined) {
    const resolved = resolveVariables(entry.cwd, entry, context);
    if ('unresolved' in resolved)
      return { ok: false, problem: `${resolved.unresolved} can only be filled in by the host` };
    cwd = folder !== undefined ? path.resolve(folder, resolved.value) : resolved.value;
  }
  return { ok: true, value: { server, env: env.value, ...(cwd !== undefined && { cwd }) } };
}

/** What "Call a Tool…" connects to for an entry; tapped entries are reached at their original server, once. */
export function directTargetFor(
  entry: ServerEntry,
  context: VariableContext,
  records: readonly TapRecord[],
): Resolved<DirectTarget> {
  if (entry.transport === 'stdio') {
    const command = stdioCommandOf(entry, context);
    if (!command.ok) return command;
    const [program, ...args] = command.value.server;
    if (program === undefined) return { ok: false, problem: 'the tapped entry has no server command after --' };
    return {
      ok: true,
      value: {
        kind: 'stdio',
        label: entry.tap?.label ?? entry.name,
        command: program,
        args,
        env: command.value.env,
        ...(command.value.cwd !== undefined && { cwd: command.value.cwd }),
      },
    };
  }
  if (entry.transport === 'http' && entry.url !== undefined) {
    const record = records.find(
      (item) =>
        item.http !== undefined && item.file === entry.file && JSON.stringify(item.path) === JSON.stringify(entry.path),
    );
    const url = resolveVariables(record?.http?.target ?? entry.url, entry, context);
    if ('unresolved' in url) return { ok: false, problem: `${url.unresolved} can only be filled in by the host` };
    const headers = resolveAll(
      typeof entry.value.headers === 'object' && entry.value.headers !== null
        ? (Object.fromEntries(
            Object.entries(entry.value.headers).filter(([, value]) => typeof value === 'string'),
          ) as Record<string, string>)
        : {},
      entry,
      context,
    );
    if (!headers.ok) return headers;
    return {
      ok: true,
      value: {
        kind: 'http',
        label: entry.name,
        url: url.value,
        ...(Object.keys(headers.value).length > 0 && { headers: headers.value }),
      },
    };
  }
  if (entry.transport === 'sse')
    return { ok: false, problem: 'the older SSE transport is not supported; use streamable HTTP' };
  return { ok: false, problem: 'neither a command nor a URL' };
}

/** Splits a command line typed by a person: spaces separate words, quotes group them, backslash escapes in "…". */
export function splitCommandLine(line: string): string[] {
  const words: string[] = [];
  let current = '';
  let inWord = false;
  let quote: '"' | "'" | undefined;
  for (let index = 0; index < line.length; index++) {
    const char = line[index];
    if (quote !== undefined) {
      if (char === quote) quote = undefined;
      else if (char === '\\' && quote === '"' && (line[index + 1] === '"' || line[index + 1] === '\\'))
        current += line[++index];
      else current += char;
      continue;
    }
    if (char === '"' || char === "'") {
      quote = char;
      inWord = true;
    } else if (/\s/.test(char)) {
      if (inWord) words.push(current);
      current = '';
      inWord = false;
    } else {
      current += char;
      inWord = true;
    }
  }
  if (inWord) words.push(current);
  return words;
}
