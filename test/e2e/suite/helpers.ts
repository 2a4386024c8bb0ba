/** Shared helpers for the e2e suite: the example files, waiting for the language server, markers. */
import * as vscode from 'vscode';

export const SOURCE = 'mcp-envelope';
export const WAIT_MS = 30_000;

/** The workspace is a fresh copy of examples/; files are addressed relative to it. */
export function exampleUri(relativePath: string): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) throw new Error('the e2e tests need a workspace folder (a copy of examples/)');
  return vscode.Uri.joinPath(folder.uri, ...relativePath.split('/'));
}

export const MISTAKEN = 'orders-server/src/mistaken.ts';
export const CORRECTED = 'orders-server/src/corrected.ts';

export async function openExample(relativePath: string): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument(exampleUri(relativePath));
  return vscode.window.showTextDocument(document, { preview: false });
}

/** The check id of a diagnostic (`code` may be a plain value or `{ value, target }`). */
export function checkIdOf(diagnostic: vscode.Diagnostic): string {
  const code = diagnostic.code;
  if (code === undefined) return '';
  return typeof code === 'object' ? String(code.value) : String(code);
}

export function envelopeDiagnostics(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((diagnostic) => diagnostic.source === SOURCE);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Polls the diagnostics of `uri` until `accept` returns true (and the answer has stayed the same for
 * a short settle time, so that a half-finished publish is not taken for the result).
 */
export async function waitForDiagnostics(
  uri: vscode.Uri,
  accept: (diagnostics: vscode.Diagnostic[]) => boolean,
  what: string,
  timeoutMs = WAIT_MS,
): Promise<vscode.Diagnostic[]> {
  const deadline = Date.now() + timeoutMs;
  let last: vscode.Diagnostic[] = [];
  while (Date.now() < deadline) {
    last = envelopeDiagnostics(uri);
    if (accept(last)) {
      await sleep(300);
      const again = envelopeDiagnostics(uri);
      if (accept(again)) return again;
    }
    await sleep(200);
  }
  const seen = last.map((d) => `${checkIdOf(d)}@${d.range.start.line + 1}`).join(', ') || 'none';
  throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}; mcp-envelope diagnostics seen: ${seen}`);
}

export function countById(diagnostics: readonly vscode.Diagnostic[], id: string): number {
  return diagnostics.filter((diagnostic) => checkIdOf(diagnostic) === id).length;
}

export interface MistakeMarker {
  check: string;
  /** 0-based line of the `// mistake: <check-id>` comment. */
  line: number;
}

/** The `// mistake: <check-id>` comments of an example file. */
export function mistakeMarkers(document: vscode.TextDocument): MistakeMarker[] {
  const markers: MistakeMarker[] = [];
  for (let line = 0; line < document.lineCount; line++) {
    const match = /\/\/\s*mistake:\s*([a-z][a-z-]*[a-z])/.exec(document.lineAt(line).text);
    if (match) markers.push({ check: match[1], line });
  }
  return markers;
}

/** Replaces the whole text of a document (used to undo a test's edits without saving). */
export async function replaceText(document: vscode.TextDocument, text: string): Promise<void> {
  if (document.getText() === text) return;
  const edit = new vscode.WorkspaceEdit();
  const end = document.lineAt(document.lineCount - 1).range.end;
  edit.replace(document.uri, new vscode.Range(new vscode.Position(0, 0), end), text);
  const applied = await vscode.workspace.applyEdit(edit);
  if (!applied) throw new Error(`could not restore ${document.uri.fsPath}`);
}

/** Code actions VS Code collects from every provider for `range`, optionally of one kind. */
export async function codeActionsAt(uri: vscode.Uri, range: vscode.Range, kind?: string): Promise<vscode.CodeAction[]> {
  const actions = await vscode.commands.executeCommand<(vscode.CodeAction | vscode.Command)[] | undefined>(
    'vscode.executeCodeActionProvider',
    uri,
    range,
    kind,
  );
  return (actions ?? []).filter((action): action is vscode.CodeAction => typeof action.command !== 'string');
}
