/**
 * Which side of MCP a file's imports put it on: a server (it imports a server entry, a proxy importing
 * both counts), a client (it imports only the SDK's client side), MCP types only (neutral), or nothing
 * of MCP. A package is on the side of its source files (tests aside), read once from disk and kept up
 * to date as the editor or the CLI hands over newer texts.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { importsMcpToolBuilder } from './mcpFrameworks';
import { DECLARATION_FILE, SOURCE_FILE_PATTERN } from './sourceFiles';
import {
  MCP_SERVER_NAMED_IMPORT,
  MCP_SERVER_PACKAGES,
  MCP_SERVER_SUBPATHS,
  packageAlternation,
} from '../../../shared/src/mcpServerPackages';

export type McpSide = 'server' | 'client' | 'neutral' | 'none';

/** Module specifiers of imports, requires, dynamic imports and re-exports. */
const MODULE_SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|\bimport\s+)['"]([^'"\n]+)['"]/g;

/** Server entries: the SDK's server modules, the split server package, and server frameworks. */
const SERVER_SPECIFIER = new RegExp(
  `^(?:@modelcontextprotocol\\/(?:sdk\\/(?:dist\\/(?:esm|cjs)\\/)?server(?:[/.]|$)|server(?:\\/|$))|(?:${packageAlternation(
    [...MCP_SERVER_PACKAGES.filter((name) => !name.startsWith('@modelcontextprotocol/')), ...MCP_SERVER_SUBPATHS],
  )})(?:\\/|$))`,
);

/** Client entries: the SDK's client modules and the split client package. */
const CLIENT_SPECIFIER = /^@modelcontextprotocol\/(?:sdk\/(?:dist\/(?:esm|cjs)\/)?client(?:[/.]|$)|client(?:\/|$))/;

/** Anything else of the combined SDK (types, shared protocol code). */
const SDK_SPECIFIER = /^@modelcontextprotocol\/sdk(?:\/|$)/;

/** The side of one file, from its text's imports. */
export function importSideOf(text: string): McpSide {
  if (!text.includes('mcp') && !text.includes('modelcontextprotocol')) return 'none';
  let side: McpSide = 'none';
  for (const match of text.matchAll(MODULE_SPECIFIER)) {
    const specifier = match[1];
    if (SERVER_SPECIFIER.test(specifier)) return 'server';
    if (CLIENT_SPECIFIER.test(specifier)) side = 'client';
    else if (side === 'none' && SDK_SPECIFIER.test(specifier)) side = 'neutral';
  }
  // A tool built with a published MCP framework's builder (a package layered on the SDK) is server code, as is the
  // server class of a package that has both sides.
  return importsMcpToolBuilder(text) || MCP_SERVER_NAMED_IMPORT.test(text) ? 'server' : side;
}

/** An import or re-export clause with its module: `import { a, b as c } from 'x'`, `export * from 'x'`. */
const IMPORT_CLAUSE =
  /\b(import|export)\s+([^;'"]*?)\s*from\s*['"]([^'"\n]+)['"]|\b(?:require|import)\s*\(\s*['"]([^'"\n]+)['"]/g;

/** Marks a line of `workspaceImportsOf` that re-exports (`export … from`) rather than imports. */
export const REEXPORT_MARK = 'reexport';

/**
 * The values a file imports from modules that may be code of the workspace (relative and bare, not
 * `node:` or MCP packages), one line each: `specifier<TAB>name,name` or `specifier<TAB>*` for a whole
 * module (a namespace import, `export *`, a require), followed by `<TAB>reexport` when the file only
 * passes them on (`export { a } from`, `export * from`). Type-only imports are left out: types carry no tools.
 */
export function workspaceImportsOf(text: string): string[] {
  const lines = new Set<string>();
  for (const match of text.matchAll(IMPORT_CLAUSE)) {
    const specifier = match[3] ?? match[4];
    if (specifier.startsWith('node:') || SDK_SPECIFIER.test(specifier) || SERVER_SPECIFIER.test(specifier)) continue;
    const names = match[4] !== undefined ? ['*'] : importedNames(match[2]);
    if (names.length === 0) continue;
    lines.add(`${specifier}\t${names.join(',')}${match[1] === 'export' ? `\t${REEXPORT_MARK}` : ''}`);
  }
  return [...lines];
}

/** The exported names an import clause takes (`default` for a default import, `*` for a namespace). */
function importedNames(clause: string): string[] {
  if (/^type\b/.test(clause)) return [];
  if (/\*/.test(clause.replace(/\{[^}]*\}/, ''))) return ['*'];
  const names: string[] = [];
  const braces = /\{([^}]*)\}/.exec(clause);
  const outside = braces ? clause.slice(0, braces.index) : clause;
  if (/^[\w$]+\s*,?\s*$/.test(outside.trim()) && outside.trim() !== '') names.push('default');
  for (const part of braces?.[1].split(',') ?? []) {
    const name = part
      .trim()
      .split(/\s+as\s+/)[0]
      .trim();
    if (name && !name.startsWith('type ')) names.push(name);
  }
  return names;
}

/** The side of several files together: any server file makes a server, else any client file a client. */
export function combinedSide(sides: Iterable<McpSide>): McpSide {
  let combined: McpSide = 'none';
  for (const side of sides) {
    if (side === 'server') return 'server';
    if (side === 'client') combined = 'client';
    else if (side === 'neutral' && combined === 'none') combined = 'neutral';
  }
  return combined;
}

/** Tests, mocks and fixtures: a client package that starts a server in its tests is still a client. */
const TEST_DIRECTORY = new Set(['test', 'tests', '__tests__', '__mocks__', '__fixtures__', 'fixtures', 'e2e']);
const TEST_FILE = /\.(?:test|spec)\.[cm]?[jt]sx?$/i;
const SKIPPED_DIRECTORY = new Set(['node_modules', 'dist', 'out', 'build', 'coverage']);
/** A package larger than this is read no further (its side is what the files read so far say). */
const MAX_PACKAGE_FILES = 5000;

/** Whether a file is a test, mock or fixture (left out of a package's side). */
export function isTestFile(fileName: string): boolean {
  return TEST_FILE.test(fileName) || fileName.split(/[\\/]/).some((part) => TEST_DIRECTORY.has(part));
}

/**
 * The source files of the package whose package.json is in `dir`: its folders, without nested packages,
 * dependencies, build output, dot folders and tests. Empty when the folder cannot be listed.
 */
export function packageSourceFiles(dir: string): string[] {
  const files: string[] = [];
  const walk = (directory: string, root: boolean): void => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(directory, { withFileTypes: true });
    } catch {
      return;
    }
    if (!root && entries.some((entry) => entry.isFile() && entry.name === 'package.json')) return;
    for (const entry of entries) {
      if (files.length >= MAX_PACKAGE_FILES) return;
      const name = entry.name;
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRECTORY.has(name) && !TEST_DIRECTORY.has(name) && !name.startsWith('.'))
          walk(path.join(directory, name), false);
      } else if (
        entry.isFile() &&
        SOURCE_FILE_PATTERN.test(name) &&
        !DECLARATION_FILE.test(name) &&
        !TEST_FILE.test(name)
      ) {
        files.push(path.join(directory, name));
      }
    }
  };
  walk(dir, true);
  return files;
}

/** The source files directly in a folder on disk (no tests, no declarations). Empty when it cannot be listed. */
export function folderSourceFiles(directory: string): string[] {
  try {
    return fs
      .readdirSync(directory, { withFileTypes: true })
      .filter(
        (entry) =>
          entry.isFile() &&
          SOURCE_FILE_PATTERN.test(entry.name) &&
          !DECLARATION_FILE.test(entry.name) &&
          !TEST_FILE.test(entry.name),
      )
      .map((entry) => path.join(directory, entry.name));
  } catch {
    return [];
  }
}
