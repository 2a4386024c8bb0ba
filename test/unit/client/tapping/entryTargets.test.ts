import assert from 'node:assert/strict';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import {
  directTargetFor,
  resolveVariables,
  splitCommandLine,
  type VariableContext,
} from '../../../../client/src/tapping/entryTargets';
import type { ConfigFileCandidate } from '../../../../client/src/tapping/hostConfigs';
import { manualProxyCommand } from '../../../../client/src/tapping/httpProxies';
import { parseConfig, type ServerEntry } from '../../../../client/src/tapping/serverEntries';
import { tappedCopiesOf } from '../../../../client/src/tapping/tappedCopies';
import { tapHttpEntry, tapStdioEntry } from '../../../../client/src/tapping/tapRewrite';
import { CLAUDE_PROJECT_MCP_JSON, CLAUDE_USER_JSON, VSCODE_MCP_JSON } from './hostFixtures';

const folder = path.resolve('/work/orders');
const vscodeFile: ConfigFileCandidate = {
  file: path.join(folder, '.vscode', 'mcp.json'),
  host: 'vscode',
  layout: 'servers',
  description: 'VS Code (workspace orders)',
};
const claudeProject: ConfigFileCandidate = {
  file: path.join(folder, '.mcp.json'),
  host: 'claude-code',
  layout: 'mcpServers',
  description: 'Claude Code (project orders)',
};
const context: VariableContext = {
  workspaceFolders: [folder],
  home: '/home/dev',
  env: { TOKEN: 't0k', HOME: '/home/dev' },
};
const launch = { cliPath: '/ext/dist/cli.js', nodePath: '/usr/bin/electron' };

function entry(text: string, candidate: ConfigFileCandidate, name: string): ServerEntry {
  const found = parseConfig(text, candidate).entries.find((item) => item.name === name);
  assert.ok(found);
  return found;
}

void describe('variables in entries', () => {
  const orders = entry(VSCODE_MCP_JSON, vscodeFile, 'orders');
  const everything = entry(CLAUDE_PROJECT_MCP_JSON, claudeProject, 'everything');

  void it('resolves VS Code variables against the entry’s workspace folder', () => {
    assert.deepEqual(resolveVariables('${workspaceFolder}/src/server.ts', orders, context), {
      value: `${folder}/src/server.ts`,
    });
    assert.deepEqual(resolveVariables('${userHome}:${env:TOKEN}:${workspaceFolderBasename}', orders, context), {
      value: '/home/dev:t0k:orders',
    });
  });

  void it('leaves host-only variables unresolved', () => {
    assert.deepEqual(resolveVariables('Bearer ${input:api-key}', orders, context), { unresolved: '${input:api-key}' });
    assert.deepEqual(
      resolveVariables('${TOKEN}', orders, context),
      { unresolved: '${TOKEN}' },
      'VS Code has no bare ${VAR}',
    );
  });

  void it('resolves Claude Code ${VAR} and ${VAR:-default}', () => {
    assert.deepEqual(resolveVariables('${TOKEN}/${MISSING:-fallback}', everything, context), { value: 't0k/fallback' });
    assert.deepEqual(resolveVariables('${MISSING}', everything, context), { unresolved: '${MISSING}' });
  });
});

void describe('direct-call targets', () => {
  void it('refuses an entry whose env needs an input only VS Code can ask for', () => {
    const result = directTargetFor(entry(VSCODE_MCP_JSON, vscodeFile, 'orders'), context, []);
    assert.deepEqual(result, { ok: false, problem: '${input:api-key} can only be filled in by the host' });
  });

  void it('builds a stdio target with the workspace folder as working directory', () => {
    const result = directTargetFor(entry(CLAUDE_PROJECT_MCP_JSON, claudeProject, 'everything'), context, []);
    assert.deepEqual(result, {
      ok: true,
      value: {
        kind: 'stdio',
        label: 'everything',
        command: 'npx',
        args: ['-y', '@modelcontextprotocol/server-everything'],
        env: {},
        cwd: folder,
      },
    });
  });

  void it('connects to the original server of a tapped stdio entry, not through the tap twice', () => {
    const original = entry(CLAUDE_PROJECT_MCP_JSON, claudeProject, 'everything');
    const tapped = tapStdioEntry(CLAUDE_PROJECT_MCP_JSON, original, { cliPath: launch.cliPath }).text;
    const result = directTargetFor(entry(tapped, claudeProject, 'everything'), context, []);
    assert.ok(result.ok);
    assert.equal(
      result.value.kind === 'stdio' && [result.value.command, ...result.value.args].join(' '),
      'npx -y @modelcontextprotocol/server-everything',
    );
  });

  void it('connects to the original URL of a tapped HTTP entry', () => {
    const sentry = entry(CLAUDE_PROJECT_MCP_JSON, claudeProject, 'sentry');
    const { text, record } = tapHttpEntry(CLAUDE_PROJECT_MCP_JSON, sentry, { port: 4555 });
    const result = directTargetFor(entry(text, claudeProject, 'sentry'), context, [record]);
    assert.deepEqual(result, {
      ok: true,
      value: { kind: 'http', label: 'sentry', url: 'https://mcp.sentry.test/mcp' },
    });
    assert.equal(
      manualProxyCommand(record),
      'mcp-envelope tap --http --target https://mcp.sentry.test/mcp --listen 127.0.0.1:4555 --name sentry',
    );
  });

  void it('refuses SSE entries', () => {
    const result = directTargetFor(entry(VSCODE_MCP_JSON, vscodeFile, 'legacy-events'), context, []);
    assert.equal(result.ok, false);
  });

  void it('uses the project folder of ~/.claude.json per-project entries', () => {
    const candidate: ConfigFileCandidate = {
      file: '/home/dev/.claude.json',
      host: 'claude-code',
      layout: 'claude-json',
      description: '',
    };
    const result = directTargetFor(entry(CLAUDE_USER_JSON, candidate, 'orders-local'), context, []);
    assert.ok(result.ok && result.value.kind === 'stdio');
    assert.equal(result.value.cwd, '/home/dev/orders');
    assert.deepEqual(result.value.env, { LOG_LEVEL: 'debug' });
  });
});

void describe('tapped copies for VS Code’s MCP server definition provider', () => {
  void it('offers "<name> (tapped)" for usable stdio entries and says why others are skipped', () => {
    const entries = [
      ...parseConfig(VSCODE_MCP_JSON, vscodeFile).entries,
      ...parseConfig(CLAUDE_PROJECT_MCP_JSON, claudeProject).entries,
    ];
    const { copies, skipped } = tappedCopiesOf(entries, context, launch);
    assert.deepEqual(
      copies.map((copy) => [copy.label, copy.command, copy.args, copy.env, copy.cwd]),
      [
        [
          'everything (tapped)',
          '/usr/bin/electron',
          [
            '/ext/dist/cli.js',
            'tap',
            '--name',
            'everything',
            '--',
            'npx',
            '-y',
            '@modelcontextprotocol/server-everything',
          ],
          { ELECTRON_RUN_AS_NODE: '1' },
          folder,
        ],
      ],
    );
    assert.deepEqual(
      skipped.map((item) => [item.entry.name, item.problem]),
      [['orders', '${input:api-key} can only be filled in by the host']],
    );
    assert.match(copies[0].version, /^[0-9a-f]{12}$/);
  });

  void it('skips entries that are already tapped, and keeps labels unique', () => {
    const original = entry(CLAUDE_PROJECT_MCP_JSON, claudeProject, 'everything');
    const tapped = tapStdioEntry(CLAUDE_PROJECT_MCP_JSON, original, { cliPath: launch.cliPath }).text;
    const other: ConfigFileCandidate = {
      ...claudeProject,
      file: path.join(folder, '.cursor', 'mcp.json'),
      description: 'Cursor',
    };
    const { copies, skipped } = tappedCopiesOf(
      [entry(tapped, claudeProject, 'everything'), original, entry(CLAUDE_PROJECT_MCP_JSON, other, 'everything')],
      context,
      launch,
    );
    assert.deepEqual(
      copies.map((copy) => copy.label),
      ['everything (tapped)', 'everything (tapped, Cursor)'],
    );
    assert.deepEqual(
      skipped.map((item) => item.problem),
      ['it already runs through the tap'],
    );
  });
});

void describe('command lines typed by people', () => {
  const cases: [string, string[]][] = [
    ['npx -y @modelcontextprotocol/server-everything', ['npx', '-y', '@modelcontextprotocol/server-everything']],
    ['node "/path with spaces/server.js" --flag', ['node', '/path with spaces/server.js', '--flag']],
    [`python3 -c 'print("hi")'`, ['python3', '-c', 'print("hi")']],
    ['echo "a \\"quoted\\" word" ""', ['echo', 'a "quoted" word', '']],
    ['   ', []],
  ];
  for (const [line, words] of cases) void it(line, () => assert.deepEqual(splitCommandLine(line), words));
});
