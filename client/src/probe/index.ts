/**
 * The probe inside VS Code: "MCP Envelope: Probe Server", the saved report, the probe diagnostics and their
 * code action, and the test-only entry point. extension.ts calls registerProbe once, before the client starts.
 */
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import type { ProbeReport } from '../../../shared/src/probeReport';
import { COMMANDS, INTERNAL_COMMANDS } from '../../../shared/src/protocol';
import { TappingContext } from '../tapping/tappingContext';
import {
  probeServerCommand,
  probeSettings,
  runProbeSession,
  saveReport,
  workspaceRegistrations,
  type ProbeRunDeps,
} from './probeCommand';
import { ProbeFindings, setActiveProbeFindings } from './probeFindings';
import { pickProbeTarget } from './probeTargets';
import { commandChoice } from './targetChoice';
import { ProbeReportView } from './reportView';

export const PROBE_SERVER_COMMAND = COMMANDS.probeServer;
export const SAVE_PROBE_REPORT_COMMAND = COMMANDS.saveProbeReport;
/** Test-only (not contributed): probes a server command with a programmatic opt-in, no pickers, no prompts. */
export const INTERNAL_PROBE_COMMAND = INTERNAL_COMMANDS.probe;

const CODE_ACTION_LANGUAGES = ['typescript', 'typescriptreact', 'javascript', 'javascriptreact'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

export function registerProbe(context: vscode.ExtensionContext, client: LanguageClient | undefined): void {
  const log = vscode.window.createOutputChannel('MCP Envelope Probe', { log: true });
  const findings = new ProbeFindings();
  findings.republish = (uri, diagnostics) => client?.diagnostics?.set(uri, diagnostics);
  findings.fetchRegistrations = () => workspaceRegistrations(client);
  setActiveProbeFindings(findings);
  const view = new ProbeReportView();
  const reports = new Map<number, ProbeReport>();
  const deps: ProbeRunDeps = {
    client: () => client,
    findings,
    view,
    reports,
    log,
    cliPath: context.asAbsolutePath('dist/cli.js'),
  };
  const tapping = new TappingContext(context, log);

  context.subscriptions.push(
    log,
    findings,
    view,
    { dispose: () => setActiveProbeFindings(undefined) },
    vscode.languages.registerCodeActionsProvider(
      CODE_ACTION_LANGUAGES.map((language) => ({ scheme: 'file', language })),
      findings,
      { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] },
    ),
    vscode.commands.registerCommand(PROBE_SERVER_COMMAND, () =>
      probeServerCommand(deps, () => pickProbeTarget(tapping)),
    ),
    vscode.commands.registerCommand(SAVE_PROBE_REPORT_COMMAND, async (session?: unknown) => {
      const report = typeof session === 'number' ? reports.get(session) : [...reports.values()].pop();
      if (report) await saveReport(report);
      else void vscode.window.showInformationMessage('MCP Envelope: no probe report yet (run "Probe Server" first).');
    }),
    vscode.commands.registerCommand(INTERNAL_PROBE_COMMAND, async (options?: unknown) => {
      if (!isRecord(options) || typeof options.command !== 'string') throw new Error('expected { command, args }');
      const line = [options.command, ...stringList(options.args)].map((word) => JSON.stringify(word)).join(' ');
      const cwd = typeof options.cwd === 'string' ? options.cwd : tapping.workspaceFolders()[0];
      const choice = commandChoice(line, cwd);
      if (!choice) throw new Error('empty command');
      if (typeof options.label === 'string') choice.label = options.label;
      const settings = probeSettings();
      const result = await runProbeSession(deps, choice, new Set(stringList(options.allow)), {
        seed: typeof options.seed === 'number' ? options.seed : settings.seed,
        timeoutMs: typeof options.timeoutMs === 'number' ? options.timeoutMs : settings.timeoutMs,
      });
      if (!result) return undefined;
      const diagnostics: { uri: string; line: number; code: string; message: string }[] = [];
      findings.collection.forEach((uri, list) => {
        for (const diagnostic of list) {
          const code = diagnostic.code;
          diagnostics.push({
            uri: uri.toString(),
            line: diagnostic.range.start.line,
            code: typeof code === 'object' ? String(code.value) : String(code ?? ''),
            message: diagnostic.message,
          });
        }
      });
      return {
        session: result.session,
        server: result.report.server,
        grade: result.report.grade ?? null,
        tools: result.report.tools.map((tool) => ({ name: tool.name, grade: tool.grade, skipped: tool.skipped })),
        diagnostics,
      };
    }),
  );
}
