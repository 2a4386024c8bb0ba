/**
 * What the Tool Calls panel's buttons do in VS Code: open a saved trace (file picker), export the visible calls
 * (save dialog), jump to a tool's handler (asking the language server), open a finding's documentation.
 */
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { defaultTraceDir } from '../../../shared/src/traceLocation';
import type { DecodedCall } from '../../../shared/src/decodedCall';
import { COMMANDS, WorkspaceToolsRequest, type WorkspaceTool } from '../../../shared/src/protocol';
import { handlerTargets, noTargetMessage, targetDescription } from '../codelens/toolLocations';
import type { TraceService } from '../traces/traceService';
import { callsAsTrace, decodedCallsJsonl, findingDocsUrl, wantsTraceFormat } from './callExport';
import type { CallStore } from './callStore';

export async function pickAndOpenTraces(traces: TraceService): Promise<vscode.Uri[]> {
  const folder = defaultTraceDir();
  const picked = await vscode.window.showOpenDialog({
    title: 'Open a saved MCP trace in the Tool Calls panel',
    canSelectMany: true,
    openLabel: 'Open Trace',
    filters: { 'MCP traces': ['jsonl'], 'All files': ['*'] },
    ...(fs.existsSync(folder) && { defaultUri: vscode.Uri.file(folder) }),
  });
  for (const uri of picked ?? []) await traces.openTrace(uri.fsPath);
  return picked ?? [];
}

function exportStamp(date = new Date()): string {
  return date
    .toISOString()
    .replace(/[:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
}

export async function exportCalls(store: CallStore, uids: readonly string[]): Promise<void> {
  const calls = uids.map((uid) => store.get(uid)?.call).filter((call): call is DecodedCall => call !== undefined);
  if (calls.length === 0) {
    void vscode.window.showInformationMessage('MCP Envelope: no calls to export (the filter shows none).');
    return;
  }
  const base = vscode.workspace.workspaceFolders?.[0]?.uri;
  const name = `tool-calls-${exportStamp()}.jsonl`;
  const target = await vscode.window.showSaveDialog({
    title: `Export ${calls.length} calls as JSON Lines (name it *.mcptrace.jsonl to save a trace the panel can open again)`,
    saveLabel: 'Export',
    filters: { 'JSON Lines': ['jsonl'] },
    ...(base && { defaultUri: vscode.Uri.joinPath(base, name) }),
  });
  if (!target) return;
  const text = wantsTraceFormat(target.path) ? callsAsTrace(calls) : decodedCallsJsonl(calls);
  await vscode.workspace.fs.writeFile(target, Buffer.from(text, 'utf8'));
  void vscode.window.showInformationMessage(`MCP Envelope: exported ${calls.length} calls to ${target.fsPath}.`);
}

/**
 * Opens the handler of `tool` in `column` (beside the panel, so that it stays in view): the handler function when
 * the language server knows it (a dispatcher's per-tool function, a factory's handler), else the registration.
 * A name registered more than once (twin servers, several entry points) offers a QuickPick.
 */
export async function goToHandler(
  client: LanguageClient | undefined,
  tool: string,
  column: vscode.ViewColumn = vscode.ViewColumn.One,
): Promise<void> {
  if (!client?.isRunning()) {
    const start = 'Start Language Server';
    // Not awaited: the panel's message handling must not wait on the user.
    void vscode.window
      .showWarningMessage(
        `MCP Envelope: cannot find the handler of "${tool}": the language server is not running. ` +
          'It starts once the workspace has MCP server code (a package.json depending on an MCP SDK, or an open file importing one).',
        start,
      )
      .then((choice) => (choice === start ? vscode.commands.executeCommand(COMMANDS.restartServer) : undefined));
    return;
  }
  let tools: WorkspaceTool[];
  try {
    tools = (await client.sendRequest(WorkspaceToolsRequest)) ?? [];
  } catch (error) {
    void vscode.window.showWarningMessage(
      `MCP Envelope: cannot find the handler of "${tool}": the language server did not answer (${error instanceof Error ? error.message : String(error)}).`,
    );
    return;
  }
  const targets = handlerTargets(tools, tool);
  if (targets.length === 0) {
    void vscode.window.showInformationMessage(noTargetMessage(tool, tools));
    return;
  }
  let chosen = targets[0];
  if (targets.length > 1) {
    const items = targets.map((target) => ({
      label: `${vscode.workspace.asRelativePath(vscode.Uri.parse(target.uri))}:${target.line}`,
      description: targetDescription(target),
      target,
    }));
    const pick = await vscode.window.showQuickPick(items, {
      title: `"${tool}" is handled in ${targets.length} places`,
      placeHolder: 'Open which handler?',
    });
    if (!pick) return;
    chosen = pick.target;
  }
  const position = new vscode.Position(Math.max(0, chosen.line - 1), 0);
  await vscode.window.showTextDocument(vscode.Uri.parse(chosen.uri), {
    selection: new vscode.Range(position, position),
    viewColumn: column,
    preview: false,
  });
}

export async function openDocs(check: string): Promise<void> {
  await vscode.env.openExternal(vscode.Uri.parse(findingDocsUrl(check)));
}
