/**
 * `mcp-envelope tap`: records a live MCP session to a trace while forwarding it unchanged.
 *   mcp-envelope tap [--name LABEL] [--trace FILE] -- <server command…>
 *   mcp-envelope tap --http --target http://127.0.0.1:PORT/mcp --listen 127.0.0.1:PORT2 [--name LABEL] [--trace FILE]
 */
import * as os from 'node:os';
import * as path from 'node:path';
import { labelForCommand } from '../../shared/src/serverTarget';
import { defaultTraceDir, traceFileName } from '../../shared/src/traceLocation';
import { isLoopbackHost, startHttpTap } from './httpTap';
import { TapRecorder } from './recorder';
import { Redactor } from './redact';
import { runStdioTap } from './stdioTap';
import { TraceWriter } from './traceWriter';

export const TAP_USAGE = `Usage:
  mcp-envelope tap [--name LABEL] [--trace FILE] -- <server command…>
  mcp-envelope tap --http --target http://127.0.0.1:PORT/mcp --listen 127.0.0.1:PORT2 [--name LABEL] [--trace FILE]

Forwards an MCP session unchanged and records every JSON-RPC message to a trace (JSON Lines, mode 0600).
Default trace: $MCP_ENVELOPE_TRACE_DIR or ~/.mcp-envelope/traces, <label>-<timestamp>-<pid>.mcptrace.jsonl.
Values of secret-named environment variables and Authorization headers are redacted in the trace.`;

interface TapArguments {
  name?: string;
  trace?: string;
  http: boolean;
  target?: string;
  listen?: string;
  command: string[];
}

class TapUsageError extends Error {}

function parseTapArguments(argv: string[]): TapArguments | 'help' {
  const parsed: TapArguments = { http: false, command: [] };
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index];
    if (argument === '--') {
      parsed.command = argv.slice(index + 1);
      break;
    }
    if (argument === '--help' || argument === '-h') return 'help';
    if (argument === '--http') {
      parsed.http = true;
      continue;
    }
    const [flag, inline] =
      argument.startsWith('--') && argument.includes('=') ? argument.split(/=(.*)/s, 2) : [argument];
    if (flag === '--name' || flag === '--trace' || flag === '--target' || flag === '--listen') {
      const value = inline ?? argv[++index];
      if (value === undefined || value === '') throw new TapUsageError(`${flag} needs a value`);
      parsed[flag.slice(2) as 'name' | 'trace' | 'target' | 'listen'] = value;
      continue;
    }
    throw new TapUsageError(`unknown option '${argument}' (the server command goes after --)`);
  }
  return parsed;
}

function report(message: string): void {
  process.stderr.write(`mcp-envelope tap: ${message}\n`);
}

function openRecorder(label: string, trace: string | undefined): TapRecorder {
  const file = path.resolve(trace ?? path.join(defaultTraceDir(), traceFileName(label)));
  const writer = TraceWriter.open(file, report);
  if (writer.recording) report(`recording ${label} to ${file}`);
  return new TapRecorder(label, writer, Redactor.fromEnvironment(process.env), report);
}

function parseListen(listen: string): { host: string; port: number } {
  const match = /^(\[[^\]]+\]|[^:]+):(\d+)$/.exec(listen);
  if (!match) throw new TapUsageError(`--listen must be HOST:PORT (got '${listen}')`);
  return { host: match[1].replace(/^\[|\]$/g, ''), port: Number(match[2]) };
}

async function runHttp(args: TapArguments): Promise<number> {
  if (args.target === undefined || args.listen === undefined)
    throw new TapUsageError('--http needs --target URL and --listen HOST:PORT');
  let target: URL;
  try {
    target = new URL(args.target);
  } catch {
    throw new TapUsageError(`--target is not a URL: '${args.target}'`);
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:')
    throw new TapUsageError('--target must be an http(s) URL');
  const listen = parseListen(args.listen);
  if (!isLoopbackHost(listen.host))
    throw new TapUsageError(`refusing --listen ${args.listen}: the tap listens on loopback only`);
  const recorder = openRecorder(
    args.name ?? `http-${target.hostname}-${target.port || target.protocol.slice(0, -1)}`,
    args.trace,
  );
  const tap = await startHttpTap({ target, listenHost: listen.host, listenPort: listen.port, recorder, report });
  report(`listening on ${tap.origin}${target.pathname} → ${target.href}`);
  await new Promise<void>((resolve) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  await tap.close();
  await recorder.close();
  return 0;
}

async function runStdio(args: TapArguments): Promise<number> {
  if (args.command.length === 0) throw new TapUsageError('no server command: put it after --');
  const recorder = openRecorder(args.name ?? labelForCommand(args.command), args.trace);
  const [command, ...commandArgs] = args.command;
  const exit = await runStdioTap({ command, args: commandArgs, recorder, report });
  await recorder.close();
  if (exit.startError) return 127;
  if (exit.signal) {
    // Pass the signal on: die of it as the server did (our forwarding handlers are gone by now).
    process.kill(process.pid, exit.signal);
    return 128 + (os.constants.signals[exit.signal] ?? 0);
  }
  return exit.code ?? 1;
}

export async function run(argv: string[]): Promise<number> {
  let args: TapArguments | 'help';
  try {
    args = parseTapArguments(argv);
    if (args === 'help') {
      process.stdout.write(`${TAP_USAGE}\n`);
      return 0;
    }
    return await (args.http ? runHttp(args) : runStdio(args));
  } catch (error) {
    if (!(error instanceof TapUsageError)) throw error;
    process.stderr.write(`mcp-envelope tap: ${error.message}\n\n${TAP_USAGE}\n`);
    return 2;
  }
}
