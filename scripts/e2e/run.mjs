// Runs MCP Envelope's end-to-end tests in a real VS Code (code-server's, driven by headless Chromium):
//   phase "suite": the mocha suite in test/e2e/suite/ inside the real extension host (real `vscode` API),
//                  with the extension loaded from this repo (extensionDevelopmentPath);
//   phase "ui":    the user's view, with the extension installed from the packaged .vsix: squiggle,
//                  Problems panel, quick-fix menu; screenshots go to test/e2e/screenshots/.
// Usage: node scripts/e2e/run.mjs [--phase=all|suite|ui] [--no-build] [--timeout=<seconds>] [--verbose]
//        [--extension=<dir>] [--tests=<compiled index.js>] [--vsix=<file>]
// Exit codes: 0 pass, 1 tests failed, 2 usage, 3 host cannot be set up, 4 timeout, 5 build failed.
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { EXIT, REPO, log, runStep } from './host.mjs';
import { HostMissingError, ensureHost } from './setup.mjs';
import { runSuiteInHost } from './suite-runner.mjs';
import { runUiFlow } from './ui-flow.mjs';

const USAGE =
  'usage: node scripts/e2e/run.mjs [--phase=all|suite|ui] [--no-build] [--timeout=<seconds>] [--verbose] ' +
  '[--extension=<dir>] [--tests=<compiled index.js>] [--vsix=<file>]';

function parseOptions() {
  try {
    const { values } = parseArgs({
      options: {
        phase: { type: 'string', default: 'all' },
        'no-build': { type: 'boolean', default: false },
        timeout: { type: 'string', default: '300' },
        verbose: { type: 'boolean', default: false },
        extension: { type: 'string', default: REPO },
        tests: { type: 'string', default: join(REPO, 'out', 'test', 'e2e', 'suite', 'index.js') },
        vsix: { type: 'string', default: join(REPO, 'mcp-envelope.vsix') },
        help: { type: 'boolean', default: false },
      },
    });
    const timeoutSeconds = Number(values.timeout);
    if (values.help || !['all', 'suite', 'ui'].includes(values.phase) || !(timeoutSeconds > 0)) return undefined;
    return {
      phases: values.phase === 'all' ? ['suite', 'ui'] : [values.phase],
      build: !values['no-build'],
      timeoutMs: timeoutSeconds * 1000,
      verbose: values.verbose,
      extensionPath: resolve(values.extension),
      testsPath: resolve(values.tests),
      vsix: resolve(values.vsix),
    };
  } catch {
    return undefined;
  }
}

function build(options) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  if (options.phases.includes('suite')) {
    if (!runStep('build', npm, ['run', 'build'])) return false;
    if (!runStep('compile tests', npm, ['run', 'compile-tests'])) return false;
  }
  if (options.phases.includes('ui') && !runStep('package', npm, ['run', 'package'])) return false;
  return true;
}

async function main() {
  const options = parseOptions();
  if (!options) {
    process.stderr.write(`${USAGE}\n`);
    return EXIT.usage;
  }

  rmSync(join(REPO, 'out', 'reports', 'e2e-summary.json'), { force: true });
  let host;
  try {
    host = await ensureHost();
  } catch (error) {
    if (!(error instanceof HostMissingError)) throw error;
    process.stderr.write(`[e2e] cannot run the real-VS-Code tests: the host is not set up.\n${error.message}\n`);
    return EXIT.hostMissing;
  }

  if (options.build && !build(options)) {
    log('the build failed; no e2e tests were run');
    return EXIT.buildFailed;
  }

  const results = [];
  for (const phase of options.phases) {
    let result;
    if (phase === 'suite') {
      if (!existsSync(options.testsPath)) {
        log(`no compiled suite at ${options.testsPath} (run npm run compile-tests)`);
        return EXIT.buildFailed;
      }
      log('phase 1/2: mocha suite in the real extension host');
      const snapshot = snapshotCompiledTests(options.testsPath);
      try {
        result = await runSuiteInHost({ host, ...options, testsPath: snapshot.testsPath });
      } finally {
        snapshot.remove();
      }
    } else {
      if (!existsSync(options.vsix)) {
        log(`no package at ${options.vsix} (run npm run package)`);
        return EXIT.buildFailed;
      }
      log('phase 2/2: UI flow with the extension installed from the .vsix');
      result = await runUiFlow({ host, ...options });
    }
    results.push({ phase, ...result });
  }
  writeSummary(results);
  for (const { phase, code } of results) log(`${phase}: ${code === EXIT.pass ? 'passed' : `FAILED (exit ${code})`}`);
  return results.find(({ code }) => code !== EXIT.pass)?.code ?? EXIT.pass;
}

/**
 * Other tools in the same tree may wipe and rebuild out/ while the suite runs (`rm -rf out && tsc`),
 * so the suite runs from a private copy of out/ inside the repo (module resolution still finds the
 * repo's node_modules from there).
 */
function snapshotCompiledTests(testsPath) {
  const outDir = join(REPO, 'out');
  const inside = relative(outDir, testsPath);
  if (inside.startsWith('..') || isAbsolute(inside)) return { testsPath, remove: () => undefined };
  const copy = join(REPO, '.cache', `e2e-suite-out-${process.pid}`);
  rmSync(copy, { recursive: true, force: true });
  cpSync(outDir, copy, { recursive: true, filter: (path) => !path.startsWith(join(outDir, 'reports')) });
  return { testsPath: join(copy, inside), remove: () => rmSync(copy, { recursive: true, force: true }) };
}

/** out/reports/e2e-summary.json: counts that scripts/test-all.mjs adds to its total. */
function writeSummary(results) {
  let passed = 0;
  let failed = 0;
  for (const { code, summary } of results) {
    if (summary) {
      passed += summary.passed;
      failed += summary.failed;
    } else if (code !== EXIT.pass) {
      failed += 1;
    }
  }
  const folder = join(REPO, 'out', 'reports');
  mkdirSync(folder, { recursive: true });
  const phases = results.map(({ phase, code, summary }) => ({ phase, code, ...summary }));
  writeFileSync(join(folder, 'e2e-summary.json'), `${JSON.stringify({ passed, failed, phases }, null, 2)}\n`);
}

process.exitCode = await main();
