/**
 * The JavaScript tool-errors helper: generated from the TypeScript template, it runs under Node in both module
 * styles and classifies every case exactly as the TypeScript helper does; JavaScript files import it as they
 * import their neighbours, and fix-all in a JavaScript file calls it instead of writing a hard-coded UNKNOWN.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import ts from 'typescript';
import { TOOL_ERRORS_HELPER_SOURCE } from '../../../../shared/src/classifier';
import { toolErrorsJavaScript } from '../../../../engine/src/fixes/toolErrorsJs';
import { useHelper } from '../../../../engine/src/fixes/toolErrorsHelper';
import { applyEdits } from '../../../../engine/src/fixes/fixApplier';
import { ALL_CASES } from '../../shared/classifier/allCases';
import { TEXT_CASES } from '../../shared/classifier/casesText';
import { fixFile, writeProject } from './fixProject';

interface Helper {
  classifyError(error: unknown): { errorCategory: string; isRetryable: boolean; retryAfterMs?: number; reason: string };
  toolError(error: unknown, operation: string, message?: string): { content: [{ text: string }] };
}

let root: string;
let fromTypeScript: Helper;
let commonJs: Helper;
let esm: Helper;

before(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-envelope-helper-js-'));
  const transpiled = ts.transpileModule(TOOL_ERRORS_HELPER_SOURCE, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2020 },
  }).outputText;
  fs.writeFileSync(path.join(root, 'fromTs.cjs'), transpiled);
  fs.writeFileSync(path.join(root, 'toolErrors.cjs'), toolErrorsJavaScript('commonjs'));
  fs.writeFileSync(path.join(root, 'toolErrors.mjs'), toolErrorsJavaScript('esm'));
  const load = createRequire(__filename);
  fromTypeScript = load(path.join(root, 'fromTs.cjs')) as Helper;
  commonJs = load(path.join(root, 'toolErrors.cjs')) as Helper;
  esm = (await import(pathToFileURL(path.join(root, 'toolErrors.mjs')).href)) as Helper;
});
after(() => fs.rmSync(root, { recursive: true, force: true }));

void describe('the JavaScript helper', () => {
  void it('is the template without its types: JSDoc types, its module style, no TypeScript syntax', () => {
    const cjs = toolErrorsJavaScript('commonjs');
    const mjs = toolErrorsJavaScript('esm');
    assert.match(cjs, /^module\.exports = \{ classifyError, toolError \};$/m);
    assert.doesNotMatch(cjs, /^export /m);
    assert.match(mjs, /^export function toolError\(error, operation, message\) \{$/m);
    assert.doesNotMatch(mjs, /module\.exports/);
    for (const text of [cjs, mjs]) {
      assert.match(text, /Written by MCP Envelope; this file is yours/);
      assert.match(text, /@typedef \{'TRANSIENT' \| 'VALIDATION'/);
      assert.match(text, /@param \{string\} \[message\]\n \* @returns \{ToolErrorResult\}/);
      assert.doesNotMatch(text, /\binterface \w+ \{|\(error: unknown|\): [A-Z]\w+ \{/);
    }
  });

  void it('classifies every case and wording as the TypeScript helper does, in both module styles', () => {
    const inputs: unknown[] = [...ALL_CASES.map((c) => c.error), ...TEXT_CASES.map((c) => new Error(c.text))];
    assert.ok(inputs.length > 100, String(inputs.length));
    for (const input of inputs) {
      const expected = fromTypeScript.classifyError(input);
      assert.deepEqual(commonJs.classifyError(input), expected, JSON.stringify(expected));
      assert.deepEqual(esm.classifyError(input), expected, JSON.stringify(expected));
    }
    const response = { status: 503, statusText: 'Service Unavailable', headers: { get: () => '3' } };
    assert.equal(
      commonJs.toolError(response, 'search').content[0].text,
      '[TRANSIENT, retryable] search failed: HTTP 503 Service Unavailable',
    );
  });
});

void describe('a JavaScript file uses the JavaScript helper', () => {
  const parse = (fileName: string, text: string): ts.SourceFile =>
    ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);

  void it('CommonJS: require beside the other requires, module.exports helper; an existing require is extended', () => {
    const dir = path.join(root, 'cjs');
    writeProject(dir, { 'package.json': '{}\n', 'server.js': '' });
    const text = `"use strict";\nconst { z } = require("zod");\n\nconst a = 1;\n`;
    const use = useHelper(parse(path.join(dir, 'server.js'), text), 'toolError');
    assert.equal(
      applyEdits(text, use.edits),
      `"use strict";\nconst { z } = require("zod");\nconst { toolError } = require("./toolErrors.js");\n\nconst a = 1;\n`,
    );
    assert.equal(use.createFile?.path, path.join(dir, 'toolErrors.js'));
    assert.match(use.createFile?.text ?? '', /^module\.exports = /m);
    const withRequire = `const { toolError } = require('./toolErrors.js');\n`;
    const second = useHelper(parse(path.join(dir, 'server.js'), withRequire), 'classifyError');
    assert.equal(
      applyEdits(withRequire, second.edits),
      `const { toolError, classifyError } = require('./toolErrors.js');\n`,
    );
  });

  void it('ESM in a "type": "module" package: an import with the .js extension, an export helper', () => {
    const dir = path.join(root, 'esm');
    writeProject(dir, { 'package.json': '{ "type": "module" }\n', 'src/tools.js': '' });
    const text = `import { z } from 'zod';\nexport const a = 1;\n`;
    const use = useHelper(parse(path.join(dir, 'src/tools.js'), text), 'toolError');
    assert.equal(
      applyEdits(text, use.edits),
      `import { z } from 'zod';\nimport { toolError } from './toolErrors.js';\nexport const a = 1;\n`,
    );
    assert.equal(use.createFile?.path, path.join(dir, 'src', 'toolErrors.js'));
    assert.match(use.createFile?.text ?? '', /^export function classifyError/m);
  });

  void it('fix-all in a JavaScript server returns toolError(…) and the fixed server runs with the helper', async () => {
    // Under the repository, so the server's import of the SDK resolves when it runs.
    const repository = path.join(__dirname, '..', '..', '..', '..', '..');
    const dir = fs.mkdtempSync(path.join(repository, 'out', 'fixed-js-'));
    writeProject(dir, {
      'package.json': '{ "type": "module" }\n',
      'server.js': [
        `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';`,
        `export const server = new McpServer({ name: 'web', version: '1.0.0' });`,
        `export let fetchPage = async () => 'ok';`,
        `export function setFetch(f) { fetchPage = f; }`,
        `export async function search() {`,
        `  try {`,
        `    const page = await fetchPage();`,
        `    return { content: [{ type: 'text', text: page }] };`,
        `  } catch (e) {`,
        `    throw new Error('Search request failed: ' + e.message);`,
        `  }`,
        `}`,
        `server.tool('search', 'Searches the web', {}, search);`,
      ].join('\n'),
    });
    const fixed = fixFile(dir, 'server.js');
    assert.match(fixed.text, /return toolError\(e, 'search', 'Search request failed: ' \+ e\.message\);/, fixed.text);
    assert.doesNotMatch(fixed.text, /UNKNOWN/);
    assert.deepEqual(
      fixed.createFiles.map((file) => path.basename(file.path)),
      ['toolErrors.js'],
    );
    fs.writeFileSync(path.join(dir, 'server.js'), fixed.text);
    for (const file of fixed.createFiles) fs.writeFileSync(file.path, file.text);
    const server = (await import(pathToFileURL(path.join(dir, 'server.js')).href)) as {
      setFetch(f: () => Promise<string>): void;
      search(): Promise<{ errorCategory: string; content: [{ text: string }] }>;
    };
    const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.1:443'), { code: 'ECONNREFUSED' });
    server.setFetch(() => Promise.reject(refused));
    const result = await server.search();
    fs.rmSync(dir, { recursive: true, force: true });
    assert.equal(result.errorCategory, 'TRANSIENT');
    assert.match(result.content[0].text, /^\[TRANSIENT, retryable\] Search request failed: connect ECONNREFUSED/);
  });
});
