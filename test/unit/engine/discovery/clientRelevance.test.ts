/**
 * MCP client packages: how the decision is taken (from the package's files on disk or handed over),
 * that it does not depend on which file comes first, that it follows a file's imports when they change,
 * and that tests and loose files are handled. Invented code throughout.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { DEFAULT_SETTINGS, Project, engineSettings, indexWorkspace } from '../../../../engine/src';
import { importSideOf, workspaceImportsOf } from '../../../../engine/src/discovery/mcpSides';

const settings = engineSettings(DEFAULT_SETTINGS);
const SDK_DEPENDENCY = JSON.stringify({ name: 'desk-agent', dependencies: { '@modelcontextprotocol/sdk': '^1.12.0' } });

const TOOL_FILE = `export const lookupTool = {
  name: 'lookup_ticket',
  description: 'Looks a ticket up',
  inputSchema: { type: 'object', properties: { id: { type: 'string' } } },
  handler: async (args: { id: string }) => {
    if (!args.id) throw new Error('id is required');
    return { content: [{ type: 'text', text: args.id }] };
  },
};
export const tools = [lookupTool];
`;
const CLIENT_FILE = `import { Client } from '@modelcontextprotocol/sdk/client/index.js';
export const client = new Client({ name: 'desk-agent', version: '1.0.0' });
`;
const SERVER_FILE = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export const server = new McpServer({ name: 'desk', version: '1.0.0' });
`;

function inMemoryProject(files: Map<string, string>): Project {
  return new Project(
    (fileName) => files.has(fileName),
    (fileName) => files.get(fileName),
  );
}

describe('MCP client relevance: the side of a file', () => {
  it('server entries win, the client side is a client, types alone are neutral', () => {
    assert.equal(
      importSideOf(`import { Client } from '@modelcontextprotocol/sdk/client/index.js';\n${SERVER_FILE}`),
      'server',
    );
    assert.equal(importSideOf(CLIENT_FILE), 'client');
    assert.equal(importSideOf(`const { Client } = require('@modelcontextprotocol/sdk/client/stdio.js');`), 'client');
    assert.equal(importSideOf(`import type { Tool } from '@modelcontextprotocol/sdk/types.js';`), 'neutral');
    assert.equal(importSideOf(`import { FastMCP } from 'fastmcp';`), 'server');
    assert.equal(importSideOf(`import { z } from 'zod'; // mcp`), 'none');
  });
});

describe('MCP client relevance: what server code imports, by name', () => {
  it('values by name, whole modules for namespaces, re-exports (marked) and requires; types and MCP packages left out', () => {
    const text = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Config } from 'desk-core';
import { type Ticket, lookupTool, tools as allTools } from 'desk-core/tools';
import main, { step } from './agent';
import * as meta from './meta';
export * from './extra';
export { shelve as archive } from './shelf';
const legacy = require('./legacy');
import { readFile } from 'node:fs';
`;
    assert.deepEqual(workspaceImportsOf(text), [
      'desk-core/tools\tlookupTool,tools',
      './agent\tdefault,step',
      './meta\t*',
      './extra\t*\treexport',
      './shelf\tshelve\treexport',
      './legacy\t*',
    ]);
  });
});

describe('MCP client relevance: packages handed over by the CLI', () => {
  const root = path.resolve('/client-relevance');
  const at = (name: string) => path.join(root, name);

  function analysedFiles(files: Map<string, string>): string[] {
    const project = inMemoryProject(files);
    const sources = [...files].filter(([name]) => name.endsWith('.ts')).map(([fileName, text]) => ({ fileName, text }));
    indexWorkspace(
      project,
      sources,
      settings,
      [...files.keys()].filter((name) => name.endsWith('package.json')),
    );
    return sources
      .filter(({ fileName, text }) => project.analyse(fileName, text, settings).kind === 'analysed')
      .map(({ fileName }) => path.relative(root, fileName))
      .sort();
  }

  it('a package that only uses the SDK client is silent, whatever order its files come in', () => {
    const entries: Array<[string, string]> = [
      [at('package.json'), SDK_DEPENDENCY],
      [at('src/tools.ts'), TOOL_FILE],
      [at('src/client.ts'), CLIENT_FILE],
    ];
    assert.deepEqual(analysedFiles(new Map(entries)), []);
    assert.deepEqual(analysedFiles(new Map([entries[0], entries[2], entries[1]])), []);
  });

  it('a server in the package tests does not make the package a server', () => {
    const files = new Map([
      [at('package.json'), SDK_DEPENDENCY],
      [at('src/tools.ts'), TOOL_FILE],
      [at('src/client.ts'), CLIENT_FILE],
      [at('src/__tests__/fakeServer.ts'), SERVER_FILE],
      [at('src/client.test.ts'), SERVER_FILE],
    ]);
    assert.deepEqual(
      analysedFiles(files).filter((file) => !file.includes('test')),
      [],
    );
  });

  it('the same package with a server file in its sources is MCP code', () => {
    const files = new Map([
      [at('package.json'), SDK_DEPENDENCY],
      [at('src/tools.ts'), TOOL_FILE],
      [at('src/client.ts'), CLIENT_FILE],
      [at('src/server.ts'), SERVER_FILE],
    ]);
    assert.deepEqual(analysedFiles(files), ['src/server.ts', 'src/tools.ts']);
  });
});

describe('MCP client relevance: the editor', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-relevance-'));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
    return path.join(dir, name);
  };
  write('package.json', SDK_DEPENDENCY);
  const tools = write('src/tools.ts', TOOL_FILE);
  const client = write('src/mcp/client.ts', CLIENT_FILE);

  it('the first file opened is silent: the package is read from disk, not judged from that file alone', () => {
    const project = new Project();
    project.scopes.addManifest(path.join(dir, 'package.json'));
    assert.equal(project.analyse(tools, TOOL_FILE, settings).kind, 'skipped');
    const reversed = new Project();
    assert.equal(reversed.analyse(client, CLIENT_FILE, settings).kind, 'skipped');
    assert.equal(reversed.analyse(tools, TOOL_FILE, settings).kind, 'skipped');
  });

  it('an edit that makes a file import a server entry makes the package MCP code, and undoing it silences it again', () => {
    const project = new Project();
    assert.equal(project.analyse(tools, TOOL_FILE, settings).kind, 'skipped');
    project.analyse(client, `${CLIENT_FILE}${SERVER_FILE}`, settings);
    assert.equal(project.analyse(tools, TOOL_FILE, settings).kind, 'analysed');
    project.analyse(client, CLIENT_FILE, settings);
    assert.equal(project.analyse(tools, TOOL_FILE, settings).kind, 'skipped');
  });
});

describe('MCP client relevance: loose files', () => {
  const loose = path.resolve('/loose-client/script.ts');
  const envelope = `\nexport function copy(raw: { isError?: boolean }) {\n  return { content: [], isError: raw.isError === true };\n}\n`;

  it('a loose file that only uses the SDK client is silent; one with SDK types keeps its checks', () => {
    const project = inMemoryProject(new Map());
    assert.equal(project.analyse(loose, CLIENT_FILE + envelope, settings).kind, 'skipped');
    const typed = `import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';${envelope}`;
    assert.equal(project.analyse(loose, typed, settings).kind, 'analysed');
  });
});
