/** `mcp-envelope check [paths…] [--format pretty|json|sarif] [--fail-on …] [--fix] [--config FILE]` */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import type ts from 'typescript';
import {
  isRelevant,
  looksBinary,
  parseSource,
  fixAll,
  Project,
  collectSourceFiles,
  type Severity,
  engineSettings,
} from '../../engine/src';
import { UsageError, loadCliSettings } from './config';
import { type CliFinding, formatJson, formatPretty, formatSarif } from './reportFormats';

const SEVERITY_RANK: Record<Severity, number> = { hint: 0, info: 1, warning: 2, error: 3 };

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  cwd: string;
  isTty: boolean;
  version: string;
}

export const CHECK_USAGE = `Usage: mcp-envelope check [paths…] [options]

Checks TypeScript MCP tool handlers and error envelopes.

Options:
  --format pretty|json|sarif   output format (default: pretty)
  --fail-on error|warning|info|hint
                               exit 1 when a finding at or above this severity exists (default: warning)
  --fix                        apply each finding's preferred fix in place, then report what is left
  --config FILE                settings file (JSON with mcpEnvelope.* keys; default: .vscode/settings.json)
  -h, --help                   show this help`;

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

function lineColumn(text: string, offset: number, lineStarts: number[]): { line: number; column: number } {
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

export async function runCheck(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
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
  if (values.help) {
    io.stdout(CHECK_USAGE);
    return 0;
  }
  const format = values.format;
  if (format !== 'pretty' && format !== 'json' && format !== 'sarif')
    throw new UsageError(`unknown --format ${format}`);
  const failOn = values['fail-on'] as Severity;
  if (!(failOn in SEVERITY_RANK)) throw new UsageError(`unknown --fail-on ${values['fail-on']}`);

  const { settings, problems } = loadCliSettings(values.config, io.cwd);
  for (const problem of problems) io.stderr(`mcp-envelope: ${problem}`);
  const engine = engineSettings(settings);

  const given = positionals.length > 0 ? positionals : ['.'];
  const { files, unreadable } = collectSourceFiles(given.map((p) => path.resolve(io.cwd, p)));
  if (unreadable.length > 0) {
    throw new UsageError(`cannot read ${unreadable.map((p) => displayPath(p, io.cwd, given)).join(', ')}`);
  }

  const project = new Project();
  const texts = new Map<string, string>();
  for (const file of files) {
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (error) {
      throw new UsageError(
        `cannot read ${displayPath(file, io.cwd, given)}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    texts.set(file, text);
  }
  // Pre-pass: cross-file registrations, so imported handlers are checked as handlers. Each file is
  // parsed once; the parse is reused by the checks unless --fix changes the text.
  const parsed = new Map<string, ts.SourceFile>();
  for (const [file, text] of texts) {
    if (looksBinary(text) || !isRelevant(text, engine, false)) continue;
    const sourceFile = parseSource(file, text);
    parsed.set(file, sourceFile);
    project.indexText(file, text, engine, sourceFile);
  }

  const findings: CliFinding[] = [];
  let fixedCount = 0;
  for (const [file, original] of texts) {
    let text = original;
    if (values.fix) {
      const analyse = (current: string) => {
        const outcome = project.analyse(file, current, engine);
        return outcome.kind === 'analysed' ? outcome.result.findings : [];
      };
      const result = fixAll(file, original, analyse);
      for (const created of result.createFiles) {
        const target = path.resolve(path.dirname(file), created.path);
        if (result.text === original || fs.existsSync(target)) continue;
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.writeFileSync(target, created.text);
        if (format === 'pretty') io.stderr(`created ${displayPath(target, io.cwd, given)}`);
      }
      if (result.text !== original) {
        fs.writeFileSync(file, result.text);
        fixedCount += result.applied.length;
        text = result.text;
        if (format === 'pretty') {
          io.stderr(
            `fixed ${result.applied.length} problem${result.applied.length === 1 ? '' : 's'} in ${displayPath(file, io.cwd, given)}`,
          );
        }
      }
    }
    const outcome = project.analyse(file, text, engine, text === original ? parsed.get(file) : undefined);
    if (outcome.kind === 'skipped') {
      if (outcome.reason === 'binary')
        io.stderr(`mcp-envelope: skipped ${displayPath(file, io.cwd, given)} (binary content)`);
      if (outcome.reason === 'error')
        io.stderr(`mcp-envelope: could not analyse ${displayPath(file, io.cwd, given)}: ${outcome.detail}`);
      continue;
    }
    const starts = lineStartsOf(text);
    for (const finding of outcome.result.findings) {
      const start = lineColumn(text, finding.start, starts);
      const end = lineColumn(text, finding.end, starts);
      findings.push({
        file: displayPath(file, io.cwd, given),
        line: start.line,
        column: start.column,
        endLine: end.line,
        endColumn: end.column,
        check: finding.check,
        severity: finding.severity,
        message: finding.message,
        fixable: finding.fixable,
      });
    }
  }

  if (format === 'json') io.stdout(formatJson(findings));
  else if (format === 'sarif') io.stdout(formatSarif(findings, io.version));
  else {
    io.stdout(formatPretty(findings, io.isTty));
    if (values.fix) io.stdout(`${fixedCount} problem${fixedCount === 1 ? '' : 's'} fixed.`);
  }
  const threshold = SEVERITY_RANK[failOn];
  return findings.some((f) => SEVERITY_RANK[f.severity] >= threshold) ? 1 : 0;
}
