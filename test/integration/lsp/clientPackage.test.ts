/**
 * The language server and MCP client packages: an agent app's own tools get no diagnostics, whichever file
 * is opened first; an edit that makes the package a server (a server import) brings them in other open
 * documents, and undoing it takes them away again.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { CLIENT_APP_FIXTURES } from '../../unit/engine/discovery/clientAppFixtures';
import { LspTestClient } from './lspTestClient';

const created: string[] = [];
const SERVER_IMPORT = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nexport const server = new McpServer({ name: 'notes', version: '1.0.0' });\n`;

async function startIndexed(dir: string): Promise<LspTestClient> {
  const client = new LspTestClient();
  await client.initialize(dir);
  await client.waitForLog((line) => line.startsWith('Indexed '));
  return client;
}

describe('language server: MCP client packages (dist/server.js)', () => {
  after(() => {
    for (const dir of created) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('an agent app is silent; a server import added in one file brings diagnostics to another, removing it clears them', async () => {
    const files = CLIENT_APP_FIXTURES[0].files;
    const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-envelope-lsp-client-')));
    created.push(dir);
    for (const [name, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), text);
    }
    const client = await startIndexed(dir);
    try {
      const tools = `file://${dir}/src/tools/searchNotes.ts`;
      const remote = `file://${dir}/src/mcp/remoteTools.ts`;
      await client.open(tools, files['src/tools/searchNotes.ts']);
      assert.deepEqual(await client.waitForDiagnostics(tools), []);
      await client.open(remote, files['src/mcp/remoteTools.ts']);
      assert.deepEqual(await client.waitForDiagnostics(remote), []);

      await client.replace(remote, 2, SERVER_IMPORT + files['src/mcp/remoteTools.ts']);
      const found = await client.waitForDiagnostics(tools, (diagnostics) => diagnostics.length > 0);
      assert.ok(found.some((diagnostic) => diagnostic.code === 'throw-in-handler'));

      const before = client.published(tools).length;
      await client.replace(remote, 3, files['src/mcp/remoteTools.ts']);
      assert.deepEqual(await client.nextDiagnostics(tools, before), [], 'the tool file was checked again, silent');
    } finally {
      await client.dispose();
    }
  });
});
