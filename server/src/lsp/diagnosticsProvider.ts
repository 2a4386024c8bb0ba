/** Findings → LSP diagnostics (source `mcp-envelope`, code = check id, a link to the check's page, the fix handle in `data`). */
import { type Diagnostic, DiagnosticSeverity } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Finding, Severity } from '../../../engine/src';
import { docsUrl } from '../../../shared/src/docsUrl';

export const DIAGNOSTIC_SOURCE = 'mcp-envelope';

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/** What a diagnostic carries so a code action can find its finding again. */
export interface DiagnosticData {
  check: string;
  start: number;
  end: number;
  version: number;
  fixable: boolean;
}

export function isDiagnosticData(value: unknown): value is DiagnosticData {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as DiagnosticData).check === 'string' &&
    typeof (value as DiagnosticData).start === 'number' &&
    typeof (value as DiagnosticData).end === 'number'
  );
}

export function toDiagnostic(document: TextDocument, finding: Finding): Diagnostic {
  const data: DiagnosticData = {
    check: finding.check,
    start: finding.start,
    end: finding.end,
    version: document.version,
    fixable: finding.fixable,
  };
  return {
    range: { start: document.positionAt(finding.start), end: document.positionAt(finding.end) },
    severity: SEVERITY[finding.severity],
    source: DIAGNOSTIC_SOURCE,
    code: finding.check,
    codeDescription: { href: docsUrl(finding.check) },
    message: finding.message,
    data,
  };
}

/** The check id of the one diagnostic a document gets when it cannot be analysed. */
export const ANALYSIS_ERROR = 'analysis-error';

/** Findings as diagnostics, plus one `analysis-error` diagnostic at the start of the file when analysis failed. */
export function diagnosticsFor(
  document: TextDocument,
  analysis: { findings: readonly Finding[]; failure?: string },
): Diagnostic[] {
  const diagnostics = analysis.findings.map((finding) => toDiagnostic(document, finding));
  if (analysis.failure !== undefined) {
    diagnostics.unshift({
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      severity: DiagnosticSeverity.Error,
      source: DIAGNOSTIC_SOURCE,
      code: ANALYSIS_ERROR,
      message: `MCP Envelope could not analyse this file: ${analysis.failure}`,
    });
  }
  return diagnostics;
}
