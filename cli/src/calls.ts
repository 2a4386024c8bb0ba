/**
 * `mcp-envelope calls <trace…> [--format json|pretty]`: decodes the tool calls in trace files.
 * A folder stands for the traces in it. json prints the `calls` shape (docs/architecture.md) and nothing else.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { DecodedCall } from '../../shared/src/decodedCall';
import { decodeCalls, toCallsJson } from '../../shared/src/decoder';
import { parseTrace } from '../../shared/src/trace';
import { isTraceFileName } from '../../shared/src/traceLocation';
import { type CliIo, EXIT, UsageError, parseCommandArgs, processIo } from './usage';

declare const MCP_ENVELOPE_VERSION: string;
const VERSION = typeof MCP_ENVELOPE_VERSION === 'string' ? MCP_ENVELOPE_VERSION : '0.0.0-dev';

export const CALLS_USAGE = `Usage: mcp-envelope calls <trace file or folder…> [--format json|pretty]

Decodes every tools/call in the traces: outcome, errorCategory, isRetryable, the encoding the facts came from,
what an agent should do next, and findings. Exit code 0, 1 when a trace cannot be read, 2 on usage errors.`;

type Format = 'json' | 'pretty';

function parseCallsArguments(argv: string[]): { files: string[]; format: Format } | 'help' {
  const { values, positionals } = parseCommandArgs({
    args: argv,
    allowPositionals: true,
    options: { format: { type: 'string', default: 'pretty' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) return 'help';
  if (values.format !== 'json' && values.format !== 'pretty') {
    throw new UsageError(`--format must be json or pretty (got '${values.format}')`);
  }
  if (positionals.length === 0) throw new UsageError('no trace given');
  return { files: positionals, format: values.format };
}

/** The trace files a path stands for: the file itself, or the traces inside a folder. */
function traceFiles(given: string): string[] {
  if (!fs.statSync(given).isDirectory()) return [given];
  return fs
    .readdirSync(given)
    .filter(isTraceFileName)
    .sort()
    .map((name) => path.join(given, name));
}

function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function formatPretty(call: DecodedCall): string {
  const time = call.startedAt.replace('T', ' ').replace('Z', '');
  const duration = call.durationMs === null ? '' : `  ${call.durationMs} ms`;
  const lines = [
    `${time}  ${call.server}  ${call.tool} ${shorten(JSON.stringify(call.arguments) ?? '', 80)}  ${call.outcome}${duration}`,
  ];
  if (call.outcome === 'tool-error' || call.outcome === 'protocol-error') {
    const retryable =
      call.retryable === null ? 'retryable: not stated' : call.retryable ? 'retryable' : 'not retryable';
    lines.push(`  ${call.category ?? 'no category'}, ${retryable}  (read from ${call.encoding})`);
  }
  if (call.message !== null) lines.push(`  message: ${shorten(call.message, 200)}`);
  lines.push(`  next: ${call.nextAction}`);
  for (const finding of call.findings) lines.push(`  ! ${finding.check}: ${finding.message}`);
  return lines.join('\n');
}

/** Usage errors are thrown (UsageError, exit 2); an unreadable trace is reported and gives exit code 1. */
export async function run(argv: string[], io: CliIo = processIo(VERSION)): Promise<number> {
  const parsed = parseCallsArguments(argv);
  if (parsed === 'help') {
    io.stdout(CALLS_USAGE);
    return EXIT.ok;
  }
  const calls: DecodedCall[] = [];
  let unreadable = false;
  for (const given of parsed.files) {
    let files: string[];
    try {
      files = traceFiles(given);
    } catch (error) {
      io.stderr(`mcp-envelope calls: cannot read ${given}: ${(error as Error).message}`);
      unreadable = true;
      continue;
    }
    for (const file of files) {
      let text: string;
      try {
        text = await fs.promises.readFile(file, 'utf8');
      } catch (error) {
        io.stderr(`mcp-envelope calls: cannot read ${file}: ${(error as Error).message}`);
        unreadable = true;
        continue;
      }
      const trace = parseTrace(text);
      for (const problem of trace.problems) {
        io.stderr(`mcp-envelope calls: ${file}:${problem.line}: skipped (${problem.reason})`);
      }
      // Ids are per session, so each file is paired on its own.
      calls.push(...decodeCalls(trace.entries));
    }
  }
  const ordered = calls
    .map((call, index) => ({ call, index }))
    .sort((a, b) => a.call.startedAt.localeCompare(b.call.startedAt) || a.index - b.index)
    .map(({ call }) => call);
  if (parsed.format === 'json') io.stdout(JSON.stringify(ordered.map(toCallsJson), null, 2));
  else io.stdout(ordered.length === 0 ? 'No tool calls in the trace.' : ordered.map(formatPretty).join('\n\n'));
  return unreadable ? EXIT.failed : EXIT.ok;
}
