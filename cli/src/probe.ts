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

/** Where the command writes; the process's stdout and stderr unless a caller captures them. */
export interface ProbeOutput {
  out(text: string): void;
  err(text: string): void;
}

const PROCESS_OUTPUT: ProbeOutput = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

class ProbeUsageError extends Error {}

function integer(flag: string, value: string, min: number, max: number): number {
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < min || number > max) {
    throw new ProbeUsageError(`${flag} must be a whole number from ${min} to ${max} (got '${value}')`);
  }
  return number;
}

const VALUE_FLAGS = new Set([
  '--format',
  '--seed',
  '--timeout',
  '--allow',
  '--env',
  '--fixtures',
  '--scaffold-fixtures',
  '--fail-under',
  '--name',
  '--url',
  '--header',
]);

function applyFlag(parsed: ProbeArguments, flag: string, value: string): void {
  switch (flag) {
    case '--format':
      if (value !== 'json' && value !== 'pretty' && value !== 'sarif' && value !== 'events') {
        throw new ProbeUsageError(`--format must be json, pretty, sarif or events (got '${value}')`);
      }
      parsed.format = value;
      return;
    case '--seed':
      parsed.seed = integer(flag, value, 0, 2 ** 32 - 1);
      return;
    case '--timeout':
      parsed.timeoutMs = integer(flag, value, 1, 600_000);
      return;
    case '--fail-under':
      parsed.failUnder = integer(flag, value, 0, 100);
      return;
    case '--allow':
      parsed.allow.push(value);
      return;
    case '--env': {
      const match = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(value);
      if (!match) throw new ProbeUsageError(`--env needs KEY=VALUE (got '${value}')`);
      parsed.env[match[1]] = match[2];
      return;
    }
    case '--header': {
      const match = /^([^:\s]+):\s*(.*)$/s.exec(value);
      if (!match) throw new ProbeUsageError(`--header needs 'Name: value' (got '${value}')`);
      parsed.headers[match[1]] = match[2];
      return;
    }
    case '--fixtures':
      parsed.fixtures = value;
      return;
    case '--scaffold-fixtures':
      parsed.scaffold = value;
      return;
    case '--name':
      parsed.name = value;
      return;
    default:
      parsed.url = value;
  }
}

export function parseProbeArguments(argv: string[]): ProbeArguments | 'help' {
  const parsed: ProbeArguments = {
    command: [],
    headers: {},
    format: 'pretty',
    listTools: false,
    seed: DEFAULT_SEED,
    timeoutMs: DEFAULT_TIMEOUT_MS,
    allow: [],
    env: {},
    failUnder: 0,
  };
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index];
    if (argument === '--') {
      parsed.command = argv.slice(index + 1);
      break;
    }
    if (argument === '--help' || argument === '-h') return 'help';
    if (argument === '--list-tools') {
      parsed.listTools = true;
      continue;
    }
    if (argument === '--allow-all') {
      throw new ProbeUsageError('--allow-all is not offered: name each tool you accept to call with --allow TOOL');
    }
    const [flag, inline] =
      argument.startsWith('--') && argument.includes('=') ? argument.split(/=(.*)/s, 2) : [argument];
    if (!VALUE_FLAGS.has(flag))
      throw new ProbeUsageError(`unknown option '${argument}' (the server command goes after --)`);
    const value = inline ?? argv[++index];
    if (value === undefined || value === '') throw new ProbeUsageError(`${flag} needs a value`);
    applyFlag(parsed, flag, value);
  }
  if (parsed.url !== undefined && parsed.command.length > 0) {
    throw new ProbeUsageError('give either --url or a server command after --, not both');
  }
  if (parsed.url === undefined && parsed.command.length === 0) {
    throw new ProbeUsageError('no server: give its command after -- or its address with --url');
  }
  if (parsed.url !== undefined) {
    let url: URL;
    try {
      url = new URL(parsed.url);
    } catch {
      throw new ProbeUsageError(`--url is not a URL: '${parsed.url}'`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ProbeUsageError('--url must be http or https');
  } else if (Object.keys(parsed.headers).length > 0) {
    throw new ProbeUsageError('--header applies only to --url');
  }
  if (parsed.url !== undefined && Object.keys(parsed.env).length > 0) {
    throw new ProbeUsageError('--env applies only to a server the probe starts (a command after --)');
  }
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

async function scaffold(parsed: ProbeArguments, file: string, output: ProbeOutput): Promise<number> {
  if (fs.existsSync(file)) throw new ProbeUsageError(`${file} already exists; the scaffold does not overwrite files`);
  const fixtures = await scaffoldFixtures(targetOf(parsed), parsed.timeoutMs);
  fs.writeFileSync(file, fixturesText(fixtures));
  output.err(`mcp-envelope probe: wrote known-good arguments for ${Object.keys(fixtures).length} tools to ${file}\n`);
  return 0;
}

async function listTools(parsed: ProbeArguments, output: ProbeOutput): Promise<number> {
  const tools = await listServerTools(targetOf(parsed), parsed.timeoutMs, VERSION);
  const listed: ListedServerTool[] = tools.map((tool) => ({
    name: tool.name,
    ...(tool.description !== undefined && { description: tool.description }),
    unsafe: safetyReason(tool),
  }));
  output.out(`${JSON.stringify(listed, null, 2)}\n`);
  return 0;
}

export async function run(argv: string[], output: ProbeOutput = PROCESS_OUTPUT): Promise<number> {
  let parsed: ProbeArguments;
  let fixtures: Fixtures | undefined;
  try {
    const result = parseProbeArguments(argv);
    if (result === 'help') {
      output.out(`${PROBE_USAGE}\n`);
      return 0;
    }
    parsed = result;
    if (parsed.fixtures !== undefined) {
      try {
        fixtures = readFixtures(parsed.fixtures);
      } catch (error) {
        throw new ProbeUsageError(`cannot use --fixtures: ${(error as Error).message}`);
      }
    }
    if (parsed.scaffold !== undefined) return await scaffold(parsed, parsed.scaffold, output);
    if (parsed.listTools) return await listTools(parsed, output);
  } catch (error) {
    if (!(error instanceof ProbeUsageError)) {
      output.err(`mcp-envelope probe: ${(error as Error).message}\n`);
      return 1;
    }
    output.err(`mcp-envelope probe: ${error.message}\n\n${PROBE_USAGE}\n`);
    return 2;
  }
  const allowed = new Set(parsed.allow);
  const events = parsed.format === 'events';
  const emit = (event: ProbeEvent): void => output.out(`${JSON.stringify(event)}\n`);
  // A program that runs the probe stops it with SIGTERM: abort, so the server the probe started is stopped too.
  const abort = new AbortController();
  const stop = (): void => abort.abort(new Error('stopped'));
  process.once('SIGTERM', stop);
  let report: ProbeReport;
  try {
    report = await runProbe({
      target: targetOf(parsed),
      label: labelOf(parsed),
      seed: parsed.seed,
      timeoutMs: parsed.timeoutMs,
      allow: (tool) => allowed.has(tool),
      ...(fixtures && { fixtures }),
      clientVersion: VERSION,
      signal: abort.signal,
      ...(events && { onProgress: (progress) => emit({ event: 'progress', ...progress }) }),
    });
  } catch (error) {
    if (events) emit({ event: 'error', message: (error as Error).message });
    else output.err(`mcp-envelope probe: ${(error as Error).message}\n`);
    return 1;
  } finally {
    process.removeListener('SIGTERM', stop);
  }
  const listed = new Set(report.tools.map((tool) => tool.name));
  for (const name of allowed) if (!listed.has(name)) output.err(`mcp-envelope probe: --allow ${name}: no such tool\n`);
  for (const name of Object.keys(fixtures ?? {})) {
    if (!listed.has(name)) output.err(`mcp-envelope probe: fixture for ${name}: no such tool\n`);
  }
  if (parsed.format === 'events') emit({ event: 'report', report });
  else output.out(`${formatProbe(report, parsed.format, VERSION)}\n`);
  const failing = failingTools(report, parsed.failUnder);
  if (failing.length > 0) {
    output.err(`mcp-envelope probe: graded below ${parsed.failUnder}: ${failing.join(', ')}\n`);
    return 1;
  }
  return 0;
}
