/**
 * The GitHub Action (action.yml) run locally, step by step, as a runner would: each `run:` step's script in bash with
 * its `env:` and `working-directory:` evaluated from the inputs, earlier steps' outputs ($GITHUB_OUTPUT) and the
 * `if:` conditions. The install step installs the CLI package packed from this repository (offline, a tarball as
 * the `version` input); the code-scanning upload (`uses:`) is not run, only its input is checked.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { REPO, yaml } from './ciTools';

interface Step {
  id?: string;
  name?: string;
  if?: string;
  run?: string;
  uses?: string;
  shell?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
  'working-directory'?: string;
}
interface Action {
  inputs: Record<string, { default?: string }>;
  runs: { using: string; steps: Step[] };
}

interface StepRun {
  step: Step;
  skipped: boolean;
  status: number | null;
  stdout: string;
  with?: Record<string, string>;
}

/** Runs the action's steps for `inputs` in `workspace`, like a runner (without the `uses:` steps). */
function runAction(action: Action, inputs: Record<string, string>, workspace: string, temp: string): StepRun[] {
  const values: Record<string, string> = {};
  for (const [name, input] of Object.entries(action.inputs)) values[name] = inputs[name] ?? input.default ?? '';
  const outputs: Record<string, Record<string, string>> = {};
  const lookup = (name: string): string => {
    const [scope, ...rest] = name.split('.');
    if (scope === 'inputs') return values[rest.join('.')] ?? '';
    if (name === 'github.action_path') return REPO;
    if (name === 'runner.temp') return temp;
    if (scope === 'steps' && rest[1] === 'outputs') return outputs[rest[0] ?? '']?.[rest[2] ?? ''] ?? '';
    throw new Error(`the test does not know ${name}`);
  };
  /** Evaluates the expressions this action uses: names, 'literals', ==, != and &&. */
  const evaluate = (expression: string): string => {
    const terms = expression.split('&&').map((term) => {
      const compare = /^\s*([\w.-]+)\s*(==|!=)\s*'([^']*)'\s*$/.exec(term);
      if (!compare) return lookup(term.trim());
      const equal = lookup(compare[1] ?? '') === compare[3];
      return String(compare[2] === '==' ? equal : !equal);
    });
    return terms.length === 1 ? (terms[0] ?? '') : String(terms.every((term) => term === 'true'));
  };
  const substitute = (text: string) =>
    text.replace(/\$\{\{(.*?)\}\}/g, (_, expression: string) => evaluate(expression));

  const runs: StepRun[] = [];
  for (const step of action.runs.steps) {
    if (step.if !== undefined && substitute(step.if) !== 'true') {
      runs.push({ step, skipped: true, status: null, stdout: '' });
      continue;
    }
    if (step.uses) {
      const withValues = Object.fromEntries(Object.entries(step.with ?? {}).map(([k, v]) => [k, substitute(v)]));
      runs.push({ step, skipped: false, status: 0, stdout: '', with: withValues });
      continue;
    }
    assert.equal(step.shell, 'bash', 'every run step names its shell');
    const outputFile = path.join(temp, `output-${runs.length}`);
    const summaryFile = path.join(temp, 'summary.md');
    fs.writeFileSync(outputFile, '');
    const env = Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, substitute(v)]));
    const cwd = path.resolve(workspace, substitute(step['working-directory'] ?? '.'));
    const script = path.join(temp, `step-${runs.length}.sh`);
    fs.writeFileSync(script, step.run ?? '');
    const result = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], {
      cwd,
      encoding: 'utf8',
      timeout: 120_000,
      env: {
        ...Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key))),
        npm_config_offline: 'true',
        GITHUB_OUTPUT: outputFile,
        GITHUB_STEP_SUMMARY: summaryFile,
        GITHUB_WORKSPACE: workspace,
        ...env,
      },
    });
    if (step.id) {
      outputs[step.id] = Object.fromEntries(
        fs
          .readFileSync(outputFile, 'utf8')
          .split('\n')
          .filter((line) => line.includes('='))
          .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
      );
    }
    runs.push({ step, skipped: false, status: result.status, stdout: `${result.stdout}${result.stderr}` });
    if (result.status !== 0) break; // a failed step ends the job
  }
  return runs;
}

const byName = (runs: StepRun[], name: string): StepRun => {
  const found = runs.find((run) => run.step.name === name);
  assert.ok(found, `no step named ${name}`);
  return found;
};

describe(
  'the GitHub Action (action.yml), run locally on the example server',
  { skip: process.platform === 'win32', timeout: 300_000 },
  () => {
    let dir: string;
    let tarball: string;
    let action: Action;
    let workspace: string;

    before(() => {
      action = yaml().load(fs.readFileSync(path.join(REPO, 'action.yml'), 'utf8')) as Action;
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-envelope-action-'));
      const pack = spawnSync(
        process.execPath,
        [path.join(REPO, 'scripts', 'pack-cli.mjs'), '--no-build', '--stage', path.join(dir, 'stage'), '--out', dir],
        {
          encoding: 'utf8',
        },
      );
      assert.equal(pack.status, 0, pack.stderr);
      tarball = pack.stdout.trim().split('\n').at(-1) ?? '';
      workspace = path.join(dir, 'workspace');
      fs.cpSync(path.join(REPO, 'examples', 'orders-server', 'src'), path.join(workspace, 'server', 'src'), {
        recursive: true,
      });
      fs.mkdirSync(path.join(workspace, 'clean'));
      fs.writeFileSync(path.join(workspace, 'clean', 'index.ts'), 'export const answer = 42;\n');
    });
    after(() => fs.rmSync(dir, { recursive: true, force: true }));

    it('fail-on warning in a sub-folder: SARIF with repository paths, annotations, upload input, failed step', () => {
      const temp = fs.mkdtempSync(path.join(dir, 'runner-'));
      const runs = runAction(
        action,
        { version: tarball, 'working-directory': 'server', paths: 'src' },
        workspace,
        temp,
      );

      const check = byName(runs, 'mcp-envelope check');
      assert.equal(check.status, 0, check.stdout);
      const sarifFile = path.join(workspace, 'server', 'mcp-envelope.sarif');
      const log = JSON.parse(fs.readFileSync(sarifFile, 'utf8')) as {
        runs: Array<{
          results: Array<{
            level: string;
            locations: Array<{ physicalLocation: { artifactLocation: { uri: string } } }>;
          }>;
        }>;
      };
      const results = log.runs[0]?.results ?? [];
      assert.ok(results.length > 5, 'the example yields findings');
      for (const result of results) {
        assert.match(result.locations[0]?.physicalLocation.artifactLocation.uri ?? '', /^server\/src\/[\w/]+\.ts$/);
      }

      const annotate = byName(runs, 'Annotate the pull request');
      const annotations = annotate.stdout.split('\n').filter((line) => line.startsWith('::'));
      assert.equal(annotations.length, results.length, 'one annotation per finding');
      assert.equal(
        annotations.filter((line) => line.startsWith('::warning ')).length,
        results.filter((r) => r.level === 'warning').length,
      );
      assert.match(
        annotations[0] ?? '',
        /^::(error|warning|notice) file=server\/src\/[\w/]+\.ts,line=\d+,endLine=\d+,col=\d+,endColumn=\d+,title=mcp-envelope%3A [a-z-]+::\S/,
      );

      const upload = byName(runs, 'Upload to code scanning');
      assert.equal(upload.with?.sarif_file, 'server/mcp-envelope.sarif');
      assert.ok(
        fs.existsSync(path.join(workspace, upload.with?.sarif_file ?? '')),
        'the upload finds the file from the workspace root',
      );

      const fail = byName(runs, 'Fail on findings');
      assert.equal(fail.skipped, false);
      assert.equal(fail.status, 1, 'the job fails on warnings');
      assert.match(fail.stdout, /::error title=mcp-envelope::\d+ findings; at least one is at or above 'warning'/);
    });

    it('fail-on never reports without failing; a clean folder passes; annotate and upload can be turned off', () => {
      const never = runAction(
        action,
        {
          version: tarball,
          'working-directory': 'server',
          paths: 'src',
          'fail-on': 'never',
          'sarif-file': 'out.sarif',
        },
        workspace,
        fs.mkdtempSync(path.join(dir, 'runner-')),
      );
      assert.equal(byName(never, 'Fail on findings').skipped, true);
      assert.ok(never.every((run) => run.skipped || run.status === 0));
      assert.ok(fs.existsSync(path.join(workspace, 'server', 'out.sarif')));

      const clean = runAction(
        action,
        { version: tarball, paths: 'clean', annotate: 'false', 'upload-sarif': 'false' },
        workspace,
        fs.mkdtempSync(path.join(dir, 'runner-')),
      );
      assert.equal(byName(clean, 'Annotate the pull request').skipped, true);
      assert.equal(byName(clean, 'Upload to code scanning').skipped, true);
      assert.equal(byName(clean, 'Fail on findings').skipped, true, 'exit code 0: nothing to fail on');
      assert.ok(clean.every((run) => run.skipped || run.status === 0));
    });
  },
);
