/**
 * The MCP Envelope language server: wires documents, settings, diagnostics and code actions.
 * Start with `--stdio` or `--node-ipc`.
 */
import {
  CodeActionKind,
  DidChangeConfigurationNotification,
  FileChangeType,
  MarkupKind,
  ProposedFeatures,
  TextDocumentSyncKind,
  TextDocuments,
  createConnection,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { isIndexable } from '../../engine/src';
import { WorkspaceToolsRequest } from '../../shared/src/protocol';
import { AnalysisService, fileNameOf, uriToPath } from './lsp/analysisService';
import { toolHover } from './lsp/toolHover';
import { FIX_ALL_KIND, fixAllAction, isFixAllData, provideCodeActions } from './lsp/codeActionProvider';
import { diagnosticsFor } from './lsp/diagnosticsProvider';
import { SettingsProvider } from './lsp/settingsProvider';

const connection = createConnection(ProposedFeatures.all);
const documents = new TextDocuments(TextDocument);
const settings = new SettingsProvider(connection);
const analysis = new AnalysisService((message) => connection.console.log(message));
let workspaceFolders: string[] = [];
let dynamicConfigurationRegistration = false;
let codeActionResolve = false;
let workDoneProgress = false;

async function validate(document: TextDocument): Promise<void> {
  try {
    const current = await settings.get(document.uri);
    if (documents.get(document.uri)?.version !== document.version) return;
    if (!current.enable) {
      await connection.sendDiagnostics({ uri: document.uri, version: document.version, diagnostics: [] });
      return;
    }
    const result = analysis.analyse(document, current);
    await connection.sendDiagnostics({
      uri: document.uri,
      version: document.version,
      diagnostics: diagnosticsFor(document, result),
    });
    revalidateFiles(result.changedFiles);
  } catch (error) {
    connection.console.error(
      `Validation of ${document.uri} failed: ${error instanceof Error ? error.stack : String(error)}`,
    );
  }
}

function revalidateFiles(fileNames: readonly string[]): void {
  if (fileNames.length === 0) return;
  const wanted = new Set(fileNames);
  for (const document of documents.all()) {
    const fileName = uriToPath(document.uri);
    if (fileName && wanted.has(fileName)) {
      analysis.forget(document.uri);
      void validate(document);
    }
  }
}

function revalidateAll(): void {
  for (const document of documents.all()) void validate(document);
}

connection.onInitialize((params) => {
  const configuration = params.capabilities.workspace?.configuration === true;
  settings.enablePull(configuration);
  workDoneProgress = params.capabilities.window?.workDoneProgress === true;
  dynamicConfigurationRegistration =
    params.capabilities.workspace?.didChangeConfiguration?.dynamicRegistration === true;
  codeActionResolve =
    params.capabilities.textDocument?.codeAction?.resolveSupport?.properties.includes('edit') === true;
  workspaceFolders = (params.workspaceFolders ?? [])
    .map((folder) => uriToPath(folder.uri))
    .filter((p): p is string => p !== undefined);
  if (workspaceFolders.length === 0 && params.rootUri) {
    const root = uriToPath(params.rootUri);
    if (root) workspaceFolders = [root];
  }
  return {
    capabilities: {
      textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
      codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, FIX_ALL_KIND], resolveProvider: true },
      hoverProvider: true,
      workspace: { workspaceFolders: { supported: true } },
    },
    serverInfo: { name: 'mcp-envelope' },
  };
});

connection.onInitialized(() => {
  if (dynamicConfigurationRegistration) {
    void connection.client
      .register(DidChangeConfigurationNotification.type, { section: 'mcpEnvelope' })
      .catch(() => undefined);
  }
  void indexWorkspace();
});

/**
 * Indexes the workspace folders once the client is ready, with a progress notification where the client shows them
 * (a large monorepo takes a while); a failure is logged and leaves the open documents checked file by file.
 */
async function indexWorkspace(): Promise<void> {
  const progress = workDoneProgress
    ? await connection.window.createWorkDoneProgress().catch(() => undefined)
    : undefined;
  progress?.begin('MCP Envelope', 0, 'Indexing MCP tools…', false);
  try {
    const changed = await analysis.indexFolders(
      workspaceFolders,
      (uri) => settings.get(uri),
      (done, total) => progress?.report(total > 0 ? Math.floor((done / total) * 100) : 100, `${done}/${total} files`),
    );
    connection.console.log(`Indexed ${workspaceFolders.length} workspace folder(s).`);
    revalidateFiles([...changed]);
  } catch (error) {
    connection.console.error(
      `Indexing the workspace failed (open files are still checked): ${error instanceof Error ? error.stack : String(error)}`,
    );
  } finally {
    progress?.done();
  }
}

connection.onDidChangeConfiguration(() => {
  settings.clear();
  analysis.clear();
  revalidateAll();
});

/** A package.json of the workspace (not of an installed dependency). */
function isWorkspaceManifest(fileName: string | undefined): boolean {
  return fileName !== undefined && /(^|[\\/])package\.json$/.test(fileName) && !/[\\/]node_modules[\\/]/.test(fileName);
}

let manifestIndexing: Promise<void> | undefined;
let manifestChangedAgain = false;

/**
 * A package.json decides which files are MCP code: the workspace is indexed again and every open document checked
 * again. Changes that arrive while that runs (an install touching several manifests) are taken in one more pass.
 */
function manifestsChanged(): void {
  if (manifestIndexing) {
    manifestChangedAgain = true;
    return;
  }
  manifestIndexing = (async () => {
    do {
      manifestChangedAgain = false;
      await analysis.manifestsChanged(workspaceFolders, (uri) => settings.get(uri));
    } while (manifestChangedAgain);
  })()
    .catch((error: unknown) =>
      connection.console.error(
        `Indexing after a package.json change failed: ${error instanceof Error ? error.stack : String(error)}`,
      ),
    )
    .finally(() => {
      manifestIndexing = undefined;
      connection.console.log('Package manifests changed: workspace indexed again.');
      revalidateAll();
    });
}

connection.onDidChangeWatchedFiles(async (params) => {
  if (params.changes.some((change) => isWorkspaceManifest(uriToPath(change.uri)))) manifestsChanged();
  for (const change of params.changes) {
    const fileName = uriToPath(change.uri);
    if (!fileName || !isIndexable(fileName) || documents.get(change.uri)) continue;
    if (change.type === FileChangeType.Deleted) revalidateFiles(analysis.forgetFile(change.uri));
    else revalidateFiles([...(await analysis.indexFolders([fileName], (uri) => settings.get(uri)))]);
  }
});

documents.onDidOpen((event) => void validate(event.document));
documents.onDidChangeContent(async (event) => {
  const current = await settings.get(event.document.uri);
  if (current.run === 'onType') await validate(event.document);
});
documents.onDidSave((event) => void validate(event.document));
documents.onDidClose((event) => {
  analysis.forget(event.document.uri);
  settings.forget(event.document.uri);
  void connection.sendDiagnostics({ uri: event.document.uri, diagnostics: [] });
});

connection.onCodeAction(async (params) => {
  const document = documents.get(params.textDocument.uri);
  if (!document) return [];
  const current = await settings.get(document.uri);
  if (!current.enable) return [];
  const result = analysis.analyse(document, current);
  return provideCodeActions(
    params,
    document,
    result,
    () => fixAllAction(document, fileNameOf(document.uri), (text) => analysis.analyseText(document, text, current)),
    codeActionResolve,
  );
});

connection.onCodeActionResolve(async (action) => {
  const data: unknown = action.data;
  if (!isFixAllData(data)) return action;
  const document = documents.get(data.fixAllOf);
  if (!document || document.version !== data.version) return action;
  const current = await settings.get(document.uri);
  const resolved = fixAllAction(document, fileNameOf(document.uri), (text) =>
    analysis.analyseText(document, text, current),
  );
  return resolved ? { ...action, edit: resolved.edit } : action;
});

connection.onRequest(WorkspaceToolsRequest, () => analysis.workspaceTools());

connection.onHover(async (params) => {
  const document = documents.get(params.textDocument.uri);
  if (!document) return null;
  const current = await settings.get(document.uri);
  if (!current.enable) return null;
  analysis.analyse(document, current);
  const found = analysis.toolAt(document, document.offsetAt(params.position));
  return found
    ? {
        contents: { kind: MarkupKind.Markdown, value: toolHover(found.tool) },
        range: { start: document.positionAt(found.start), end: document.positionAt(found.end) },
      }
    : null;
});

documents.listen(connection);
connection.listen();
