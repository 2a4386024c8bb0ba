/**
 * The three faces fuzzed through their public entry points: `dist/cli.js check` on folders of mutated files, the
 * language server (dist/server.js) over LSP, and the tap (`dist/tap.js -- <server>`) in front of an echo server.
 * Each run checks what the face promises: no crash, no hang, valid output, nothing lost.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Diagnostic } from 'vscode-languageserver-protocol/node';
import { LspTestClient } from '../integration/lsp/lspTestClient';
import { CONTROL_FILE, type MutatedFile } from './typescriptInputs';

export const REPO_ROOT = path.resolve(__dirname, '../../..');
const CLI = path.join(REPO_ROOT, 'dist', 'cli.js');
const TAP = path.join(REPO_ROOT, 'dist', 'tap.js');

interface ProcessResult {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: Buffer;
  stderr: string;
  timedOut: boolean;
}

/** Runs a process, feeding it `input` chunk by chunk (respecting back-pressure); kills it after `timeoutMs`. */
export function runProcess(
  command: string,
  args: string[],
  options: { cwd?: string; input?: readonly Buffer[]; timeoutMs: number; env?: NodeJS.ProcessEnv },
): Promise<ProcessResult> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['pipe', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    let stderr = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdin.on('error', () => undefined);
    child.on('close', (status, signal) => {
      clearTimeout(timer);
      resolve({ status, signal, stdout: Buffer.concat(stdout), stderr, timedOut });
    });
    void (async () => {
      for (const chunk of options.input ?? []) {
        if (!child.stdin.write(chunk)) await new Promise((r) => child.stdin.once('drain', r));
      }
      child.stdin.end();
    })();
  });
}

export interface FaceTotals {
  inputs: number;
  bytes: number;
  faults: number;
  crashes: number;
  hangs: number;
  /** Files whose findings went missing, or bytes the tap did not forward exactly. */
  lost: number;
  /** Inputs a face reported as could-not-be-analysed (contained, not a failure). */
  contained: number;
  problems: string[];
}

export function emptyTotals(): FaceTotals {
  return { inputs: 0, bytes: 0, faults: 0, crashes: 0, hangs: 0, lost: 0, contained: 0, problems: [] };
}

const FINDING_KEYS = 'check,column,endColumn,endLine,file,fixable,line,message,severity';
const RANK: Record<string, number> = { hint: 0, info: 1, warning: 2, error: 3 };

/** `check --format json` on one folder of mutated files plus a control file. */
export async function fuzzCliBatch(dir: string, files: readonly MutatedFile[], totals: FaceTotals): Promise<void> {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const names = new Set<string>(['control.ts']);
  fs.writeFileSync(path.join(dir, 'control.ts'), CONTROL_FILE);
  files.forEach((file, index) => {
    const name = `m${String(index).padStart(5, '0')}.ts`;
    const bytes = Buffer.from(file.text, file.faults.includes('binary') ? 'latin1' : 'utf8');
    fs.writeFileSync(path.join(dir, name), bytes);
    names.add(name);
    totals.inputs++;
    totals.bytes += bytes.length;
    totals.faults += file.faults.length;
  });
  const result = await runProcess(process.execPath, [CLI, 'check', '.', '--format', 'json'], {
    cwd: dir,
    timeoutMs: 120_000,
  });
  const where = `check batch ${dir}`;
  if (result.timedOut) {
    totals.hangs++;
    totals.problems.push(`${where}: no answer in 120 s`);
    return;
  }
  if (result.status === null || ![0, 1, 3].includes(result.status)) {
    totals.crashes++;
    totals.problems.push(`${where}: exit ${result.status ?? result.signal}: ${result.stderr.slice(0, 500)}`);
    return;
  }
  let entries: Array<Record<string, unknown>>;
  try {
    entries = JSON.parse(result.stdout.toString('utf8')) as Array<Record<string, unknown>>;
    if (!Array.isArray(entries)) throw new Error('not an array');
  } catch (error) {
    totals.crashes++;
    totals.problems.push(`${where}: output is not a JSON array (${(error as Error).message})`);
    return;
  }
  const bad = entries.find(
    (entry) => Object.keys(entry).sort().join(',') !== FINDING_KEYS || !names.has(String(entry.file)),
  );
  if (bad) totals.problems.push(`${where}: entry of an unknown shape or file: ${JSON.stringify(bad).slice(0, 300)}`);
  if (!entries.some((entry) => entry.file === 'control.ts' && entry.check === 'throw-in-handler')) {
    totals.lost++;
    totals.problems.push(`${where}: the control file's finding is missing`);
  }
  const errors = entries.filter((entry) => entry.check === 'analysis-error');
  totals.contained += errors.length;
  const failing = entries.some(
    (entry) => entry.check !== 'analysis-error' && RANK[String(entry.severity)] >= RANK.warning,
  );
  const expected = failing ? 1 : errors.length > 0 ? 3 : 0;
  if (result.status !== expected)
    totals.problems.push(`${where}: exit ${result.status}, expected ${expected} by the exit-code rule`);
}

/** Opens (and re-opens, as edits) mutated documents in one language server; every one must get its diagnostics. */
export async function fuzzLanguageServer(
  root: string,
  documents: readonly MutatedFile[],
  totals: FaceTotals,
): Promise<void> {
  const client = new LspTestClient();
  try {
    await client.initialize(root);
    const versions = new Map<string, number>();
    for (let index = 0; index < documents.length; index++) {
      const document = documents[index];
      // Every third document is an edit of an open one, the rest are new documents.
      const uri = `file://${root}/doc${index % 3 === 0 ? index % 30 : index}.ts`;
      const version = (versions.get(uri) ?? 0) + 1;
      versions.set(uri, version);
      totals.inputs++;
      totals.bytes += Buffer.byteLength(document.text);
      totals.faults += document.faults.length;
      if (version === 1) await client.open(uri, document.text);
      else await client.replace(uri, version, document.text);
      let diagnostics: Diagnostic[];
      try {
        diagnostics = await client.waitForDiagnostics(uri, () => true, version, 20_000);
      } catch {
        if (client.exited) totals.crashes++;
        else totals.hangs++;
        totals.problems.push(`lsp: no diagnostics for document ${index} (${document.faults.join(', ')})`);
        if (client.exited) return;
        continue;
      }
      const errors = diagnostics.filter((d) => d.code === 'analysis-error');
      totals.contained += errors.length;
      if (errors.length > 1) totals.problems.push(`lsp: ${errors.length} analysis-error diagnostics on one document`);
      if (index % 50 === 49) {
        const [first] = diagnostics;
        const range = first?.range ?? { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
        await client.codeActions(uri, range, diagnostics);
      }
    }
    const control = `file://${root}/control.ts`;
    await client.open(control, CONTROL_FILE);
    try {
      await client.waitForDiagnostics(control, (d) => d.some((x) => x.code === 'throw-in-handler'), 1, 20_000);
    } catch {
      totals.lost++;
      totals.problems.push('lsp: the control document got no throw-in-handler after the fuzzed ones');
    }
  } finally {
    await client.dispose();
  }
}

/** A stdio server that echoes every byte back and, at the end, writes how many bytes it got and their SHA-256. */
export const ECHO_SERVER = `const { createHash } = require('node:crypto');
const fs = require('node:fs');
const hash = createHash('sha256');
let received = 0;
process.stdin.on('data', (chunk) => { hash.update(chunk); received += chunk.length; process.stdout.write(chunk); });
process.stdin.on('end', () => {
  fs.writeFileSync(process.argv[2], JSON.stringify({ received, sha256: hash.digest('hex') }));
  process.stdout.end();
});
`;

/** One session through the tap: bytes to an echo server and back, byte for byte; the trace stays JSON lines. */
export async function fuzzTapSession(
  dir: string,
  stream: { bytes: Buffer; messages: number; invalid: number; crlf: number; large: number },
  chunks: readonly Buffer[],
  splitCharacters: number,
  totals: FaceTotals,
): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  const server = path.join(dir, 'echo.js');
  const summary = path.join(dir, 'received.json');
  const trace = path.join(dir, 'session.mcptrace.jsonl');
  fs.writeFileSync(server, ECHO_SERVER);
  fs.rmSync(summary, { force: true });
  fs.rmSync(trace, { force: true });
  totals.inputs += stream.messages;
  totals.bytes += stream.bytes.length;
  totals.faults += stream.invalid + stream.crlf + splitCharacters;
  const result = await runProcess(
    process.execPath,
    [TAP, '--name', 'fuzz', '--trace', trace, '--', process.execPath, server, summary],
    { input: chunks, timeoutMs: 120_000, env: { ...process.env, MCP_ENVELOPE_TRACE_DIR: dir } },
  );
  const where = `tap session ${dir}`;
  if (result.timedOut) {
    totals.hangs++;
    totals.problems.push(`${where}: no end in 120 s`);
    return;
  }
  if (result.status !== 0) {
    totals.crashes++;
    totals.problems.push(`${where}: exit ${result.status ?? result.signal}: ${result.stderr.slice(0, 500)}`);
  }
  const sent = createHash('sha256').update(stream.bytes).digest('hex');
  const echoed = result.stdout;
  if (!echoed.equals(stream.bytes)) {
    totals.lost += Math.abs(stream.bytes.length - echoed.length) || 1;
    totals.problems.push(
      `${where}: host got ${echoed.length} bytes back, sent ${stream.bytes.length} (not byte-exact)`,
    );
  }
  const got = fs.existsSync(summary)
    ? (JSON.parse(fs.readFileSync(summary, 'utf8')) as { received: number; sha256: string })
    : undefined;
  if (!got || got.sha256 !== sent) {
    totals.lost += Math.abs(stream.bytes.length - (got?.received ?? 0)) || 1;
    totals.problems.push(
      `${where}: the server got ${got?.received ?? 'no'} bytes, not the ${stream.bytes.length} sent`,
    );
  }
  checkTrace(where, trace, totals);
}

function checkTrace(where: string, trace: string, totals: FaceTotals): void {
  if (!fs.existsSync(trace)) {
    totals.problems.push(`${where}: no trace written`);
    return;
  }
  const lines = fs.readFileSync(trace, 'utf8').split('\n');
  if (lines.pop() !== '') totals.problems.push(`${where}: the trace does not end with a newline`);
  lines.forEach((line, index) => {
    try {
      JSON.parse(line);
    } catch {
      totals.problems.push(`${where}: trace line ${index + 1} is not JSON: ${line.slice(0, 120)}`);
    }
  });
  if (lines.length === 0) totals.problems.push(`${where}: the trace recorded nothing`);
  fs.rmSync(trace, { force: true });
}
