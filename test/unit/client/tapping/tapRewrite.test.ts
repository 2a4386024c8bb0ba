import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parse } from 'jsonc-parser';
import type { ConfigFileCandidate } from '../../../../client/src/tapping/hostConfigs';
import { manualProxyCommand } from '../../../../client/src/tapping/httpProxies';
import { parseConfig, type ServerEntry } from '../../../../client/src/tapping/serverEntries';
import {
  detectFormatting,
  proxyUrlFor,
  TAP_MODES,
  TapEditError,
  tapHttpEntry,
  tapStdioEntry,
  untapEntry,
} from '../../../../client/src/tapping/tapRewrite';
import {
  CLAUDE_DESKTOP_JSON,
  CLAUDE_PROJECT_MCP_JSON,
  CLAUDE_USER_JSON,
  CURSOR_MCP_JSON,
  VSCODE_MCP_JSON,
} from './hostFixtures';

const CLI = '/opt/ext/mcp-envelope-0.1.0/dist/cli.js';

function entryOf(text: string, candidate: ConfigFileCandidate, name: string): ServerEntry {
  const entry = parseConfig(text, candidate).entries.find((item) => item.name === name);
  assert.ok(entry, `fixture has ${name}`);
  return entry;
}

const fixtures: [string, string, ConfigFileCandidate, string, string[]][] = [
  [
    'VS Code .vscode/mcp.json (JSONC)',
    VSCODE_MCP_JSON,
    { file: '/w/.vscode/mcp.json', host: 'vscode', layout: 'servers', description: '' },
    'orders',
    ['npx', 'tsx', '${workspaceFolder}/src/server.ts'],
  ],
  [
    'Claude Code .mcp.json',
    CLAUDE_PROJECT_MCP_JSON,
    { file: '/w/.mcp.json', host: 'claude-code', layout: 'mcpServers', description: '' },
    'everything',
    ['npx', '-y', '@modelcontextprotocol/server-everything'],
  ],
  [
    '~/.claude.json per-project entry',
    CLAUDE_USER_JSON,
    { file: '/h/.claude.json', host: 'claude-code', layout: 'claude-json', description: '' },
    'orders-local',
    ['node', '/home/dev/orders/dist/server.js'],
  ],
  [
    'Claude Desktop (CRLF, four spaces)',
    CLAUDE_DESKTOP_JSON,
    { file: '/h/c.json', host: 'claude-desktop', layout: 'mcpServers', description: '' },
    'filesystem',
    ['npx', '-y', '@modelcontextprotocol/server-filesystem', 'C:\\Users\\dev\\Desktop'],
  ],
  [
    'Cursor (tabs)',
    CURSOR_MCP_JSON,
    { file: '/h/.cursor/mcp.json', host: 'cursor', layout: 'mcpServers', description: '' },
    'time',
    ['uvx', 'mcp-server-time'],
  ],
];

void describe('tapping a stdio entry and untapping it', () => {
  for (const [title, text, candidate, name, serverCommand] of fixtures) {
    void it(`${title}: runs the server through the tap, then gives back the identical bytes`, () => {
      const entry = entryOf(text, candidate, name);
      const { text: tapped, record } = tapStdioEntry(text, entry, { cliPath: CLI, now: new Date(0) });
      const after = entryOf(tapped, candidate, name);
      assert.equal(after.command, 'node');
      assert.deepEqual(after.args, [CLI, 'tap', '--name', name, '--', ...serverCommand]);
      assert.deepEqual(after.env, entry.env, 'env is kept');
      assert.deepEqual(after.tap, { label: name, server: serverCommand }, 'the rewritten entry reads as tapped');
      assert.equal(record.tappedAt, '1970-01-01T00:00:00.000Z');
      assert.deepEqual(record.original, entry.value);

      // Everything outside the entry is untouched.
      const start = text.indexOf(record.originalText);
      assert.equal(tapped.slice(0, start), text.slice(0, start));
      assert.equal(tapped.endsWith(text.slice(start + record.originalText.length)), true);

      const untapped = untapEntry(tapped, record);
      assert.equal(untapped.status, 'restored');
      assert.equal(untapped.text, text, 'byte-identical after untap');
    });
  }

  void it('keeps comments in the file and the entry type, and writes with the file’s own line ends and indent', () => {
    const candidate = fixtures[0][2];
    const { text: tapped } = tapStdioEntry(VSCODE_MCP_JSON, entryOf(VSCODE_MCP_JSON, candidate, 'orders'), {
      cliPath: CLI,
    });
    assert.match(tapped, /\/\/ Servers for this repository/);
    assert.match(tapped, /\/\* a remote one \*\//);
    assert.equal(parse(tapped).servers.orders.type, 'stdio');
    assert.match(
      tapped,
      /"args": \["\/opt\/ext\/mcp-envelope-0\.1\.0\/dist\/cli\.js", "tap", "--name", "orders", "--", "npx", .*\], \/\/ dev entry point\n/,
      'an array written on one line stays on one line, its comment after it',
    );
    const desktopCandidate = fixtures[3][2];
    const desktopTapped = tapStdioEntry(
      CLAUDE_DESKTOP_JSON,
      entryOf(CLAUDE_DESKTOP_JSON, desktopCandidate, 'filesystem'),
      {
        cliPath: CLI,
      },
    ).text;
    assert.equal(desktopTapped.replace(/\r\n/g, '').includes('\n'), false, 'no bare LF in a CRLF file');
  });

  void it('untaps only the tapped entry when the user changed other parts of the file meanwhile', () => {
    const candidate = fixtures[1][2];
    const { text: tapped, record } = tapStdioEntry(
      CLAUDE_PROJECT_MCP_JSON,
      entryOf(CLAUDE_PROJECT_MCP_JSON, candidate, 'everything'),
      { cliPath: CLI },
    );
    const edited = tapped.replace('https://mcp.sentry.test/mcp', 'https://mcp.sentry.test/v2/mcp');
    const result = untapEntry(edited, record);
    assert.equal(result.status, 'restored');
    assert.equal(
      result.text,
      CLAUDE_PROJECT_MCP_JSON.replace('https://mcp.sentry.test/mcp', 'https://mcp.sentry.test/v2/mcp'),
    );
  });

  void it('still untaps after a host reformatted the file, as long as the entry means the same', () => {
    const candidate = fixtures[2][2];
    const { text: tapped, record } = tapStdioEntry(
      CLAUDE_USER_JSON,
      entryOf(CLAUDE_USER_JSON, candidate, 'orders-local'),
      {
        cliPath: CLI,
      },
    );
    const rewrittenByHost = JSON.stringify(JSON.parse(tapped), null, 2);
    const result = untapEntry(rewrittenByHost, record);
    assert.equal(result.status, 'restored');
    assert.deepEqual(JSON.parse(result.text), JSON.parse(CLAUDE_USER_JSON));
  });

  void it('refuses to untap an entry edited after tapping, unless forced', () => {
    const candidate = fixtures[4][2];
    const { text: tapped, record } = tapStdioEntry(CURSOR_MCP_JSON, entryOf(CURSOR_MCP_JSON, candidate, 'time'), {
      cliPath: CLI,
    });
    const edited = tapped.replace('"mcp-server-time"', '"mcp-server-time", "--local-timezone=UTC"');
    assert.equal(untapEntry(edited, record).status, 'changed-since-tap');
    assert.equal(untapEntry(edited, record).text, edited);
    const forced = untapEntry(edited, record, { force: true });
    assert.equal(forced.status, 'restored');
    assert.equal(forced.text, CURSOR_MCP_JSON);
  });

  void it('reports an entry that was removed or already put back', () => {
    const candidate = fixtures[4][2];
    const { record } = tapStdioEntry(CURSOR_MCP_JSON, entryOf(CURSOR_MCP_JSON, candidate, 'time'), { cliPath: CLI });
    assert.equal(untapEntry(CURSOR_MCP_JSON, record).status, 'already-original');
    assert.equal(untapEntry('{"mcpServers": {}}', record).status, 'entry-missing');
  });

  void it('does not tap twice', () => {
    const candidate = fixtures[1][2];
    const { text: tapped } = tapStdioEntry(
      CLAUDE_PROJECT_MCP_JSON,
      entryOf(CLAUDE_PROJECT_MCP_JSON, candidate, 'everything'),
      { cliPath: CLI },
    );
    assert.throws(
      () => tapStdioEntry(tapped, entryOf(tapped, candidate, 'everything'), { cliPath: '/other/dist/cli.js' }),
      (error: unknown) => error instanceof TapEditError && /already runs through the tap/.test(error.message),
    );
  });

  void it('uses a custom label and node program when given', () => {
    const candidate = fixtures[1][2];
    const { text: tapped } = tapStdioEntry(
      CLAUDE_PROJECT_MCP_JSON,
      entryOf(CLAUDE_PROJECT_MCP_JSON, candidate, 'everything'),
      { cliPath: CLI, label: 'demo', nodeCommand: '/usr/local/bin/node' },
    );
    const after = entryOf(tapped, candidate, 'everything');
    assert.equal(after.command, '/usr/local/bin/node');
    assert.deepEqual(after.args.slice(0, 5), [CLI, 'tap', '--name', 'demo', '--']);
  });

  void it('refuses files with syntax errors', () => {
    const broken = CLAUDE_PROJECT_MCP_JSON.replace('"env": {}', '"env": {');
    const candidate = fixtures[1][2];
    const entry = entryOf(CLAUDE_PROJECT_MCP_JSON, candidate, 'everything');
    assert.throws(() => tapStdioEntry(broken, entry, { cliPath: CLI }), TapEditError);
  });
});

void describe('tapping an HTTP entry', () => {
  void it('points the URL at a loopback proxy with the same path and query, and untaps to identical bytes', () => {
    const candidate = fixtures[0][2];
    const entry = entryOf(VSCODE_MCP_JSON, candidate, 'remote-docs');
    const { text: tapped, record } = tapHttpEntry(VSCODE_MCP_JSON, entry, { port: 43123 });
    const after = entryOf(tapped, candidate, 'remote-docs');
    assert.equal(after.url, 'http://127.0.0.1:43123/mcp?tenant=a');
    assert.deepEqual(after.value.headers, entry.value.headers, 'headers still go to the proxy, which forwards them');
    assert.deepEqual(record.http, {
      target: 'https://docs.example.test/mcp?tenant=a',
      listen: '127.0.0.1:43123',
      label: 'remote-docs',
    });
    assert.equal(untapEntry(tapped, record).text, VSCODE_MCP_JSON);
  });

  void it('taps Cursor URL-only entries; refuses SSE and stdio entries', () => {
    const candidate = fixtures[4][2];
    const linear = entryOf(CURSOR_MCP_JSON, candidate, 'linear');
    const { text: tapped, record } = tapHttpEntry(CURSOR_MCP_JSON, linear, { port: 5000, label: 'lin' });
    assert.equal(entryOf(tapped, candidate, 'linear').url, 'http://127.0.0.1:5000/mcp');
    assert.equal(record.http?.label, 'lin');
    assert.equal(untapEntry(tapped, record).text, CURSOR_MCP_JSON);
    assert.throws(
      () => tapHttpEntry(CURSOR_MCP_JSON, entryOf(CURSOR_MCP_JSON, candidate, 'old-sse'), { port: 1 }),
      TapEditError,
    );
    assert.throws(
      () => tapHttpEntry(CURSOR_MCP_JSON, entryOf(CURSOR_MCP_JSON, candidate, 'time'), { port: 1 }),
      TapEditError,
    );
    assert.throws(() => tapStdioEntry(CURSOR_MCP_JSON, linear, { cliPath: CLI }), TapEditError);
  });

  void it('builds proxy URLs on 127.0.0.1', () => {
    assert.equal(proxyUrlFor('https://a.test:8443/x/y?z=1#frag', 9), 'http://127.0.0.1:9/x/y?z=1');
  });
});

void describe('formatting detection', () => {
  void it('finds spaces, tabs and CRLF', () => {
    assert.deepEqual(detectFormatting(CLAUDE_DESKTOP_JSON), { insertSpaces: true, tabSize: 4, eol: '\r\n' });
    assert.deepEqual(detectFormatting(CURSOR_MCP_JSON), { insertSpaces: false, tabSize: 4, eol: '\n' });
    assert.deepEqual(detectFormatting('{}'), { insertSpaces: true, tabSize: 2, eol: '\n' });
  });
});

void describe('Tap-a-server with repair', () => {
  const candidate: ConfigFileCandidate = {
    file: '/w/.cursor/mcp.json',
    host: 'cursor',
    layout: 'mcpServers',
    description: '',
  };

  void it('offers record only and record-and-repair', () => {
    assert.deepEqual(
      TAP_MODES.map((mode) => [mode.label, mode.repair]),
      [
        ['Record only', false],
        ['Record and repair errors', true],
      ],
    );
  });

  void it('passes --repair in the rewritten command, reads it back, and untaps to the identical bytes', () => {
    const [, text, fixtureCandidate, name, serverCommand] = fixtures[0];
    const entry = entryOf(text, fixtureCandidate, name);
    const { text: tapped, record } = tapStdioEntry(text, entry, { cliPath: CLI, repair: true });
    const after = entryOf(tapped, fixtureCandidate, name);
    assert.deepEqual(after.args, [CLI, 'tap', '--repair', '--name', name, '--', ...serverCommand]);
    assert.deepEqual(after.tap, { label: name, server: serverCommand, repair: true });
    assert.equal(untapEntry(tapped, record).text, text, 'byte-identical after untap');
  });

  void it('an HTTP entry keeps the choice in its record, and the proxy command carries --repair', () => {
    const http = parseConfig(CURSOR_MCP_JSON, candidate).entries.find((item) => item.transport === 'http');
    assert.ok(http);
    const { record } = tapHttpEntry(CURSOR_MCP_JSON, http, { port: 5000, repair: true });
    assert.equal(record.http?.repair, true);
    assert.match(manualProxyCommand(record) ?? '', / --repair$/);
    const plain = tapHttpEntry(CURSOR_MCP_JSON, http, { port: 5000 }).record;
    assert.doesNotMatch(manualProxyCommand(plain) ?? '', /--repair/);
  });
});
