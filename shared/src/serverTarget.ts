/**
 * A server to talk to — a command line (stdio) or a URL (streamable HTTP) — and the label it is shown under.
 * Shared by the probe, the tap and the extension, so a server gets the same name wherever it appears.
 */
import * as path from 'node:path';

export interface ServerCommand {
  command: string;
  args: string[];
  /** The user's variables; PATH and HOME are added from this process (and SystemRoot on Windows). */
  env?: Record<string, string>;
  cwd?: string;
}

export type ProbeTarget =
  ({ kind: 'stdio' } & ServerCommand) | { kind: 'http'; url: string; headers?: Record<string, string> };

const LAUNCHERS = new Set([
  'node',
  'nodejs',
  'npx',
  'bunx',
  'bun',
  'deno',
  'tsx',
  'ts-node',
  'python',
  'python3',
  'uv',
  'uvx',
  'pnpm',
  'yarn',
  'npm',
]);

/** A readable label for a server command: the script or package it runs, not the launcher. */
export function labelForCommand(command: string[]): string {
  const [program, ...rest] = command;
  let name = path.basename(program ?? 'server');
  if (LAUNCHERS.has(name.replace(/\.exe$/, ''))) {
    const target = rest.find((argument, index) => {
      if (argument.startsWith('-') || argument === 'run' || argument === 'exec') return false;
      // The code given to `-e`/`-c` is not a name.
      return !/^(?:-e|--eval|-p|--print|-c)$/.test(rest[index - 1] ?? '');
    });
    if (target !== undefined) name = target;
  }
  return path.basename(name.replace(/@[^/@]*$/, '').replace(/^@[^/]+\//, '')).replace(/\.[cm]?[jt]s$|\.py$/, '');
}

/** Script names that say nothing about the server ("index.js"): the package or folder names it instead. */
export const GENERIC_SCRIPT_NAMES = new Set(['index', 'main', 'server', 'cli', 'bin', 'start', 'app']);
const BUILD_FOLDERS = new Set(['dist', 'build', 'lib', 'src', 'out', 'bin', 'esm', 'cjs']);

/** The server's name: the URL's host and path, or the script the command runs (its package for `…/dist/index.js`). */
export function defaultLabel(target: ProbeTarget): string {
  if (target.kind === 'http') {
    const url = new URL(target.url);
    return `${url.host}${url.pathname === '/' ? '' : url.pathname}`;
  }
  const script = target.args.find((argument) => !argument.startsWith('-')) ?? target.command;
  const name = path.basename(script).replace(/\.[cm]?[jt]s$/, '');
  if (!GENERIC_SCRIPT_NAMES.has(name)) return name;
  const folders = path.dirname(path.resolve(target.cwd ?? '.', script)).split(/[\\/]/);
  while (folders.length > 0 && BUILD_FOLDERS.has(folders[folders.length - 1])) folders.pop();
  return folders[folders.length - 1] || name;
}
