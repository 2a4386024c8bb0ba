import assert from 'node:assert/strict';
import { DISCOVERY_FIXTURES } from './allFixtures';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import {
  DEFAULT_SETTINGS,
  type FileTool,
  type FileToolShare,
  Project,
  engineSettings,
  indexWorkspace,
  joinWorkspaceTools,
  toolShareOf,
} from '../../../../engine/src';
import { assertTools, relevantFindings } from './discoveryAssertions';
import { MCP_PACKAGE, type StyleFixture } from './styleFixtures';

const ROOT = path.resolve('/workspace-under-test');

interface Outcome {
  tools: Array<{
    file: string;
    name: string | null;
    kind: string;
    handler?: { name?: string; file?: string };
    evidence: string[];
  }>;
  findings: string[];
}

/** Runs the engine on an in-memory workspace the way the CLI does: index every file, then list and check. */
export function runEngine(fixture: StyleFixture, settings = engineSettings(DEFAULT_SETTINGS)): Outcome {
  const files = new Map(Object.entries(fixture.files).map(([name, text]) => [path.join(ROOT, name), text]));
  const project = new Project(
    (fileName) => files.has(fileName),
    (fileName) => files.get(fileName),
  );
  const sources = [...files].filter(([name]) => name.endsWith('.ts')).map(([fileName, text]) => ({ fileName, text }));
  const manifests = [...files.keys()].filter((name) => name.endsWith('package.json'));
  const parsed = indexWorkspace(project, sources, settings, manifests);
  const outcome: Outcome = { tools: [], findings: [] };
  const shares = new Map<string, FileToolShare<FileTool & { file: string }>>();
  for (const { fileName, text } of sources) {
    const relative = path.relative(ROOT, fileName);
    const indexed = project.indexText(fileName, text, settings, parsed.get(fileName));
    if (indexed.sourceFile && indexed.scan) {
      const share = toolShareOf(indexed.sourceFile, indexed.scan);
      shares.set(fileName, { ...share, tools: share.tools.map((tool) => ({ ...tool, file: relative })) });
    }
    const analysis = project.analyse(fileName, text, settings);
    if (analysis.kind === 'analysed') {
      for (const finding of analysis.result.findings) outcome.findings.push(`${finding.check}@${relative}`);
    }
  }
  for (const tool of joinWorkspaceTools(
    shares,
    (t) => t.file,
    (f, e) => project.resolveExport(f, e),
  )) {
    outcome.tools.push({
      file: tool.file,
      name: tool.name,
      kind: tool.kind,
      handler: tool.handler && {
        name: tool.handler.name,
        file: tool.handler.file && path.relative(ROOT, tool.handler.file),
      },
      evidence: tool.evidence,
    });
  }
  return outcome;
}

describe('tool discovery: one workspace per registration style', () => {
  for (const fixture of DISCOVERY_FIXTURES) {
    it(fixture.title, () => {
      const outcome = runEngine(fixture);
      assertTools(outcome.tools, fixture);
      if (fixture.findings) assert.deepEqual(relevantFindings(outcome.findings, fixture), [...fixture.findings].sort());
    });
  }
});

describe('tool discovery: settings and opt-ins', () => {
  const factoryFixture: StyleFixture = {
    title: 'a project-specific factory named in mcpEnvelope.handlerFactories',
    files: {
      'src/tools.ts': `import { makeTool } from './make';
export const t = makeTool('refund_order', {
  handler: async () => {
    throw new Error('payment service unavailable');
  },
});
`,
    },
    tools: [{ file: 'src/tools.ts', name: 'refund_order', kind: 'factory' }],
  };

  it('handlerFactories: the factory registers a tool whose handler is checked', () => {
    const settings = engineSettings({ ...DEFAULT_SETTINGS, handlerFactories: ['makeTool'] });
    const outcome = runEngine(factoryFixture, settings);
    assertTools(outcome.tools, factoryFixture);
    assert.deepEqual(outcome.findings, ['throw-in-handler@src/tools.ts']);
  });

  it('without the setting, the same file has no tools and no findings', () => {
    const outcome = runEngine(factoryFixture);
    assert.deepEqual(outcome.tools, []);
    assert.deepEqual(outcome.findings, []);
  });

  it('@mcpToolHandler tags a handler in any project, and it is listed', () => {
    const fixture: StyleFixture = {
      title: 'tagged',
      files: {
        'package.json': JSON.stringify({ name: 'not-mcp' }),
        'src/h.ts': `/** @mcpToolHandler */\nexport async function handleRefund() {\n  throw new Error('payment service unavailable');\n}\n`,
      },
      tools: [{ file: 'src/h.ts', name: null, kind: 'jsdoc', handler: 'handleRefund' }],
    };
    const outcome = runEngine(fixture);
    assertTools(outcome.tools, fixture);
    assert.deepEqual(outcome.findings, ['throw-in-handler@src/h.ts']);
  });

  it('an MCP project: a helper with an envelope counts only when tool code imports it', () => {
    const envelope = `export const failed = () => ({ isError: true, content: [{ type: 'text', text: 'x' }] });\n`;
    const fixture: StyleFixture = {
      title: 'helpers',
      files: {
        'package.json': JSON.stringify({ dependencies: { '@modelcontextprotocol/sdk': '1' } }),
        'src/used.ts': envelope,
        'src/unused.ts': envelope,
        'src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nimport { failed } from './used';\nconst server = new McpServer({ name: 'x', version: '1' });\nserver.registerTool('t', {}, async () => failed());\n`,
      },
      tools: [{ file: 'src/server.ts', name: 't', kind: 'registerTool' }],
    };
    const outcome = runEngine(fixture);
    assert.ok(
      outcome.findings.some((f) => f.endsWith('@src/used.ts')),
      outcome.findings.join(', '),
    );
    assert.ok(!outcome.findings.some((f) => f.endsWith('@src/unused.ts')), outcome.findings.join(', '));
  });

  it('a workspace package that depends on the SDK makes its dependants MCP projects', () => {
    const fixture: StyleFixture = {
      title: 'workspace dependency',
      files: {
        'packages/core/package.json': JSON.stringify({
          name: '@demo/core',
          dependencies: { '@modelcontextprotocol/sdk': '1' },
        }),
        'packages/core/src/base.ts': `export abstract class ToolBase {\n  abstract name: string;\n  register(server: { registerTool: Function }) {\n    server.registerTool(this.name, {}, () => this.run());\n  }\n  abstract run(): unknown;\n}\n`,
        'packages/tools/package.json': JSON.stringify({ name: '@demo/tools', dependencies: { '@demo/core': '*' } }),
        'packages/tools/src/echo.ts': `import { ToolBase } from '@demo/core';\nexport class EchoTool extends ToolBase {\n  name = 'echo';\n  run() {\n    return { content: [] };\n  }\n}\n`,
      },
      tools: [{ file: 'packages/tools/src/echo.ts', name: 'echo', kind: 'class', handler: 'run' }],
    };
    assertTools(runEngine(fixture).tools, fixture);
  });

  it("a base class whose registered callback has its own try/catch guards its subclasses' methods", () => {
    const base = (guarded: boolean) =>
      `export abstract class ToolBase {\n  abstract name: string;\n  abstract execute(): Promise<unknown>;\n  register(server: { registerTool: Function }) {\n    server.registerTool(this.name, {}, this.invoke.bind(this));\n  }\n  async invoke() {\n${
        guarded
          ? "    try {\n      return await this.execute();\n    } catch {\n      return { isError: true, errorCategory: 'UNKNOWN', isRetryable: false, content: [{ type: 'text', text: 'failed' }] };\n    }"
          : '    return this.execute();'
      }\n  }\n}\n`;
    const tool = `import { ToolBase } from './base';\nexport class DropTool extends ToolBase {\n  name = 'drop_table';\n  async execute() {\n    throw new Error('the table is locked by another session');\n  }\n}\n`;
    const run = (guarded: boolean) =>
      runEngine({
        title: 'guarded base',
        files: { 'package.json': MCP_PACKAGE, 'src/base.ts': base(guarded), 'src/drop.ts': tool },
        tools: [],
      }).findings.filter((f) => f.startsWith('throw-in-handler'));
    assert.deepEqual(run(true), []);
    assert.deepEqual(run(false), ['throw-in-handler@src/drop.ts']);
  });

  it('a generic invoker that calls tool.handler inside its own try/catch guards the definitions it registers', () => {
    const definition = `import { defineTool } from './define';\nexport default defineTool({\n  name: 'create_project',\n  inputSchema: {},\n  async handler() {\n    throw new Error('the team slug is unknown');\n  },\n});\n`;
    const server = (guarded: boolean) =>
      `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nimport tools from './tools';\nconst server = new McpServer({ name: 'x', version: '1' });\nfor (const tool of tools) {\n  server.registerTool(tool.name, {}, async (args: unknown) => {\n${
        guarded
          ? "    try {\n      return await tool.handler(args);\n    } catch {\n      return { isError: true, errorCategory: 'UNKNOWN', isRetryable: false, content: [{ type: 'text', text: 'failed' }] };\n    }"
          : '    return tool.handler(args);'
      }\n  });\n}\n`;
    const run = (guarded: boolean) =>
      runEngine({
        title: 'guarded definitions',
        files: {
          'package.json': MCP_PACKAGE,
          'src/define.ts': 'export const defineTool = <T>(t: T) => t;\n',
          'src/create.ts': definition,
          'src/server.ts': server(guarded),
        },
        tools: [],
      }).findings.filter((f) => f.startsWith('throw-in-handler'));
    assert.deepEqual(run(true), []);
    assert.deepEqual(run(false), ['throw-in-handler@src/create.ts']);
  });
});
