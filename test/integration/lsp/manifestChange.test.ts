/**
 * The language server and package.json edits: dependencies decide which files are MCP code, so adding an MCP
 * server package to a package.json brings diagnostics to the open files of that package, and removing it takes
 * them away, without restarting the server.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { FileChangeType } from 'vscode-languageserver-protocol/node';
import { LspTestClient } from './lspTestClient';

const created: string[] = [];

/** A registration helper that imports nothing from MCP: only its package's dependencies say it is MCP code. */
const TOOLS = `export function registerNoteTools(
  server: { registerTool: (...args: unknown[]) => unknown },
  db: { find(id: string): Promise<{ text: string } | undefined> },
) {
  server.registerTool('find_note', { description: 'Find a note by id' }, async (args: { id: string }) => {
    const note = await db.find(args.id);
    if (!note) throw new Error(\`Note \${args.id} does not exist\`);
    return { content: [{ type: 'text', text: note.text }] };
  });
}
`;

function manifest(dependencies: Record<string, string>): string {
  return JSON.stringify({ name: 'note-tools', version: '1.0.0', dependencies }, null, 2);
}

async function startIndexed(dir: string): Promise<LspTestClient> {
  const client = new LspTestClient();
  await client.initialize(dir);
  await client.waitForLog((line) => line.startsWith('Indexed '));
  return client;
}

describe('language server: package.json edits (dist/server.js)', () => {
  after(() => {
    for (const dir of created) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('adding an MCP server dependency brings diagnostics; removing it clears them', async () => {
    const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-envelope-lsp-manifest-')));
    created.push(dir);
    const manifestPath = path.join(dir, 'package.json');
    fs.writeFileSync(manifestPath, manifest({ zod: '^3.23.0' }));
    fs.mkdirSync(path.join(dir, 'src'));
    fs.writeFileSync(path.join(dir, 'src', 'tools.ts'), TOOLS);
    const client = await startIndexed(dir);
    try {
      const tools = `file://${dir}/src/tools.ts`;
      await client.open(tools, TOOLS);
      assert.deepEqual(await client.waitForDiagnostics(tools), [], 'not MCP code while nothing depends on MCP');

      fs.writeFileSync(manifestPath, manifest({ zod: '^3.23.0', '@modelcontextprotocol/sdk': '^1.20.0' }));
      await client.filesChanged([{ uri: `file://${manifestPath}`, type: FileChangeType.Changed }]);
      const found = await client.waitForDiagnostics(tools, (diagnostics) => diagnostics.length > 0);
      assert.ok(found.some((diagnostic) => diagnostic.code === 'throw-in-handler'));

      const before = client.published(tools).length;
      fs.writeFileSync(manifestPath, manifest({ zod: '^3.23.0' }));
      await client.filesChanged([{ uri: `file://${manifestPath}`, type: FileChangeType.Changed }]);
      const cleared = await client.nextDiagnostics(tools, before);
      assert.deepEqual(cleared, []);
    } finally {
      await client.dispose();
    }
  });

  it('a package.json under node_modules does not make the server index the workspace again', async () => {
    const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-envelope-lsp-manifest-')));
    created.push(dir);
    fs.writeFileSync(path.join(dir, 'package.json'), manifest({ '@modelcontextprotocol/sdk': '^1.20.0' }));
    const client = await startIndexed(dir);
    try {
      const installed = path.join(dir, 'node_modules', 'left-pad', 'package.json');
      await client.filesChanged([{ uri: `file://${installed}`, type: FileChangeType.Created }]);
      // Notifications are handled in order: once a document opened after it is checked, and a little more time
      // than indexing this one-file workspace takes has passed, an index started by that change would have logged.
      const probe = `file://${dir}/probe.ts`;
      await client.open(probe, 'export const unrelated = 1;\n');
      await client.waitForDiagnostics(probe);
      await new Promise((resolve) => setTimeout(resolve, 500));
      assert.equal(client.logs.filter((line) => line.startsWith('Package manifests changed')).length, 0);

      await client.filesChanged([{ uri: `file://${path.join(dir, 'package.json')}`, type: FileChangeType.Changed }]);
      await client.waitForLog((line) => line.startsWith('Package manifests changed'));
    } finally {
      await client.dispose();
    }
  });
});
