/**
 * The CLI as its own npm package (packages/cli, packed by scripts/pack-cli.mjs): packed to a temporary folder,
 * installed offline into a fresh project outside the repository (so nothing resolves from the repo's node_modules),
 * and run with npx against a copy of the example server: the same findings as the repository's own dist/cli.js.
 */
import assert from 'node:assert/strict';
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';

const root = path.resolve(__dirname, '../../../..');
const windows = process.platform === 'win32';

/** The environment without the outer npm's own `npm_*` variables (when this runs under `npm test`). */
function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
}

function run(command: string, args: string[], cwd: string, options: SpawnSyncOptions = {}) {
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    env: cleanEnv(),
    shell: windows && !command.endsWith('.exe'),
    timeout: 120_000,
    ...options,
  });
  return { status: result.status, stdout: String(result.stdout), stderr: String(result.stderr) };
}

interface Finding {
  file: string;
  line: number;
  check: string;
}

describe('the mcp-envelope npm package, installed from its tarball', { timeout: 240_000 }, () => {
  let dir: string;
  let project: string;
  let tarball: string;

  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-envelope-package-'));
    const pack = run(
      process.execPath,
      [
        path.join(root, 'scripts', 'pack-cli.mjs'),
        '--no-build',
        '--stage',
        path.join(dir, 'stage'),
        '--out',
        path.join(dir, 'packs'),
      ],
      root,
    );
    assert.equal(pack.status, 0, pack.stderr);
    tarball = pack.stdout.trim().split('\n').at(-1) ?? '';
    assert.ok(fs.existsSync(tarball), `no tarball at ${tarball}`);

    project = path.join(dir, 'fresh project');
    fs.mkdirSync(project);
    fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'fresh-server', private: true }));
    fs.cpSync(path.join(root, 'examples', 'orders-server', 'src'), path.join(project, 'src'), { recursive: true });
    const install = run('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], project);
    assert.equal(install.status, 0, install.stderr);
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('installs one package with no dependencies: the four bundles, its README and the licence', () => {
    const modules = fs.readdirSync(path.join(project, 'node_modules')).filter((name) => !name.startsWith('.'));
    assert.deepEqual(modules, ['mcp-envelope']);
    const installed = path.join(project, 'node_modules', 'mcp-envelope');
    const files = fs
      .readdirSync(installed, { recursive: true, encoding: 'utf8' })
      .map((f) => f.split(path.sep).join('/'));
    assert.deepEqual(files.sort(), [
      'LICENSE',
      'README.md',
      'dist',
      'dist/cli.js',
      'dist/engine.js',
      'dist/probe.js',
      'dist/tap.js',
      'package.json',
    ]);
    const manifest = JSON.parse(fs.readFileSync(path.join(installed, 'package.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    const own = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
    assert.equal(manifest.version, own.version, 'the package carries the extension’s version');
    assert.equal(manifest.dependencies, undefined);
    assert.deepEqual(manifest.engines, { node: '>=20' });
  });

  it('npx mcp-envelope check src: the example’s findings, the same as the repository’s CLI', () => {
    const result = run('npx', ['--offline', 'mcp-envelope', 'check', 'src'], project);
    assert.equal(result.status, 1, `warnings exit 1: ${result.stderr}`);
    assert.match(result.stdout, /throw-in-handler/);
    assert.match(result.stdout, /\d+ problems \(\d+ errors?, \d+ warnings?/);

    const packaged = run('npx', ['--offline', 'mcp-envelope', 'check', 'src', '--format', 'json'], project);
    const repository = run(
      process.execPath,
      [path.join(root, 'dist', 'cli.js'), 'check', 'src', '--format', 'json'],
      project,
    );
    const findings = JSON.parse(packaged.stdout) as Finding[];
    assert.ok(findings.length > 5, 'the example yields findings');
    assert.deepEqual(findings, JSON.parse(repository.stdout) as Finding[]);
  });

  it('npx mcp-envelope check src --format sarif: a SARIF 2.1.0 log with relative file URIs', () => {
    const result = run('npx', ['--offline', 'mcp-envelope', 'check', 'src', '--format', 'sarif'], project);
    assert.equal(result.status, 1, result.stderr);
    const log = JSON.parse(result.stdout) as {
      version: string;
      runs: Array<{
        tool: { driver: { name: string; rules: unknown[] } };
        results: Array<{
          ruleId: string;
          locations: Array<{ physicalLocation: { artifactLocation: { uri: string } } }>;
        }>;
      }>;
    };
    assert.equal(log.version, '2.1.0');
    const [sarifRun] = log.runs;
    assert.equal(sarifRun?.tool.driver.name, 'mcp-envelope');
    assert.ok((sarifRun?.results.length ?? 0) > 5);
    for (const result of sarifRun?.results ?? []) {
      assert.match(result.locations[0]?.physicalLocation.artifactLocation.uri ?? '', /^src\/[\w/]+\.ts$/);
    }
  });

  it('a clean file exits 0 and --help works without VS Code', () => {
    fs.mkdirSync(path.join(project, 'clean'));
    fs.writeFileSync(path.join(project, 'clean', 'index.ts'), 'export const answer = 42;\n');
    const clean = run('npx', ['--offline', 'mcp-envelope', 'check', 'clean'], project);
    assert.equal(clean.status, 0, clean.stdout + clean.stderr);
    const help = run('npx', ['--offline', 'mcp-envelope', '--help'], project);
    assert.equal(help.status, 0);
    assert.match(help.stdout, /check \[paths…\]/);
  });
});
