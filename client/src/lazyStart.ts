/**
 * Starts the language server only when the workspace has MCP code: a package.json (outside node_modules) that
 * depends on an MCP server package, or an opened TypeScript/JavaScript file that imports one. Until then the
 * extension holds only its commands and listeners, so a workspace without MCP code pays for no server process.
 */
import * as vscode from 'vscode';
import { packageJsonUsesMcp, sourceImportsMcp } from './mcpDetection';

const SOURCE_LANGUAGES = new Set(['typescript', 'typescriptreact', 'javascript', 'javascriptreact']);
/** How many package.json files the workspace scan reads at most (monorepos list many). */
const PACKAGE_JSON_LIMIT = 50;

function documentHasMcpCode(document: vscode.TextDocument): boolean {
  if (document.uri.scheme !== 'file' && document.uri.scheme !== 'untitled') return false;
  if (SOURCE_LANGUAGES.has(document.languageId)) return sourceImportsMcp(document.getText());
  return document.uri.path.endsWith('/package.json') && packageJsonUsesMcp(document.getText());
}

async function workspaceHasMcpPackage(): Promise<boolean> {
  if (!vscode.workspace.workspaceFolders?.length) return false;
  const files = await vscode.workspace.findFiles('**/package.json', '**/node_modules/**', PACKAGE_JSON_LIMIT);
  for (const uri of files) {
    try {
      const bytes = await vscode.workspace.fs.readFile(uri);
      if (packageJsonUsesMcp(new TextDecoder().decode(bytes))) return true;
    } catch {
      // unreadable: not evidence either way
    }
  }
  return false;
}

/**
 * Calls `start` once, as soon as MCP code is seen (at once when it already is). Returns a function that starts
 * regardless (for commands that need the server, like Restart Language Server).
 */
export function startWhenMcpCodeAppears(
  context: vscode.ExtensionContext,
  start: (reason: string) => Promise<void>,
): (reason: string) => Promise<void> {
  let started: Promise<void> | undefined;
  const listeners: vscode.Disposable[] = [];
  const startOnce = (reason: string): Promise<void> => {
    if (!started) {
      for (const listener of listeners.splice(0)) listener.dispose();
      started = start(reason);
    }
    return started;
  };
  const scanWorkspace = (reason: string) => {
    void workspaceHasMcpPackage().then((found) => {
      if (found) void startOnce(reason);
    });
  };
  const consider = (document: vscode.TextDocument) => {
    if (!started && documentHasMcpCode(document))
      void startOnce(`${vscode.workspace.asRelativePath(document.uri)} has MCP code`);
  };
  listeners.push(
    vscode.workspace.onDidOpenTextDocument(consider),
    vscode.workspace.onDidSaveTextDocument(consider),
    vscode.workspace.onDidChangeWorkspaceFolders(() =>
      scanWorkspace('a new workspace folder depends on an MCP package'),
    ),
  );
  context.subscriptions.push({ dispose: () => listeners.splice(0).forEach((listener) => listener.dispose()) });

  for (const document of vscode.workspace.textDocuments) consider(document);
  if (!started) {
    scanWorkspace('a package.json depends on an MCP package');
  }
  return startOnce;
}
