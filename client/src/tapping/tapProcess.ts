/**
 * Runs `mcp-envelope tap` as a child process: the command lines for stdio, and an HTTP proxy (`tap --http`)
 * that is ready once it says where it listens. Node only, no `vscode`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import * as net from 'node:net';

/** How to start the CLI: `<nodePath> <cliPath> tap …`. */
export interface TapLaunch {
  /** Absolute path of `dist/cli.js`. */
  cliPath: string;
  /** The Node program; the running one by default (inside VS Code that is Electron, run as Node). */
  nodePath?: string;
}

/** Environment for a Node child started with `process.execPath`: Electron must be told to behave as Node. */
export function nodeEnvironment(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) if (value !== undefined) env[name] = value;
  return { ...env, ...extra, ELECTRON_RUN_AS_NODE: '1' };
}

export function stdioTapArguments(launch: TapLaunch, label: string, server: string[], traceFile?: string): string[] {
  return [
    launch.cliPath,
    'tap',
    '--name',
    label,
    ...(traceFile !== undefined ? ['--trace', traceFile] : []),
    '--',
    ...server,
  ];
}

/** A free TCP port on 127.0.0.1 (free when asked; the proxy takes it right after). */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => (port > 0 ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

export interface HttpTapProcessOptions {
  /** The server's real URL. */
  target: string;
  /** `127.0.0.1:PORT`; port 0 lets the system choose. */
  listen: string;
  label: string;
  traceFile?: string;
  /** Also repair unstructured tool errors (`--repair`). */
  repair?: boolean;
  /** How long to wait for the proxy to listen. */
  timeoutMs?: number;
}

export interface HttpTapProcess {
  /** Where the proxy listens, e.g. `http://127.0.0.1:43123`. */
  origin: string;
  child: ChildProcess;
  /** Resolves with the exit code when the proxy ends. */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

const LISTENING = /listening on (http:\/\/[^\s/]+)/;

/** Starts `tap --http` and waits until it listens; rejects with its own words when it does not. */
export function startHttpTapProcess(launch: TapLaunch, options: HttpTapProcessOptions): Promise<HttpTapProcess> {
  const args = [
    launch.cliPath,
    'tap',
    '--http',
    '--target',
    options.target,
    '--listen',
    options.listen,
    '--name',
    options.label,
    ...(options.traceFile !== undefined ? ['--trace', options.traceFile] : []),
    ...(options.repair === true ? ['--repair'] : []),
  ];
  const child = spawn(launch.nodePath ?? process.execPath, args, {
    env: nodeEnvironment(),
    stdio: ['ignore', 'ignore', 'pipe'],
    windowsHide: true,
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let stderr = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill();
      reject(
        new Error(`the tap proxy did not start listening within ${options.timeoutMs ?? 10000} ms: ${stderr.trim()}`),
      );
    }, options.timeoutMs ?? 10000);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the tap proxy exited (code ${code}): ${stderr.trim()}`));
    });
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
      const match = LISTENING.exec(stderr);
      if (!match) return;
      clearTimeout(timer);
      resolve({
        origin: match[1],
        child,
        exited,
        stop: async () => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          await exited;
        },
      });
    });
  });
}
