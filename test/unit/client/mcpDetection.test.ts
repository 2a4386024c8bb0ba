import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { packageJsonUsesMcp, sourceImportsMcp } from '../../../client/src/mcpDetection';

describe('packageJsonUsesMcp', () => {
  const manifest = (fields: Record<string, unknown>) => JSON.stringify({ name: 'x', version: '1.0.0', ...fields });
  const cases: Array<[string, string, boolean]> = [
    ['SDK in dependencies', manifest({ dependencies: { '@modelcontextprotocol/sdk': '^1.0.0' } }), true],
    ['the split server package', manifest({ dependencies: { '@modelcontextprotocol/server': '^2.0.0' } }), true],
    ['fastmcp in devDependencies', manifest({ devDependencies: { fastmcp: '^3.0.0' } }), true],
    ['mcp-handler as a peer', manifest({ peerDependencies: { 'mcp-handler': '*' } }), true],
    ['a server framework (xmcp)', manifest({ dependencies: { xmcp: '^0.3.0' } }), true],
    ['LiteMCP', manifest({ dependencies: { litemcp: '^0.7.0' } }), true],
    ['an ordinary web app', manifest({ dependencies: { express: '^5.0.0', react: '^19.0.0' } }), false],
    [
      'a name that only contains an MCP package name',
      manifest({ dependencies: { 'fastmcp-plugin-x': '1.0.0' } }),
      false,
    ],
    ['a look-alike scope', manifest({ dependencies: { '@modelcontextprotocol/inspector': '1.0.0' } }), false],
    ['the name in the description only', manifest({ description: 'not using @modelcontextprotocol/sdk' }), false],
    ['no dependencies', manifest({}), false],
    ['invalid JSON (being typed)', '{ "dependencies": { "@modelcontextprotocol/sdk": ', false],
    ['a JSON array', '[]', false],
  ];
  for (const [name, text, expected] of cases) it(name, () => assert.equal(packageJsonUsesMcp(text), expected));
});

describe('sourceImportsMcp', () => {
  const cases: Array<[string, string, boolean]> = [
    ['ES import of a sub-path', `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';`, true],
    ['type-only import', `import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";`, true],
    ['require of fastmcp', `const { FastMCP } = require('fastmcp');`, true],
    ['dynamic import of mcp-handler', 'const m = await import(`mcp-handler`);', true],
    ['the MCP entry of Cloudflare agents', `import { McpAgent } from 'agents/mcp';`, true],
    ['Cloudflare agents without MCP', `import { Agent } from 'agents';`, false],
    ['side-effect import', `import '@modelcontextprotocol/server';`, true],
    ['export from', `export { McpServer } from '@modelcontextprotocol/server/mcp.js';`, true],
    ['an unrelated import', `import express from 'express';`, false],
    ['a prefix-sharing package', `import x from 'fastmcp-extras';`, false],
    ['the name in a comment only', `// we could use @modelcontextprotocol/sdk here\nexport const x = 1;`, false],
    ['the name in a plain string', `const label = 'fastmcp';`, false],
  ];
  for (const [name, text, expected] of cases) it(name, () => assert.equal(sourceImportsMcp(text), expected));
});
