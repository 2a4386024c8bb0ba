/**
 * Tapped copies of configured stdio servers for VS Code's MCP server definition provider: "<name> (tapped)" runs
 * the same server through `dist/cli.js tap`, so VS Code's own agent calls are recorded. Pure: entries in, plain
 * definitions out (index.ts turns them into `vscode.McpStdioServerDefinition`s).
 */
import { createHash } from 'node:crypto';
import { stdioCommandOf, type VariableContext } from './entryTargets';
import type { ServerEntry } from './serverEntries';
import { stdioTapArguments, type TapLaunch } from './tapProcess';

export interface TappedCopy {
  label: string;
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd?: string;
  /** Changes when the definition changes, so VS Code refreshes the server's tools. */
  version: string;
  source: ServerEntry;
}

export interface TappedCopies {
  copies: TappedCopy[];
  skipped: { entry: ServerEntry; problem: string }[];
}

/** One tapped copy per stdio entry that is not tapped already; labels stay unique across files. */
export function tappedCopiesOf(
  entries: readonly ServerEntry[],
  context: VariableContext,
  launch: Required<TapLaunch>,
): TappedCopies {
  const copies: TappedCopy[] = [];
  const skipped: TappedCopies['skipped'] = [];
  const labels = new Set<string>();
  for (const entry of entries) {
    if (entry.transport !== 'stdio') continue;
    if (entry.tap) {
      skipped.push({ entry, problem: 'it already runs through the tap' });
      continue;
    }
    const command = stdioCommandOf(entry, context);
    if (!command.ok) {
      skipped.push({ entry, problem: command.problem });
      continue;
    }
    let label = `${entry.name} (tapped)`;
    if (labels.has(label)) label = `${entry.name} (tapped, ${entry.description})`;
    labels.add(label);
    const args = stdioTapArguments(launch, entry.name, command.value.server);
    // Electron runs as Node only when told so; the tapped server inherits the rest of the environment.
    const env = { ...command.value.env, ELECTRON_RUN_AS_NODE: '1' };
    const version = createHash('sha256')
      .update(JSON.stringify([launch.nodePath, args, env, command.value.cwd ?? null]))
      .digest('hex')
      .slice(0, 12);
    copies.push({
      label,
      command: launch.nodePath,
      args,
      env,
      ...(command.value.cwd !== undefined && { cwd: command.value.cwd }),
      version,
      source: entry,
    });
  }
  return { copies, skipped };
}
