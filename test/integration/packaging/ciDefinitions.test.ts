/**
 * The CI definitions of this repository are valid: the project's workflow (.github/workflows/ci.yml) and the action
 * (action.yml) against GitHub's schemas (@action-validator/core), the pre-commit hooks against pre-commit's
 * manifest rules, and the workflow runs the README's test command on the three operating systems.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { REPO, actionValidator, yaml } from './ciTools';

const read = (file: string) => fs.readFileSync(path.join(REPO, file), 'utf8');

function errorsOf(state: { errors: Array<{ code: string; title: string; detail?: string; path?: string }> }): string {
  return state.errors.map((e) => `${e.code} ${e.path ?? ''}: ${e.title} ${e.detail ?? ''}`).join('\n');
}

describe('CI definitions', () => {
  it('the validator rejects a broken workflow (it is checking)', () => {
    const broken = 'on: push\njobs:\n  test:\n    steps:\n      - run: npm test\n';
    assert.notEqual(actionValidator().validateWorkflow(broken).errors.length, 0, 'a job without runs-on is invalid');
    const badAction = 'name: x\ndescription: y\nruns:\n  using: composite\n  steps:\n    - run: echo\n';
    assert.notEqual(actionValidator().validateAction(badAction).errors.length, 0, 'a composite run step needs a shell');
  });

  it('.github/workflows/ci.yml is a valid workflow', () => {
    const state = actionValidator().validateWorkflow(read('.github/workflows/ci.yml'));
    assert.equal(state.errors.length, 0, errorsOf(state));
  });

  it('action.yml is a valid action', () => {
    const state = actionValidator().validateAction(read('action.yml'));
    assert.equal(state.errors.length, 0, errorsOf(state));
  });

  it('the workflow runs the README’s test command on ubuntu, macos and windows', () => {
    interface Workflow {
      jobs: Record<
        string,
        { 'runs-on': string; strategy?: { matrix?: { os?: string[] } }; steps: Array<{ run?: string }> }
      >;
    }
    const workflow = yaml().load(read('.github/workflows/ci.yml')) as Workflow;
    assert.match(read('README.md'), /^npm install && npm test\b/m, 'the README’s test command');
    const testJob = Object.values(workflow.jobs).find((job) =>
      job.steps.some((step) => step.run?.trim() === 'npm test'),
    );
    assert.ok(testJob, 'a job runs npm test');
    const runs = testJob.steps.map((step) => step.run?.trim() ?? '');
    const install = runs.findIndex((run) => run.startsWith('npm install'));
    assert.ok(install >= 0 && install < runs.indexOf('npm test'), 'npm install runs before npm test');
    const systems = testJob.strategy?.matrix?.os ?? [];
    for (const prefix of ['ubuntu-', 'macos-', 'windows-']) {
      assert.ok(
        systems.some((os) => os.startsWith(prefix)),
        `${prefix}* is in the matrix (${systems.join(', ')})`,
      );
    }
    assert.equal(testJob['runs-on'], '${{ matrix.os }}');
  });

  it('.pre-commit-hooks.yaml follows pre-commit’s manifest rules and runs the CLI package', () => {
    const hooks = yaml().load(read('.pre-commit-hooks.yaml')) as Array<Record<string, unknown>>;
    assert.ok(Array.isArray(hooks) && hooks.length > 0);
    const languages = ['node', 'system', 'script', 'python', 'docker', 'golang', 'rust'];
    const allowed = new Set([
      'id',
      'name',
      'entry',
      'language',
      'files',
      'exclude',
      'types',
      'types_or',
      'exclude_types',
      'additional_dependencies',
      'args',
      'always_run',
      'fail_fast',
      'pass_filenames',
      'description',
      'language_version',
      'log_file',
      'require_serial',
      'stages',
      'verbose',
      'minimum_pre_commit_version',
    ]);
    const manifest = JSON.parse(read('packages/cli/package.json')) as { name: string; bin: Record<string, string> };
    for (const hook of hooks) {
      for (const key of ['id', 'name', 'entry', 'language'])
        assert.equal(typeof hook[key], 'string', `${key} is required`);
      for (const key of Object.keys(hook)) assert.ok(allowed.has(key), `unknown hook key ${key}`);
      assert.ok(languages.includes(String(hook.language)));
      assert.ok(
        String(hook.entry).startsWith(`${Object.keys(manifest.bin)[0]} check`),
        'the hook runs mcp-envelope check',
      );
      const dependencies = (hook.additional_dependencies ?? []) as string[];
      assert.ok(
        dependencies.some((dep) => dep.startsWith(`${manifest.name}@`)),
        'the hook installs the CLI package',
      );
    }
  });
});
