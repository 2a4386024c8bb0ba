/**
 * Mocha runner loaded by VS Code as `extensionTestsPath`: runs every `*.test.js` beside it inside the
 * real extension host. Used by scripts/e2e/run.mjs (code-server) and scripts/e2e/run-electron.mjs
 * (@vscode/test-electron). When MCP_ENVELOPE_E2E_REPORT names a file, a JSON summary is written there.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';

interface SuiteSummary {
  passed: number;
  failed: number;
  pending: number;
  failures: { title: string; message: string }[];
}

export async function run(): Promise<void> {
  const { default: Mocha } = await import('mocha');
  const mocha = new Mocha({ ui: 'bdd', color: false, timeout: 60_000, reporter: 'spec' });
  const files = readdirSync(__dirname)
    .filter((name) => name.endsWith('.test.js'))
    .sort();
  for (const name of files) mocha.addFile(path.join(__dirname, name));

  const summary: SuiteSummary = { passed: 0, failed: 0, pending: 0, failures: [] };
  await new Promise<void>((resolve, reject) => {
    try {
      const runner = mocha.run(() => resolve());
      runner.on('pass', () => summary.passed++);
      runner.on('pending', () => summary.pending++);
      runner.on('fail', (test, error: unknown) => {
        summary.failed++;
        summary.failures.push({
          title: test.fullTitle(),
          message: error instanceof Error ? error.message : String(error),
        });
      });
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });

  const reportFile = process.env.MCP_ENVELOPE_E2E_REPORT;
  if (reportFile) writeFileSync(reportFile, `${JSON.stringify(summary, null, 2)}\n`);
  if (files.length === 0) throw new Error(`no *.test.js files beside ${__dirname}`);
  if (summary.failed > 0) throw new Error(`${summary.failed} of ${summary.passed + summary.failed} e2e tests failed`);
}
