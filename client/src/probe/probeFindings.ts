/**
 * Where probe results meet the source: the `mcp-envelope probe` diagnostics on handler lines (registration lines
 * when the handler is not known), the
 * " (confirmed by probe)" mark on static diagnostics (through the language client's handleDiagnostics
 * middleware), and the "Show probe calls" code action on both. Holds the latest report per probed server.
 */
import * as vscode from 'vscode';
import type { Middleware } from 'vscode-languageclient/node';
import type { ProbeReport } from '../../../shared/src/probeReport';
import { findingDocsUrl } from '../panel/callExport';
import {
  CONFIRMED_SUFFIX,
  confirmationAt,
  confirmedMessage,
  handlerLine,
  reportConfirmations,
  type Confirmation,
  type ToolRegistration,
} from './confirmation';
import { probeDiagnostics, type ProbeDiagnostic } from './probeDiagnostics';
import { probeCallsFilter } from './probeSession';
import { SHOW_TOOL_CALLS_COMMAND } from './reportHtml';

export const PROBE_SOURCE = 'mcp-envelope probe';
export const STATIC_SOURCE = 'mcp-envelope';
const RELINK_MS = 500;

interface PlacedDiagnostic extends ProbeDiagnostic {
  server: string;
}

export class ProbeFindings implements vscode.CodeActionProvider, vscode.Disposable {
  readonly collection = vscode.languages.createDiagnosticCollection(PROBE_SOURCE);
  private readonly reports = new Map<string, ProbeReport>();
  private registrations: ToolRegistration[] = [];
  /** Tool → check id → confirmation, with the server whose report showed it. */
  private confirmations = new Map<string, Map<string, Confirmation & { server: string }>>();
  private placed: PlacedDiagnostic[] = [];
  /** The static diagnostics last published per document, as the server sent them. */
  private readonly published = new Map<string, { uri: vscode.Uri; diagnostics: vscode.Diagnostic[] }>();
  /** Asks the language server for the workspace's tool registrations (set by registerProbe). */
  fetchRegistrations: (() => Promise<ToolRegistration[]>) | undefined;
  private relinkTimer: NodeJS.Timeout | undefined;
  /** Where to re-publish static diagnostics once confirmations change (the language client's collection). */
  republish: ((uri: vscode.Uri, diagnostics: vscode.Diagnostic[]) => void) | undefined;

  /** Remembers the static diagnostics the server published, and returns them with confirmations marked. */
  onPublished(uri: vscode.Uri, diagnostics: readonly vscode.Diagnostic[]): vscode.Diagnostic[] {
    this.published.set(uri.toString(), { uri, diagnostics: [...diagnostics] });
    if (this.reports.size > 0) this.relinkSoon();
    return this.confirm(uri, diagnostics);
  }

  /** After the server re-analysed a file, registrations may have moved: ask again, a little later. */
  private relinkSoon(): void {
    if (this.relinkTimer || !this.fetchRegistrations) return;
    this.relinkTimer = setTimeout(() => {
      this.relinkTimer = undefined;
      this.fetchRegistrations?.().then(
        (registrations) => this.relink(registrations),
        () => undefined,
      );
    }, RELINK_MS);
  }

  get serverReports(): ReadonlyMap<string, ProbeReport> {
    return this.reports;
  }

  /** Takes a new report (replacing the server's previous one) and the workspace's tool registrations. */
  async update(report: ProbeReport, registrations: readonly ToolRegistration[]): Promise<void> {
    this.reports.set(report.server, report);
    await this.relink(registrations, true);
  }

  /** Places every report's diagnostics and confirmations on these registrations (when they changed). */
  private async relink(registrations: readonly ToolRegistration[], force = false): Promise<void> {
    if (!force && JSON.stringify(registrations) === JSON.stringify(this.registrations)) return;
    this.registrations = [...registrations];
    this.confirmations = new Map();
    this.placed = [];
    for (const [server, each] of this.reports) {
      for (const [tool, checks] of reportConfirmations(each)) {
        const forTool = this.confirmations.get(tool) ?? new Map<string, Confirmation & { server: string }>();
        for (const [check, confirmation] of checks) forTool.set(check, { ...confirmation, server });
        this.confirmations.set(tool, forTool);
      }
      for (const diagnostic of probeDiagnostics(each, registrations)) this.placed.push({ ...diagnostic, server });
    }
    await this.publishProbeDiagnostics();
    for (const { uri, diagnostics } of this.published.values()) this.republish?.(uri, this.confirm(uri, diagnostics));
  }

  private async publishProbeDiagnostics(): Promise<void> {
    const byUri = new Map<string, vscode.Diagnostic[]>();
    for (const placed of this.placed) {
      const uri = vscode.Uri.parse(placed.uri);
      let range = new vscode.Range(placed.line, 0, placed.line, 0);
      try {
        const document = await vscode.workspace.openTextDocument(uri);
        if (placed.line < document.lineCount) {
          const line = document.lineAt(placed.line);
          range = new vscode.Range(placed.line, line.firstNonWhitespaceCharacterIndex, placed.line, line.text.length);
        }
      } catch {
        // The file cannot be read: the diagnostic stays at the start of the line.
      }
      const diagnostic = new vscode.Diagnostic(
        range,
        placed.message,
        placed.severity === 'warning' ? vscode.DiagnosticSeverity.Warning : vscode.DiagnosticSeverity.Information,
      );
      diagnostic.source = PROBE_SOURCE;
      diagnostic.code = { value: placed.code, target: vscode.Uri.parse(findingDocsUrl(placed.code)) };
      const list = byUri.get(uri.toString()) ?? [];
      list.push(diagnostic);
      byUri.set(uri.toString(), list);
    }
    this.collection.clear();
    for (const [uri, diagnostics] of byUri) this.collection.set(vscode.Uri.parse(uri), diagnostics);
  }

  /** Static diagnostics with the probe's confirmations marked (copies; the others unchanged). */
  confirm(uri: vscode.Uri, diagnostics: readonly vscode.Diagnostic[]): vscode.Diagnostic[] {
    if (this.confirmations.size === 0) return [...diagnostics];
    const key = uri.toString();
    return diagnostics.map((diagnostic) => {
      const check = diagnostic.source === STATIC_SOURCE ? checkIdOf(diagnostic) : '';
      const line = diagnostic.range.start.line;
      const match = check === '' ? undefined : confirmationAt(this.registrations, key, line, check, this.confirmations);
      if (!match) return diagnostic;
      const { confirmation } = match;
      // A copy of the same class (the language client's own subclass carries the fix handle in `data`).
      const copy = Object.assign(
        Object.create(Object.getPrototypeOf(diagnostic) as object) as vscode.Diagnostic,
        diagnostic,
      );
      copy.message = confirmedMessage(diagnostic.message);
      const where = new vscode.Location(uri, new vscode.Position(handlerLine(match.tool) - 1, 0));
      copy.relatedInformation = [
        ...(diagnostic.relatedInformation ?? []),
        new vscode.DiagnosticRelatedInformation(
          where,
          `Probe of "${confirmation.server}": sent ${confirmation.mistake} ${JSON.stringify(confirmation.arguments)} → got ${confirmation.answer} (${confirmation.why})`,
        ),
      ];
      return copy;
    });
  }

  /** The probe calls filter for a diagnostic of ours, or for a static one the probe confirmed. */
  filterFor(uri: vscode.Uri, diagnostic: vscode.Diagnostic): { server: string; tool: string } | undefined {
    const key = uri.toString();
    if (diagnostic.source === PROBE_SOURCE) {
      const placed = this.placed.find(
        (entry) =>
          entry.uri === key && entry.line === diagnostic.range.start.line && entry.message === diagnostic.message,
      );
      return placed && probeCallsFilter(placed.server, placed.tool);
    }
    if (diagnostic.source === STATIC_SOURCE && diagnostic.message.endsWith(CONFIRMED_SUFFIX)) {
      const line = diagnostic.range.start.line;
      const match = confirmationAt(this.registrations, key, line, checkIdOf(diagnostic), this.confirmations);
      return match && probeCallsFilter(match.confirmation.server, match.confirmation.tool);
    }
    return undefined;
  }

  provideCodeActions(
    document: vscode.TextDocument,
    _range: vscode.Range,
    context: vscode.CodeActionContext,
  ): vscode.CodeAction[] {
    const actions: vscode.CodeAction[] = [];
    for (const diagnostic of context.diagnostics) {
      const filter = this.filterFor(document.uri, diagnostic);
      if (!filter) continue;
      const action = new vscode.CodeAction(`Show probe calls of ${filter.tool}`, vscode.CodeActionKind.QuickFix);
      action.diagnostics = [diagnostic];
      action.command = { title: action.title, command: SHOW_TOOL_CALLS_COMMAND, arguments: [filter] };
      actions.push(action);
    }
    return actions;
  }

  dispose(): void {
    if (this.relinkTimer) clearTimeout(this.relinkTimer);
    this.collection.dispose();
  }
}

export function checkIdOf(diagnostic: vscode.Diagnostic): string {
  const code = diagnostic.code;
  if (code === undefined) return '';
  return typeof code === 'object' ? String(code.value) : String(code);
}

let active: ProbeFindings | undefined;

/** Makes `findings` the instance the language client's middleware delegates to (registerProbe does). */
export function setActiveProbeFindings(findings: ProbeFindings | undefined): void {
  active = findings;
}

/** The language client middleware (client/src/languageClient.ts): marks static findings a probe confirmed. */
export const probeDiagnosticsMiddleware: Middleware = {
  handleDiagnostics: (uri, diagnostics, next) => {
    next(uri, active ? active.onPublished(uri, diagnostics) : diagnostics);
  },
};
