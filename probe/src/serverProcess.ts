/**
 * A stdio transport for the probe that starts the server with EXACTLY the environment the user gives (plus PATH
 * and HOME), which the SDK's StdioClientTransport cannot do (it always adds LOGNAME, SHELL, TERM and USER). It
 * also remembers how the process ended, so a crash can be reported, and kills a hung server quickly.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { ServerCommand } from '../../shared/src/serverTarget';

export type { ServerCommand };

/** The environment a probed server gets: PATH, HOME and the user's variables, nothing more. */
export function probeEnvironment(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  const inherited = process.platform === 'win32' ? ['PATH', 'HOME', 'SystemRoot'] : ['PATH', 'HOME'];
  for (const name of inherited) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  return { ...env, ...extra };
}

const STDERR_TAIL = 4000;

export class ServerProcessTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private child: ChildProcess | undefined;
  private readonly buffer = new ReadBuffer();
  private stderrText = '';
  private exitText: string | undefined;
  private exited: Promise<void> | undefined;

  constructor(private readonly server: ServerCommand) {}

  /** The server's last words on stderr. */
  get stderr(): string {
    return this.stderrText;
  }

  /** How the process ended ("exit code 1", "signal SIGKILL"), or undefined while it runs. */
  get exit(): string | undefined {
    return this.exitText;
  }

  start(): Promise<void> {
    return new Promise((resolve, reject) => {
      const child = spawn(this.server.command, this.server.args, {
        env: probeEnvironment(this.server.env),
        stdio: ['pipe', 'pipe', 'pipe'],
        shell: false,
        windowsHide: true,
        ...(this.server.cwd !== undefined && { cwd: this.server.cwd }),
      });
      this.child = child;
      this.exited = new Promise((done) => child.once('close', () => done()));
      child.once('error', (error) => {
        reject(error);
        this.onerror?.(error);
      });
      child.once('spawn', () => resolve());
      child.once('exit', (code, signal) => {
        this.exitText = signal !== null ? `signal ${signal}` : `exit code ${code ?? 'unknown'}`;
      });
      child.once('close', () => {
        this.child = undefined;
        this.onclose?.();
      });
      child.stdin?.on('error', (error) => this.onerror?.(error));
      child.stdout?.on('data', (chunk: Buffer) => {
        try {
          this.buffer.append(chunk);
        } catch (error) {
          this.onerror?.(error instanceof Error ? error : new Error(String(error)));
          return;
        }
        this.readMessages();
      });
      child.stderr?.on('data', (chunk: Buffer) => {
        this.stderrText = (this.stderrText + chunk.toString('utf8')).slice(-STDERR_TAIL);
      });
    });
  }

  private readMessages(): void {
    for (;;) {
      let message: JSONRPCMessage | null;
      try {
        message = this.buffer.readMessage();
      } catch (error) {
        this.onerror?.(error instanceof Error ? error : new Error(String(error)));
        continue;
      }
      if (message === null) return;
      this.onmessage?.(message);
    }
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      const stdin = this.child?.stdin;
      if (!stdin || stdin.destroyed) {
        reject(new Error('the server process is not running'));
        return;
      }
      if (stdin.write(serializeMessage(message))) resolve();
      else stdin.once('drain', () => resolve());
    });
  }

  /** Ends the server: closes its stdin, then SIGTERM, then SIGKILL if it still runs after a second. */
  async close(): Promise<void> {
    const child = this.child;
    if (!child) return;
    child.stdin?.end();
    const term = setTimeout(() => child.kill('SIGTERM'), 100);
    const kill = setTimeout(() => child.kill('SIGKILL'), 1000);
    await this.exited;
    clearTimeout(term);
    clearTimeout(kill);
    this.buffer.clear();
  }
}
