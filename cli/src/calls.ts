/**
 * `mcp-envelope calls <trace…> [--format json|pretty]`: decodes the tool calls in trace files.
 * A folder stands for the traces in it. json prints the `calls` shape of docs/architecture.md and nothing else.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { DecodedCall } from '../../shared/src/decodedCall';
import { decodeCalls, describeReading, toCallsJson } from '../../shared/src/decoder';
import { parseTrace } from '../../shared/src/trace';
import { type CliIo, EXIT, UsageError, parseCommandArgs, processIo } from './usage';

declare const MCP_ENVELOPE_VERSION: string;
const VERSION = typeof MCP_ENVELOPE_VERSION === 'string' ? MCP_ENVELOPE_VERSION : '0.0.0-dev';

export const CALLS_USAGE = `Usage: mcp-envelope calls <trace file or folder…> [--format json|pretty]

Decodes every tools/call in the traces: outcome, errorCategory, isRetryable, the encoding the facts came from,
what an agent should do next, and findings. A folder stands for the .jsonl files in it. What was read and
what was skipped (and why) goes to stderr, once. Exit code 0, 1 when a trace cannot be read or a folder holds
none, 2 on usage errors.`;

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

/** The trace files a path stands for (the file itself, or the `.jsonl` files in a folder) and what was left out. */
function traceFiles(given: string): { files: string[]; ignored: number } {
  if (!fs.statSync(given).isDirectory()) return { files: [given], ignored: 0 };
  const names = fs.readdirSync(given, { withFileTypes: true }).filter((entry) => entry.isFile());
  // `--trace x.jsonl` names traces freely: every JSON Lines file may be one (the tap's own end in .mcptrace.jsonl).
  const traces = names.filter((entry) => entry.name.endsWith('.jsonl')).map((entry) => entry.name);
  return { files: traces.sort().map((name) => path.join(given, name)), ignored: names.length - traces.length };
}

function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** Where a call can be found again: its JSON-RPC id, the tap run and the HTTP session. */
function callPlace(call: DecodedCall): string {
  const parts = [`call ${JSON.stringify(call.id)}`];
  if (call.run !== undefined) parts.push(`run ${call.run}`);
  if (call.session !== undefined) parts.push(`session ${shorten(call.session, 13)}`);
  return parts.join(', ');
}

function formatPretty(call: DecodedCall): string {
  const time = call.startedAt.replace('T', ' ').replace('Z', '');
  const duration = call.durationMs === null ? '' : `  ${call.durationMs} ms`;
  const lines = [
    `${time}  ${call.server}  ${call.tool} ${shorten(JSON.stringify(call.arguments) ?? '', 80)}  ${call.outcome}${duration}`,
    `  ${callPlace(call)}`,
  ];
  if (call.outcome === 'tool-error' || call.outcome === 'protocol-error') {
    const retryable =
      call.retryable === null ? 'retryable: not stated' : call.retryable ? 'retryable' : 'not retryable';
    lines.push(`  ${call.category ?? 'no category'}, ${retryable}  (read from ${call.encoding})`);
    // What the server declared and what the classifier reads from the evidence, kept apart.
    if (call.reading) lines.push(`  ${describeReading(call.reading)}`);
    if (call.repaired)
      lines.push(`  repaired by the tap (${call.repaired.style}): the host received the read envelope`);
  }
  if (call.message !== null) lines.push(`  message: ${shorten(call.message, 200)}`);
  lines.push(`  next: ${call.nextAction}`);
  for (const finding of call.findings) lines.push(`  ! ${finding.check}: ${finding.message}`);
  return lines.join('\n');
}

const MAX_PROBLEM_EXAMPLES = 3;

/** What reading one file gave: its calls, or why it was skipped, and notes on what was left out. */
interface FileReading {
  calls: DecodedCall[];
  runs: number;
  skipped?: string;
  notes: string[];
}

function readTraceText(text: string): FileReading {
  const trace = parseTrace(text);
  if (trace.records.length === 0) {
    const lines = trace.problems.length + (trace.truncatedTail ? 1 : 0);
    return {
      calls: [],
      runs: 0,
      skipped: lines === 0 ? 'empty' : `not a trace (none of its ${plural(lines, 'line')} is a trace record)`,
      notes: [],
    };
  }
  const notes: string[] = [];
  if (trace.problems.length > 0) {
    const examples = trace.problems
      .slice(0, MAX_PROBLEM_EXAMPLES)
      .map((problem) => `line ${problem.line}: ${problem.reason}`)
      .join('; ');
    const more = trace.problems.length > MAX_PROBLEM_EXAMPLES ? '; …' : '';
    notes.push(`skipped ${plural(trace.problems.length, 'line')} that are not trace records (${examples}${more})`);
  }
  if (trace.truncatedTail) notes.push('skipped its last line, cut short (a trace still being written, or cut)');
  const runs = new Set(trace.records.map((record) => record.run ?? ''));
  // Ids are per run and session, and files are paired apart (a version 1 trace has no run id).
  return { calls: decodeCalls(trace.records), runs: runs.size, notes };
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
  let tracesRead = 0;
  let runs = 0;
  const say = (text: string): void => io.stderr(`mcp-envelope calls: ${text}`);
  for (const given of parsed.files) {
    let found: { files: string[]; ignored: number };
    try {
      found = traceFiles(given);
    } catch (error) {
      say(`cannot read ${given}: ${(error as Error).message}`);
      unreadable = true;
      continue;
    }
    if (found.files.length === 0) {
      say(
        `no traces in ${given}: it holds no .jsonl file${found.ignored > 0 ? ` (${plural(found.ignored, 'other file')})` : ''}`,
      );
      unreadable = true;
      continue;
    }
    if (found.ignored > 0) say(`${given}: ignored ${plural(found.ignored, 'file')} not ending in .jsonl`);
    for (const file of found.files) {
      let text: string;
      try {
        text = await fs.promises.readFile(file, 'utf8');
      } catch (error) {
        say(`cannot read ${file}: ${(error as Error).message}`);
        unreadable = true;
        continue;
      }
      const reading = readTraceText(text);
      if (reading.skipped !== undefined) {
        say(`skipped ${file}: ${reading.skipped}`);
        continue;
      }
      for (const note of reading.notes) say(`${file}: ${note}`);
      tracesRead++;
      runs += reading.runs;
      calls.push(...reading.calls);
    }
  }
  const ordered = calls
    .map((call, index) => ({ call, index }))
    .sort((a, b) => a.call.startedAt.localeCompare(b.call.startedAt) || a.index - b.index)
    .map(({ call }) => call);
  if (tracesRead > 0) {
    say(`read ${plural(tracesRead, 'trace')} (${plural(runs, 'tap run')}, ${plural(ordered.length, 'tool call')})`);
  }
  if (parsed.format === 'json') {
    io.stdout(JSON.stringify(ordered.map(toCallsJson), null, 2));
  } else if (tracesRead > 0) {
    io.stdout(ordered.length === 0 ? 'No tool calls in the traces read.' : ordered.map(formatPretty).join('\n\n'));
  }
  return unreadable ? EXIT.failed : EXIT.ok;
}
