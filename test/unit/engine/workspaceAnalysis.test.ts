// analyseWorkspace (check's one pass over the parses) must give exactly what indexing every file first and analysing
// each after gives: on every discovery fixture, in the given file order and reversed (so that what a file depends on
// is indexed after it), and on workspaces built for the cases where an early result goes stale.
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import {
  type AnalysisResult,
  DEFAULT_SETTINGS,
  Project,
  analyseWorkspace,
  engineSettings,
  indexWorkspace,
} from '../../../engine/src';
import { DISCOVERY_FIXTURES } from './discovery/allFixtures';
import { MCP_PACKAGE } from './discovery/styleFixtures';

const ROOT = path.resolve('/workspace-under-analysis');
const settings = engineSettings(DEFAULT_SETTINGS);

type Files = Readonly<Record<string, string>>;

function workspace(files: Files, reversed: boolean) {
  const all = new Map(Object.entries(files).map(([name, text]) => [path.join(ROOT, name), text]));
  const project = new Project(
    (fileName) => all.has(fileName),
    (fileName) => all.get(fileName),
  );
  const sources = [...all].filter(([name]) => /\.[jt]sx?$/.test(name)).map(([fileName, text]) => ({ fileName, text }));
  if (reversed) sources.reverse();
  const manifests = [...all.keys()].filter((name) => name.endsWith('package.json'));
  return { project, sources, manifests };
}

function describeResult(result: AnalysisResult): string[] {
  return result.findings.map((f) => `${f.check}@${f.start}-${f.end}: ${f.message}`);
}

/** Per file: its findings, or why it was skipped, the way `check` did it before analyseWorkspace. */
function indexThenAnalyse(files: Files, reversed: boolean): Map<string, string[]> {
  const { project, sources, manifests } = workspace(files, reversed);
  const failed = new Set<string>();
  const parsed = indexWorkspace(project, sources, settings, manifests, (fileName) => failed.add(fileName));
  const outcomes = new Map<string, string[]>();
  for (const { fileName, text } of sources) {
    if (failed.has(fileName)) {
      outcomes.set(fileName, ['failed']);
      continue;
    }
    const analysis = project.analyse(fileName, text, settings, parsed.get(fileName));
    outcomes.set(fileName, analysis.kind === 'analysed' ? describeResult(analysis.result) : [analysis.reason]);
  }
  return outcomes;
}

function onePass(files: Files, reversed: boolean): Map<string, string[]> {
  const { project, sources, manifests } = workspace(files, reversed);
  const outcomes = new Map<string, string[]>();
  for (const [fileName, outcome] of analyseWorkspace(project, sources, settings, manifests, (_file, result) =>
    describeResult(result),
  )) {
    outcomes.set(
      fileName,
      outcome.kind === 'analysed' ? outcome.value : [outcome.kind === 'failed' ? 'failed' : outcome.reason],
    );
  }
  return outcomes;
}

function assertSame(files: Files): void {
  for (const reversed of [false, true]) {
    const expected = indexThenAnalyse(files, reversed);
    assert.deepEqual(onePass(files, reversed), expected, reversed ? 'files in reverse order' : 'files in order');
  }
}

describe('analyseWorkspace: the same results as indexing first and analysing after', () => {
  for (const fixture of DISCOVERY_FIXTURES) {
    it(fixture.title, () => assertSame(fixture.files));
  }

  it('a handler that calls into a file indexed after it (the checks follow the call)', () => {
    const files = {
      'package.json': MCP_PACKAGE,
      'src/a-server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { lookUp } from './z-helpers';
const server = new McpServer({ name: 'x', version: '1' });
server.registerTool('look_up', {}, async ({ id }: { id: string }) => {
  const row = await lookUp(id);
  return { content: [{ type: 'text', text: String(row) }] };
});
`,
      'src/z-helpers.ts': `export async function lookUp(id: string) {
  if (!id) throw new Error('id must be set');
  return id;
}
`,
    };
    assertSame(files);
    // Not vacuous: the call followed into the later file gives a finding that only whole-workspace knowledge gives.
    const findings = onePass(files, false).get(path.join(ROOT, 'src/a-server.ts')) ?? [];
    assert.ok(
      findings.some((f) => f.startsWith('unguarded-handler@') && f.includes('z-helpers')),
      findings.join('\n'),
    );
  });

  it('a call followed through a re-export, to a file indexed after the handler', () => {
    const files = {
      'package.json': MCP_PACKAGE,
      'src/a-index.ts': `export * from './z-helpers';\n`,
      'src/m-server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { lookUp } from './a-index';
const server = new McpServer({ name: 'x', version: '1' });
server.registerTool('look_up', {}, async ({ id }: { id: string }) => {
  const row = await lookUp(id);
  return { content: [{ type: 'text', text: String(row) }] };
});
`,
      'src/z-helpers.ts': `export async function lookUp(id: string) {
  if (!id) throw new Error('id must be set');
  return id;
}
`,
    };
    assertSame(files);
    const findings = onePass(files, false).get(path.join(ROOT, 'src/m-server.ts')) ?? [];
    assert.ok(
      findings.some((f) => f.startsWith('unguarded-handler@') && f.includes('z-helpers')),
      findings.join('\n'),
    );
  });

  it('a handler registered by a file indexed after the one defining it', () => {
    assertSame({
      'package.json': MCP_PACKAGE,
      'src/handlers.ts': `export async function refund(args: { amount: number }) {
  if (args.amount > 500) throw new Error('refunds above 500 need a manager');
  return { content: [{ type: 'text', text: 'ok' }] };
}
`,
      'src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { refund } from './handlers';
const server = new McpServer({ name: 'x', version: '1' });
server.registerTool('refund', {}, refund);
`,
    });
  });

  it('a wrapper defined in a later file that the registering file does not import', () => {
    assertSame({
      'package.json': MCP_PACKAGE,
      'src/a-tools.ts': `declare const defineTool: (name: string, handler: (args: unknown) => Promise<unknown>) => void;
defineTool('fail_hard', async () => {
  throw new Error('upstream unavailable');
});
`,
      'src/z-define.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'x', version: '1' });
export function defineTool(name: string, handler: (args: unknown) => Promise<unknown>) {
  return server.registerTool(name, {}, handler);
}
`,
    });
  });

  it('an error-envelope helper that tool code indexed after it imports', () => {
    assertSame({
      'package.json': MCP_PACKAGE,
      'src/errors.ts': `export function notFound(what: string) {
  return { isError: true, content: [{ type: 'text', text: what + ' not found' }] };
}
`,
      'src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { notFound } from './errors';
const server = new McpServer({ name: 'x', version: '1' });
server.registerTool('get', {}, async () => notFound('order'));
`,
    });
  });
});
