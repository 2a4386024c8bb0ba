/**
 * Wires the trace watcher into the extension: folders from the default trace location and the
 * `mcpEnvelope.traces.folders` setting, entries decoded incrementally, decoded calls stored for the panel
 * and the CodeLens.
 */
import * as os from 'node:os';
import * as vscode from 'vscode';
import { defaultTraceDir } from '../../../shared/src/traceLocation';
import { CallFeed, type CallSink } from './callFeed';
import { TraceFolderWatcher } from './folderWatcher';
import { resolveTraceFolders, TRACE_FOLDERS_SETTING } from './traceFolders';

export class TraceService implements vscode.Disposable {
  private readonly feed = new CallFeed();
  private readonly watcher: TraceFolderWatcher;
  private readonly subscriptions: vscode.Disposable[] = [];
  private readonly folderListeners = new Set<(folders: readonly string[]) => void>();

  constructor(
    private readonly store: CallSink,
    private readonly log: (message: string) => void,
  ) {
    this.watcher = new TraceFolderWatcher({
      onEntries: (file, entries, restarted) => {
        if (restarted) this.log(`The trace ${file} was truncated or replaced; reading it again from its start.`);
        this.store.apply(this.feed.ingest(file, entries, restarted));
      },
      onGone: (file) => this.feed.forget(file),
      onReload: (file) => {
        this.feed.forget(file);
        this.store.removeFile(file);
      },
      onError: (message) => this.log(message),
    });
    this.subscriptions.push(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration(`mcpEnvelope.${TRACE_FOLDERS_SETTING}`)) void this.refreshFolders();
      }),
      vscode.workspace.onDidChangeWorkspaceFolders(() => void this.refreshFolders()),
    );
  }

  get folders(): readonly string[] {
    return this.watcher.watchedFolders;
  }

  get trackedFiles(): string[] {
    return this.watcher.trackedFiles;
  }

  /** Reads the setting again and watches the folders it names (plus the default one). */
  async refreshFolders(): Promise<void> {
    const configured = vscode.workspace.getConfiguration('mcpEnvelope').get<unknown>(TRACE_FOLDERS_SETTING);
    const workspaceFolders = (vscode.workspace.workspaceFolders ?? [])
      .filter((f) => f.uri.scheme === 'file')
      .map((f) => f.uri.fsPath);
    const folders = resolveTraceFolders(configured, defaultTraceDir(), workspaceFolders, os.homedir());
    await this.watcher.setFolders(folders);
    for (const listener of this.folderListeners) listener(this.watcher.watchedFolders);
  }

  /** Called after the watched folders were (re)read from the setting. */
  onDidChangeFolders(listener: (folders: readonly string[]) => void): vscode.Disposable {
    this.folderListeners.add(listener);
    return new vscode.Disposable(() => this.folderListeners.delete(listener));
  }

  /** Reads a trace file from its start (and keeps tailing it). */
  async openTrace(file: string): Promise<void> {
    await this.watcher.addFile(file);
  }

  /** Reads whatever was appended now, instead of at the next poll. */
  scanNow(): Promise<void> {
    return this.watcher.scan();
  }

  /** Empties the panel; calls already seen do not come back, new ones keep arriving. */
  clear(): void {
    this.feed.clear();
    this.store.clear();
  }

  dispose(): void {
    this.watcher.dispose();
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}
