/**
 * A CodeLens above each tool registration in TypeScript and JavaScript files with the live counts of its calls
 * ("14 calls · 3 errors (TRANSIENT 2, VALIDATION 1)"); clicking it opens the Tool Calls panel filtered to that
 * tool. Registrations come from the language server (`mcpEnvelope/tools`); calls are matched by tool name.
 */
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import type { CallStore } from '../panel/callStore';
import { COMMANDS } from '../../../shared/src/protocol';
import { WorkspaceToolsRequest, type WorkspaceTool } from '../../../shared/src/protocol';
import { lensTitle } from './lensTitle';

export const SHOW_TOOL_CALLS_COMMAND = COMMANDS.showToolCalls;
const REFRESH_MS = 500;

export class ToolCallsCodeLensProvider implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;
  private timer: NodeJS.Timeout | undefined;
  private readonly subscriptions: { dispose(): void }[] = [];

  constructor(
    private readonly store: CallStore,
    private readonly client: () => LanguageClient | undefined,
  ) {
    this.subscriptions.push(
      store.onDidChangeRows(() => this.refreshSoon()),
      store.onDidReset(() => this.refreshSoon()),
      this.changed,
    );
  }

  /** Re-asks VS Code for the lenses (counts changed), at most twice a second. */
  refreshSoon(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.changed.fire();
    }, REFRESH_MS);
  }

  async provideCodeLenses(document: vscode.TextDocument, token: vscode.CancellationToken): Promise<vscode.CodeLens[]> {
    const client = this.client();
    if (!client?.isRunning()) return [];
    let tools: WorkspaceTool[] | null;
    try {
      tools = await client.sendRequest(WorkspaceToolsRequest, token);
    } catch {
      return [];
    }
    if (token.isCancellationRequested || !tools) return [];
    const uri = document.uri.toString();
    const lenses: vscode.CodeLens[] = [];
    for (const tool of tools) {
      if (tool.name === null || tool.line < 1 || tool.line > document.lineCount) continue;
      if (tool.uri !== uri && vscode.Uri.parse(tool.uri).toString() !== uri) continue;
      const line = document.lineAt(tool.line - 1);
      const range = new vscode.Range(
        line.lineNumber,
        line.firstNonWhitespaceCharacterIndex,
        line.lineNumber,
        line.firstNonWhitespaceCharacterIndex,
      );
      lenses.push(
        new vscode.CodeLens(range, {
          title: `$(pulse) ${lensTitle(this.store.statsFor(tool.name))}`,
          tooltip: `Show the live calls of "${tool.name}" in the Tool Calls panel`,
          command: SHOW_TOOL_CALLS_COMMAND,
          arguments: [{ tool: tool.name }],
        }),
      );
    }
    return lenses;
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}
