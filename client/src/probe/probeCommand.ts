/**
 * "MCP Envelope: Probe Server": pick a server, opt in (or not) to the tools that may change data, run the probe
 * with a cancellable progress notification, then show the calls in the Tool Calls panel as a probe session, the
 * summary cards, and the diagnostics on the workspace's registrations.
 */
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { DEFAULT_SEED, DEFAULT_TIMEOUT_MS, toProbeJson, type ProbeReport } from '../../../shared/src/probeReport';
import { WorkspaceToolsRequest } from '../../../shared/src/protocol';
import type { ProbeTarget } from '../../../shared/src/serverTarget';
import { ADD_CALLS_COMMAND } from '../panel';
import type { ToolRegistration } from './confirmation';
import type { ProbeFindings } from './probeFindings';
import { listToolsThroughCli, runProbeThroughCli } from './probeProcess';
import type { ProbeChoice } from './probeTargets';
import { probeServerLabel, probeSessionUpdates } from './probeSession';
import { SHOW_TOOL_CALLS_COMMAND } from './reportHtml';
import type { ProbeReportView } from './reportView';

export interface ProbeSettings {
  seed: number;
  timeoutMs: number;
}

export function probeSettings(): ProbeSettings {
  const config = vscode.workspace.getConfiguration('mcpEnvelope.probe');
  const seed = config.get<number>('seed', DEFAULT_SEED);
  const timeoutMs = config.get<number>('timeoutMs', DEFAULT_TIMEOUT_MS);
  return {
    seed: Number.isInteger(seed) ? seed : DEFAULT_SEED,
    timeoutMs: Number.isFinite(timeoutMs) && timeoutMs > 0 ? timeoutMs : DEFAULT_TIMEOUT_MS,
  };
}

export interface ProbeRunDeps {
  client: () => LanguageClient | undefined;
  findings: ProbeFindings;
  view: ProbeReportView;
  reports: Map<number, ProbeReport>;
  log: vscode.LogOutputChannel;
  /** Absolute path of `dist/cli.js`: the probe runs in the CLI's process, as the tap does. */
  cliPath: string;
}

export interface ProbeRunResult {
  session: number;
  report: ProbeReport;
  diagnostics: number;
}

let nextSession = 1;

export async function workspaceRegistrations(client: LanguageClient | undefined): Promise<ToolRegistration[]> {
  if (!client?.isRunning()) return [];
  return (await client.sendRequest(WorkspaceToolsRequest)) ?? [];
}

/** Runs the probe under a cancellable progress notification; undefined when the user cancelled. */
export async function runProbeSession(
  deps: ProbeRunDeps,
  choice: ProbeChoice,
  allowed: ReadonlySet<string>,
  settings: ProbeSettings = probeSettings(),
): Promise<ProbeRunResult | undefined> {
  const report = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: `Probing ${choice.label}`, cancellable: true },
    async (progress, token) => {
      const abort = new AbortController();
      const cancel = token.onCancellationRequested(() => abort.abort(new Error('cancelled')));
      let last = 0;
      try {
        const options = { cliPath: deps.cliPath, timeoutMs: settings.timeoutMs, signal: abort.signal };
        return await runProbeThroughCli(options, {
          target: choice.target,
          label: choice.label,
          seed: settings.seed,
          allow: [...allowed],
          onProgress: ({ tool, done, total }) => {
            const increment = total > 0 ? ((done - last) / total) * 100 : 0;
            last = done;
            progress.report({ message: `Probing ${tool} (${done}/${total})…`, increment });
          },
        });
      } catch (error) {
        if (abort.signal.aborted) return undefined;
        throw error;
      } finally {
        cancel.dispose();
      }
    },
  );
  if (!report) return undefined;
  const session = nextSession++;
  deps.reports.set(session, report);
  const { updates } = probeSessionUpdates(report, session, new Date().toISOString());
  await vscode.commands.executeCommand(ADD_CALLS_COMMAND, updates);
  const registrations = await workspaceRegistrations(deps.client()).catch((error: unknown) => {
    deps.log.warn(`Probe: the workspace's tools are unknown: ${String(error)}`);
    return [];
  });
  await deps.findings.update(report, registrations);
  const diagnostics = deps.findings.collection;
  let count = 0;
  diagnostics.forEach((_uri, list) => (count += list.length));
  deps.log.info(
    `Probe #${session} of ${report.server} (seed ${report.seed}): grade ${report.grade ?? '—'}; ${count} probe diagnostics.`,
  );
  return { session, report, diagnostics: count };
}

/** Lists the tools that may change data and asks which of them the probe may call; undefined: cancelled. */
async function askOptIn(target: ProbeTarget, label: string, settings: ProbeSettings, cliPath: string) {
  const tools = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: `Listing the tools of ${label}…` },
    () => listToolsThroughCli({ cliPath, timeoutMs: settings.timeoutMs }, target),
  );
  const unsafe = tools
    .map((tool) => ({ tool, reason: tool.unsafe }))
    .filter((entry): entry is { tool: (typeof tools)[number]; reason: string } => entry.reason !== null);
  if (unsafe.length === 0) return new Set<string>();
  const picked = await vscode.window.showQuickPick(
    unsafe.map(({ tool, reason }) => ({
      label: tool.name,
      description: reason.split(';')[0],
      detail: tool.description ?? '',
      picked: false,
    })),
    {
      title: `${unsafe.length} of ${tools.length} tools of ${label} may change data: tick the ones the probe may call with wrong arguments`,
      placeHolder: 'None is called unless ticked; press Enter with none ticked to probe only the read-only tools',
      canPickMany: true,
      ignoreFocusOut: true,
    },
  );
  if (!picked) return undefined;
  if (picked.length === 0) return new Set<string>();
  const names = picked.map((item) => item.label);
  const confirm = await vscode.window.showWarningMessage(
    `The probe will call ${names.join(', ')} with wrong arguments. ${names.length === 1 ? 'It is' : 'They are'} destructive or not annotated read-only: a wrong call might still change data. Only do this against a test server.`,
    { modal: true },
    'Call Them',
  );
  return confirm === 'Call Them' ? new Set(names) : undefined;
}

export async function saveReport(report: ProbeReport): Promise<void> {
  const base = vscode.workspace.workspaceFolders?.[0]?.uri;
  const name = `probe-${report.server.replace(/[^\w.-]+/g, '_')}-seed${report.seed}.json`;
  const target = await vscode.window.showSaveDialog({
    title: 'Save the probe report as JSON (the format of mcp-envelope probe --format json)',
    filters: { JSON: ['json'] },
    ...(base && { defaultUri: vscode.Uri.joinPath(base, name) }),
  });
  if (!target) return;
  await vscode.workspace.fs.writeFile(target, Buffer.from(`${JSON.stringify(toProbeJson(report), null, 2)}\n`, 'utf8'));
  void vscode.window.showInformationMessage(`MCP Envelope: saved the probe report to ${target.fsPath}.`);
}

/** The interactive command. */
export async function probeServerCommand(deps: ProbeRunDeps, pick: () => Promise<ProbeChoice | undefined>) {
  const choice = await pick();
  if (!choice) return;
  const settings = probeSettings();
  try {
    const allowed = await askOptIn(choice.target, choice.label, settings, deps.cliPath);
    if (!allowed) return;
    const result = await runProbeSession(deps, choice, allowed, settings);
    if (!result) {
      void vscode.window.showInformationMessage(`MCP Envelope: the probe of ${choice.label} was cancelled.`);
      return;
    }
    const { report, session } = result;
    deps.view.show(report, session);
    const failing = report.tools.filter((tool) => tool.grade !== null && tool.grade < 100).length;
    const action = await vscode.window.showInformationMessage(
      `MCP Envelope: ${report.server} graded ${report.grade ?? '—'}/100; ${failing} tool(s) below 100, ${result.diagnostics} linked to source.`,
      'Show Calls',
      'Save Report…',
    );
    if (action === 'Show Calls')
      await vscode.commands.executeCommand(SHOW_TOOL_CALLS_COMMAND, { server: probeServerLabel(report.server) });
    if (action === 'Save Report…') await saveReport(report);
  } catch (error) {
    const text = error instanceof Error ? error.message.split('\n')[0] : String(error);
    deps.log.error(
      `Probe of ${choice.label}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    void vscode.window.showErrorMessage(`MCP Envelope: the probe of ${choice.label} failed: ${text}`);
  }
}
