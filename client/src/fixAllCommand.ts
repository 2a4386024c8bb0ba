/**
 * "MCP Envelope: Fix All MCP Envelope Problems in This File": asks the language server for the file's
 * `source.fixAll.mcpEnvelope` action and applies its edit. The action is fetched for the whole file (not the
 * editor's selection) and applied only if the document has not changed meanwhile, so the command works whether
 * the editor or a panel has focus and never applies an edit computed for an older text.
 */
import * as vscode from 'vscode';
import { FIX_ALL_KIND } from '../../shared/src/protocol';

/** How many times the edit is recomputed when the document changes while it is being computed. */
const ATTEMPTS = 3;

export type FixAllOutcome = 'fixed' | 'nothing-to-fix' | 'no-editor' | 'changed-meanwhile' | 'not-applied';

export async function fixAllInActiveEditor(): Promise<FixAllOutcome> {
  const editor = vscode.window.activeTextEditor;
  if (!editor) {
    void vscode.window.showInformationMessage(
      'MCP Envelope: open a TypeScript or JavaScript file with MCP tool handlers to fix its problems.',
    );
    return 'no-editor';
  }
  const document = editor.document;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const version = document.version;
    const wholeFile = new vscode.Range(new vscode.Position(0, 0), document.lineAt(document.lineCount - 1).range.end);
    const actions = await vscode.commands.executeCommand<(vscode.CodeAction | vscode.Command)[] | undefined>(
      'vscode.executeCodeActionProvider',
      document.uri,
      wholeFile,
      FIX_ALL_KIND,
    );
    const fixAll = (actions ?? [])
      .filter((action): action is vscode.CodeAction => typeof action.command !== 'string')
      .find((action) => action.kind?.value === FIX_ALL_KIND && action.edit !== undefined);
    if (!fixAll?.edit) {
      vscode.window.setStatusBarMessage('MCP Envelope: nothing to fix in this file.', 4000);
      return 'nothing-to-fix';
    }
    if (document.version !== version) continue;
    if (!(await vscode.workspace.applyEdit(fixAll.edit))) {
      void vscode.window.showWarningMessage(
        'MCP Envelope: the fixes could not be applied (the file may be read-only). Nothing was changed.',
      );
      return 'not-applied';
    }
    vscode.window.setStatusBarMessage(`MCP Envelope: ${fixAll.title}.`, 4000);
    return 'fixed';
  }
  void vscode.window.showWarningMessage(
    'MCP Envelope: the file kept changing while its fixes were computed. Run the command again when typing stops.',
  );
  return 'changed-meanwhile';
}
