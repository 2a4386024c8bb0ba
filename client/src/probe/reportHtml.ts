/**
 * The probe report's summary cards as a static HTML page (no script): the server's grade, then one card per tool
 * with its grade, its worst findings and the worst call, and links that run commands (show the tool's probe
 * calls in the Tool Calls panel, save the report as JSON). Pure: no `vscode`.
 */
import type { ProbeReport } from '../../../shared/src/probeReport';
import { COMMANDS } from '../../../shared/src/protocol';
import { probeCallsFilter, toolCards, type ToolCard } from './probeSession';
import { escapeHtml } from '../panel/html';

export const SHOW_TOOL_CALLS_COMMAND = COMMANDS.showToolCalls;
export const SAVE_REPORT_COMMAND = COMMANDS.saveProbeReport;

// The panel's escaping serves the report too: same five characters, same entities.
export { escapeHtml };

/** A `command:` link with JSON arguments, as webviews with command links enabled run them. */
export function commandLink(command: string, args: readonly unknown[]): string {
  return `command:${command}?${encodeURIComponent(JSON.stringify(args))}`;
}

export function gradeTone(grade: number | null): 'good' | 'fair' | 'poor' | 'none' {
  if (grade === null) return 'none';
  if (grade >= 90) return 'good';
  if (grade >= 60) return 'fair';
  return 'poor';
}

function card(report: ProbeReport, tool: ToolCard, session: number): string {
  const grade = tool.grade === null ? '—' : String(tool.grade);
  const findings = tool.worstFindings
    .map(
      (finding) =>
        `<li><code>${escapeHtml(finding.check)}</code> <span class="count">×${finding.calls}</span> ${escapeHtml(finding.message)}</li>`,
    )
    .join('');
  const worst = tool.worstCall
    ? `<p class="worst">Worst call: <code>${escapeHtml(tool.worstCall.mistake)}</code> → ${escapeHtml(tool.worstCall.outcome)}${
        tool.worstCall.message !== null ? `: “${escapeHtml(tool.worstCall.message.slice(0, 200))}”` : ''
      }</p>${tool.worstCall.verdict !== null ? `<p class="verdict">${escapeHtml(tool.worstCall.verdict)}</p>` : ''}`
    : '';
  const body =
    tool.skipped !== null
      ? `<p class="skipped">Skipped: ${escapeHtml(tool.skipped)}</p>`
      : `${findings !== '' ? `<ul>${findings}</ul>` : '<p>No findings.</p>'}${worst}`;
  const link =
    tool.calls > 0
      ? `<a href="${escapeHtml(commandLink(SHOW_TOOL_CALLS_COMMAND, [probeCallsFilter(report.server, tool.name)]))}">Show ${tool.calls} probe call${tool.calls === 1 ? '' : 's'}</a>`
      : '';
  return `<section class="card ${gradeTone(tool.grade)}" data-tool="${escapeHtml(tool.name)}" data-session="${session}">
<header><h2>${escapeHtml(tool.name)}</h2><span class="grade">${grade}<small>/100</small></span></header>
${body}
${link}
</section>`;
}

export interface ReportPageOptions {
  nonce: string;
  session: number;
}

export function reportHtml(report: ProbeReport, options: ReportPageOptions): string {
  const cards = toolCards(report)
    .map((tool) => card(report, tool, options.session))
    .join('\n');
  const overall = report.grade === undefined || report.grade === null ? '—' : String(report.grade);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'nonce-${options.nonce}';">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>Probe: ${escapeHtml(report.server)}</title>
<style nonce="${options.nonce}">
body { font-family: var(--vscode-font-family); color: var(--vscode-foreground); padding: 0 16px 16px; }
.summary { display: flex; gap: 16px; align-items: baseline; flex-wrap: wrap; }
.cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(320px, 1fr)); gap: 12px; }
.card { border: 1px solid var(--vscode-panel-border); border-left-width: 4px; border-radius: 4px; padding: 8px 12px; }
.card.good { border-left-color: var(--vscode-testing-iconPassed); }
.card.fair { border-left-color: var(--vscode-editorWarning-foreground); }
.card.poor { border-left-color: var(--vscode-editorError-foreground); }
.card.none { border-left-color: var(--vscode-disabledForeground); }
.card header { display: flex; justify-content: space-between; align-items: baseline; }
.card h2 { font-size: 1.1em; margin: 4px 0; font-family: var(--vscode-editor-font-family); }
.grade { font-size: 1.6em; font-weight: bold; }
.grade small, .count, .verdict, .skipped { color: var(--vscode-descriptionForeground); font-size: 0.85em; }
ul { padding-left: 18px; margin: 6px 0; }
code { font-family: var(--vscode-editor-font-family); }
a { color: var(--vscode-textLink-foreground); }
</style>
</head>
<body>
<div class="summary">
<h1>Probe of ${escapeHtml(report.server)}: ${overall}<small>/100</small></h1>
<span>seed ${report.seed}</span>
<a href="${escapeHtml(commandLink(SAVE_REPORT_COMMAND, [options.session]))}">Save report as JSON…</a>
</div>
<div class="cards">
${cards}
</div>
</body>
</html>`;
}
