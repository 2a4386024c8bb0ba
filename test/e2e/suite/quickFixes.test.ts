/** Quick fixes and "fix all", asked for and applied the way VS Code's own UI does it. */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import {
  MISTAKEN,
  checkIdOf,
  codeActionsAt,
  countById,
  envelopeDiagnostics,
  openExample,
  replaceText,
  waitForDiagnostics,
} from './helpers';

const CATEGORIES = ['TRANSIENT', 'VALIDATION', 'PERMISSION', 'BUSINESS', 'NOT_FOUND', 'UNKNOWN'];

describe('quick fixes in the real extension host', () => {
  let editor: vscode.TextEditor;
  let original: string;

  before(async () => {
    editor = await openExample(MISTAKEN);
    original = editor.document.getText();
  });

  afterEach(async () => {
    await replaceText(editor.document, original);
    await waitForDiagnostics(
      editor.document.uri,
      (found) => countById(found, 'throw-in-handler') > 0,
      'the original diagnostics',
    );
  });

  it('offers a preferred fix for throw-in-handler that returns an isError envelope', async () => {
    const uri = editor.document.uri;
    const diagnostics = await waitForDiagnostics(
      uri,
      (found) => countById(found, 'throw-in-handler') > 0,
      'throw-in-handler',
    );
    const target = diagnostics.find((d) => checkIdOf(d) === 'throw-in-handler');
    assert.ok(target);
    const thrownText = editor.document.getText(target.range);
    const throwsBefore = countById(diagnostics, 'throw-in-handler');

    const actions = await codeActionsAt(uri, target.range, vscode.CodeActionKind.QuickFix.value);
    const titles = actions.map((action) => action.title);
    const described = actions.map((a) => `${a.title} [preferred=${a.isPreferred}]`);
    // vscode.executeCodeActionProvider does not hand back each action's diagnostics; the range is the
    // throw statement's, where only throw-in-handler reports, so the preferred fix is its fix.
    const fix = actions.find((action) => action.isPreferred);
    assert.ok(fix, `a preferred quick fix among: ${described.join(' | ')}`);
    assert.ok(fix.edit, 'the fix carries an edit');
    assert.ok(
      titles.some((title) => title.includes('Disable throw-in-handler')),
      `a "disable for this line" action among: ${titles.join(' | ')}`,
    );

    assert.equal(await vscode.workspace.applyEdit(fix.edit), true);
    const text = editor.document.getText();
    assert.ok(!text.includes(thrownText), 'the throw statement is gone');
    const around = text
      .split('\n')
      .slice(Math.max(0, target.range.start.line - 2), target.range.start.line + 12)
      .join('\n');
    assert.match(around, /isError: true/);
    assert.match(around, /errorCategory/);
    const category = /errorCategory:\s*['"]([A-Za-z_]+)['"]/.exec(around)?.[1];
    assert.ok(category && CATEGORIES.includes(category.toUpperCase()), `a valid category (got ${category})`);

    await waitForDiagnostics(
      uri,
      (found) => countById(found, 'throw-in-handler') === throwsBefore - 1,
      'one throw-in-handler fewer after the fix',
    );
  });

  it('fixes several problems at once with source.fixAll.mcpEnvelope', async () => {
    const uri = editor.document.uri;
    const before = await waitForDiagnostics(uri, (found) => found.length > 0, 'diagnostics before fix-all');
    const fixable = before.length;
    const wholeFile = new vscode.Range(
      new vscode.Position(0, 0),
      editor.document.lineAt(editor.document.lineCount - 1).range.end,
    );

    const actions = await codeActionsAt(uri, wholeFile, 'source.fixAll.mcpEnvelope');
    const fixAll = actions.find((action) => action.kind?.value === 'source.fixAll.mcpEnvelope');
    assert.ok(
      fixAll?.edit,
      `a source.fixAll.mcpEnvelope action (got: ${actions.map((a) => a.kind?.value).join(', ') || 'none'})`,
    );
    assert.equal(await vscode.workspace.applyEdit(fixAll.edit), true);

    const after = await waitForDiagnostics(uri, (found) => found.length < fixable, 'fewer diagnostics after fix-all');
    assert.ok(after.length < fixable, `${after.length} < ${fixable}`);
    assert.equal(countById(after, 'throw-in-handler'), 0, 'no throw-in-handler left');
  });

  it('runs fix-all from the command mcpEnvelope.fixAll on the active editor', async () => {
    const uri = editor.document.uri;
    editor = await vscode.window.showTextDocument(editor.document);
    const before = (await waitForDiagnostics(uri, (found) => found.length > 0, 'diagnostics before the command'))
      .length;
    assert.equal(
      await vscode.commands.executeCommand('mcpEnvelope.fixAll'),
      'fixed',
      'the command reports it applied fixes',
    );
    const after = await waitForDiagnostics(
      uri,
      (found) => found.length < before,
      'fewer diagnostics after the command',
    );
    assert.ok(after.length < before);
    assert.notEqual(editor.document.getText(), original, 'the command changed the text');
    assert.ok(envelopeDiagnostics(uri).every((d) => checkIdOf(d) !== 'throw-in-handler'));
  });
});
