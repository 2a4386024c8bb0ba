/**
 * The source files of a workspace: which files are worth indexing, and collecting them under the paths given
 * (skipping declarations, dependencies and build output).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

export const SOURCE_FILE_PATTERN = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/i;
export const DECLARATION_FILE = /\.d\.[cm]?ts$/i;
const IGNORED_DIRECTORIES = new Set([
  'node_modules',
  '.git',
  'dist',
  'out',
  'build',
  'coverage',
  '.cache',
  '.vscode-test',
]);

/** Whether a file reported by a file watcher is a source file worth indexing (not a declaration, not in dependencies or build output). */
export function isIndexable(fileName: string): boolean {
  if (!SOURCE_FILE_PATTERN.test(fileName) || DECLARATION_FILE.test(fileName)) return false;
  return !fileName.split(/[\\/]/).some((part) => IGNORED_DIRECTORIES.has(part));
}

/** Source files under the given paths (files as given; directories walked, skipping build output and dependencies). */
export function collectSourceFiles(paths: readonly string[]): {
  files: string[];
  unreadable: string[];
  manifests: string[];
} {
  const files: string[] = [];
  const manifests: string[] = [];
  const unreadable: string[] = [];
  const walkDirectory = (directory: string): void => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(directory, { withFileTypes: true });
    } catch {
      unreadable.push(directory);
      return;
    }
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(directory, entry.name);
      if (entry.isDirectory()) {
        if (!IGNORED_DIRECTORIES.has(entry.name) && !entry.name.startsWith('.')) walkDirectory(full);
      } else if (entry.isFile() && entry.name === 'package.json') {
        manifests.push(full);
      } else if (entry.isFile() && SOURCE_FILE_PATTERN.test(entry.name) && !DECLARATION_FILE.test(entry.name)) {
        files.push(full);
      }
    }
  };
  for (const given of paths) {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(given);
    } catch {
      unreadable.push(given);
      continue;
    }
    if (stat.isDirectory()) walkDirectory(given);
    else if (stat.isFile()) files.push(given);
    else unreadable.push(given);
  }
  return { files, unreadable, manifests };
}
