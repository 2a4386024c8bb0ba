/**
 * The SARIF that `mcp-envelope check` and `mcp-envelope probe` write passes Microsoft's SARIF validator
 * (`@microsoft/sarif-multitool validate`, a platform binary shipped inside its npm package): files given as
 * relative paths, as absolute paths inside the working folder and as absolute paths outside it, and a probe of
 * the reference "everything" server. A hand-written log with the old mistake proves the validator is checking.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';

const root = path.resolve(__dirname, '../../../..');
const cli = path.join(root, 'dist', 'cli.js');
const everything = path.join(root, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');

/** The validator's package, when installed (its platform package holds the binary). */
function multitoolPackage(): string | undefined {
  try {
    return require.resolve('@microsoft/sarif-multitool', { paths: [root] });
  } catch {
    return undefined;
  }
}

/** The validator binary: MCP_ENVELOPE_SARIF_MULTITOOL (a path to the binary), or the installed devDependency. */
async function multitool(): Promise<string> {
  if (process.env.MCP_ENVELOPE_SARIF_MULTITOOL) return process.env.MCP_ENVELOPE_SARIF_MULTITOOL;
  const entry = multitoolPackage();
  assert.ok(entry, '@microsoft/sarif-multitool is not installed: run npm install');
  const loaded = (await import(pathToFileURL(entry).href)) as { default: unknown };
  assert.equal(typeof loaded.default, 'string', 'the package exports the path of its binary');
  const binary = String(loaded.default);
  assert.ok(fs.existsSync(binary), `the validator binary is missing: ${binary}`);
  return binary;
}

interface ValidationResult {
  ruleId: string;
  level?: string;
  message: { text?: string };
}

/** Runs `validate` on the files and returns the problems it found (level error or warning). */
function validate(binary: string, files: string[], outDir: string): ValidationResult[] {
  const output = path.join(outDir, `validation-${path.basename(files[0] ?? 'x')}.sarif`);
  const run = spawnSync(binary, ['validate', ...files, '--output', output, '--log', 'ForceOverwrite', '--quiet'], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  assert.equal(run.status, 0, `sarif-multitool failed: ${run.stderr}${run.stdout}`);
  const log = JSON.parse(fs.readFileSync(output, 'utf8').replace(/^\uFEFF/, '')) as {
    runs: Array<{ results?: ValidationResult[] }>;
  };
  return log.runs
    .flatMap((r) => r.results ?? [])
    .filter((result) => (result.level ?? 'warning') === 'error' || (result.level ?? 'warning') === 'warning');
}

function describeProblems(problems: ValidationResult[]): string {
  return problems.map((p) => `${p.ruleId}: ${p.message.text ?? ''}`).join('\n');
}

const installed = process.env.MCP_ENVELOPE_SARIF_MULTITOOL !== undefined || multitoolPackage() !== undefined;
const skip =
  !installed && process.env.CI !== 'true'
    ? '@microsoft/sarif-multitool is not installed (npm install); CI fails instead of skipping'
    : false;

describe('SARIF output passes Microsoft’s SARIF validator', { skip, timeout: 180_000 }, () => {
  let dir: string;
  let binary: string;
  before(async () => {
    binary = await multitool();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-envelope-sarif-'));
    fs.cpSync(path.join(root, 'examples', 'orders-server', 'src'), path.join(dir, 'outside src'), { recursive: true });
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  function check(target: string, name: string): string {
    const run = spawnSync(process.execPath, [cli, 'check', target, '--format', 'sarif'], {
      cwd: root,
      encoding: 'utf8',
    });
    assert.equal(run.status, 1, `the example has warnings, so check exits 1: ${run.stderr}`);
    const file = path.join(dir, name);
    fs.writeFileSync(file, run.stdout);
    return file;
  }

  it('check: relative paths, absolute paths inside and outside the working folder', () => {
    const files = [
      check('examples/orders-server/src', 'relative.sarif'),
      check(path.join(root, 'examples', 'orders-server', 'src'), 'absolute-inside.sarif'),
      check(path.join(dir, 'outside src'), 'absolute-outside.sarif'),
    ];
    const outside = JSON.parse(fs.readFileSync(files[2] ?? '', 'utf8')) as {
      runs: Array<{
        results: Array<{ locations: Array<{ physicalLocation: { artifactLocation: { uri: string } } }> }>;
      }>;
    };
    const uris = outside.runs[0]?.results.map((r) => r.locations[0]?.physicalLocation.artifactLocation.uri) ?? [];
    assert.ok(uris.length > 5, 'the example yields findings');
    for (const uri of uris) assert.match(uri ?? '', /^file:\/\/\/.*outside%20src\//);
    const problems = validate(binary, files, dir);
    assert.deepEqual(problems, [], describeProblems(problems));
  });

  it('probe: a probe of the reference everything server', () => {
    const fixtures = path.join(dir, 'fixtures.json');
    fs.writeFileSync(fixtures, JSON.stringify({ 'trigger-long-running-operation': { duration: 0.1, steps: 1 } }));
    const args = [cli, 'probe', '--format', 'sarif', '--timeout', '3000', '--fixtures', fixtures];
    const run = spawnSync(process.execPath, [...args, '--', process.execPath, everything, 'stdio'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 90_000,
    });
    assert.equal(run.status, 0, run.stderr);
    const log = JSON.parse(run.stdout) as { runs: Array<{ results: unknown[] }> };
    assert.ok((log.runs[0]?.results.length ?? 0) > 0, 'the probe reports findings');
    const file = path.join(dir, 'probe.sarif');
    fs.writeFileSync(file, run.stdout);
    const problems = validate(binary, [file], dir);
    assert.deepEqual(problems, [], describeProblems(problems));
  });

  it('the validator rejects an absolute path written as a relative reference (the old output)', () => {
    const bad = {
      version: '2.1.0',
      $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
      runs: [
        {
          tool: { driver: { name: 'hand-written', rules: [{ id: 'x', shortDescription: { text: 'A rule.' } }] } },
          results: [
            {
              ruleId: 'x',
              level: 'warning',
              message: { text: 'A finding.' },
              locations: [
                {
                  physicalLocation: {
                    artifactLocation: { uri: '/home/someone/server/src/tools.ts', uriBaseId: '%SRCROOT%' },
                    region: { startLine: 1 },
                  },
                },
              ],
            },
          ],
        },
      ],
    };
    const file = path.join(dir, 'bad.sarif');
    fs.writeFileSync(file, JSON.stringify(bad, null, 2));
    const problems = validate(binary, [file], dir);
    assert.ok(
      problems.some((p) => p.ruleId === 'SARIF1004'),
      `expected SARIF1004, got:\n${describeProblems(problems)}`,
    );
  });
});
