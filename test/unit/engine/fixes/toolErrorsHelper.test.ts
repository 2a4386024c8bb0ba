/**
 * Where the tool-errors helper goes (reused when a file exporting toolError exists, else src/toolErrors.ts beside
 * package.json) and how a fix imports it (the file's import style, an existing import extended, an alias when the
 * file binds the name itself).
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import ts from 'typescript';
import { TOOL_ERRORS_HELPER_SOURCE } from '../../../../shared/src/classifier';
import { applyEdits } from '../../../../engine/src/fixes/fixApplier';
import { helperLocation, topLevelNames, useHelper } from '../../../../engine/src/fixes/toolErrorsHelper';

let root: string;

/** Writes `files` (relative path → text) under a fresh folder of `root` and returns that folder. */
function project(name: string, files: Record<string, string>): string {
  const dir = path.join(root, name);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

function parse(fileName: string, text: string): ts.SourceFile {
  return ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
}

/** The text after applying the edits `useHelper` asks for, and the local name to call. */
function importing(fileName: string, text: string, name: string): { text: string; local: string; creates?: string } {
  const use = useHelper(parse(fileName, text), name);
  return { text: applyEdits(text, use.edits), local: use.local, creates: use.createFile?.path };
}

before(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-envelope-helper-'));
});
after(() => fs.rmSync(root, { recursive: true, force: true }));

void describe('helperLocation', () => {
  void it('a project with src/ and no helper: src/toolErrors.ts beside package.json, to be created', () => {
    const dir = project('fresh', { 'package.json': '{}', 'src/tools/orders.ts': '' });
    assert.deepEqual(helperLocation(path.join(dir, 'src/tools/orders.ts')), {
      path: path.join(dir, 'src', 'toolErrors.ts'),
      exists: false,
    });
  });

  void it('a project without src/: toolErrors.ts at the root', () => {
    const dir = project('flat', { 'package.json': '{}', 'server.ts': '' });
    assert.deepEqual(helperLocation(path.join(dir, 'server.ts')), {
      path: path.join(dir, 'toolErrors.ts'),
      exists: false,
    });
  });

  void it('an existing src/utils/toolErrors.ts exporting toolError is reused', () => {
    const dir = project('reuse', {
      'package.json': '{}',
      'src/utils/toolErrors.ts': 'export function toolError(error: unknown, op: string) { return { op, error }; }\n',
      'src/index.ts': '',
    });
    assert.deepEqual(helperLocation(path.join(dir, 'src/index.ts')), {
      path: path.join(dir, 'src', 'utils', 'toolErrors.ts'),
      exists: true,
    });
  });

  void it('a toolErrors.ts that does not export toolError is not taken for the helper', () => {
    const dir = project('unrelated', {
      'package.json': '{}',
      'src/toolErrors.ts': 'export const messages = { timeout: "timed out" };\n',
      'src/index.ts': '',
    });
    assert.deepEqual(helperLocation(path.join(dir, 'src/index.ts')), {
      path: path.join(dir, 'src', 'toolErrors.ts'),
      exists: false,
    });
  });

  void it('no package.json above: beside the file', () => {
    const dir = project('loose', { 'scratch/tool.ts': '' });
    const location = helperLocation(path.join(dir, 'scratch/tool.ts'));
    // A package.json higher up (the temp folder's parents) would change the answer; the temp folder has none.
    assert.equal(location.exists, false);
    assert.equal(path.basename(location.path), 'toolErrors.ts');
  });
});

void describe('useHelper', () => {
  const header = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nimport { store } from './store.js';\n`;

  void it('adds the import after the last import, with .js like the file, and asks to create the helper', () => {
    const dir = project('imports-js', { 'package.json': '{}', 'src/server.ts': header });
    const result = importing(path.join(dir, 'src/server.ts'), `${header}const x = 1;\n`, 'toolError');
    assert.equal(result.text, `${header.trimEnd()}\nimport { toolError } from './toolErrors.js';\nconst x = 1;\n`);
    assert.equal(result.local, 'toolError');
    assert.equal(result.creates, path.join(dir, 'src', 'toolErrors.ts'));
  });

  void it('bare relative specifiers and double quotes when the file writes them so', () => {
    const dir = project('imports-bare', { 'package.json': '{}', 'src/tools/a.ts': '' });
    const text = `import { z } from "zod";\nimport { db } from "../db";\n\nexport const a = 1;\n`;
    const result = importing(path.join(dir, 'src/tools/a.ts'), text, 'classifyError');
    assert.match(
      result.text,
      /^import \{ db \} from "\.\.\/db";\nimport \{ classifyError \} from "\.\.\/toolErrors";$/m,
    );
  });

  void it('extends an existing import of the helper instead of adding a second one', () => {
    const dir = project('extend', {
      'package.json': '{}',
      'src/a.ts': '',
      'src/toolErrors.ts': TOOL_ERRORS_HELPER_SOURCE,
    });
    const text = `import { toolError } from './toolErrors.js';\nexport const a = 1;\n`;
    const result = importing(path.join(dir, 'src/a.ts'), text, 'classifyError');
    assert.equal(result.text, `import { toolError, classifyError } from './toolErrors.js';\nexport const a = 1;\n`);
    assert.equal(result.creates, undefined, 'the helper exists: nothing to create');
  });

  void it('an already imported name (aliased too) needs no edit and is called by its local name', () => {
    const dir = project('aliased', { 'package.json': '{}', 'src/a.ts': '' });
    const text = `import { toolError as toToolError } from './toolErrors.js';\n`;
    const result = importing(path.join(dir, 'src/a.ts'), text, 'toolError');
    assert.equal(result.text, text);
    assert.equal(result.local, 'toToolError');
  });

  void it('a file that binds toolError itself imports the helper under another name', () => {
    const dir = project('clash', { 'package.json': '{}', 'src/a.ts': '' });
    const text = `import { toolError } from './errors/handler.js';\nconst toolErrorFromHelper = 1;\n`;
    const result = importing(path.join(dir, 'src/a.ts'), text, 'toolError');
    assert.equal(result.local, 'toolErrorFromHelper2');
    assert.match(result.text, /^import \{ toolError as toolErrorFromHelper2 \} from '\.\/toolErrors\.js';$/m);
  });

  void it('a file without imports gets the import first, after a blank line', () => {
    const dir = project('no-imports', { 'package.json': '{}', 'src/a.ts': '' });
    const result = importing(path.join(dir, 'src/a.ts'), `export const a = 1;\n`, 'toolError');
    assert.equal(result.text, `import { toolError } from './toolErrors.js';\n\nexport const a = 1;\n`);
  });
});

void it('topLevelNames: imports, declarations and destructured variables, not nested ones', () => {
  const source = parse(
    'a.ts',
    [
      `import def, { a as b } from 'm';`,
      `import * as ns from 'n';`,
      `function f() { const inner = 1; return inner; }`,
      `class C {}`,
      `enum E { X }`,
      `const { p, q: [r] } = obj;`,
    ].join('\n'),
  );
  assert.deepEqual([...topLevelNames(source)].sort(), ['C', 'E', 'b', 'def', 'f', 'ns', 'p', 'r']);
});
