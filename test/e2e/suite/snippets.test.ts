/**
 * Snippets and the trace language in the real extension host: typing a snippet's prefix offers it
 * among the completions, and accepting the offered item inserts the text its defaults expand to.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { snippetCatalog } from '../../../shared/src/snippetCatalog';
import { expandSnippet } from '../../unit/shared/snippets/snippetExpansion';
import { exampleUri, sleep } from './helpers';

interface Case {
  language: string;
  prefix: string;
  /** Snippet name (the key in the snippet file). */
  name: string;
  /** Text of the line the prefix is typed on, before the prefix (already in the editor's indentation). */
  indent: string;
  /** The editor's indentation: tabs, or this many spaces per level. */
  spaces?: number;
}

/** Every snippet at the start of a line, and a few in other languages and indentations. */
const CASES: Case[] = [
  ...snippetCatalog('typescript').map((snippet) => ({ language: 'typescript', ...snippet, indent: '' })),
  ...snippetCatalog('javascript').map((snippet) => ({ language: 'javascript', ...snippet, indent: '' })),
  { language: 'typescript', prefix: 'mcp-transient', name: 'MCP tool error: Transient', indent: '    ', spaces: 2 },
  { language: 'typescript', prefix: 'mcp-empty', name: 'MCP valid empty result', indent: '\t' },
  { language: 'typescriptreact', prefix: 'mcp-permission', name: 'MCP tool error: Permission', indent: '\t' },
  { language: 'javascriptreact', prefix: 'mcp-not-found', name: 'MCP tool error: Not Found', indent: '\t' },
];

function labelOf(item: vscode.CompletionItem): string {
  return typeof item.label === 'string' ? item.label : item.label.label;
}

/** The snippet body as the extension ships it. */
async function shippedBody(language: string, name: string): Promise<string> {
  const extension = vscode.extensions.all.find((candidate) => candidate.packageJSON?.name === 'mcp-envelope');
  assert.ok(extension, 'the extension is installed');
  const contributions = extension.packageJSON.contributes.snippets as { language: string; path: string }[];
  const contribution = contributions.find((entry) => entry.language === language);
  assert.ok(contribution, `snippets contributed for ${language}`);
  const bytes = await vscode.workspace.fs.readFile(vscode.Uri.joinPath(extension.extensionUri, contribution.path));
  const file = JSON.parse(Buffer.from(bytes).toString('utf8')) as Record<string, { body: string[] }>;
  return file[name].body.join('\n');
}

/**
 * The completion item for a snippet prefix at the end of `editor`'s line 1, or undefined when it is not offered
 * within `waitMs` (a loaded machine loads a language's snippet file late). When nothing of ours is offered for a
 * while, the last character of the prefix is typed again, as a user would.
 */
async function offeredSnippet(
  editor: vscode.TextEditor,
  prefix: string,
  waitMs: number,
  offered: string[],
): Promise<vscode.CompletionItem | undefined> {
  const deadline = Date.now() + waitMs;
  let retypeAt = Date.now() + 5_000;
  while (Date.now() < deadline) {
    const position = editor.document.lineAt(1).range.end;
    const list = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      editor.document.uri,
      position,
    );
    const item = list.items.find(
      (candidate) => labelOf(candidate) === prefix && candidate.kind === vscode.CompletionItemKind.Snippet,
    );
    if (item) return item;
    offered.splice(0, offered.length, ...list.items.map(labelOf).filter((label) => label.startsWith('mcp')));
    if (Date.now() >= retypeAt) {
      const last = new vscode.Range(position.translate(0, -1), position);
      await editor.edit((edit) => edit.delete(last));
      await editor.edit((edit) => edit.insert(last.start, prefix.slice(-1)));
      retypeAt = Date.now() + 5_000;
    }
    await sleep(500);
  }
  return undefined;
}

/**
 * Opens a new editor holding `content` and waits for the snippet to be offered at the end of its line 1. A
 * completion model that missed the snippet file stays without it, so after 15 s the editor is closed and a fresh
 * one opened, as a user would (three attempts).
 */
async function editorOffering(
  language: string,
  content: string,
  prefix: string,
  options: vscode.TextEditorOptions,
): Promise<{ editor: vscode.TextEditor; item: vscode.CompletionItem }> {
  const offered: string[] = [];
  for (let attempt = 1; attempt <= 3; attempt++) {
    const document = await vscode.workspace.openTextDocument({ language, content });
    const editor = await vscode.window.showTextDocument(document);
    editor.options = options;
    const item = await offeredSnippet(editor, prefix, 15_000, offered);
    if (item) return { editor, item };
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  }
  assert.fail(`${prefix} was not offered in three fresh editors; offered: ${offered.join(', ')}`);
}

describe('snippets in the real editor', () => {
  for (const testCase of CASES) {
    const where = testCase.indent ? ` after ${JSON.stringify(testCase.indent)}` : '';
    it(`${testCase.language}: typing ${testCase.prefix}${where} offers the snippet, accepting it inserts its text`, async () => {
      const before = 'const marker = 1;\n';
      // Snippet files load lazily, per language: ask again until they are in (a user would type on).
      const { editor, item } = await editorOffering(
        testCase.language,
        `${before}${testCase.indent}${testCase.prefix}`,
        testCase.prefix,
        { insertSpaces: testCase.spaces !== undefined, tabSize: testCase.spaces ?? 4 },
      );
      const document = editor.document;
      const end = document.lineAt(1).range.end;
      assert.ok(item.insertText instanceof vscode.SnippetString, 'the item inserts a snippet');

      const range = new vscode.Range(end.line, testCase.indent.length, end.line, end.character);
      assert.ok(await editor.insertSnippet(item.insertText, range), 'the snippet was inserted');

      const body = await shippedBody(testCase.language, testCase.name);
      const unit = testCase.spaces === undefined ? '\t' : ' '.repeat(testCase.spaces);
      const inserted = expandSnippet(body)
        .split('\n')
        .map((line, i) =>
          i === 0 ? line : testCase.indent + line.replace(/^\t+/, (tabs) => unit.repeat(tabs.length)),
        );
      const expected = before + testCase.indent + inserted.join('\n');
      assert.equal(document.getText(), expected);
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    });
  }

  it('picking the lower-case category with Tab and the choice list spells it so in the field and the text', async () => {
    const document = await vscode.workspace.openTextDocument({ language: 'typescript', content: '' });
    const editor = await vscode.window.showTextDocument(document);
    const body = await shippedBody('typescript', 'MCP tool error: Not Found');
    assert.ok(await editor.insertSnippet(new vscode.SnippetString(body), new vscode.Position(0, 0)));
    // Stops 1-3 are the message fields; stop 4 is the category spelling, a choice list.
    for (let stop = 1; stop < 4; stop++) await vscode.commands.executeCommand('jumpToNextSnippetPlaceholder');
    await sleep(500);
    await vscode.commands.executeCommand('selectNextSuggestion');
    await vscode.commands.executeCommand('acceptSelectedSuggestion');
    await sleep(300);
    const text = document.getText();
    assert.match(text, /errorCategory: 'not_found',/);
    assert.match(text, /text: '\[not_found, not retryable\] No order with id ORD-1234 exists;/);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('a *.mcptrace.jsonl file opens as the mcptrace language', async () => {
    const uri = exampleUri('snippet-e2e.mcptrace.jsonl');
    const line =
      '{"ts":"2026-01-01T00:00:00Z","dir":"host→server","server":"s","msg":{"jsonrpc":"2.0","id":1,"method":"tools/call"}}\n';
    await vscode.workspace.fs.writeFile(uri, Buffer.from(line, 'utf8'));
    const document = await vscode.workspace.openTextDocument(uri);
    assert.equal(document.languageId, 'mcptrace');
    await vscode.workspace.fs.delete(uri);
  });
});
