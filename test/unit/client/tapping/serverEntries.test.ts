import assert from 'node:assert/strict';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import {
  candidateConfigFiles,
  claudeDesktopConfigPath,
  type ConfigFileCandidate,
} from '../../../../client/src/tapping/hostConfigs';
import { findTapInvocation, parseConfig } from '../../../../client/src/tapping/serverEntries';
import {
  CLAUDE_DESKTOP_JSON,
  CLAUDE_PROJECT_MCP_JSON,
  CLAUDE_USER_JSON,
  CURSOR_MCP_JSON,
  VSCODE_MCP_JSON,
} from './hostFixtures';

const vscodeFile: ConfigFileCandidate = {
  file: '/w/.vscode/mcp.json',
  host: 'vscode',
  layout: 'servers',
  description: 'VS Code',
};
const claudeProject: ConfigFileCandidate = {
  file: '/w/.mcp.json',
  host: 'claude-code',
  layout: 'mcpServers',
  description: 'CC',
};
const claudeUser: ConfigFileCandidate = {
  file: '/h/.claude.json',
  host: 'claude-code',
  layout: 'claude-json',
  description: 'CCU',
};
const desktop: ConfigFileCandidate = {
  file: '/h/desktop.json',
  host: 'claude-desktop',
  layout: 'mcpServers',
  description: 'CD',
};
const cursor: ConfigFileCandidate = {
  file: '/h/.cursor/mcp.json',
  host: 'cursor',
  layout: 'mcpServers',
  description: 'Cu',
};

void describe('candidate configuration files', () => {
  void it('lists workspace files first, then user files, per platform', () => {
    const files = candidateConfigFiles({
      workspaceFolders: ['/w/orders'],
      home: '/home/dev',
      platform: 'linux',
      vscodeUserDir: '/home/dev/.config/Code/User',
    }).map((candidate) => `${candidate.host}:${candidate.layout}:${candidate.file}`);
    assert.deepEqual(files, [
      'vscode:servers:/w/orders/.vscode/mcp.json',
      'claude-code:mcpServers:/w/orders/.mcp.json',
      'cursor:mcpServers:/w/orders/.cursor/mcp.json',
      'vscode:servers:/home/dev/.config/Code/User/mcp.json',
      'claude-code:claude-json:/home/dev/.claude.json',
      'claude-desktop:mcpServers:/home/dev/.config/Claude/claude_desktop_config.json',
      'cursor:mcpServers:/home/dev/.cursor/mcp.json',
    ]);
  });

  void it('knows where Claude Desktop keeps its file on macOS, Windows and Linux with XDG_CONFIG_HOME', () => {
    const base = { workspaceFolders: [], home: '/Users/dev' };
    assert.equal(
      claudeDesktopConfigPath({ ...base, platform: 'darwin' }),
      path.join('/Users/dev', 'Library', 'Application Support', 'Claude', 'claude_desktop_config.json'),
    );
    assert.equal(
      claudeDesktopConfigPath({ ...base, platform: 'win32', appData: 'C:\\Users\\dev\\AppData\\Roaming' }),
      'C:\\Users\\dev\\AppData\\Roaming\\Claude\\claude_desktop_config.json',
    );
    assert.equal(
      claudeDesktopConfigPath({ ...base, platform: 'linux', xdgConfigHome: '/xdg' }),
      '/xdg/Claude/claude_desktop_config.json',
    );
  });
});

void describe('reading server entries', () => {
  void it('reads VS Code mcp.json with comments and a trailing comma: stdio, http and sse entries', () => {
    const { entries, errors } = parseConfig(VSCODE_MCP_JSON, vscodeFile);
    assert.deepEqual(errors, []);
    assert.deepEqual(
      entries.map((entry) => [entry.name, entry.transport, entry.path]),
      [
        ['orders', 'stdio', ['servers', 'orders']],
        ['remote-docs', 'http', ['servers', 'remote-docs']],
        ['legacy-events', 'sse', ['servers', 'legacy-events']],
      ],
    );
    const orders = entries[0];
    assert.equal(orders.command, 'npx');
    assert.deepEqual(orders.args, ['tsx', '${workspaceFolder}/src/server.ts']);
    assert.deepEqual(orders.env, { ORDERS_API_KEY: '${input:api-key}' });
    assert.equal(entries[1].url, 'https://docs.example.test/mcp?tenant=a');
  });

  void it('reads Claude Code project .mcp.json', () => {
    const { entries } = parseConfig(CLAUDE_PROJECT_MCP_JSON, claudeProject);
    assert.deepEqual(
      entries.map((entry) => [entry.name, entry.transport, entry.command ?? entry.url]),
      [
        ['everything', 'stdio', 'npx'],
        ['sentry', 'http', 'https://mcp.sentry.test/mcp'],
      ],
    );
  });

  void it('reads ~/.claude.json user-scope and per-project entries, naming the project', () => {
    const { entries } = parseConfig(CLAUDE_USER_JSON, claudeUser);
    assert.deepEqual(
      entries.map((entry) => [entry.name, entry.project, entry.path]),
      [
        ['memory', undefined, ['mcpServers', 'memory']],
        ['orders-local', '/home/dev/orders', ['projects', '/home/dev/orders', 'mcpServers', 'orders-local']],
      ],
    );
    assert.match(entries[1].description, /project \/home\/dev\/orders/);
  });

  void it('reads Claude Desktop (CRLF) and Cursor (tabs, URL-only remote servers)', () => {
    const desktopEntries = parseConfig(CLAUDE_DESKTOP_JSON, desktop).entries;
    assert.deepEqual(desktopEntries[0].args, [
      '-y',
      '@modelcontextprotocol/server-filesystem',
      'C:\\Users\\dev\\Desktop',
    ]);
    const cursorEntries = parseConfig(CURSOR_MCP_JSON, cursor).entries;
    assert.deepEqual(
      cursorEntries.map((entry) => [entry.name, entry.transport]),
      [
        ['time', 'stdio'],
        ['linear', 'http'],
        ['old-sse', 'sse'],
      ],
    );
  });

  void it('reports syntax errors and still returns what parsed', () => {
    const { entries, errors } = parseConfig('{"servers": {"a": {"command": "x"}', vscodeFile);
    assert.equal(errors.length > 0, true);
    assert.deepEqual(
      entries.map((entry) => entry.name),
      ['a'],
    );
  });
});

void describe('recognising entries that already run through the tap', () => {
  const cases: [string, string, string[], { label?: string; server: string[] } | undefined][] = [
    [
      'node + dist/cli.js',
      'node',
      ['/ext/dist/cli.js', 'tap', '--name', 'orders', '--', 'npx', 'tsx', 'server.ts'],
      { label: 'orders', server: ['npx', 'tsx', 'server.ts'] },
    ],
    ['the installed bin', 'mcp-envelope', ['tap', '--', 'node', 's.js'], { server: ['node', 's.js'] }],
    [
      'npx with --name=',
      'npx',
      ['-y', 'mcp-envelope', 'tap', '--name=x', '--trace', 't.jsonl', '--', 'uvx', 'a'],
      { label: 'x', server: ['uvx', 'a'] },
    ],
    ['a server that has a tap tool', 'node', ['server.js', 'tap', '--', 'x'], undefined],
    ['no separator', 'node', ['/ext/dist/cli.js', 'tap', '--http'], undefined],
    ['another program running cli.js', 'python', ['cli.js', 'tap', '--', 'x'], undefined],
  ];
  for (const [title, command, args, expected] of cases) {
    void it(title, () => assert.deepEqual(findTapInvocation(command, args), expected));
  }

  void it('marks a tapped entry when reading the file', () => {
    const text = JSON.stringify({
      servers: { a: { command: 'node', args: ['/x/dist/cli.js', 'tap', '--name', 'a', '--', 'npx', 'srv'] } },
    });
    const [entry] = parseConfig(text, vscodeFile).entries;
    assert.deepEqual(entry.tap, { label: 'a', server: ['npx', 'srv'] });
  });
});
