/**
 * Which folders the trace watcher reads: the default trace folder (where `mcp-envelope tap` and "Tap a Server…"
 * write) plus the `mcpEnvelope.traces.folders` setting. Setting entries may start with `~`, use
 * `${workspaceFolder}` or `${userHome}`, or be relative (to each workspace folder). Pure: no `vscode`.
 */
import * as path from 'node:path';

export const TRACE_FOLDERS_SETTING = 'traces.folders';

export function resolveTraceFolders(
  configured: unknown,
  defaultFolder: string,
  workspaceFolders: readonly string[],
  home: string,
): string[] {
  const folders = [path.resolve(defaultFolder)];
  const entries = Array.isArray(configured) ? configured : [];
  for (const entry of entries) {
    if (typeof entry !== 'string' || entry.trim() === '') continue;
    let value = entry.trim().replace(/\$\{userHome\}/g, home);
    if (value === '~' || value.startsWith('~/') || value.startsWith('~\\')) value = path.join(home, value.slice(1));
    const bases = value.includes('${workspaceFolder}') || !path.isAbsolute(value) ? workspaceFolders : [''];
    for (const base of bases) {
      const expanded = value.replace(/\$\{workspaceFolder\}/g, base);
      folders.push(path.isAbsolute(expanded) ? path.resolve(expanded) : path.resolve(base, expanded));
    }
  }
  return [...new Set(folders)];
}
