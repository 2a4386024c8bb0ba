/**
 * What the Tool Calls panel's buttons do in VS Code: open a saved trace (file picker), export the visible calls
 * (save dialog), jump to a tool's registration (asking the language server), open a finding's documentation.
 */
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { defaultTraceDir } from '../../../shared/src/traceLocation';
import type { DecodedCall } from '../../../shared/src/decodedCall';
import { WorkspaceToolsRequest } from '../../../shared/src/protocol';
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

/** Opens the registration of `tool` in `column` (beside the panel, so that it stays in view). */
export async function goToHandler(
  client: LanguageClient | undefined,
  tool: string,
  column: vscode.ViewColumn = vscode.ViewColumn.One,
): Promise<void> {
  if (!client?.isRunning()) {
    void vscode.window.showWarningMessage(
      'MCP Envelope: the language server is not running, so tool registrations are unknown.',
    );
    return;
  }
  const tools = await client.sendRequest(WorkspaceToolsRequest);
  const matches = (tools ?? []).filter((entry) => entry.name === tool);
  if (matches.length === 0) {
    void vscode.window.showInformationMessage(
      `MCP Envelope: no registration of the tool "${tool}" was found in this workspace (registerTool, tool or setRequestHandler).`,
    );
    return;
  }
  let chosen = matches[0];
  if (matches.length > 1) {
    const items = matches.map((entry) => ({
      label: `${vscode.workspace.asRelativePath(vscode.Uri.parse(entry.uri))}:${entry.line}`,
      description: entry.kind,
      entry,
    }));
    const pick = await vscode.window.showQuickPick(items, { title: `"${tool}" is registered ${matches.length} times` });
    if (!pick) return;
    chosen = pick.entry;
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
