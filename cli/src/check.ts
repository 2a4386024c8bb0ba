/** `mcp-envelope check [paths…] [--format pretty|json|sarif] [--fail-on …] [--fix] [--config FILE]` */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type ts from 'typescript';
import {
  type AnalysisResult,
  analyseWorkspace,
  fixAll,
  Project,
  collectSourceFiles,
  indexWorkspace,
  type CreatedFile,
  type EngineSettings,
  type Severity,
  engineSettings,
} from '../../engine/src';
import { loadCliSettings } from './config';
import { type CliFinding, type FileError, formatJson, formatPretty, formatSarif } from './reportFormats';
import { type CliIo, EXIT, UsageError, parseCommandArgs } from './usage';

export type { CliIo };

const SEVERITY_RANK: Record<Severity, number> = { hint: 0, info: 1, warning: 2, error: 3 };

export const CHECK_USAGE = `Usage: mcp-envelope check [paths…] [options]

Checks TypeScript MCP tool handlers and error envelopes.

Options:
  --format pretty|json|sarif   output format (default: pretty)
  --fail-on error|warning|info|hint
                               exit 1 when a finding at or above this severity exists (default: warning)
  --fix                        apply each finding's preferred fix in place, then report what is left
  --config FILE                settings file (JSON with mcpEnvelope.* keys; default: .vscode/settings.json)
  -h, --help                   show this help

A file that cannot be analysed (it overflows the parser, or a check fails on it) is reported as that file's
error (check id 'analysis-error'); every other file is still checked.

Exit codes: 0 nothing at or above --fail-on; 1 a finding at or above --fail-on; 3 no such finding, but some
files could not be analysed; 2 usage error.`;

interface CheckOptions {
  format: 'pretty' | 'json' | 'sarif';
  failOn: Severity;
  fix: boolean;
  config?: string;
  given: string[];
}

/** What checking one file gave: its findings, or why (part of) it could not be analysed, and the fixes applied. */
interface FileOutcome {
  findings: CliFinding[];
  errors: FileError[];
  fixed: number;
}

/**
 * A finding's `file`: relative to the working folder, unless the user named it (or a folder above it) by
 * an absolute path, in which case it stays absolute, as given.
 */
export function displayPath(file: string, cwd: string, given: readonly string[] = []): string {
  if (
    given.some((p) => path.isAbsolute(p) && (file === p || file.startsWith(p.endsWith(path.sep) ? p : p + path.sep)))
  ) {
    return file;
  }
  return path.isAbsolute(file) ? path.relative(cwd, file) : file;
}

/** Why a file could not be analysed, in one line (a stack overflow's message, not its stack). */
export function reasonOf(error: unknown): string {
  const text = (error instanceof Error ? error.message : String(error)).split('\n')[0] || 'unknown error';
  return /Maximum call stack size exceeded/.test(text) ? `nesting too deep for the parser (${text})` : text;
}

function lineColumn(offset: number, lineStarts: number[]): { line: number; column: number } {
  let low = 0;
  let high = lineStarts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (lineStarts[mid] <= offset) low = mid;
    else high = mid - 1;
  }
  return { line: low + 1, column: offset - lineStarts[low] + 1 };
}

function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

function parseCheckOptions(argv: string[]): CheckOptions | 'help' {
  const { values, positionals } = parseCommandArgs({
    args: argv,
    allowPositionals: true,
    options: {
      format: { type: 'string', default: 'pretty' },
      'fail-on': { type: 'string', default: 'warning' },
      fix: { type: 'boolean', default: false },
      config: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) return 'help';
  const format = values.format;
  if (format !== 'pretty' && format !== 'json' && format !== 'sarif') {
    throw new UsageError(`unknown --format ${format}`);
  }
  const failOn = values['fail-on'] as Severity;
  if (!(failOn in SEVERITY_RANK)) throw new UsageError(`unknown --fail-on ${values['fail-on']}`);
  return {
    format,
    failOn,
    fix: values.fix,
    config: values.config,
    given: positionals.length > 0 ? positionals : ['.'],
  };
}

function readSources(options: CheckOptions, cwd: string): { texts: Map<string, string>; manifests: string[] } {
  const { files, unreadable, manifests } = collectSourceFiles(options.given.map((p) => path.resolve(cwd, p)));
  if (unreadable.length > 0) {
    throw new UsageError(`cannot read ${unreadable.map((p) => displayPath(p, cwd, options.given)).join(', ')}`);
  }
  const texts = new Map<string, string>();
  for (const file of files) {
    try {
      texts.set(file, fs.readFileSync(file, 'utf8'));
    } catch (error) {
      throw new UsageError(`cannot read ${displayPath(file, cwd, options.given)}: ${reasonOf(error)}`);
    }
  }
  return { texts, manifests };
}

/**
 * Pre-pass: the workspace's wrappers, base classes and cross-file registrations, so every tool is known before any
 * file is checked. Each file is parsed once; the parse is reused by the checks unless --fix changes the text. A file
 * whose parse throws is reported and not analysed again.
 */
function indexProject(
  project: Project,
  texts: ReadonlyMap<string, string>,
  engine: EngineSettings,
  manifests: readonly string[],
): { parsed: Map<string, ts.SourceFile>; failed: Map<string, string> } {
  const failed = new Map<string, string>();
  const files = [...texts].map(([fileName, text]) => ({ fileName, text }));
  const parsed = indexWorkspace(project, files, engine, manifests, (fileName, error) =>
    failed.set(fileName, reasonOf(error)),
  );
  return { parsed, failed };
}

/** Creates the files the applied fixes rely on (the tool-errors helper) when absent; never overwrites. */
function createNeededFiles(file: string, createFiles: readonly CreatedFile[]): string[] {
  const created: string[] = [];
  for (const needed of createFiles) {
    const target = path.resolve(path.dirname(file), needed.path);
    if (fs.existsSync(target)) continue;
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, needed.text);
    created.push(target);
  }
  return created;
}

/**
 * Applies the preferred fixes in place and creates the files they rely on; returns the new text, how many
 * fixes were applied and the files created.
 */
function fixFile(project: Project, file: string, original: string, engine: EngineSettings) {
  const analyse = (current: string) => {
    const outcome = project.analyse(file, current, engine);
    return outcome.kind === 'analysed' ? outcome.result.findings : [];
  };
  const result = fixAll(file, original, analyse);
  if (result.text === original) return { text: original, applied: 0, created: [] };
  const created = createNeededFiles(file, result.createFiles);
  fs.writeFileSync(file, result.text);
  return { text: result.text, applied: result.applied.length, created };
}

function toCliFinding(
  shown: string,
  starts: number[],
  finding: { start: number; end: number; check: string; severity: Severity; message: string; fixable: boolean },
): CliFinding {
  const start = lineColumn(finding.start, starts);
  const end = lineColumn(finding.end, starts);
  return {
    file: shown,
    line: start.line,
    column: start.column,
    endLine: end.line,
    endColumn: end.column,
    check: finding.check,
    severity: finding.severity,
    message: finding.message,
    fixable: finding.fixable,
  };
}

function checkFile(
  project: Project,
  file: string,
  original: string,
  shown: string,
  context: { engine: EngineSettings; options: CheckOptions; parsed?: ts.SourceFile; io: CliIo },
): FileOutcome {
  const outcome: FileOutcome = { findings: [], errors: [], fixed: 0 };
  let text = original;
  if (context.options.fix) {
    try {
      const fixed = fixFile(project, file, original, context.engine);
      text = fixed.text;
      outcome.fixed = fixed.applied;
      if (context.options.format === 'pretty') {
        for (const target of fixed.created) {
          context.io.stderr(`created ${displayPath(target, context.io.cwd, context.options.given)}`);
        }
      }
      if (fixed.applied > 0 && context.options.format === 'pretty') {
        context.io.stderr(`fixed ${fixed.applied} problem${fixed.applied === 1 ? '' : 's'} in ${shown}`);
      }
    } catch (error) {
      outcome.errors.push({ file: shown, reason: `--fix failed: ${reasonOf(error)}` });
    }
  }
  const analysis = project.analyse(file, text, context.engine, text === original ? context.parsed : undefined);
  if (analysis.kind === 'skipped') {
    if (analysis.reason === 'binary') context.io.stderr(`mcp-envelope: skipped ${shown} (binary content)`);
    if (analysis.reason === 'error') outcome.errors.push({ file: shown, reason: reasonOf(analysis.detail) });
    return outcome;
  }
  const reported = reportOf(shown, text, analysis.result);
  return { ...outcome, findings: reported.findings, errors: [...outcome.errors, ...reported.errors] };
}

/** A file's findings and check failures as the report shows them (plain data: no nodes of its parse). */
function reportOf(
  shown: string,
  text: string,
  result: AnalysisResult,
): { findings: CliFinding[]; errors: FileError[] } {
  const starts = lineStartsOf(text);
  const findings = result.findings.map((finding) => toCliFinding(shown, starts, finding));
  const errors = result.failures.map((failure) => ({
    file: shown,
    reason: `check ${failure.check} failed: ${failure.reason}`,
  }));
  return { findings, errors };
}

/**
 * Without --fix: every file checked in one pass over the parses (analyseWorkspace: the same findings as indexing
 * first and analysing after, with each parse released once its file is analysed).
 */
function checkWithoutFix(
  project: Project,
  texts: ReadonlyMap<string, string>,
  context: { engine: EngineSettings; options: CheckOptions; io: CliIo; manifests: readonly string[] },
): { findings: CliFinding[]; errors: FileError[] } {
  const { engine, options, io } = context;
  const shownOf = (file: string) => displayPath(file, io.cwd, options.given);
  const files = [...texts].map(([fileName, text]) => ({ fileName, text }));
  const outcomes = analyseWorkspace(project, files, engine, context.manifests, (file, result) =>
    reportOf(shownOf(file.fileName), file.text, result),
  );
  const findings: CliFinding[] = [];
  const errors: FileError[] = [];
  for (const [file, outcome] of outcomes) {
    const shown = shownOf(file);
    if (outcome.kind === 'failed') errors.push({ file: shown, reason: reasonOf(outcome.error) });
    else if (outcome.kind === 'analysed') {
      findings.push(...outcome.value.findings);
      errors.push(...outcome.value.errors);
    } else if (outcome.reason === 'binary') io.stderr(`mcp-envelope: skipped ${shown} (binary content)`);
    else if (outcome.reason === 'error') errors.push({ file: shown, reason: reasonOf(outcome.detail) });
  }
  return { findings, errors };
}

function printReport(io: CliIo, options: CheckOptions, findings: CliFinding[], errors: FileError[], fixed: number) {
  if (options.format === 'json') io.stdout(formatJson(findings, errors));
  else if (options.format === 'sarif') io.stdout(formatSarif(findings, errors, io.version));
  else {
    io.stdout(formatPretty(findings, errors, io.isTty));
    if (options.fix) io.stdout(`${fixed} problem${fixed === 1 ? '' : 's'} fixed.`);
  }
}

/** 1 when a finding reaches --fail-on; else 3 when a file could not be analysed; else 0. */
export function checkExitCode(findings: readonly CliFinding[], errors: readonly FileError[], failOn: Severity): number {
  const threshold = SEVERITY_RANK[failOn];
  if (findings.some((f) => SEVERITY_RANK[f.severity] >= threshold)) return EXIT.failed;
  return errors.length > 0 ? EXIT.incomplete : EXIT.ok;
}

export async function runCheck(argv: string[], io: CliIo): Promise<number> {
  const options = parseCheckOptions(argv);
  if (options === 'help') {
    io.stdout(CHECK_USAGE);
    return EXIT.ok;
  }
  const { settings, problems } = loadCliSettings(options.config, io.cwd);
  for (const problem of problems) io.stderr(`mcp-envelope: ${problem}`);
  const engine = engineSettings(settings);
  const { texts, manifests } = readSources(options, io.cwd);
  const project = new Project();
  if (!options.fix) {
    const { findings, errors } = checkWithoutFix(project, texts, { engine, options, io, manifests });
    printReport(io, options, findings, errors, 0);
    return checkExitCode(findings, errors, options.failOn);
  }
  const { parsed, failed } = indexProject(project, texts, engine, manifests);

  const findings: CliFinding[] = [];
  const errors: FileError[] = [];
  let fixed = 0;
  for (const [file, text] of texts) {
    const shown = displayPath(file, io.cwd, options.given);
    const parseFailure = failed.get(file);
    if (parseFailure !== undefined) {
      errors.push({ file: shown, reason: parseFailure });
      continue;
    }
    const outcome = checkFile(project, file, text, shown, { engine, options, parsed: parsed.get(file), io });
    findings.push(...outcome.findings);
    errors.push(...outcome.errors);
    fixed += outcome.fixed;
  }
  printReport(io, options, findings, errors, fixed);
  return checkExitCode(findings, errors, options.failOn);
}
