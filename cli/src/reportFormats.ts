/**
 * Output formats of `mcp-envelope check`: pretty (people), json and SARIF 2.1.0 (programs). A file that could not be
 * analysed is one `analysis-error` entry in pretty and json, and one tool execution notification in SARIF.
 */
import { CHECKS, type Severity } from '../../engine/src';
import { sarifLog } from '../../shared/src/sarif';
import { docsUrl } from '../../shared/src/docsUrl';

export interface CliFinding {
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  check: string;
  severity: Severity;
  message: string;
  fixable: boolean;
}

/** A file (or one check on it) that could not be analysed. */
export interface FileError {
  file: string;
  reason: string;
}

/** The check id that file errors carry in json and pretty output. */
export const ANALYSIS_ERROR = 'analysis-error';

/** A file error in the findings' own shape, so json stays one array of one kind of entry. */
export function fileErrorEntry(error: FileError): CliFinding {
  return {
    file: error.file,
    line: 1,
    column: 1,
    endLine: 1,
    endColumn: 1,
    check: ANALYSIS_ERROR,
    severity: 'error',
    message: `could not be analysed: ${error.reason}`,
    fixable: false,
  };
}

/** The findings, then one `analysis-error` entry per file error: still one array, as before. */
export function formatJson(findings: readonly CliFinding[], errors: readonly FileError[] = []): string {
  return JSON.stringify([...findings, ...errors.map(fileErrorEntry)], null, 2);
}

const SARIF_LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = {
  error: 'error',
  warning: 'warning',
  info: 'note',
  hint: 'note',
};

export function formatSarif(findings: readonly CliFinding[], errors: readonly FileError[], version: string): string {
  return sarifLog({
    invocations: [
      {
        executionSuccessful: errors.length === 0,
        toolExecutionNotifications: errors.map((error) => ({
          level: 'error',
          descriptor: { id: ANALYSIS_ERROR },
          message: { text: `could not be analysed: ${error.reason}` },
          locations: [{ physicalLocation: { artifactLocation: { uri: error.file.split('\\').join('/') } } }],
        })),
      },
    ],
    driverName: 'mcp-envelope',
    version,
    rules: CHECKS.map((check) => ({
      id: check.meta.id,
      shortDescription: { text: check.meta.description },
      helpUri: docsUrl(check.meta.id),
      defaultConfiguration: { level: SARIF_LEVEL[check.meta.defaultSeverity] },
    })),
    results: findings.map((finding) => ({
      ruleId: finding.check,
      level: SARIF_LEVEL[finding.severity],
      message: { text: finding.message },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: finding.file.split('\\').join('/') },
            region: {
              startLine: finding.line,
              startColumn: finding.column,
              endLine: finding.endLine,
              endColumn: finding.endColumn,
            },
          },
        },
      ],
    })),
  });
}

export function formatPretty(findings: readonly CliFinding[], errors: readonly FileError[], useColor: boolean): string {
  const paint = (code: string, text: string) => (useColor ? `\u001b[${code}m${text}\u001b[0m` : text);
  const colorOf: Record<Severity, string> = { error: '31', warning: '33', info: '36', hint: '2' };
  const lines: string[] = [];
  const byFile = new Map<string, CliFinding[]>();
  for (const finding of [...findings, ...errors.map(fileErrorEntry)]) {
    byFile.set(finding.file, [...(byFile.get(finding.file) ?? []), finding]);
  }
  for (const [file, list] of byFile) {
    lines.push(paint('4', file));
    for (const f of list) {
      lines.push(
        `  ${`${f.line}:${f.column}`.padEnd(8)} ${paint(colorOf[f.severity], f.severity.padEnd(7))} ${f.message}  ${paint('2', f.check)}`,
      );
    }
    lines.push('');
  }
  const count = (severity: Severity) => findings.filter((f) => f.severity === severity).length;
  const fixable = findings.filter((f) => f.fixable).length;
  const unanalysed = new Set(errors.map((error) => error.file)).size;
  const incomplete =
    unanalysed > 0 ? `${unanalysed} file${unanalysed === 1 ? '' : 's'} could not be analysed (${ANALYSIS_ERROR}).` : '';
  if (findings.length === 0) {
    lines.push(incomplete || 'No problems found.');
  } else {
    const parts = (['error', 'warning', 'info', 'hint'] as const)
      .filter((s) => count(s) > 0)
      .map((s) => `${count(s)} ${s}${count(s) === 1 ? '' : s === 'info' ? '' : 's'}`);
    lines.push(
      `${findings.length} problem${findings.length === 1 ? '' : 's'} (${parts.join(', ')})` +
        (fixable > 0 ? `, ${fixable} fixable with --fix` : ''),
    );
    if (incomplete) lines.push(incomplete);
  }
  return lines.join('\n');
}
