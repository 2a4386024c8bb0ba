/**
 * The stdio tap: starts the server command, forwards every byte between the host and the server unchanged,
 * and records each newline-delimited JSON-RPC message in the trace. The server's stderr is inherited, so it
 * reaches the host untouched; signals the tap receives are passed on to the server.
 */
import { spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { HOST_TO_SERVER, SERVER_TO_HOST } from '../../shared/src/trace';
import { LineSplitter, type TapRecorder } from './recorder';
import type { Reporter } from './traceWriter';

export interface StdioTapOptions {
  command: string;
  args: string[];
  recorder: TapRecorder;
  report: Reporter;
  env?: NodeJS.ProcessEnv;
  /** The host side; the tap's own stdin and stdout unless a test provides streams. */
  input?: Readable;
  output?: Writable;
}

export interface ServerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Set when the command could not be started. */
  startError?: Error;
}

const FORWARDED_SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

export function runStdioTap(options: StdioTapOptions): Promise<ServerExit> {
  const input = options.input ?? process.stdin;
  const output = options.output ?? process.stdout;
  const { recorder } = options;
  recorder.recordStart({ command: [options.command, ...options.args] });
  return new Promise<ServerExit>((resolve) => {
    const child = spawn(options.command, options.args, {
      stdio: ['pipe', 'pipe', 'inherit'],
      env: options.env ?? process.env,
    });
    let lineFromHost = 0;
    let lineFromServer = 0;
    const fromHost = new LineSplitter((line) => recorder.recordText(HOST_TO_SERVER, line, `line ${++lineFromHost}`));
    const fromServer = new LineSplitter((line) =>
      recorder.recordText(SERVER_TO_HOST, line, `line ${++lineFromServer}`),
    );
    const forwardSignal = (signal: NodeJS.Signals): void => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    };
    for (const signal of FORWARDED_SIGNALS) process.on(signal, forwardSignal);
    const onHostData = (chunk: Buffer): void => fromHost.push(chunk);
    const onHostEnd = (): void => fromHost.end();
    let startError: Error | undefined;

    child.on('error', (error) => {
      startError = error;
      options.report(`cannot start ${options.command}: ${error.message}`);
    });
    child.stdin.on('error', () => {
      // The server closed its stdin (it is exiting); the exit is reported through 'close'.
    });
    input.pipe(child.stdin);
    input.on('data', onHostData);
    input.on('end', onHostEnd);
    child.stdout.pipe(output, { end: false });
    child.stdout.on('data', (chunk: Buffer) => fromServer.push(chunk));
    child.stdout.on('end', () => fromServer.end());

    child.on('close', (code, signal) => {
      if (!startError) recorder.recordExit(code, signal);
      for (const each of FORWARDED_SIGNALS) process.off(each, forwardSignal);
      input.unpipe(child.stdin);
      input.off('data', onHostData);
      input.off('end', onHostEnd);
      // The session is over: stop reading the host so the process can exit.
      if (input === process.stdin) process.stdin.destroy();
      resolve({ code, signal, ...(startError && { startError }) });
    });
  });
}
