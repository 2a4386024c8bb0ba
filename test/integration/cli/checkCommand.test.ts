import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';

const root = path.resolve(__dirname, '../../../..');
const cli = path.join(root, 'dist', 'cli.js');

function run(args: string[], cwd: string): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const HEADER = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nconst server = new McpServer({ name: 'orders', version: '1.0.0' });\n`;
const SERVER = `${HEADER}server.registerTool('get_order', {}, async ({ id }: { id: string }) => {\n  if (!id) throw new Error('id must be a non-empty string');\n  return { content: [{ type: 'text' as const, text: 'ok' }] };\n});\nserver.tool('ping', async () => ({ content: [] }));\n`;
const INFO_ONLY = `${HEADER}export const r = { isError: true, errorCategory: 'TRANSIENT', isRetryable: true, content: [{ type: 'text', text: 'db timed out' }] };\n`;

describe('mcp-envelope check / tools (dist/cli.js)', () => {
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-envelope-cli-'));
    fs.mkdirSync(path.join(dir, 'src'));
    fs.writeFileSync(path.join(dir, 'src', 'server.ts'), SERVER);
    fs.writeFileSync(path.join(dir, 'src', 'info.ts'), INFO_ONLY);
    fs.writeFileSync(path.join(dir, 'src', 'plain.ts'), `export const x = 1;\n`);
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('--format json prints the documented finding shape and exits 1 on a warning', () => {
    const result = run(['check', 'src', '--format', 'json'], dir);
    assert.equal(result.status, 1, result.stderr);
    const findings = JSON.parse(result.stdout) as Array<Record<string, unknown>>;
    const thrown = findings.find((f) => f.check === 'throw-in-handler');
    assert.deepEqual(Object.keys(thrown ?? {}).sort(), [
      'check',
      'column',
      'endColumn',
      'endLine',
      'file',
      'fixable',
      'line',
      'message',
      'severity',
    ]);
    assert.equal(thrown?.file, path.join('src', 'server.ts'));
    assert.equal(thrown?.line, 4);
    assert.equal(thrown?.column, 12);
    assert.equal(thrown?.severity, 'warning');
    assert.equal(thrown?.fixable, true);
  });

  it('--fail-on decides the exit code', () => {
    assert.equal(run(['check', 'src/info.ts', '--fail-on', 'error'], dir).status, 0);
    assert.equal(run(['check', 'src/plain.ts'], dir).status, 0);
    const infoOnly = run(['check', 'src/info.ts', '--format', 'json', '--fail-on', 'info'], dir);
    const findings = JSON.parse(infoOnly.stdout) as Array<{ severity: string }>;
    assert.equal(infoOnly.status, findings.length > 0 ? 1 : 0);
  });

  it('--format sarif prints SARIF 2.1.0 with rules and results', () => {
    const result = run(['check', 'src/server.ts', '--format', 'sarif'], dir);
    const sarif = JSON.parse(result.stdout) as {
      version: string;
      runs: Array<{
        tool: { driver: { rules: Array<{ id: string }> } };
        results: Array<{ ruleId: string; level: string }>;
      }>;
    };
    assert.equal(sarif.version, '2.1.0');
    assert.ok(sarif.runs[0].tool.driver.rules.some((r) => r.id === 'throw-in-handler'));
    assert.ok(sarif.runs[0].results.some((r) => r.ruleId === 'throw-in-handler' && r.level === 'warning'));
  });

  it('usage errors and unreadable paths exit 2 with a clear message', () => {
    const missing = run(['check', 'does-not-exist'], dir);
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /cannot read does-not-exist/);
    assert.equal(run(['check', '--format', 'xml'], dir).status, 2);
    assert.equal(run(['frobnicate'], dir).status, 2);
  });

  it('honours suppression comments and the settings file', () => {
    const suppressed = SERVER.replace(
      '  if (!id) throw',
      '  // mcp-envelope-disable-next-line throw-in-handler\n  if (!id) throw',
    );
    fs.writeFileSync(path.join(dir, 'src', 'suppressed.ts'), suppressed);
    const json = JSON.parse(run(['check', 'src/suppressed.ts', '--format', 'json'], dir).stdout) as Array<{
      check: string;
    }>;
    assert.equal(json.filter((f) => f.check === 'throw-in-handler').length, 0);
    fs.mkdirSync(path.join(dir, '.vscode'), { recursive: true });
    fs.writeFileSync(
      path.join(dir, '.vscode', 'settings.json'),
      `{\n  // comments are fine\n  "mcpEnvelope.checks": { "throw-in-handler": "error" }\n}\n`,
    );
    const withSettings = JSON.parse(run(['check', 'src/server.ts', '--format', 'json'], dir).stdout) as Array<{
      check: string;
      severity: string;
    }>;
    assert.equal(withSettings.find((f) => f.check === 'throw-in-handler')?.severity, 'error');
    fs.rmSync(path.join(dir, '.vscode'), { recursive: true });
  });

  it('--fix rewrites the file, reports what changed, and leaves it parseable', () => {
    const target = path.join(dir, 'src', 'fixme.ts');
    fs.writeFileSync(target, SERVER);
    const result = run(['check', 'src/fixme.ts', '--fix'], dir);
    assert.match(result.stderr, /fixed \d+ problems? in src\/fixme\.ts/);
    const fixed = fs.readFileSync(target, 'utf8');
    assert.match(fixed, /errorCategory: 'VALIDATION'/);
    const after = JSON.parse(run(['check', 'src/fixme.ts', '--format', 'json'], dir).stdout) as Array<{
      fixable: boolean;
    }>;
    assert.equal(after.filter((f) => f.fixable).length, 0);
  });

  it('tools --format json lists registrations in the documented shape', () => {
    const result = run(['tools', 'src/server.ts', '--format', 'json'], dir);
    assert.equal(result.status, 0);
    assert.deepEqual(JSON.parse(result.stdout), [
      { name: 'get_order', file: path.join('src', 'server.ts'), line: 3, kind: 'registerTool' },
      { name: 'ping', file: path.join('src', 'server.ts'), line: 7, kind: 'tool' },
    ]);
  });
});

describe('mcp-envelope check: a file that cannot be analysed', () => {
  let dir: string;
  const DEEP = `${HEADER}export const x = ${'('.repeat(3000)}1${')'.repeat(3000)};\n`;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-envelope-cli-deep-'));
    for (let i = 0; i < 19; i++) fs.writeFileSync(path.join(dir, `good${String(i).padStart(2, '0')}.ts`), SERVER);
    fs.writeFileSync(path.join(dir, 'deep.ts'), DEEP);
    fs.writeFileSync(path.join(dir, 'info.ts'), INFO_ONLY);
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('json: every other file is checked, the file is one analysis-error entry, exit 1 (findings win)', () => {
    const result = run(['check', '.', '--format', 'json'], dir);
    assert.equal(result.status, 1, result.stderr);
    const entries = JSON.parse(result.stdout) as Array<Record<string, unknown>>;
    const checkedFiles = new Set(entries.filter((e) => e.check === 'throw-in-handler').map((e) => e.file));
    assert.equal(checkedFiles.size, 19);
    const errors = entries.filter((e) => e.check === 'analysis-error');
    assert.deepEqual(errors, [
      {
        file: 'deep.ts',
        line: 1,
        column: 1,
        endLine: 1,
        endColumn: 1,
        check: 'analysis-error',
        severity: 'error',
        message: 'could not be analysed: nesting too deep for the parser (Maximum call stack size exceeded)',
        fixable: false,
      },
    ]);
  });

  it('exit 3 when no finding reaches --fail-on but a file could not be analysed; 0 without that file', () => {
    const result = run(['check', 'deep.ts', 'info.ts', '--fail-on', 'error'], dir);
    assert.equal(result.status, 3, result.stderr);
    assert.match(result.stdout, /deep\.ts\n {2}1:1 +error +could not be analysed: nesting too deep/);
    assert.match(result.stdout, /1 file could not be analysed \(analysis-error\)\./);
    assert.equal(run(['check', 'info.ts', '--fail-on', 'error'], dir).status, 0);
  });

  it('sarif: one tool execution notification per file, the run marked unsuccessful', () => {
    const result = run(['check', 'deep.ts', 'good00.ts', '--format', 'sarif'], dir);
    const sarif = JSON.parse(result.stdout) as {
      runs: Array<{
        results: Array<{ ruleId: string }>;
        invocations: Array<{
          executionSuccessful: boolean;
          toolExecutionNotifications: Array<{
            level: string;
            message: { text: string };
            locations: Array<{ physicalLocation: { artifactLocation: { uri: string } } }>;
          }>;
        }>;
      }>;
    };
    const [invocation] = sarif.runs[0].invocations;
    assert.equal(invocation.executionSuccessful, false);
    assert.equal(invocation.toolExecutionNotifications.length, 1);
    const [notification] = invocation.toolExecutionNotifications;
    assert.equal(notification.level, 'error');
    assert.equal(notification.locations[0].physicalLocation.artifactLocation.uri, 'deep.ts');
    assert.match(notification.message.text, /^could not be analysed: nesting too deep/);
    assert.ok(sarif.runs[0].results.some((r) => r.ruleId === 'throw-in-handler'));
    assert.ok(sarif.runs[0].results.every((r) => r.ruleId !== 'analysis-error'));
  });

  it('tools lists the others, names the file on stderr and exits 3', () => {
    const result = run(['tools', '.', '--format', 'json'], dir);
    assert.equal(result.status, 3);
    assert.equal((JSON.parse(result.stdout) as unknown[]).length, 19 * 2);
    assert.match(result.stderr, /deep\.ts could not be analysed: nesting too deep/);
  });

  it('exits quietly when its reader closes the pipe (tools | head)', () => {
    for (let i = 0; i < 400; i++) fs.writeFileSync(path.join(dir, `many${i}.ts`), SERVER);
    const piped = spawnSync('/bin/sh', ['-c', `"${process.execPath}" "${cli}" tools . | head -3`], {
      cwd: dir,
      encoding: 'utf8',
    });
    assert.equal(piped.stdout.split('\n').filter(Boolean).length, 3);
    assert.doesNotMatch(piped.stderr, /EPIPE|internal error|Unhandled/);
  });

  it('one usage-error convention: a message naming the command, a pointer to --help, exit 2', () => {
    for (const argv of [
      ['check', '--bogus'],
      ['tools', '--format', 'xml'],
      ['calls'],
      ['probe', '--verbose', '--', 'node'],
    ]) {
      const result = run(argv, dir);
      assert.equal(result.status, 2, argv.join(' '));
      assert.match(result.stderr, new RegExp(`^mcp-envelope ${argv[0]}: .+\\nRun 'mcp-envelope ${argv[0]} --help'`));
    }
  });
});
