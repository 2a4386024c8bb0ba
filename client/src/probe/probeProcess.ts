/**
 * Runs the probe the way the extension runs the tap: through the CLI (`dist/cli.js probe`) in a process of its own,
 * so neither the MCP SDK nor a misbehaving server ever runs inside the extension host. `--list-tools` lists a
 * server's tools for the opt-in question; `--format events` streams progress and then the whole report. Node only.
 */
import { spawn } from 'node:child_process';
import type { ListedServerTool, ProbeEvent, ProbeReport } from '../../../shared/src/probeReport';
import type { ProbeTarget } from '../../../shared/src/serverTarget';
import { nodeEnvironment } from '../tapping/tapProcess';

export interface ProbeProcessOptions {
  /** Absolute path of `dist/cli.js`. */
  cliPath: string;
  /** The Node program; the running one by default (inside VS Code that is Electron, run as Node). */
  nodePath?: string;
  timeoutMs: number;
  signal?: AbortSignal;
}

export interface ProbeRunRequest {
  target: ProbeTarget;
  label: string;
  seed: number;
  allow: readonly string[];
  onProgress?: (progress: { tool: string; done: number; total: number }) => void;
}

/** The CLI's arguments for a target: `--url … --header …` or `--env … -- <command…>`. */
export function targetArguments(target: ProbeTarget): string[] {
  if (target.kind === 'http') {
    const headers = Object.entries(target.headers ?? {}).flatMap(([name, value]) => ['--header', `${name}: ${value}`]);
    return ['--url', target.url, ...headers];
  }
  const env = Object.entries(target.env ?? {}).flatMap(([name, value]) => ['--env', `${name}=${value}`]);
  return [...env, '--', target.command, ...target.args];
}

/** Splits `--url`/command arguments so options come before the `--` that starts the server command. */
function withOptions(target: ProbeTarget, options: string[]): string[] {
  const targetArgs = targetArguments(target);
  const dash = targetArgs.indexOf('--');
  return dash < 0 ? [...options, ...targetArgs] : [...targetArgs.slice(0, dash), ...options, ...targetArgs.slice(dash)];
}

interface ProcessOutput {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runCli(
  options: ProbeProcessOptions,
  target: ProbeTarget,
  args: string[],
  onLine?: (line: string) => void,
): Promise<ProcessOutput> {
  return new Promise((resolve, reject) => {
    const child = spawn(options.nodePath ?? process.execPath, [options.cliPath, 'probe', ...args], {
      cwd: target.kind === 'stdio' ? target.cwd : undefined,
      env: nodeEnvironment(),
      stdio: ['ignore', 'pipe', 'pipe'],
      windowsHide: true,
    });
    let stdout = '';
    let stderr = '';
    let pending = '';
    const abort = (): void => {
      child.kill('SIGTERM');
    };
    options.signal?.addEventListener('abort', abort, { once: true });
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      if (!onLine) return;
      pending += chunk;
      let newline = pending.indexOf('\n');
      while (newline >= 0) {
        const line = pending.slice(0, newline).trim();
        pending = pending.slice(newline + 1);
        if (line) onLine(line);
        newline = pending.indexOf('\n');
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', (error) => {
      options.signal?.removeEventListener('abort', abort);
      reject(error);
    });
    child.once('close', (code) => {
      options.signal?.removeEventListener('abort', abort);
      if (onLine && pending.trim()) onLine(pending.trim());
      resolve({ code, stdout, stderr });
    });
  });
}

/** The first line the CLI wrote to stderr, without its `mcp-envelope probe:` prefix. */
function cliMessage(output: ProcessOutput): string {
  const line = output.stderr.split('\n').find((text) => text.trim() !== '') ?? `exit code ${output.code ?? 'none'}`;
  return line.replace(/^mcp-envelope probe:\s*/, '');
}

/** The tools the server lists (no tool is called), each with the reason it needs opt-in, if any. */
export async function listToolsThroughCli(
  options: ProbeProcessOptions,
  target: ProbeTarget,
): Promise<ListedServerTool[]> {
  const output = await runCli(
    options,
    target,
    withOptions(target, ['--list-tools', '--timeout', `${options.timeoutMs}`]),
  );
  options.signal?.throwIfAborted();
  if (output.code !== 0) throw new Error(cliMessage(output));
  return JSON.parse(output.stdout) as ListedServerTool[];
}

/** Probes the server in the CLI's process; rejects with the CLI's own reason when it cannot. */
export async function runProbeThroughCli(options: ProbeProcessOptions, request: ProbeRunRequest): Promise<ProbeReport> {
  const flags = [
    '--format',
    'events',
    '--name',
    request.label,
    '--seed',
    `${request.seed}`,
    '--timeout',
    `${options.timeoutMs}`,
    ...request.allow.flatMap((tool) => ['--allow', tool]),
  ];
  let report: ProbeReport | undefined;
  let failure: string | undefined;
  const output = await runCli(options, request.target, withOptions(request.target, flags), (line) => {
    let event: ProbeEvent;
    try {
      event = JSON.parse(line) as ProbeEvent;
    } catch {
      return;
    }
    if (event.event === 'progress') request.onProgress?.(event);
    else if (event.event === 'report') report = event.report;
    else failure = event.message;
  });
  options.signal?.throwIfAborted();
  if (report) return report;
  throw new Error(failure ?? cliMessage(output));
}
