// `npm test`: every test, in the order a failure is cheapest to find.
// build → type check + compile tests → lint → unit + integration (node:test) → grammar → package → real VS Code.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { routeCommand } from './e2e/auto.mjs';
import { CHROMIUM } from './e2e/host.mjs';
import { chooseRoute, gatherFacts } from './e2e/route.mjs';
import { listTestFiles } from './node-tests.mjs';

const root = path.resolve(import.meta.dirname, '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function step(title, command, args, options = {}) {
  const started = Date.now();
  console.log(`\n▶ ${title}`);
  // npm.cmd is a batch file: since Node 20.12 Windows runs those only through a shell.
  const shell = process.platform === 'win32' && command.endsWith('.cmd');
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', shell, ...options });
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

// Real VS Code: desktop VS Code through @vscode/test-electron where it can be had, else code-server with a local
// Chromium (scripts/e2e/route.mjs chooses; MCP_ENVELOPE_E2E=electron|code-server|skip overrides).
const facts = await gatherFacts(root, CHROMIUM);
const route = chooseRoute(facts);
console.log(`\n▶ real VS Code route: ${route.route} (${route.reason})`);
if (route.route === 'skip') {
  console.log('(real VS Code tests skipped)');
} else if (route.route === 'unavailable') {
  console.error(`\n✖ no real VS Code can run the end-to-end tests here: ${route.reason}.`);
  for (const hint of route.hints ?? []) console.error(`  ${hint}`);
  process.exit(3);
} else {
  if (route.route === 'code-server') {
    step('package the extension (.vsix)', npm, ['run', '--silent', 'package']);
    step('real VS Code tests (code-server extension host + Playwright)', npm, ['run', '--silent', 'test:e2e']);
  } else {
    const command = routeCommand(route, { build: false });
    if (!command) throw new Error(`no command for the ${route.route} route`);
    const title = `real VS Code tests (desktop VS Code through @vscode/test-electron${route.wrapper ? ', xvfb' : ''})`;
    step(title, command.command, command.args, { env: { ...process.env, ...command.env } });
  }
  const summaryFile = path.join(root, 'out', 'reports', 'e2e-summary.json');
  if (existsSync(summaryFile)) {
    const summary = JSON.parse(readFileSync(summaryFile, 'utf8'));
    passed += Number(summary.passed ?? 0);
    failed += Number(summary.failed ?? 0);
  }
}

console.log(`\nAll test steps passed.`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
