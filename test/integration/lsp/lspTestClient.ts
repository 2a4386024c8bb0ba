/** A real LSP client (vscode-languageserver-protocol over stdio) talking to the built dist/server.js. */
import { type ChildProcess, spawn } from 'node:child_process';
import * as path from 'node:path';
import {
  type CodeAction,
  CodeActionRequest,
  type Diagnostic,
  DidChangeConfigurationNotification,
  DidChangeTextDocumentNotification,
  DidChangeWatchedFilesNotification,
  type FileEvent,
  DidOpenTextDocumentNotification,
  ConfigurationRequest,
  InitializeRequest,
  InitializedNotification,
  type ProtocolConnection,
  PublishDiagnosticsNotification,
  type PublishDiagnosticsParams,
  type Range,
  ShutdownRequest,
  ExitNotification,
  StreamMessageReader,
  StreamMessageWriter,
  createProtocolConnection,
} from 'vscode-languageserver-protocol/node';

export const REPO_ROOT = path.resolve(__dirname, '../../../..');
export const SERVER_PATH = path.join(REPO_ROOT, 'dist', 'server.js');

export class LspTestClient {
  private readonly process: ChildProcess;
  readonly connection: ProtocolConnection;
  settings: Record<string, unknown> = {};
  readonly logs: string[] = [];
  private readonly diagnostics = new Map<string, PublishDiagnosticsParams[]>();
  private waiters: Array<() => void> = [];

  constructor() {
    this.process = spawn(process.execPath, [SERVER_PATH, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
    this.process.stderr?.on('data', (chunk: Buffer) => this.logs.push(chunk.toString()));
    if (!this.process.stdout || !this.process.stdin) throw new Error('server stdio unavailable');
    this.connection = createProtocolConnection(
      new StreamMessageReader(this.process.stdout),
      new StreamMessageWriter(this.process.stdin),
    );
    this.connection.onNotification(PublishDiagnosticsNotification.type, (params) => {
      this.diagnostics.set(params.uri, [...(this.diagnostics.get(params.uri) ?? []), params]);
      const waiters = this.waiters;
      this.waiters = [];
      for (const wake of waiters) wake();
    });
    this.connection.onNotification('window/logMessage', (params: { message: string }) => {
      this.logs.push(params.message);
    });
    this.connection.onRequest(ConfigurationRequest.type, (params) =>
      params.items.map((item) => (item.section === 'mcpEnvelope' ? this.settings : null)),
    );
    this.connection.onRequest('client/registerCapability', () => null);
    this.connection.listen();
  }

  /** `$/progress` notifications received (work done progress: begin, report, end). */
  readonly progress: Array<{ kind: string; message?: string; percentage?: number }> = [];

  async initialize(rootPath: string | null = null, options: { workDoneProgress?: boolean } = {}): Promise<void> {
    if (options.workDoneProgress) {
      this.connection.onRequest('window/workDoneProgress/create', () => null);
      this.connection.onNotification('$/progress', (params: { value: { kind: string } }) => {
        this.progress.push(params.value);
      });
    }
    await this.connection.sendRequest(InitializeRequest.type, {
      processId: process.pid,
      rootUri: rootPath ? `file://${rootPath}` : null,
      workspaceFolders: rootPath ? [{ uri: `file://${rootPath}`, name: 'root' }] : null,
      capabilities: {
        window: { workDoneProgress: options.workDoneProgress === true },
        workspace: { configuration: true, didChangeConfiguration: { dynamicRegistration: true } },
        textDocument: {
          publishDiagnostics: { versionSupport: true },
          codeAction: { dataSupport: true, resolveSupport: { properties: ['edit'] } },
        },
      },
    });
    await this.connection.sendNotification(InitializedNotification.type, {});
  }

  /** Publications received for a URI so far. */
  published(uri: string): PublishDiagnosticsParams[] {
    return this.diagnostics.get(uri) ?? [];
  }

  /** Waits for a publication for `uri` (at `version` when given) that satisfies `predicate`. */
  async waitForDiagnostics(
    uri: string,
    predicate: (diagnostics: Diagnostic[]) => boolean = () => true,
    version?: number,
    timeoutMs = 15000,
  ): Promise<Diagnostic[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const match = this.published(uri)
        .filter((p) => version === undefined || p.version === version)
        .reverse()
        .find((p) => predicate(p.diagnostics));
      if (match) return match.diagnostics;
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new Error(`no matching diagnostics for ${uri}; logs: ${this.logs.join('\n')}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, remaining);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The diagnostics published for `uri` after the first `count` publications (waits for one). */
  async nextDiagnostics(uri: string, count: number, timeoutMs = 15000): Promise<Diagnostic[]> {
    await this.waitForDiagnostics(uri, () => this.published(uri).length > count, undefined, timeoutMs);
    const all = this.published(uri);
    return all[all.length - 1].diagnostics;
  }

  /** Waits for a line the server logs (window/logMessage or stderr). */
  async waitForLog(predicate: (line: string) => boolean, timeoutMs = 15000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const line = this.logs.find(predicate);
      if (line !== undefined) return line;
      if (Date.now() > deadline) throw new Error(`no matching log line; logs: ${this.logs.join('\n')}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async open(uri: string, text: string, languageId = 'typescript'): Promise<void> {
    await this.connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri, languageId, version: 1, text },
    });
  }

  async replace(uri: string, version: number, text: string): Promise<void> {
    await this.connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version },
      contentChanges: [{ text }],
    });
  }

  /** What the editor's file watchers report: files created, changed or deleted on disk. */
  async filesChanged(changes: FileEvent[]): Promise<void> {
    await this.connection.sendNotification(DidChangeWatchedFilesNotification.type, { changes });
  }

  async changeSettings(settings: Record<string, unknown>): Promise<void> {
    this.settings = settings;
    await this.connection.sendNotification(DidChangeConfigurationNotification.type, {
      settings: { mcpEnvelope: settings },
    });
  }

  async codeActions(uri: string, range: Range, diagnostics: Diagnostic[], only?: string[]): Promise<CodeAction[]> {
    const result = await this.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range,
      context: { diagnostics, only },
    });
    return (result ?? []).filter(
      (item): item is CodeAction => 'title' in item && !('command' in item && typeof item.command === 'string'),
    );
  }

  get exited(): boolean {
    return this.process.exitCode !== null;
  }

  async dispose(): Promise<void> {
    try {
      await Promise.race([this.connection.sendRequest(ShutdownRequest.type), new Promise((r) => setTimeout(r, 2000))]);
      await this.connection.sendNotification(ExitNotification.type);
    } catch {
      // the server may already be gone
    }
    this.connection.dispose();
    this.process.kill();
  }
}

/** Applies LSP text edits (single document) to a text. */
export function applyTextEdits(text: string, edits: ReadonlyArray<{ range: Range; newText: string }>): string {
  const lines = text.split('\n');
  const offsetOf = (position: { line: number; character: number }) =>
    lines.slice(0, position.line).reduce((sum, line) => sum + line.length + 1, 0) + position.character;
  const sorted = [...edits].sort((a, b) => offsetOf(b.range.start) - offsetOf(a.range.start));
  let result = text;
  for (const edit of sorted) {
    result = result.slice(0, offsetOf(edit.range.start)) + edit.newText + result.slice(offsetOf(edit.range.end));
  }
  return result;
}
