import assert from 'node:assert/strict';
import { DISCOVERY_FIXTURES } from '../../unit/engine/discovery/allFixtures';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { DidSaveTextDocumentNotification, HoverRequest, type MarkupContent } from 'vscode-languageserver-protocol/node';
import { WorkspaceToolsRequest, type WorkspaceTool } from '../../../shared/src/protocol';
import { assertTools } from '../../unit/engine/discovery/discoveryAssertions';
import { STYLE_FIXTURES, type StyleFixture } from '../../unit/engine/discovery/styleFixtures';
import { LspTestClient } from './lspTestClient';

const created: string[] = [];

function writeWorkspace(files: Record<string, string>): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-envelope-lsp-tools-')));
  created.push(dir);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

async function startIndexed(dir: string, settings: Record<string, unknown> = {}): Promise<LspTestClient> {
  const client = new LspTestClient();
  client.settings = settings;
  await client.initialize(dir);
  const deadline = Date.now() + 15000;
  while (!client.logs.some((line) => line.startsWith('Indexed '))) {
    if (Date.now() > deadline) throw new Error(`workspace not indexed; logs: ${client.logs.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return client;
}

function relativeTools(tools: readonly WorkspaceTool[], dir: string) {
  const relative = (uri: string) => path.relative(dir, new URL(uri).pathname).split(path.sep).join('/');
  return tools.map((tool) => ({
    ...tool,
    file: relative(tool.uri),
    handler: tool.handler && { ...tool.handler, file: tool.handler.uri && relative(tool.handler.uri) },
  }));
}

describe('language server: the same tools as the CLI, for every registration style (dist/server.js)', () => {
  after(() => {
    for (const dir of created) fs.rmSync(dir, { recursive: true, force: true });
  });

  for (const fixture of DISCOVERY_FIXTURES) {
    it(fixture.title, async () => {
      const dir = writeWorkspace(fixture.files);
      const client = await startIndexed(dir);
      try {
        const tools = await client.connection.sendRequest(WorkspaceToolsRequest);
        assertTools(relativeTools(tools, dir), fixture);
      } finally {
        await client.dispose();
      }
    });
  }

  it('a hover on a registration says why it counts as a tool', async () => {
    const fixture = STYLE_FIXTURES[0];
    const dir = writeWorkspace(fixture.files);
    const client = await startIndexed(dir);
    try {
      const uri = `file://${dir}/src/reports.ts`;
      await client.open(uri, fixture.files['src/reports.ts']);
      await client.waitForDiagnostics(uri);
      const hover = await client.connection.sendRequest(HoverRequest.type, {
        textDocument: { uri },
        position: { line: 1, character: 22 },
      });
      const value = (hover?.contents as MarkupContent | undefined)?.value ?? '';
      assert.match(value, /\*\*MCP tool\*\* `monthly_report` — wrapper/);
      assert.match(value, /reportTool \(context\.ts:4\) forwards to \.registerTool/);
    } finally {
      await client.dispose();
    }
  });

  it('indexing the workspace reports its progress to a client that shows it, from begin to end', async () => {
    const fixture = STYLE_FIXTURES[0];
    const dir = writeWorkspace(fixture.files);
    const client = new LspTestClient();
    try {
      await client.initialize(dir, { workDoneProgress: true });
      await client.waitForLog((line) => line.startsWith('Indexed '));
      const deadline = Date.now() + 15000;
      while (!client.progress.some((p) => p.kind === 'end') && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const kinds = client.progress.map((p) => p.kind);
      assert.equal(kinds[0], 'begin');
      assert.equal(kinds[kinds.length - 1], 'end');
      const files = Object.keys(fixture.files).filter((name) => name.endsWith('.ts')).length;
      const last = client.progress.filter((p) => p.kind === 'report').pop();
      assert.deepEqual(last && { message: last.message, percentage: last.percentage }, {
        message: `${files}/${files} files`,
        percentage: 100,
      });
    } finally {
      await client.dispose();
    }
  });
});

describe('language server: discovery settings', () => {
  const factory: StyleFixture = {
    title: 'factory',
    files: {
      'src/tools.ts': `import { makeTool } from './make';\nexport const t = makeTool('refund_order', {\n  handler: async () => {\n    throw new Error('payment service unavailable');\n  },\n});\n`,
    },
    tools: [{ file: 'src/tools.ts', name: 'refund_order', kind: 'factory' }],
  };

  it('handlerFactories: findings on the factory handler, and the tool is listed', async () => {
    const dir = writeWorkspace(factory.files);
    const client = await startIndexed(dir, { handlerFactories: ['makeTool'] });
    try {
      const uri = `file://${dir}/src/tools.ts`;
      await client.open(uri, factory.files['src/tools.ts']);
      const diagnostics = await client.waitForDiagnostics(uri, (d) => d.length > 0);
      assert.ok(diagnostics.some((d) => d.code === 'throw-in-handler'));
      assertTools(relativeTools(await client.connection.sendRequest(WorkspaceToolsRequest), dir), factory);
    } finally {
      await client.dispose();
    }
  });

  it('enable: false publishes nothing and hovers nothing', async () => {
    const dir = writeWorkspace(factory.files);
    const client = await startIndexed(dir, { enable: false, handlerFactories: ['makeTool'] });
    try {
      const uri = `file://${dir}/src/tools.ts`;
      await client.open(uri, factory.files['src/tools.ts']);
      assert.deepEqual(await client.waitForDiagnostics(uri), []);
      const hover = await client.connection.sendRequest(HoverRequest.type, {
        textDocument: { uri },
        position: { line: 1, character: 28 },
      });
      assert.equal(hover, null);
    } finally {
      await client.dispose();
    }
  });

  it('run: onSave checks a change only when the file is saved', async () => {
    const dir = writeWorkspace(factory.files);
    const client = await startIndexed(dir, { run: 'onSave', handlerFactories: ['makeTool'] });
    try {
      const uri = `file://${dir}/src/tools.ts`;
      const guarded = factory.files['src/tools.ts'].replace(
        "throw new Error('payment service unavailable');",
        "return { content: [{ type: 'text', text: 'refunded' }] };",
      );
      await client.open(uri, guarded);
      assert.deepEqual(await client.waitForDiagnostics(uri, () => true, 1), []);
      await client.replace(uri, 2, factory.files['src/tools.ts']);
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal(client.published(uri).filter((p) => p.version === 2).length, 0, 'no check while typing');
      await client.connection.sendNotification(DidSaveTextDocumentNotification.type, { textDocument: { uri } });
      const saved = await client.waitForDiagnostics(uri, (d) => d.length > 0, 2);
      assert.ok(saved.some((d) => d.code === 'throw-in-handler'));
    } finally {
      await client.dispose();
    }
  });
});
