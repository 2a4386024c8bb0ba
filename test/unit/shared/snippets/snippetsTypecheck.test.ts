/**
 * The proof that snippets write good code: every snippet, expanded with its defaults and placed
 * in a small handler file, type-checks against the installed MCP SDK and zod, and our own engine
 * (every registered check, default settings) reports nothing on it.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import ts from 'typescript';
import { analyseSourceFile, parseSource } from '../../../../engine/src/engine';
import { CHECKS } from '../../../../engine/src/checks';
import { DEFAULT_SETTINGS, engineSettings } from '../../../../engine/src/settings';
import {
  SNIPPET_FILES,
  SNIPPET_LANGUAGES,
  type SnippetDefinition,
  type SnippetFileEntry,
  type SnippetLanguage,
  snippetCatalog,
} from '../../../../shared/src/snippetCatalog';
import { canonicalCategory } from '../../../../shared/src/taxonomy';
import { analyseSnippet, expandSnippet } from './snippetExpansion';
import { readFileSync } from 'node:fs';

const ROOT = join(__dirname, '..', '..', '..', '..', '..');
/** A directory that does not exist: module resolution walks up from it to the repository's node_modules. */
const PROOF_DIR = join(ROOT, 'test', 'unit', 'snippets', '.proof');

/** Places an expansion at a line indented by `indent`, as the editor does with a snippet's later lines. */
function insertAt(indent: string, expansion: string): string {
  return indent + expansion.split('\n').join('\n' + indent);
}

function committedBody(language: SnippetLanguage, name: string): string {
  const file = JSON.parse(readFileSync(join(ROOT, SNIPPET_FILES[language]), 'utf8')) as Record<
    string,
    SnippetFileEntry
  >;
  return file[name].body.join('\n');
}

function committedExpansion(language: SnippetLanguage, name: string): string {
  return expandSnippet(committedBody(language, name));
}

/** The expansion with every category-spelling choice set to lower case, or undefined without one. */
function lowerCaseExpansion(language: SnippetLanguage, name: string): string | undefined {
  const body = committedBody(language, name);
  const picks = new Map<number, number>();
  for (const [index, options] of analyseSnippet(body).choices) {
    if (
      options.length === 2 &&
      canonicalCategory(options[0]) !== undefined &&
      options[1] === options[0].toLowerCase()
    ) {
      picks.set(index, 1);
    }
  }
  return picks.size > 0 ? analyseSnippet(body, picks).expanded : undefined;
}

function header(language: SnippetLanguage, withSearch: boolean): string {
  const imports = [
    "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
    "import { z } from 'zod';",
    '',
    "const server = new McpServer({ name: 'snippet-proof', version: '1.0.0' });",
    '',
  ];
  if (!withSearch) return imports.join('\n');
  const search =
    language === 'typescript'
      ? 'async function searchOrders(query: string): Promise<Array<{ id: string }>> {'
      : '/** @param {string} query @returns {Promise<Array<{ id: string }>>} */\nasync function searchOrders(query) {';
  return [...imports, search, "  return query === 'none' ? [] : [{ id: query }];", '}', ''].join('\n');
}

/** A handler whose failure branch is the snippet (a statement snippet). */
function statementFile(language: SnippetLanguage, expansion: string): string {
  return [
    header(language, false),
    "server.registerTool('lookup_order', { description: 'Looks up an order.', inputSchema: { id: z.string() } }, async ({ id }) => {",
    "  if (id === 'ORD-1') {",
    "    return { content: [{ type: 'text', text: `Order ${id} ships tomorrow.` }] };",
    '  }',
    insertAt('  ', expansion),
    '});',
    '',
  ].join('\n');
}

function topLevelFile(language: SnippetLanguage, snippet: SnippetDefinition, expansion: string): string {
  const classify = committedExpansion(language, 'MCP classifyError helper');
  const usesHelper = snippet.prefix === 'mcp-register-tool';
  const parts = [header(language, true), expansion, ''];
  if (usesHelper) parts.push(classify, '');
  if (snippet.prefix === 'mcp-classify-error') {
    parts.push(
      "server.registerTool('ping', { description: 'Checks the upstream.' }, async () => {",
      '  try {',
      "    await searchOrders('ping');",
      "    return { content: [{ type: 'text', text: 'The upstream answered.' }] };",
      '  } catch (error) {',
      "    return classifyError(error, 'Pinging the upstream');",
      '  }',
      '});',
      '',
    );
  }
  return parts.join('\n');
}

interface ProofFile {
  fileName: string;
  text: string;
  snippet: SnippetDefinition;
  /** The project's category case: the snippet's category spelling choice is set to match. */
  categoryCase: 'upper' | 'lower';
}

function proofFiles(): ProofFile[] {
  const files: ProofFile[] = [];
  for (const language of SNIPPET_LANGUAGES) {
    for (const snippet of snippetCatalog(language)) {
      const extension = language === 'typescript' ? 'mts' : 'mjs';
      const variants: [ProofFile['categoryCase'], string | undefined][] = [
        ['upper', committedExpansion(language, snippet.name)],
        ['lower', lowerCaseExpansion(language, snippet.name)],
      ];
      for (const [categoryCase, expansion] of variants) {
        if (expansion === undefined) continue;
        const text =
          snippet.placement === 'statement'
            ? statementFile(language, expansion)
            : topLevelFile(language, snippet, expansion);
        const variant = categoryCase === 'upper' ? '' : '.lower-case';
        const fileName = join(PROOF_DIR, `${snippet.prefix}${variant}.${extension}`);
        files.push({ fileName, text, snippet, categoryCase });
      }
    }
  }
  return files;
}

function typeCheck(files: readonly ProofFile[]): Map<string, string[]> {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2022.d.ts'],
    types: [],
    strict: true,
    noUnusedLocals: true,
    noImplicitReturns: true,
    allowJs: true,
    checkJs: true,
    noEmit: true,
    skipLibCheck: true,
  };
  const virtual = new Map(files.map((file) => [file.fileName, file.text]));
  const host = ts.createCompilerHost(options, true);
  const realGetSourceFile = host.getSourceFile.bind(host);
  const realFileExists = host.fileExists.bind(host);
  const realReadFile = host.readFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    const text = virtual.get(fileName);
    return text === undefined
      ? realGetSourceFile(fileName, languageVersion, onError, shouldCreate)
      : ts.createSourceFile(fileName, text, languageVersion, true);
  };
  host.fileExists = (fileName) => virtual.has(fileName) || realFileExists(fileName);
  host.readFile = (fileName) => virtual.get(fileName) ?? realReadFile(fileName);
  const program = ts.createProgram([...virtual.keys()], options, host);
  const problems = new Map<string, string[]>(files.map((file) => [file.fileName, []]));
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    const file = diagnostic.file;
    const where = file
      ? `${file.fileName}:${file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1}`
      : 'global';
    const key = file && problems.has(file.fileName) ? file.fileName : files[0].fileName;
    problems.get(key)?.push(`${where}: ${message}`);
  }
  return problems;
}

void describe('snippets expanded in a handler', () => {
  const files = proofFiles();
  const diagnostics = typeCheck(files);

  void it('the proof covers every snippet of every language', () => {
    const perLanguage = snippetCatalog('typescript').length;
    const lowerCase = files.filter((file) => file.categoryCase === 'lower').length;
    assert.equal(files.length - lowerCase, SNIPPET_LANGUAGES.length * perLanguage);
    assert.equal(lowerCase, SNIPPET_LANGUAGES.length * 6, 'each category snippet also in lower case');
    assert.ok(CHECKS.length > 0, 'checks are registered');
  });

  for (const file of files) {
    const label = file.fileName.slice(PROOF_DIR.length + 1);
    void it(`${label} type-checks against @modelcontextprotocol/sdk and zod`, () => {
      assert.deepEqual(diagnostics.get(file.fileName), [], file.text);
    });

    void it(`${label} has no finding from any registered check`, () => {
      const { findings, scan } = analyseSourceFile(
        parseSource(file.fileName, file.text),
        engineSettings({ ...DEFAULT_SETTINGS, categoryCase: file.categoryCase }),
      );
      assert.ok(scan.handlers.length > 0, 'the engine sees a tool handler');
      const described = findings.map((finding) => {
        const line = file.text.slice(0, finding.start).split('\n').length;
        return `${finding.check} (line ${line}): ${finding.message}`;
      });
      assert.deepEqual(described, [], file.text);
    });
  }
});
