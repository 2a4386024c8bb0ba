/**
 * The Tool Calls webview panel: one panel, created on demand, fed from the CallStore in batches (at most every
 * 100 ms), paused on request (new calls are held and sent on resume), answering the webview's messages.
 */
import * as vscode from 'vscode';
import type { CallStore } from './callStore';
import type { CallFilter } from '../../../shared/src/panel/filter';
import { newNonce, panelHtml } from './html';
import { parseFromWebview, type FromWebviewMessage } from '../../../shared/src/panel/messages';
import { PanelFeed } from './panelFeed';

export const PANEL_VIEW_TYPE = 'mcpEnvelope.toolCalls';
const FLUSH_MS = 100;

/** What the webview's buttons and links ask the extension to do. */
export interface PanelActions {
  openTrace(): Promise<void>;
  exportCalls(uids: readonly string[]): Promise<void>;
  goToHandler(tool: string): Promise<void>;
  openDocs(check: string): Promise<void>;
  clear(): void;
  folders(): readonly string[];
}

export interface PanelState {
  open: boolean;
  ready: boolean;
  paused: boolean;
  held: number;
  /** Rows the webview reported showing after its filter, of how many it holds. */
  shown: number;
  total: number;
}

export class ToolCallsPanel implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private readonly feed: PanelFeed;
  private timer: NodeJS.Timeout | undefined;
  private rendered = { shown: 0, total: 0 };
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(
    private readonly extensionUri: vscode.Uri,
    store: CallStore,
    private readonly actions: PanelActions,
    private readonly log: (message: string) => void,
  ) {
    this.feed = new PanelFeed({
      post: (message) => void this.panel?.webview.postMessage(message),
      rows: () => store.rows(),
      call: (uid) => store.get(uid)?.call,
      folders: () => actions.folders(),
      schedule: (flush) => {
        this.timer = setTimeout(() => {
          this.timer = undefined;
          flush();
        }, FLUSH_MS);
      },
    });
    const rows = store.onDidChangeRows((changed) => this.feed.onRows(changed));
    const reset = store.onDidReset(() => this.feed.onReset());
    this.subscriptions.push({ dispose: () => rows.dispose() }, { dispose: () => reset.dispose() });
  }

  get state(): PanelState {
    return {
      open: this.panel !== undefined,
      ready: this.feed.isReady,
      paused: this.feed.isPaused,
      held: this.feed.heldCount,
      ...this.rendered,
    };
  }

  /** The editor column for source files opened from the panel: another one than the panel's. */
  get sourceColumn(): vscode.ViewColumn {
    return this.panel?.viewColumn === vscode.ViewColumn.One ? vscode.ViewColumn.Two : vscode.ViewColumn.One;
  }

  /** Opens (or reveals) the panel; with a filter, shows only the calls it matches. */
  show(filter?: CallFilter): void {
    if (this.panel) {
      this.panel.reveal(undefined, false);
    } else {
      this.create();
    }
    if (filter) this.feed.setFilter(filter);
  }

  private create(): void {
    const dist = vscode.Uri.joinPath(this.extensionUri, 'dist');
    const column = vscode.window.activeTextEditor ? vscode.ViewColumn.Beside : vscode.ViewColumn.Active;
    const panel = vscode.window.createWebviewPanel(PANEL_VIEW_TYPE, 'Tool Calls', column, {
      enableScripts: true,
      retainContextWhenHidden: true,
      localResourceRoots: [dist],
    });
    this.panel = panel;
    this.feed.detach();
    const scriptUri = panel.webview.asWebviewUri(vscode.Uri.joinPath(dist, 'webview.js')).toString();
    panel.webview.html = panelHtml({ cspSource: panel.webview.cspSource, scriptUri, nonce: newNonce() });
    panel.webview.onDidReceiveMessage((raw: unknown) => {
      const message = parseFromWebview(raw);
      if (message) void this.onMessage(message);
      else this.log(`Ignored a malformed message from the Tool Calls view: ${JSON.stringify(raw)?.slice(0, 200)}`);
    });
    panel.onDidDispose(() => {
      this.panel = undefined;
      this.feed.detach();
      this.rendered = { shown: 0, total: 0 };
    });
  }

  private async onMessage(message: FromWebviewMessage): Promise<void> {
    try {
      switch (message.type) {
        case 'ready':
          this.feed.onReady();
          break;
        case 'pause':
          this.feed.setPaused(message.paused);
          break;
        case 'clear':
          this.actions.clear();
          break;
        case 'openTrace':
          await this.actions.openTrace();
          break;
        case 'export':
          await this.actions.exportCalls(message.uids);
          break;
        case 'select':
          this.feed.select(message.uid);
          break;
        case 'goToHandler':
          await this.actions.goToHandler(message.tool);
          break;
        case 'copy':
          await vscode.env.clipboard.writeText(message.text);
          void vscode.window.setStatusBarMessage('MCP Envelope: copied to the clipboard', 2000);
          break;
        case 'openDocs':
          await this.actions.openDocs(message.check);
          break;
        case 'rendered':
          this.rendered = { shown: message.shown, total: message.total };
          break;
      }
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      this.log(`Tool Calls: ${message.type} failed: ${text}`);
      void vscode.window.showErrorMessage(`MCP Envelope: ${text}`);
    }
  }

  /** Re-sends the watched folders (after the setting changed). */
  refreshState(): void {
    this.feed.postState();
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.panel?.dispose();
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}
