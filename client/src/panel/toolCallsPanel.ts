/**
 * The Tool Calls webview panel: one panel, created on demand, fed from the CallStore in batches (at most every
 * 100 ms), paused on request (new calls are held and sent on resume), answering the webview's messages.
 */
import * as vscode from 'vscode';
import type { CallRow } from './callRow';
import type { CallStore } from './callStore';
import type { CallFilter } from './filter';
import { newNonce, panelHtml } from './html';
import { parseFromWebview, type FromWebviewMessage, type ToWebviewMessage } from './messages';

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
  private ready = false;
  private paused = false;
  private readonly held = new Set<string>();
  private readonly queued = new Map<string, CallRow>();
  private resetQueued = false;
  private timer: NodeJS.Timeout | undefined;
  private selected: string | null = null;
  private filterOnReady: CallFilter | undefined;
  private rendered = { shown: 0, total: 0 };
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly store: CallStore,
    private readonly actions: PanelActions,
    private readonly log: (message: string) => void,
  ) {
    const rows = store.onDidChangeRows((changed) => this.onRows(changed));
    const reset = store.onDidReset(() => this.onReset());
    this.subscriptions.push({ dispose: () => rows.dispose() }, { dispose: () => reset.dispose() });
  }

  get state(): PanelState {
    return {
      open: this.panel !== undefined,
      ready: this.ready,
      paused: this.paused,
      held: this.held.size,
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
    if (filter) {
      if (this.ready) this.post({ type: 'setFilter', filter });
      else this.filterOnReady = filter;
    }
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
    this.ready = false;
    const scriptUri = panel.webview.asWebviewUri(vscode.Uri.joinPath(dist, 'webview.js')).toString();
    panel.webview.html = panelHtml({ cspSource: panel.webview.cspSource, scriptUri, nonce: newNonce() });
    panel.webview.onDidReceiveMessage((raw: unknown) => {
      const message = parseFromWebview(raw);
      if (message) void this.onMessage(message);
      else this.log(`Ignored a malformed message from the Tool Calls view: ${JSON.stringify(raw)?.slice(0, 200)}`);
    });
    panel.onDidDispose(() => {
      this.panel = undefined;
      this.ready = false;
      this.selected = null;
      this.rendered = { shown: 0, total: 0 };
    });
  }

  private async onMessage(message: FromWebviewMessage): Promise<void> {
    try {
      switch (message.type) {
        case 'ready':
          this.ready = true;
          this.queued.clear();
          this.resetQueued = false;
          this.post({ type: 'reset', rows: this.store.rows() });
          this.postState();
          if (this.filterOnReady) this.post({ type: 'setFilter', filter: this.filterOnReady });
          this.filterOnReady = undefined;
          break;
        case 'pause':
          this.setPaused(message.paused);
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
          this.selected = message.uid;
          if (message.uid !== null) this.postDetail(message.uid);
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

  setPaused(paused: boolean): void {
    if (this.paused === paused) return;
    this.paused = paused;
    if (!paused) {
      this.held.clear();
      this.queueReset();
    }
    this.postState();
  }

  private onRows(rows: readonly CallRow[]): void {
    if (!this.panel || !this.ready) return;
    if (this.paused) {
      for (const row of rows) this.held.add(row.uid);
      this.postState();
      return;
    }
    for (const row of rows) this.queued.set(row.uid, row);
    if (this.selected !== null && rows.some((row) => row.uid === this.selected)) this.postDetail(this.selected);
    this.scheduleFlush();
  }

  private onReset(): void {
    if (!this.panel || !this.ready) return;
    if (this.selected !== null && !this.store.get(this.selected)) this.postDetail(this.selected);
    if (this.paused) {
      this.held.clear();
      this.post({ type: 'reset', rows: this.store.rows() });
      this.postState();
      return;
    }
    this.queueReset();
  }

  private queueReset(): void {
    this.resetQueued = true;
    this.queued.clear();
    this.scheduleFlush();
  }

  private scheduleFlush(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.flush();
    }, FLUSH_MS);
  }

  private flush(): void {
    if (!this.panel || !this.ready) return;
    if (this.resetQueued) {
      this.resetQueued = false;
      this.queued.clear();
      this.post({ type: 'reset', rows: this.store.rows() });
      return;
    }
    if (this.queued.size === 0) return;
    const rows = [...this.queued.values()].sort((a, b) => a.seq - b.seq);
    this.queued.clear();
    this.post({ type: 'upsert', rows });
  }

  private postDetail(uid: string): void {
    this.post({ type: 'detail', uid, call: this.store.get(uid)?.call ?? null });
  }

  private postState(): void {
    this.post({ type: 'state', paused: this.paused, held: this.held.size, folders: [...this.actions.folders()] });
  }

  /** Re-sends the watched folders (after the setting changed). */
  refreshState(): void {
    if (this.ready) this.postState();
  }

  private post(message: ToWebviewMessage): void {
    void this.panel?.webview.postMessage(message);
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.panel?.dispose();
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}
