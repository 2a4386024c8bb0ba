/** The "Probe Report" webview: the summary cards of the latest probe run (static HTML, command links only). */
import * as vscode from 'vscode';
import type { ProbeReport } from '../../../shared/src/probeReport';
import { newNonce } from '../panel/html';
import { SAVE_REPORT_COMMAND, SHOW_TOOL_CALLS_COMMAND, reportHtml } from './reportHtml';

export const REPORT_VIEW_TYPE = 'mcpEnvelope.probeReport';

export class ProbeReportView implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;

  show(report: ProbeReport, session: number): void {
    if (!this.panel) {
      this.panel = vscode.window.createWebviewPanel(
        REPORT_VIEW_TYPE,
        'Probe Report',
        { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
        { enableScripts: false, enableCommandUris: [SHOW_TOOL_CALLS_COMMAND, SAVE_REPORT_COMMAND] },
      );
      this.panel.onDidDispose(() => (this.panel = undefined));
    } else {
      this.panel.reveal(undefined, true);
    }
    this.panel.title = `Probe: ${report.server}`;
    this.panel.webview.html = reportHtml(report, { nonce: newNonce(), session });
  }

  dispose(): void {
    this.panel?.dispose();
  }
}
