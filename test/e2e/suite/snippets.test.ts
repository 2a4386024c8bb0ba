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

/** The completion item for a snippet prefix at `position`, waiting up to 90 s for it to be offered (a loaded machine loads snippet files late). */
async function offeredSnippet(
  uri: vscode.Uri,
  position: vscode.Position,
  prefix: string,
): Promise<vscode.CompletionItem> {
  const deadline = Date.now() + 90_000;
  let offered: string[] = [];
  while (Date.now() < deadline) {
    const list = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      uri,
      position,
    );
    const item = list.items.find(
      (candidate) => labelOf(candidate) === prefix && candidate.kind === vscode.CompletionItemKind.Snippet,
    );
    if (item) return item;
    offered = list.items.map(labelOf).filter((label) => label.startsWith('mcp'));
    await sleep(500);
  }
  assert.fail(`${prefix} was not offered; offered: ${offered.join(', ')}`);
}

describe('snippets in the real editor', function () {
  // Longer than offeredSnippet's 90 s wait: on a loaded machine a language's snippet file can load that late.
  this.timeout(120_000);
  for (const testCase of CASES) {
    const where = testCase.indent ? ` after ${JSON.stringify(testCase.indent)}` : '';
    it(`${testCase.language}: typing ${testCase.prefix}${where} offers the snippet, accepting it inserts its text`, async () => {
      const before = 'const marker = 1;\n';
      const document = await vscode.workspace.openTextDocument({
        language: testCase.language,
        content: `${before}${testCase.indent}${testCase.prefix}`,
      });
      const editor = await vscode.window.showTextDocument(document);
      editor.options = { insertSpaces: testCase.spaces !== undefined, tabSize: testCase.spaces ?? 4 };
      const end = document.lineAt(1).range.end;

      // Snippet files load lazily, per language: ask again until they are in (a user would type on).
      const item = await offeredSnippet(document.uri, end, testCase.prefix);
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
