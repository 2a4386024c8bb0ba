import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  CodeActionResolveRequest,
  DidChangeWatchedFilesNotification,
  FileChangeType,
} from 'vscode-languageserver-protocol/node';
import { LspTestClient, applyTextEdits } from './lspTestClient';

const HEADER = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nconst server = new McpServer({ name: 'orders', version: '1.0.0' });\n`;
const THROWING = `${HEADER}server.registerTool('get_order', {}, async ({ id }: { id: string }) => {\n  if (!id) throw new Error('id must be a non-empty string');\n  return { content: [{ type: 'text', text: 'ok' }] };\n});\n`;
const ENVELOPE = `${HEADER}export const failure = { isError: true, errorCategory: 'TRANSIENT', content: [{ type: 'text', text: 'db timed out' }] };\n`;

describe('language server over stdio (dist/server.js)', () => {
  let client: LspTestClient;
  let workspace: string;

  before(async () => {
    workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-envelope-lsp-'));
    client = new LspTestClient();
    await client.initialize(workspace);
  });

  after(async () => {
    await client.dispose();
    fs.rmSync(workspace, { recursive: true, force: true });
  });

  it('publishes diagnostics with source, code, docs link and data', async () => {
    const uri = `file://${workspace}/a.ts`;
    await client.open(uri, THROWING);
    const diagnostics = await client.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'throw-in-handler'));
    const throwDiagnostic = diagnostics.find((d) => d.code === 'throw-in-handler');
    assert.ok(throwDiagnostic);
    assert.equal(throwDiagnostic.source, 'mcp-envelope');
    assert.equal(throwDiagnostic.range.start.line, 3);
    assert.match(throwDiagnostic.codeDescription?.href ?? '', /docs\/checks\/throw-in-handler\.md$/);
    assert.equal((throwDiagnostic.data as { check: string }).check, 'throw-in-handler');
  });

  it('offers the inferred quick fix, a disable comment, and applies cleanly', async () => {
    const uri = `file://${workspace}/a.ts`;
    const diagnostics = await client.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'throw-in-handler'));
    const target = diagnostics.find((d) => d.code === 'throw-in-handler');
    assert.ok(target);
    const actions = await client.codeActions(uri, target.range, [target]);
    const preferred = actions.find((a) => a.isPreferred);
    assert.ok(preferred, `actions: ${actions.map((a) => a.title).join(' | ')}`);
    assert.match(preferred.title, /VALIDATION/);
    const edits = preferred.edit?.changes?.[uri] ?? [];
    const fixed = applyTextEdits(THROWING, edits);
    assert.match(fixed, /return \{\n\s+isError: true,\n\s+errorCategory: 'VALIDATION',\n\s+isRetryable: false,/);
    const disable = actions.find((a) => a.title === 'Disable throw-in-handler for this line');
    assert.ok(disable);
    const disabled = applyTextEdits(THROWING, disable.edit?.changes?.[uri] ?? []);
    await client.replace(uri, 2, disabled);
    const after = await client.waitForDiagnostics(uri, () => true, 2);
    assert.equal(after.filter((d) => d.code === 'throw-in-handler').length, 0, 'suppression comment honoured');
  });

  it('fix-all (source.fixAll.mcpEnvelope) fixes every fixable finding', async () => {
    const uri = `file://${workspace}/b.ts`;
    await client.open(uri, ENVELOPE);
    const diagnostics = await client.waitForDiagnostics(uri, (d) => d.length > 0);
    const actions = await client.codeActions(
      uri,
      { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      diagnostics,
      ['source.fixAll.mcpEnvelope'],
    );
    assert.equal(actions.length, 1);
    assert.equal(actions[0].kind, 'source.fixAll.mcpEnvelope');
    const fixed = applyTextEdits(ENVELOPE, actions[0].edit?.changes?.[uri] ?? []);
    assert.match(fixed, /isRetryable: true/);
    await client.replace(uri, 2, fixed);
    const remaining = await client.waitForDiagnostics(uri, () => true, 2);
    assert.deepEqual(
      remaining.filter((d) => (d.data as { fixable?: boolean }).fixable).map((d) => d.code),
      [],
    );
  });

  it('offers "fix all" among the quick fixes and computes its edit only when resolved', async () => {
    const uri = `file://${workspace}/d.ts`;
    const twoFindings = `${HEADER}export const a = { isError: true, errorCategory: 'TRANSIENT', content: [{ type: 'text', text: 'db timed out' }] };\nexport const b = { isError: true, errorCategory: 'NOT_FOUND', content: [{ type: 'text', text: 'order not found' }] };\n`;
    await client.open(uri, twoFindings);
    const diagnostics = await client.waitForDiagnostics(
      uri,
      (d) => d.filter((x) => x.code === 'missing-is-retryable').length === 2,
    );
    const target = diagnostics.find((d) => d.code === 'missing-is-retryable');
    assert.ok(target);
    const actions = await client.codeActions(uri, target.range, [target]);
    const fixAll = actions.find((a) => a.title === 'Fix all mcp-envelope problems in this file');
    assert.ok(fixAll, actions.map((a) => a.title).join(' | '));
    assert.equal(fixAll.edit, undefined, 'the edit waits for codeAction/resolve');
    const resolved = await client.connection.sendRequest(CodeActionResolveRequest.type, fixAll);
    const fixed = applyTextEdits(twoFindings, resolved.edit?.changes?.[uri] ?? []);
    assert.match(fixed, /errorCategory: 'TRANSIENT'[^\n]*isRetryable: true/);
    assert.match(fixed, /errorCategory: 'NOT_FOUND'[^\n]*isRetryable: false/);
  });

  it('re-validates open files when a setting changes', async () => {
    const uri = `file://${workspace}/c.ts`;
    await client.open(uri, ENVELOPE);
    await client.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'missing-is-retryable'));
    await client.changeSettings({ checks: { 'missing-is-retryable': 'off' } });
    await client.waitForDiagnostics(uri, (d) => !d.some((x) => x.code === 'missing-is-retryable'));
    await client.changeSettings({ checks: { 'missing-is-retryable': 'error' } });
    const diagnostics = await client.waitForDiagnostics(uri, (d) =>
      d.some((x) => x.code === 'missing-is-retryable' && x.severity === 1),
    );
    assert.equal(diagnostics.filter((d) => d.code === 'missing-is-retryable').length, 1);
    await client.changeSettings({});
  });

  it('stays silent in files that are not MCP code', async () => {
    const uri = `file://${workspace}/plain.ts`;
    await client.open(uri, `function f() { throw new Error('x'); }\nexport const x = { isErrorish: true };\n`);
    const diagnostics = await client.waitForDiagnostics(uri);
    assert.deepEqual(diagnostics, []);
  });

  it('survives bad input: syntax errors, binary content, huge files', async () => {
    const broken = `file://${workspace}/broken.ts`;
    await client.open(
      broken,
      `${THROWING}\nserver.registerTool('x', {}, async () => { return { isError: true, content: [ ;\n`,
    );
    const brokenDiagnostics = await client.waitForDiagnostics(broken);
    assert.ok(
      brokenDiagnostics.some((d) => d.code === 'throw-in-handler'),
      'parsable parts still checked',
    );

    const binary = `file://${workspace}/binary.ts`;
    await client.open(binary, '\u0000\u0001\u0002isError\u0000'.repeat(100));
    assert.deepEqual(await client.waitForDiagnostics(binary), []);

    const huge = `file://${workspace}/huge.ts`;
    const body = Array.from(
      { length: 5000 },
      (_, i) => `server.registerTool('t${i}', {}, async () => ({ content: [] }));\nconst v${i} = ${i};\n`,
    );
    await client.open(huge, HEADER + body.join('') + ENVELOPE.slice(HEADER.length).repeat(2));
    const hugeDiagnostics = await client.waitForDiagnostics(huge, (d) => d.length > 0, undefined, 30000);
    assert.ok(hugeDiagnostics.length >= 2);
    assert.equal(client.exited, false);
  });

  it('keeps working when an open file is deleted from disk', async () => {
    const fileName = path.join(workspace, 'deleted.ts');
    fs.writeFileSync(fileName, THROWING);
    const uri = `file://${fileName}`;
    await client.open(uri, THROWING);
    await client.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'throw-in-handler'));
    fs.rmSync(fileName);
    await client.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
      changes: [{ uri, type: FileChangeType.Deleted }],
    });
    await client.replace(uri, 2, THROWING.replace('get_order', 'get_order_v2'));
    const diagnostics = await client.waitForDiagnostics(uri, () => true, 2);
    assert.ok(diagnostics.some((d) => d.code === 'throw-in-handler'));
    assert.equal(client.exited, false);
  });

  it('checks a handler imported from another workspace file', async () => {
    fs.writeFileSync(
      path.join(workspace, 'register.ts'),
      `${HEADER}import { getOrder } from './handlers';\nserver.registerTool('get_order', {}, getOrder);\n`,
    );
    const handlerText = `export async function getOrder() {\n  throw new Error('order db unreachable');\n}\n`;
    fs.writeFileSync(path.join(workspace, 'handlers.ts'), handlerText);
    const second = new LspTestClient();
    try {
      await second.initialize(workspace);
      const uri = `file://${workspace}/handlers.ts`;
      await second.open(uri, handlerText);
      const diagnostics = await second.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'throw-in-handler'));
      assert.equal(diagnostics.find((d) => d.code === 'throw-in-handler')?.range.start.line, 1);
    } finally {
      await second.dispose();
    }
  });
});
