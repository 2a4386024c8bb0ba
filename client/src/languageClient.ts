/** Starts the MCP Envelope language server (dist/server.js over IPC) and its client. */
import * as vscode from 'vscode';
import {
  LanguageClient,
  type LanguageClientOptions,
  type ServerOptions,
  TransportKind,
} from 'vscode-languageclient/node';
import { probeDiagnosticsMiddleware } from './probe/probeFindings';

export const DOCUMENT_LANGUAGES = ['typescript', 'typescriptreact', 'javascript', 'javascriptreact'];

export function createLanguageClient(
  context: vscode.ExtensionContext,
  output: vscode.LogOutputChannel,
): LanguageClient {
  const module = context.asAbsolutePath('dist/server.js');
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6010'] } },
  };
  const watcher = vscode.workspace.createFileSystemWatcher('**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}');
  // Dependencies decide which files are MCP code: the server reads the manifests again when one changes.
  const manifestWatcher = vscode.workspace.createFileSystemWatcher('**/package.json');
  context.subscriptions.push(watcher, manifestWatcher);
  const clientOptions: LanguageClientOptions = {
    documentSelector: DOCUMENT_LANGUAGES.flatMap((language) => [
      { scheme: 'file', language },
      { scheme: 'untitled', language },
    ]),
    synchronize: { configurationSection: 'mcpEnvelope', fileEvents: [watcher, manifestWatcher] },
    outputChannel: output,
    diagnosticCollectionName: 'mcp-envelope',
    // Static findings a probe confirmed get " (confirmed by probe)" (client/src/probe).
    middleware: probeDiagnosticsMiddleware,
  };
  return new LanguageClient('mcpEnvelope', 'MCP Envelope', serverOptions, clientOptions);
}
