/**
 * Fixed code type-checks against the MCP SDK's types: a server whose catch-alls the fixes rewrite (literal categories
 * from callee throw sites, toolError (of a caught error and of a failed fetch Response), one shared classification, a command's output kept, a dropped pass-through)
 * compiles before and after fix-all, with the helper file the fixes create, under strict settings.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import ts from 'typescript';
import { fixFile, writeProject } from './fixProject';

/** Under the repository, so module resolution finds the SDK in its node_modules. */
const ROOT = path.join(__dirname, '..', '..', '..', '..', '..');

const OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  lib: ['lib.es2022.d.ts'],
  types: ['node'],
  strict: true,
  noImplicitReturns: true,
  noEmit: true,
  skipLibCheck: true,
};

const FILES: Record<string, string> = {
  'src/workspace.ts': [
    `import { readFile } from 'node:fs/promises';`,
    `export function ensureInside(target: string): string {`,
    `  if (!target.startsWith('/srv/notes/')) throw new Error('Access denied - the note lies outside the notes folder');`,
    `  return target;`,
    `}`,
    `export async function loadNote(target: string): Promise<string> {`,
    `  return await readFile(ensureInside(target), 'utf8');`,
    `}`,
    `export async function runScript(name: string): Promise<string> {`,
    `  return await readFile(name, 'utf8');`,
    `}`,
  ].join('\n'),
  'src/server.ts': [
    `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';`,
    `import { McpError, ErrorCode } from '@modelcontextprotocol/sdk/types.js';`,
    `import { ensureInside, loadNote, runScript } from './workspace.js';`,
    `const server = new McpServer({ name: 'notes', version: '1.0.0' });`,
    `const NOTE = '/srv/notes/today.md';`,
    `server.registerTool('check_note', {}, async () => {`,
    `  try {`,
    `    return { content: [{ type: 'text', text: ensureInside(NOTE) }] };`,
    `  } catch (error) {`,
    `    throw error;`,
    `  }`,
    `});`,
    `server.registerTool('read_note', {}, async () => {`,
    `  try {`,
    `    return { content: [{ type: 'text', text: await loadNote(NOTE) }] };`,
    `  } catch (error) {`,
    `    if (error instanceof McpError) throw error;`,
    `    throw new McpError(ErrorCode.InternalError, String(error));`,
    `  }`,
    `});`,
    `server.registerTool('note_status', {}, async () => {`,
    `  try {`,
    `    return { content: [{ type: 'text', text: await loadNote(NOTE) }] };`,
    `  } catch (error) {`,
    `    return { isError: true, content: [{ type: 'text', text: 'The note could not be read' }] };`,
    `  }`,
    `});`,
    `server.registerTool('run_script', {}, async () => {`,
    `  try {`,
    `    return { content: [{ type: 'text', text: await runScript('build') }] };`,
    `  } catch (error) {`,
    `    const failed = error as { code?: number; stdout?: string; stderr?: string };`,
    `    return { content: [{ type: 'text', text: \`exit code \${failed.code}: \${failed.stdout} \${failed.stderr}\` }] };`,
    `  }`,
    `});`,
    `server.registerTool('search_index', {}, async () => {`,
    `  const res = await fetch('https://search.example.net/indexes/notes/docs?search=today');`,
    `  if (!res.ok) {`,
    `    throw new Error(\`Index search failed: \${res.status} \${res.statusText}\`);`,
    `  }`,
    `  return { content: [{ type: 'text', text: await res.text() }] };`,
    `});`,
    `declare const notesApi: { create(): Promise<{ success: true; id: string } | { success: false; error: Error }> };`,
    `server.registerTool('create_note', {}, async () => {`,
    `  const created = await notesApi.create();`,
    `  if (!created.success) {`,
    `    return { isError: true, content: [{ type: 'text', text: \`Could not create the note: \${created.error.message}\` }] };`,
    `  }`,
    `  return { content: [{ type: 'text', text: created.id }] };`,
    `});`,
    `server.registerTool('copy_note', {}, async () => {`,
    `  const copied = await notesApi.create();`,
    `  if (!copied.success) throw new Error(\`Could not copy the note: \${copied.error.message}\`);`,
    `  return { content: [{ type: 'text', text: copied.id }] };`,
    `});`,
    `server.registerTool('list_notes', {}, async () => {`,
    `  const text = await loadNote(NOTE);`,
    `  return { content: [{ type: 'text', text }] };`,
    `});`,
  ].join('\n'),
};

function diagnostics(dir: string): string[] {
  const roots = ['src/server.ts', 'src/workspace.ts', 'src/toolErrors.ts']
    .map((file) => path.join(dir, file))
    .filter((file) => fs.existsSync(file));
  const program = ts.createProgram(roots, OPTIONS);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const where = diagnostic.file
      ? `${path.relative(dir, diagnostic.file.fileName)}:${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1}`
      : 'global';
    return `${where}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
  });
}

let dir: string;

before(() => {
  fs.mkdirSync(path.join(ROOT, 'out'), { recursive: true });
  dir = fs.mkdtempSync(path.join(ROOT, 'out', 'fixed-typecheck-'));
  writeProject(dir, FILES);
});
after(() => fs.rmSync(dir, { recursive: true, force: true }));

void describe('fixed code type-checks against the SDK', () => {
  void it('the server compiles before the fixes', () => {
    assert.deepEqual(diagnostics(dir), []);
  });

  void it('and after fix-all, with the helper file it creates', () => {
    const fixed = fixFile(dir, 'src/server.ts');
    fs.writeFileSync(path.join(dir, 'src/server.ts'), fixed.text);
    for (const file of fixed.createFiles) fs.writeFileSync(file.path, file.text);
    // Every rewrite this test is about happened (else it would check the input twice).
    assert.match(fixed.text, /errorCategory: 'PERMISSION'/);
    assert.match(fixed.text, /return toolError\(error, 'read_note'\);/);
    // The deliberate pass-through of a protocol error stays, once; only the wrapping rethrow became a result.
    assert.equal(fixed.text.match(/if \(error instanceof McpError\) throw error;/g)?.length, 1);
    assert.match(fixed.text, /const classified = classifyError\(error\);/);
    assert.match(
      fixed.text,
      /isError: true, errorCategory: classified\.errorCategory, isRetryable: classified\.isRetryable/,
    );
    assert.match(fixed.text, /return toolError\(error, 'list_notes'\);/);
    // A result-style failure (\`if (!r.success)\`): the error the call returned decides, classified once.
    assert.match(fixed.text, /const classified\d* = classifyError\(created\.error\);/);
    assert.doesNotMatch(fixed.text, /classifyError\(created\.error\)\.isRetryable/);
    assert.match(fixed.text, /return toolError\(copied\.error, 'copy_note', `Could not copy the note: /);
    // A throw under \`if (!res.ok)\`: the response's status decides at run time, the author's message kept.
    assert.match(
      fixed.text,
      /return toolError\(res, 'search_index', `Index search failed: \$\{res\.status\} \$\{res\.statusText\}`\);/,
    );
    assert.deepEqual(diagnostics(dir), [], fixed.text);
  });
});
