/** Output formats of `mcp-envelope check`: pretty (people), json and SARIF 2.1.0 (programs). */
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

export function formatJson(findings: readonly CliFinding[]): string {
  return JSON.stringify(findings, null, 2);
}

const SARIF_LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = {
  error: 'error',
  warning: 'warning',
  info: 'note',
  hint: 'note',
};

export function formatSarif(findings: readonly CliFinding[], version: string): string {
  return sarifLog({
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

export function formatPretty(findings: readonly CliFinding[], useColor: boolean): string {
  const paint = (code: string, text: string) => (useColor ? `\u001b[${code}m${text}\u001b[0m` : text);
  const colorOf: Record<Severity, string> = { error: '31', warning: '33', info: '36', hint: '2' };
  const lines: string[] = [];
  const byFile = new Map<string, CliFinding[]>();
  for (const finding of findings) byFile.set(finding.file, [...(byFile.get(finding.file) ?? []), finding]);
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
  if (findings.length === 0) {
    lines.push('No problems found.');
  } else {
    const parts = (['error', 'warning', 'info', 'hint'] as const)
      .filter((s) => count(s) > 0)
      .map((s) => `${count(s)} ${s}${count(s) === 1 ? '' : s === 'info' ? '' : 's'}`);
    lines.push(
      `${findings.length} problem${findings.length === 1 ? '' : 's'} (${parts.join(', ')})` +
        (fixable > 0 ? `, ${fixable} fixable with --fix` : ''),
    );
  }
  return lines.join('\n');
}
