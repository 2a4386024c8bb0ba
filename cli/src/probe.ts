/**
 * `mcp-envelope probe`: sends seeded wrong calls to every safe tool of a live MCP server and prints a report card
 * of how each failure is reported (could an agent recover?).
 *   mcp-envelope probe [options] -- <server command…>
 *   mcp-envelope probe [options] --url http://127.0.0.1:PORT/mcp
 *   mcp-envelope probe --scaffold-fixtures FILE -- <server command…>
 */
import * as fs from 'node:fs';
import type { ListedServerTool, ProbeEvent, ProbeReport } from '../../shared/src/probeReport';
import {
  DEFAULT_SEED,
  DEFAULT_TIMEOUT_MS,
  GENERIC_SCRIPT_NAMES,
  defaultLabel,
  fixturesText,
  formatProbe,
  listServerTools,
  readFixtures,
  safetyReason,
  runProbe,
  scaffoldFixtures,
  type Fixtures,
  type ProbeFormat,
  type ProbeTarget,
} from '../../probe/src';
import { labelForCommand } from '../../shared/src/serverTarget';
import { type CliIo, EXIT, UsageError, afterDoubleDash, parseCommandArgs, processIo, wholeNumber } from './usage';

declare const MCP_ENVELOPE_VERSION: string;
const VERSION = typeof MCP_ENVELOPE_VERSION === 'string' ? MCP_ENVELOPE_VERSION : '0.0.0-dev';

export const PROBE_USAGE = `Usage:
  mcp-envelope probe [options] -- <server command…>
  mcp-envelope probe [options] --url http://127.0.0.1:PORT/mcp
  mcp-envelope probe --scaffold-fixtures FILE -- <server command…>

Sends each tool a seeded set of wrong calls built from its inputSchema (a required field missing, a wrong type,
a value outside an enum or range, an unexpected property, an empty or oversized string, an id that cannot exist)
plus a call to a tool that does not exist, and grades every answer: reported as a tool error? category and
isRetryable fit? text names the parameter and the rule, without internals or secrets? (rubric: docs/probe.md)

Options:
  --format json|pretty|sarif   output format (default pretty); 'events' writes JSON lines for programs
  --list-tools                 print the tools the server lists (JSON) and why each needs --allow; call none
  --seed N                     seed of the wrong calls (default ${DEFAULT_SEED}); the same seed sends the same calls
  --timeout MS                 time limit per call (default ${DEFAULT_TIMEOUT_MS}; starting the server: 15 s or more)
  --allow TOOL                 also call TOOL although it is destructive or not annotated read-only (repeatable)
  --env KEY=VALUE              environment of the server (repeatable); it gets these, PATH and HOME, nothing more
  --fixtures FILE              known-good arguments per tool: { "<tool>": { …arguments } }
  --scaffold-fixtures FILE     write a fixtures file from the tools' schemas and exit (no tool is called)
  --fail-under N               exit code 1 when any tool grades below N (0–100; default 0 = never)
  --name LABEL                 the server's name in the report
  --header 'Name: value'       an HTTP header for --url (repeatable)

Exit codes: 0 done, 1 a tool graded below --fail-under or the server could not be reached, 2 usage error.`;

interface ProbeArguments {
  command: string[];
  url?: string;
  headers: Record<string, string>;
  format: ProbeFormat | 'events';
  listTools: boolean;
  seed: number;
  timeoutMs: number;
  allow: string[];
  env: Record<string, string>;
  fixtures?: string;
  scaffold?: string;
  failUnder: number;
  name?: string;
}

/** One `--env KEY=VALUE` or `--header 'Name: value'` pair, or a UsageError saying what shape was expected. */
function pair(flag: string, value: string, pattern: RegExp, shape: string): [string, string] {
  const match = pattern.exec(value);
  if (!match) throw new UsageError(`${flag} needs ${shape} (got '${value}')`);
  return [match[1], match[2]];
}

function checkTarget(parsed: ProbeArguments): void {
  if (parsed.url !== undefined && parsed.command.length > 0) {
    throw new UsageError('give either --url or a server command after --, not both');
  }
  if (parsed.url === undefined && parsed.command.length === 0) {
    throw new UsageError('no server: give its command after -- or its address with --url');
  }
  if (parsed.url === undefined) {
    if (Object.keys(parsed.headers).length > 0) throw new UsageError('--header applies only to --url');
    return;
  }
  let url: URL;
  try {
    url = new URL(parsed.url);
  } catch {
    throw new UsageError(`--url is not a URL: '${parsed.url}'`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError('--url must be http or https');
  if (Object.keys(parsed.env).length > 0) {
    throw new UsageError('--env applies only to a server the probe starts (a command after --)');
  }
}

const PROBE_OPTIONS = {
  format: { type: 'string' },
  'list-tools': { type: 'boolean' },
  'allow-all': { type: 'boolean' },
  seed: { type: 'string' },
  timeout: { type: 'string' },
  allow: { type: 'string', multiple: true },
  env: { type: 'string', multiple: true },
  fixtures: { type: 'string' },
  'scaffold-fixtures': { type: 'string' },
  'fail-under': { type: 'string' },
  name: { type: 'string' },
  url: { type: 'string' },
  header: { type: 'string', multiple: true },
  help: { type: 'boolean', short: 'h' },
} as const;

/** A value flag given with an empty value (`--name ''`, `--url=`) is a usage error, as a missing one is. */
function nonEmpty(values: Record<string, string | boolean | string[] | undefined>): void {
  for (const [flag, value] of Object.entries(values)) {
    const list = Array.isArray(value) ? value : [value];
    if (list.some((item) => item === '')) throw new UsageError(`--${flag} needs a value`);
  }
}

export function parseProbeArguments(argv: string[]): ProbeArguments | 'help' {
  const { values, tokens } = parseCommandArgs({
    args: argv,
    options: PROBE_OPTIONS,
    allowPositionals: true,
    tokens: true,
  });
  if (values.help) return 'help';
  if (values['allow-all']) {
    throw new UsageError('--allow-all is not offered: name each tool you accept to call with --allow TOOL');
  }
  const { command, before } = afterDoubleDash(argv, tokens);
  if (before.length > 0) throw new UsageError(`unexpected '${before[0]}' (the server command goes after --)`);
  nonEmpty(values);
  const format = values.format ?? 'pretty';
  if (format !== 'json' && format !== 'pretty' && format !== 'sarif' && format !== 'events') {
    throw new UsageError(`--format must be json, pretty, sarif or events (got '${format}')`);
  }
  const parsed: ProbeArguments = {
    command,
    ...(values.url !== undefined && { url: values.url }),
    headers: Object.fromEntries(
      (values.header ?? []).map((h) => pair('--header', h, /^([^:\s]+):\s*(.*)$/s, "'Name: value'")),
    ),
    format,
    listTools: values['list-tools'] ?? false,
    seed: values.seed === undefined ? DEFAULT_SEED : wholeNumber('--seed', values.seed, 0, 2 ** 32 - 1),
    timeoutMs: values.timeout === undefined ? DEFAULT_TIMEOUT_MS : wholeNumber('--timeout', values.timeout, 1, 600_000),
    allow: values.allow ?? [],
    env: Object.fromEntries(
      (values.env ?? []).map((e) => pair('--env', e, /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s, 'KEY=VALUE')),
    ),
    ...(values.fixtures !== undefined && { fixtures: values.fixtures }),
    ...(values['scaffold-fixtures'] !== undefined && { scaffold: values['scaffold-fixtures'] }),
    failUnder: values['fail-under'] === undefined ? 0 : wholeNumber('--fail-under', values['fail-under'], 0, 100),
    ...(values.name !== undefined && { name: values.name }),
  };
  checkTarget(parsed);
  return parsed;
}

function targetOf(parsed: ProbeArguments): ProbeTarget {
  if (parsed.url !== undefined) return { kind: 'http', url: parsed.url, headers: parsed.headers };
  const [command, ...args] = parsed.command;
  return { kind: 'stdio', command, args, env: parsed.env };
}

function labelOf(parsed: ProbeArguments): string {
  if (parsed.name !== undefined) return parsed.name;
  if (parsed.url !== undefined) {
    const url = new URL(parsed.url);
    return `${url.host}${url.pathname === '/' ? '' : url.pathname}`;
  }
  const label = labelForCommand(parsed.command);
  return GENERIC_SCRIPT_NAMES.has(label) ? defaultLabel(targetOf(parsed)) : label;
}

function failingTools(report: ProbeReport, failUnder: number): string[] {
  if (failUnder <= 0) return [];
  return report.tools.filter((tool) => tool.grade !== null && tool.grade < failUnder).map((tool) => tool.name);
}

async function scaffold(parsed: ProbeArguments, file: string, io: CliIo): Promise<number> {
  const fixtures = await scaffoldFixtures(targetOf(parsed), parsed.timeoutMs);
  fs.writeFileSync(file, fixturesText(fixtures));
  io.stderr(`mcp-envelope probe: wrote known-good arguments for ${Object.keys(fixtures).length} tools to ${file}`);
  return EXIT.ok;
}

async function listTools(parsed: ProbeArguments, io: CliIo): Promise<number> {
  const tools = await listServerTools(targetOf(parsed), parsed.timeoutMs, io.version);
  const listed: ListedServerTool[] = tools.map((tool) => ({
    name: tool.name,
    ...(tool.description !== undefined && { description: tool.description }),
    unsafe: safetyReason(tool),
  }));
  io.stdout(JSON.stringify(listed, null, 2));
  return EXIT.ok;
}

function fixturesOf(parsed: ProbeArguments): Fixtures | undefined {
  if (parsed.fixtures === undefined) return undefined;
  try {
    return readFixtures(parsed.fixtures);
  } catch (error) {
    throw new UsageError(`cannot use --fixtures: ${(error as Error).message}`);
  }
}

/** Runs the probe, aborted (and the server it started stopped) when a program stops the CLI with SIGTERM. */
async function probeServer(parsed: ProbeArguments, fixtures: Fixtures | undefined, io: CliIo) {
  const allowed = new Set(parsed.allow);
  const emit = (event: ProbeEvent): void => io.stdout(JSON.stringify(event));
  const abort = new AbortController();
  const stop = (): void => abort.abort(new Error('stopped'));
  process.once('SIGTERM', stop);
  try {
    return await runProbe({
      target: targetOf(parsed),
      label: labelOf(parsed),
      seed: parsed.seed,
      timeoutMs: parsed.timeoutMs,
      allow: (tool) => allowed.has(tool),
      ...(fixtures && { fixtures }),
      clientVersion: io.version,
      signal: abort.signal,
      ...(parsed.format === 'events' && { onProgress: (progress) => emit({ event: 'progress', ...progress }) }),
    });
  } finally {
    process.removeListener('SIGTERM', stop);
  }
}

function printReport(parsed: ProbeArguments, fixtures: Fixtures | undefined, report: ProbeReport, io: CliIo): number {
  const listed = new Set(report.tools.map((tool) => tool.name));
  for (const name of parsed.allow)
    if (!listed.has(name)) io.stderr(`mcp-envelope probe: --allow ${name}: no such tool`);
  for (const name of Object.keys(fixtures ?? {})) {
    if (!listed.has(name)) io.stderr(`mcp-envelope probe: fixture for ${name}: no such tool`);
  }
  if (parsed.format === 'events') io.stdout(JSON.stringify({ event: 'report', report } satisfies ProbeEvent));
  else io.stdout(formatProbe(report, parsed.format, io.version));
  const failing = failingTools(report, parsed.failUnder);
  if (failing.length === 0) return EXIT.ok;
  io.stderr(`mcp-envelope probe: graded below ${parsed.failUnder}: ${failing.join(', ')}`);
  return EXIT.failed;
}

/** Usage errors are thrown (UsageError, exit 2); a server that cannot be reached is reported here, exit 1. */
export async function run(argv: string[], io: CliIo = processIo(VERSION)): Promise<number> {
  const parsed = parseProbeArguments(argv);
  if (parsed === 'help') {
    io.stdout(PROBE_USAGE);
    return EXIT.ok;
  }
  const fixtures = fixturesOf(parsed);
  if (parsed.scaffold !== undefined && fs.existsSync(parsed.scaffold)) {
    throw new UsageError(`${parsed.scaffold} already exists; the scaffold does not overwrite files`);
  }
  let report: ProbeReport;
  try {
    if (parsed.scaffold !== undefined) return await scaffold(parsed, parsed.scaffold, io);
    if (parsed.listTools) return await listTools(parsed, io);
    report = await probeServer(parsed, fixtures, io);
  } catch (error) {
    const message = (error as Error).message;
    if (parsed.format === 'events') io.stdout(JSON.stringify({ event: 'error', message } satisfies ProbeEvent));
    else io.stderr(`mcp-envelope probe: ${message}`);
    return EXIT.failed;
  }
  return printReport(parsed, fixtures, report, io);
}
