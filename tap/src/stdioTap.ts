/**
 * The stdio tap: starts the server command, forwards every byte between the host and the server unchanged,
 * and records each newline-delimited JSON-RPC message in the trace. The server's stderr is inherited, so it
 * reaches the host untouched; signals the tap receives are passed on to the server.
 */
import { spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { HOST_TO_SERVER, SERVER_TO_HOST } from '../../shared/src/trace';
import { LineSplitter, type TapRecorder } from './recorder';
import type { Repairer } from './repair';
import type { Reporter } from './traceWriter';

export interface StdioTapOptions {
  command: string;
  args: string[];
  recorder: TapRecorder;
  report: Reporter;
  env?: NodeJS.ProcessEnv;
  /** `--repair`: rewrites unstructured tool failures; every other line is forwarded byte for byte. */
  repairer?: Repairer;
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

/** Splits a byte stream into lines as raw bytes (without the newline), so they can be forwarded unchanged. */
class ByteLineSplitter {
  private parts: Buffer[] = [];

  constructor(private readonly onLine: (line: Buffer, newline: boolean) => void) {}

  push(chunk: Buffer): void {
    let start = 0;
    let newline = chunk.indexOf(10, start);
    while (newline !== -1) {
      const piece = chunk.subarray(start, newline);
      this.onLine(this.parts.length > 0 ? Buffer.concat([...this.parts.splice(0), piece]) : piece, true);
      start = newline + 1;
      newline = chunk.indexOf(10, start);
    }
    if (start < chunk.length) this.parts.push(Buffer.from(chunk.subarray(start)));
  }

  end(): void {
    if (this.parts.length > 0) this.onLine(Buffer.concat(this.parts.splice(0)), false);
  }
}

const NEWLINE = Buffer.from('\n');

/**
 * Forwards the server's output line by line, repairing tool failures: a line that is not repaired is written
 * exactly as it came (its own bytes and newline); a repaired one as one line of JSON.
 */
function forwardRepairing(
  source: Readable,
  output: Writable,
  recorder: TapRecorder,
  repairer: Repairer,
  onLineEnd: () => string,
): void {
  const lines = new ByteLineSplitter((line, newline) => {
    const message = recorder.parseText(SERVER_TO_HOST, line.toString('utf8'), onLineEnd());
    const repaired = message === undefined ? undefined : repairer.repair('', message);
    let flowing: boolean;
    if (repaired) {
      flowing = output.write(`${JSON.stringify(repaired.message)}${newline ? '\n' : ''}`);
      recorder.record(SERVER_TO_HOST, repaired.message, undefined, repaired.record);
    } else {
      flowing = output.write(newline ? Buffer.concat([line, NEWLINE]) : line);
      if (message !== undefined) recorder.record(SERVER_TO_HOST, message);
    }
    if (!flowing && !source.isPaused()) {
      source.pause();
      output.once('drain', () => source.resume());
    }
  });
  source.on('data', (chunk: Buffer) => lines.push(chunk));
  source.on('end', () => lines.end());
}

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
    const { repairer } = options;
    const fromHost = new LineSplitter((line) => {
      const message = recorder.recordText(HOST_TO_SERVER, line, `line ${++lineFromHost}`);
      if (repairer && message !== undefined) repairer.noteRequest('', message);
    });
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
    if (repairer) {
      forwardRepairing(child.stdout, output, recorder, repairer, () => `line ${++lineFromServer}`);
    } else {
      child.stdout.pipe(output, { end: false });
      child.stdout.on('data', (chunk: Buffer) => fromServer.push(chunk));
      child.stdout.on('end', () => fromServer.end());
    }

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
