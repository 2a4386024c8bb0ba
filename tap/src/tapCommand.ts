/**
 * `mcp-envelope tap`: records a live MCP session to a trace while forwarding it unchanged (or, with `--repair`,
 * with unstructured tool failures rewritten into complete envelopes).
 *   mcp-envelope tap [--repair] [--repair-style STYLE] [--name LABEL] [--trace FILE] -- <server command…>
 *   mcp-envelope tap --http --target http://127.0.0.1:PORT/mcp --listen 127.0.0.1:PORT2 [--repair] [--name LABEL] …
 */
import * as os from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { labelForCommand } from '../../shared/src/serverTarget';
import { defaultTraceDir, traceFileName } from '../../shared/src/traceLocation';
import { isLoopbackHost, startHttpTap, TapListenError, type RunningHttpTap } from './httpTap';
import { TapRecorder } from './recorder';
import { Redactor } from './redact';
import type { Repairer } from './repair';
import { REPAIR_STYLES, type RepairStyle } from './repairEnvelope';
import { runStdioTap } from './stdioTap';
import { TraceWriter } from './traceWriter';

export const TAP_USAGE = `Usage:
  mcp-envelope tap [--repair] [--repair-style STYLE] [--name LABEL] [--trace FILE] -- <server command…>
  mcp-envelope tap --http --target http://127.0.0.1:PORT/mcp --listen 127.0.0.1:PORT2 [--repair] [--name LABEL] [--trace FILE]

Forwards an MCP session unchanged and records every JSON-RPC message to a trace (JSON Lines, mode 0600).
--repair rewrites tool failures that carry no category (isError text, -32603 errors while a tool ran) into
complete envelopes from their evidence (errno, HTTP status, SDK phrases…); everything else passes byte for byte.
--repair-style ${REPAIR_STYLES.join('|')} (default top-level; meta is an open MCP proposal) implies --repair.
Default trace: $MCP_ENVELOPE_TRACE_DIR or ~/.mcp-envelope/traces, <label>-<timestamp>-<pid>.mcptrace.jsonl.
Values of secret-named environment variables and Authorization headers are redacted in the trace.
Exit code: the server's (stdio), 0 after SIGINT/SIGTERM (--http), 1 when --listen cannot be used,
2 on usage errors, 127 when the server command cannot be started.`;

interface TapArguments {
  name?: string;
  trace?: string;
  http: boolean;
  target?: string;
  listen?: string;
  /** Set by `--repair` or `--repair-style`. */
  repairStyle?: RepairStyle;
  command: string[];
}

class TapUsageError extends Error {}

const VALUE_OPTIONS = ['name', 'trace', 'target', 'listen', 'repair-style'] as const;

/** parseArgs' own messages are long and talk about positionals: say it the tap's way, on one line. */
function usageMessage(error: Error & { code?: string }, argv: string[]): string {
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const option = /'([^']+)'/.exec(error.message)?.[1] ?? '';
    return `unknown option '${option}' (the server command goes after --)`;
  }
  if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    const option = /'(--[\w-]+)/.exec(error.message)?.[1] ?? 'an option';
    return VALUE_OPTIONS.some((name) => `--${name}` === option)
      ? `${option} needs a value`
      : `${option} takes no value`;
  }
  return `cannot read the arguments ${JSON.stringify(argv)}: ${error.message.split('\n')[0]}`;
}

function parseTapArguments(argv: string[]): TapArguments | 'help' {
  let parsed: ReturnType<typeof readArguments>;
  try {
    parsed = readArguments(argv);
  } catch (error) {
    throw new TapUsageError(usageMessage(error as Error & { code?: string }, argv));
  }
  const { values, positionals, tokens } = parsed;
  if (values.help === true) return 'help';
  const terminator = tokens.findIndex((token) => token.kind === 'option-terminator');
  const early = tokens.find((token, index) => token.kind === 'positional' && (terminator < 0 || index < terminator));
  if (early?.kind === 'positional') {
    throw new TapUsageError(`unexpected '${early.value}' (the server command goes after --)`);
  }
  for (const name of VALUE_OPTIONS) {
    if (values[name] === '') throw new TapUsageError(`--${name} needs a value`);
  }
  const style = values['repair-style'];
  if (style !== undefined && !REPAIR_STYLES.includes(style as RepairStyle)) {
    throw new TapUsageError(`--repair-style must be one of ${REPAIR_STYLES.join(', ')} (got '${style}')`);
  }
  const repairStyle = (style as RepairStyle | undefined) ?? (values.repair === true ? 'top-level' : undefined);
  return {
    http: values.http === true,
    ...(repairStyle !== undefined && { repairStyle }),
    command: positionals,
    ...(values.name !== undefined && { name: values.name }),
    ...(values.trace !== undefined && { trace: values.trace }),
    ...(values.target !== undefined && { target: values.target }),
    ...(values.listen !== undefined && { listen: values.listen }),
  };
}

function readArguments(argv: string[]) {
  return parseArgs({
    args: argv,
    options: {
      name: { type: 'string' },
      trace: { type: 'string' },
      target: { type: 'string' },
      listen: { type: 'string' },
      http: { type: 'boolean' },
      repair: { type: 'boolean' },
      'repair-style': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    allowPositionals: true,
    strict: true,
    tokens: true,
  });
}

/**
 * The repairer for `--repair`, loaded only then: the classifier and decoder it needs stay out of a plain tap's
 * start time and memory.
 */
function repairerFor(style: RepairStyle | undefined): Repairer | undefined {
  if (style === undefined) return undefined;
  // `require`, not `import()`: esbuild keeps the module's initialisation lazy, and Node's ES loader stays unloaded.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { Repairer: RepairerClass } = require('./repair') as typeof import('./repair');
  return new RepairerClass(style);
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
  const label = args.name ?? `http-${target.hostname}-${target.port || target.protocol.slice(0, -1)}`;
  const repairer = repairerFor(args.repairStyle);
  let recorder: TapRecorder | undefined;
  let tap: RunningHttpTap;
  try {
    tap = await startHttpTap({
      target,
      listenHost: listen.host,
      listenPort: listen.port,
      ...(repairer && { repairer }),
      // The trace is opened only once the port is ours: a busy port leaves no empty trace behind.
      recorder: () => (recorder = openRecorder(label, args.trace)),
      report,
    });
  } catch (error) {
    if (!(error instanceof TapListenError)) throw error;
    report(error.message);
    return 1;
  }
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
  await recorder?.close();
  return 0;
}

async function runStdio(args: TapArguments): Promise<number> {
  if (args.command.length === 0) throw new TapUsageError('no server command: put it after --');
  const repairer = repairerFor(args.repairStyle);
  const recorder = openRecorder(args.name ?? labelForCommand(args.command), args.trace);
  const [command, ...commandArgs] = args.command;
  const exit = await runStdioTap({ command, args: commandArgs, recorder, report, ...(repairer && { repairer }) });
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
