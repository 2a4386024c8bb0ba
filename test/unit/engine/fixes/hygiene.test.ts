/**
 * Quick-fix hygiene (docs/precision-review.md, pattern 10): inserted code keeps the file's indentation and quotes;
 * a callback typed to return a non-result gets no envelope; one classification per envelope; no branch that
 * returns what the code after it returns; a command's output kept in a catch stays. Fix-all output compared whole.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Project, engineSettings, parseSettings } from '../../../../engine/src';
import { fixFile, writeProject } from './fixProject';

interface HygieneCase {
  name: string;
  input: string[];
  output: string[];
}

const CASES: HygieneCase[] = [
  {
    name: 'a tab-indented, double-quoted file: the wrap uses tabs, the import and the operation double quotes',
    input: [
      `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";`,
      `import { loadReport } from "./reports.js";`,
      `const server = new McpServer({ name: "reports", version: "1.0.0" });`,
      `server.registerTool("weekly_report", {}, async () => {`,
      `\tconst text = await loadReport("weekly");`,
      `\treturn { content: [{ type: "text", text }] };`,
      `});`,
    ],
    output: [
      `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";`,
      `import { loadReport } from "./reports.js";`,
      `import { toolError } from "./toolErrors.js";`,
      `const server = new McpServer({ name: "reports", version: "1.0.0" });`,
      `server.registerTool("weekly_report", {}, async () => {`,
      `\ttry {`,
      `\t\tconst text = await loadReport("weekly");`,
      `\t\treturn { content: [{ type: "text", text }] };`,
      `\t} catch (error) {`,
      `\t\treturn toolError(error, "weekly_report");`,
      `\t}`,
      `});`,
    ],
  },
  {
    name: 'a file written without semicolons: the import and the return have none either',
    input: [
      `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'`,
      `import { loadReport } from './reports.js'`,
      `const server = new McpServer({ name: 'reports', version: '1.0.0' })`,
      `server.registerTool('weekly_report', {}, async () => {`,
      `\ttry {`,
      `\t\treturn { content: [{ type: 'text', text: await loadReport('weekly') }] }`,
      `\t} catch (error) {`,
      `\t\treturn { content: [{ type: 'text', text: 'no report this week' }] }`,
      `\t}`,
      `})`,
    ],
    output: [
      `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'`,
      `import { loadReport } from './reports.js'`,
      `import { toolError } from './toolErrors.js'`,
      `const server = new McpServer({ name: 'reports', version: '1.0.0' })`,
      `server.registerTool('weekly_report', {}, async () => {`,
      `\ttry {`,
      `\t\treturn { content: [{ type: 'text', text: await loadReport('weekly') }] }`,
      `\t} catch (error) {`,
      `\t\treturn toolError(error, 'weekly_report', 'no report this week')`,
      `\t}`,
      `})`,
    ],
  },
  {
    name: 'a file indented by four spaces: the wrap steps by four',
    input: [
      `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';`,
      `import { loadReport } from './reports.js';`,
      `const server = new McpServer({ name: 'reports', version: '1.0.0' });`,
      `server.registerTool('weekly_report', {}, async () => {`,
      `    const text = await loadReport('weekly');`,
      `    return { content: [{ type: 'text', text }] };`,
      `});`,
    ],
    output: [
      `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';`,
      `import { loadReport } from './reports.js';`,
      `import { toolError } from './toolErrors.js';`,
      `const server = new McpServer({ name: 'reports', version: '1.0.0' });`,
      `server.registerTool('weekly_report', {}, async () => {`,
      `    try {`,
      `        const text = await loadReport('weekly');`,
      `        return { content: [{ type: 'text', text }] };`,
      `    } catch (error) {`,
      `        return toolError(error, 'weekly_report');`,
      `    }`,
      `});`,
    ],
  },
  {
    name: 'an envelope missing both fields: one classification, read by both',
    input: [
      `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';`,
      `import { loadReport } from './reports.js';`,
      `const server = new McpServer({ name: 'reports', version: '1.0.0' });`,
      `server.registerTool('weekly_report', {}, async () => {`,
      `  try {`,
      `    return { content: [{ type: 'text', text: await loadReport('weekly') }] };`,
      `  } catch (error) {`,
      `    return { isError: true, content: [{ type: 'text', text: 'The weekly report could not be loaded' }] };`,
      `  }`,
      `});`,
    ],
    output: [
      `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';`,
      `import { loadReport } from './reports.js';`,
      `import { classifyError } from './toolErrors.js';`,
      `const server = new McpServer({ name: 'reports', version: '1.0.0' });`,
      `server.registerTool('weekly_report', {}, async () => {`,
      `  try {`,
      `    return { content: [{ type: 'text', text: await loadReport('weekly') }] };`,
      `  } catch (error) {`,
      `    const classified = classifyError(error);`,
      `    return { isError: true, content: [{ type: 'text', text: 'The weekly report could not be loaded' }], errorCategory: classified.errorCategory, isRetryable: classified.isRetryable };`,
      `  }`,
      `});`,
    ],
  },
  {
    name: 'a pass-through of McpError before a wrapping rethrow: the deliberate protocol error stays, one toolError after it',
    input: [
      `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';`,
      `import { McpError, ErrorCode } from '@modelcontextprotocol/sdk/types.js';`,
      `import { loadReport } from './reports.js';`,
      `const server = new McpServer({ name: 'reports', version: '1.0.0' });`,
      `server.registerTool('weekly_report', {}, async () => {`,
      `  try {`,
      `    return { content: [{ type: 'text', text: await loadReport('weekly') }] };`,
      `  } catch (error) {`,
      `    if (error instanceof McpError) {`,
      `      throw error;`,
      `    }`,
      `    throw new McpError(ErrorCode.InternalError, String(error));`,
      `  }`,
      `});`,
    ],
    output: [
      `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';`,
      `import { McpError, ErrorCode } from '@modelcontextprotocol/sdk/types.js';`,
      `import { loadReport } from './reports.js';`,
      `import { toolError } from './toolErrors.js';`,
      `const server = new McpServer({ name: 'reports', version: '1.0.0' });`,
      `server.registerTool('weekly_report', {}, async () => {`,
      `  try {`,
      `    return { content: [{ type: 'text', text: await loadReport('weekly') }] };`,
      `  } catch (error) {`,
      `    if (error instanceof McpError) {`,
      `      throw error;`,
      `    }`,
      `    return toolError(error, 'weekly_report');`,
      `  }`,
      `});`,
    ],
  },
  {
    name: "a command's exit code and output returned from a catch: kept, marked as a failure",
    input: [
      `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';`,
      `import { runScript } from './scripts.js';`,
      `const server = new McpServer({ name: 'scripts', version: '1.0.0' });`,
      `server.registerTool('run_script', {}, async () => {`,
      `  try {`,
      `    return { content: [{ type: 'text', text: await runScript('build') }] };`,
      `  } catch (error) {`,
      `    const failed = error as { code?: number; stdout?: string; stderr?: string };`,
      `    return {`,
      `      content: [{ type: 'text', text: \`exit code \${failed.code}\\nstdout: \${failed.stdout}\\nstderr: \${failed.stderr}\` }],`,
      `    };`,
      `  }`,
      `});`,
    ],
    output: [
      `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';`,
      `import { runScript } from './scripts.js';`,
      `import { classifyError } from './toolErrors.js';`,
      `const server = new McpServer({ name: 'scripts', version: '1.0.0' });`,
      `server.registerTool('run_script', {}, async () => {`,
      `  try {`,
      `    return { content: [{ type: 'text', text: await runScript('build') }] };`,
      `  } catch (error) {`,
      `    const failed = error as { code?: number; stdout?: string; stderr?: string };`,
      `    const classified = classifyError(error);`,
      `    return {`,
      `      content: [{ type: 'text', text: \`exit code \${failed.code}\\nstdout: \${failed.stdout}\\nstderr: \${failed.stderr}\` }],`,
      `      isError: true,`,
      `      errorCategory: classified.errorCategory,`,
      `      isRetryable: classified.isRetryable,`,
      `    };`,
      `  }`,
      `});`,
    ],
  },
];

let root: string;

before(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-envelope-hygiene-'));
});
after(() => fs.rmSync(root, { recursive: true, force: true }));

void describe('quick-fix hygiene', () => {
  CASES.forEach((testCase, index) => {
    void it(testCase.name, () => {
      const dir = path.join(root, `case-${index}`);
      writeProject(dir, { 'src/server.ts': testCase.input.join('\n') + '\n' });
      const fixed = fixFile(dir, 'src/server.ts');
      assert.equal(fixed.text, testCase.output.join('\n') + '\n', fixed.applied.join('\n'));
      const titles = fixed.applied.join('\n');
      assert.equal(new Set(fixed.applied).size, fixed.applied.length, `a fix title repeats:\n${titles}`);
    });
  });

  void it('a callback typed to return a string gets no envelope fix, though its throw is reported', () => {
    const dir = path.join(root, 'typed-callback');
    const text = [
      `import { FastMCP } from 'fastmcp';`,
      `import { z } from 'zod';`,
      `import { findNote } from './notes.js';`,
      `const server = new FastMCP({ name: 'notes', version: '1.0.0' });`,
      `server.addTool({`,
      `  name: 'read_note',`,
      `  parameters: z.object({ id: z.string() }),`,
      `  execute: async (args): Promise<string> => {`,
      `    const note = await findNote(args.id);`,
      `    if (!note) throw new Error('Note not found');`,
      `    return note;`,
      `  },`,
      `});`,
    ].join('\n');
    writeProject(dir, { 'src/server.ts': text });
    const fileName = path.join(dir, 'src/server.ts');
    const settings = engineSettings(parseSettings({}).settings);
    const project = new Project();
    project.indexText(fileName, text, settings);
    const outcome = project.analyse(fileName, text, settings);
    assert.equal(outcome.kind, 'analysed');
    const findings = outcome.kind === 'analysed' ? outcome.result.findings : [];
    const thrown = findings.filter((finding) => finding.check === 'throw-in-handler');
    assert.equal(thrown.length, 1, findings.map((finding) => finding.check).join(', '));
    assert.deepEqual(
      findings.flatMap((finding) => finding.computeFixes()).map((fix) => fix.title),
      [],
    );
    assert.equal(fixFile(dir, 'src/server.ts').text, text);
  });
});
