/** A document the engine cannot analyse gets one diagnostic saying why; the server keeps serving every other one. */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { LspTestClient } from './lspTestClient';

const HEADER = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nconst server = new McpServer({ name: 'orders', version: '1.0.0' });\n`;
const THROWING = `${HEADER}server.registerTool('get_order', {}, async ({ id }: { id: string }) => {\n  if (!id) throw new Error('id must be a non-empty string');\n  return { content: [{ type: 'text', text: 'ok' }] };\n});\n`;
/** Deep enough that TypeScript's own recursive-descent parser overflows the stack. */
const TOO_DEEP = `${HEADER}export const x = ${'('.repeat(5000)}1${')'.repeat(5000)};\n`;

describe('language server: a document that cannot be analysed', () => {
  let client: LspTestClient;
  let workspace: string;

  before(async () => {
    workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-envelope-lsp-deep-'));
    client = new LspTestClient();
    await client.initialize(workspace);
  });

  after(async () => {
    await client.dispose();
    fs.rmSync(workspace, { recursive: true, force: true });
  });

  it('gets exactly one analysis-error diagnostic at the start of the file, saying why', async () => {
    const uri = `file://${workspace}/deep.ts`;
    await client.open(uri, TOO_DEEP);
    const diagnostics = await client.waitForDiagnostics(uri);
    assert.equal(diagnostics.length, 1, JSON.stringify(diagnostics));
    const [diagnostic] = diagnostics;
    assert.equal(diagnostic.code, 'analysis-error');
    assert.equal(diagnostic.source, 'mcp-envelope');
    assert.deepEqual(diagnostic.range.start, { line: 0, character: 0 });
    assert.match(String(diagnostic.message), /^MCP Envelope could not analyse this file: nesting too deep/);
  });

  it('keeps serving other documents, and the same document once it can be analysed again', async () => {
    const good = `file://${workspace}/good.ts`;
    await client.open(good, THROWING);
    const findings = await client.waitForDiagnostics(good, (d) => d.some((x) => x.code === 'throw-in-handler'));
    assert.ok(findings.every((d) => d.code !== 'analysis-error'));
    const deep = `file://${workspace}/deep.ts`;
    await client.replace(deep, 2, THROWING);
    const repaired = await client.waitForDiagnostics(deep, () => true, 2);
    assert.ok(repaired.some((d) => d.code === 'throw-in-handler'));
    assert.ok(repaired.every((d) => d.code !== 'analysis-error'));
    assert.equal(client.exited, false);
  });

  it('answers code action requests on the document it could not analyse', async () => {
    const uri = `file://${workspace}/deep2.ts`;
    await client.open(uri, TOO_DEEP);
    const [diagnostic] = await client.waitForDiagnostics(uri);
    const actions = await client.codeActions(uri, diagnostic.range, [diagnostic]);
    assert.deepEqual(actions, []);
  });
});
