// `npm test`: every test, in the order a failure is cheapest to find.
// build → type check + compile tests → lint → unit + integration (node:test) → grammar → package → real VS Code.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { listTestFiles } from './node-tests.mjs';

const root = path.resolve(import.meta.dirname, '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const skipE2e = process.env.MCP_ENVELOPE_SKIP_E2E === '1';

function step(title, command, args, options = {}) {
  const started = Date.now();
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✖ ${title} failed (exit ${result.status ?? result.signal}) after ${seconds} s`);
    process.exit(result.status || 1);
  }
  console.log(`✔ ${title} (${seconds} s)`);
}

step('build bundles', process.execPath, ['scripts/build.mjs']);
step('type check (every part and the .mjs scripts) and compile tests', npm, ['run', '--silent', 'typecheck']);
step('lint (eslint + prettier)', npm, ['run', '--silent', 'lint']);

mkdirSync(path.join(root, 'out', 'reports'), { recursive: true });
const tapFile = path.join(root, 'out', 'reports', 'node-tests.tap');
const testFiles = listTestFiles(['out/test/unit', 'out/test/integration', 'test/grammar']);
step('unit, integration and grammar tests', process.execPath, [
  '--test',
  '--test-reporter=spec',
  '--test-reporter-destination=stdout',
  '--test-reporter=tap',
  `--test-reporter-destination=${tapFile}`,
  ...testFiles,
]);
const tap = readFileSync(tapFile, 'utf8');
const count = (name) => Number(new RegExp(`^# ${name} (\\d+)$`, 'm').exec(tap)?.[1] ?? 0);
let passed = count('pass');
let failed = count('fail');
const skipped = count('skipped') + count('todo');

if (skipE2e) {
  console.log('\n(real VS Code tests skipped: MCP_ENVELOPE_SKIP_E2E=1)');
} else if (pkg.scripts['test:e2e']) {
  step('package the extension (.vsix)', npm, ['run', '--silent', 'package']);
  step('real VS Code tests (code-server extension host + Playwright)', npm, ['run', '--silent', 'test:e2e']);
  const summaryFile = path.join(root, 'out', 'reports', 'e2e-summary.json');
  if (existsSync(summaryFile)) {
    const summary = JSON.parse(readFileSync(summaryFile, 'utf8'));
    passed += Number(summary.passed ?? 0);
    failed += Number(summary.failed ?? 0);
  }
}

console.log(`\nAll test steps passed.`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
