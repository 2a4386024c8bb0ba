// Runs the same mocha suite (test/e2e/suite) in desktop VS Code through @vscode/test-electron, for
// machines that can download VS Code (a laptop, CI with internet). Where that download is impossible,
// use scripts/e2e/run.mjs (code-server) instead.
// Usage: node scripts/e2e/run-electron.mjs [--no-build]
// Environment: VSCODE_EXECUTABLE_PATH (use an installed VS Code, no download), VSCODE_VERSION
// (default "stable"). Exit codes: 0 pass, 1 tests failed, 3 VS Code cannot be downloaded or started,
// 5 build failed.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXIT, REPO, copyExamples, log, makeScratch, removeScratch, runStep } from './host.mjs';

/** The counts scripts/test-all.mjs adds to its total (run.mjs writes the same file). */
const SUMMARY_FILE = join(REPO, 'out', 'reports', 'e2e-summary.json');
const NETWORK_ERROR = /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|getaddrinfo|download/i;

async function main() {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  if (!process.argv.includes('--no-build')) {
    if (!runStep('build', npm, ['run', 'build']) || !runStep('compile tests', npm, ['run', 'compile-tests'])) {
      return EXIT.buildFailed;
    }
  }
  rmSync(SUMMARY_FILE, { force: true });
  const testsPath = join(REPO, 'out', 'test', 'e2e', 'suite', 'index.js');
  if (!existsSync(testsPath)) {
    log(`no compiled suite at ${testsPath} (run npm run compile-tests)`);
    return EXIT.buildFailed;
  }

  const { runTests, TestRunFailedError } = await import('@vscode/test-electron');
  const dirs = makeScratch('mcp-envelope-e2e-electron-');
  const workspace = copyExamples(dirs.workspace);
  const reportFile = join(dirs.root, 'suite-report.json');
  try {
    await runTests({
      version: process.env.VSCODE_VERSION ?? 'stable',
      vscodeExecutablePath: process.env.VSCODE_EXECUTABLE_PATH || undefined,
      extensionDevelopmentPath: REPO,
      extensionTestsPath: testsPath,
      extensionTestsEnv: { MCP_ENVELOPE_E2E_REPORT: reportFile },
      launchArgs: [
        workspace,
        '--disable-extensions',
        '--disable-workspace-trust',
        '--skip-welcome',
        '--skip-release-notes',
        '--user-data-dir',
        dirs.userData,
        '--extensions-dir',
        dirs.extensions,
      ],
    });
    report(reportFile);
    return EXIT.pass;
  } catch (error) {
    if (error instanceof TestRunFailedError) {
      if (!report(reportFile)) {
        process.stderr.write(`[e2e] desktop VS Code exited (${error.message}) without running the suite.\n`);
        return EXIT.hostMissing;
      }
      log(`the suite failed in desktop VS Code (${error.message})`);
      return EXIT.fail;
    }
    const message = error instanceof Error ? error.message : String(error);
    if (
      NETWORK_ERROR.test(message) ||
      NETWORK_ERROR.test(String(/** @type {{ code?: unknown }} */ (error)?.code ?? ''))
    ) {
      process.stderr.write(
        `[e2e] could not download or start desktop VS Code: ${message}\n` +
          'This machine cannot reach the VS Code download service. Set VSCODE_EXECUTABLE_PATH to an installed\n' +
          'VS Code, or run the same suite in code-server with: npm run test:e2e\n',
      );
      return EXIT.hostMissing;
    }
    throw error;
  } finally {
    removeScratch(dirs);
  }
}

/** Prints the suite's counts and writes the summary; false when the suite never wrote its report (it did not run). */
function report(reportFile) {
  if (!existsSync(reportFile)) return false;
  const summary = JSON.parse(readFileSync(reportFile, 'utf8'));
  log(`${summary.passed} passed, ${summary.failed} failed, ${summary.pending} pending`);
  mkdirSync(join(REPO, 'out', 'reports'), { recursive: true });
  const phases = [{ phase: 'suite', host: 'desktop VS Code', passed: summary.passed, failed: summary.failed }];
  writeFileSync(
    SUMMARY_FILE,
    `${JSON.stringify({ passed: summary.passed, failed: summary.failed, phases }, null, 2)}\n`,
  );
  for (const failure of summary.failures ?? []) log(`  ✖ ${failure.title}: ${failure.message}`);
  return true;
}

process.exitCode = await main();
