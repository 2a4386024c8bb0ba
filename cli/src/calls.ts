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

export const CALLS_USAGE = `Usage: mcp-envelope calls <trace file or folder…> [--format json|pretty]

Decodes every tools/call in the traces: outcome, errorCategory, isRetryable, the encoding the facts came from,
what an agent should do next, and findings. Exit code 0, 1 when a trace cannot be read, 2 on usage errors.`;

type Format = 'json' | 'pretty';

/** Where the command writes; the process's stdout and stderr unless a caller captures them. */
export interface CommandOutput {
  out(text: string): void;
  err(text: string): void;
}

const PROCESS_OUTPUT: CommandOutput = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

function parseArguments(argv: string[]): { files: string[]; format: Format } | string {
  const files: string[] = [];
  let format: Format = 'pretty';
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index];
    if (argument === '--format' || argument.startsWith('--format=')) {
      const value = argument.includes('=') ? argument.slice('--format='.length) : argv[++index];
      if (value !== 'json' && value !== 'pretty') return `--format must be json or pretty (got '${value ?? ''}')`;
      format = value;
    } else if (argument.startsWith('-') && argument !== '-') {
      return `unknown option '${argument}'`;
    } else {
      files.push(argument);
    }
  }
  return files.length === 0 ? 'no trace given' : { files, format };
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

export async function run(argv: string[], output: CommandOutput = PROCESS_OUTPUT): Promise<number> {
  const parsed = parseArguments(argv);
  if (argv.includes('--help') || argv.includes('-h')) {
    output.out(`${CALLS_USAGE}\n`);
    return 0;
  }
  if (typeof parsed === 'string') {
    output.err(`mcp-envelope calls: ${parsed}\n\n${CALLS_USAGE}\n`);
    return 2;
  }
  const calls: DecodedCall[] = [];
  let unreadable = false;
  for (const given of parsed.files) {
    let files: string[];
    try {
      files = traceFiles(given);
    } catch (error) {
      output.err(`mcp-envelope calls: cannot read ${given}: ${(error as Error).message}\n`);
      unreadable = true;
      continue;
    }
    for (const file of files) {
      let text: string;
      try {
        text = await fs.promises.readFile(file, 'utf8');
      } catch (error) {
        output.err(`mcp-envelope calls: cannot read ${file}: ${(error as Error).message}\n`);
        unreadable = true;
        continue;
      }
      const trace = parseTrace(text);
      for (const problem of trace.problems) {
        output.err(`mcp-envelope calls: ${file}:${problem.line}: skipped (${problem.reason})\n`);
      }
      // Ids are per session, so each file is paired on its own.
      calls.push(...decodeCalls(trace.entries));
    }
  }
  const ordered = calls
    .map((call, index) => ({ call, index }))
    .sort((a, b) => a.call.startedAt.localeCompare(b.call.startedAt) || a.index - b.index)
    .map(({ call }) => call);
  if (parsed.format === 'json') {
    output.out(`${JSON.stringify(ordered.map(toCallsJson), null, 2)}\n`);
  } else {
    output.out(ordered.length === 0 ? 'No tool calls in the trace.\n' : `${ordered.map(formatPretty).join('\n\n')}\n`);
  }
  return unreadable ? 1 : 0;
}
