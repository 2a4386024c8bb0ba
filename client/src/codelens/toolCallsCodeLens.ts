/**
 * A CodeLens above each tool registration in TypeScript and JavaScript files with the live counts of its calls
 * ("14 calls · 3 errors (TRANSIENT 2, VALIDATION 1)"), and above its handler function when that is defined
 * elsewhere (toolLocations.ts); clicking it opens the Tool Calls panel filtered to that tool. Registrations of
 * every style come from the language server (`mcpEnvelope/tools`); calls are matched by tool name. Until the
 * language server runs (it starts only in MCP workspaces, client/src/lazyStart.ts) there are no lenses, and they
 * appear once it starts.
 */
import * as vscode from 'vscode';
import { State, type LanguageClient } from 'vscode-languageclient/node';
import type { CallStore } from '../panel/callStore';
import { COMMANDS } from '../../../shared/src/protocol';
import { WorkspaceToolsRequest, type WorkspaceTool } from '../../../shared/src/protocol';
import { lensTitle } from './lensTitle';
import { lensPlacements } from './toolLocations';

export const SHOW_TOOL_CALLS_COMMAND = COMMANDS.showToolCalls;
const REFRESH_MS = 500;

export class ToolCallsCodeLensProvider implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;
  private timer: NodeJS.Timeout | undefined;
  private readonly subscriptions: { dispose(): void }[] = [];
  /** The language client whose start this provider listens for (lenses appear once it runs). */
  private watchedClient: LanguageClient | undefined;

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

  /** Refreshes the lenses when the language server (re)starts: before that there were none. */
  private watchStart(client: LanguageClient): void {
    if (this.watchedClient === client) return;
    this.watchedClient = client;
    this.subscriptions.push(
      client.onDidChangeState((change) => {
        if (change.newState === State.Running) this.refreshSoon();
      }),
    );
  }

  async provideCodeLenses(document: vscode.TextDocument, token: vscode.CancellationToken): Promise<vscode.CodeLens[]> {
    const client = this.client();
    if (!client) return [];
    this.watchStart(client);
    if (!client.isRunning()) return [];
    let tools: WorkspaceTool[] | null;
    try {
      tools = await client.sendRequest(WorkspaceToolsRequest, token);
    } catch {
      return [];
    }
    if (token.isCancellationRequested || !tools) return [];
    const uri = document.uri.toString();
    const lenses: vscode.CodeLens[] = [];
    const sameFile = (toolUri: string) => toolUri === uri || vscode.Uri.parse(toolUri).toString() === uri;
    for (const placement of lensPlacements(tools, sameFile)) {
      if (placement.line > document.lineCount) continue;
      const line = document.lineAt(placement.line - 1);
      const start = line.firstNonWhitespaceCharacterIndex;
      const range = new vscode.Range(line.lineNumber, start, line.lineNumber, start);
      const where = placement.at === 'handler' ? ' (this function handles it)' : '';
      lenses.push(
        new vscode.CodeLens(range, {
          title: `$(pulse) ${placement.shared ? `${placement.tool}: ` : ''}${lensTitle(this.store.statsFor(placement.tool))}`,
          tooltip: `Show the live calls of "${placement.tool}"${where} in the Tool Calls panel`,
          command: SHOW_TOOL_CALLS_COMMAND,
          arguments: [{ tool: placement.tool }],
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
