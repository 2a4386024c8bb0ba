// Phase 1: runs a mocha suite inside the real extension host of code-server's bundled VS Code
// server. The browser opens the workbench with an extensionDevelopmentPath / extensionTestsPath
// payload; when the suite's run() settles, the workbench calls window.codeAutomationExit(code).
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { format } from 'node:util';
import {
  EXIT,
  REPO,
  copyExamples,
  freePort,
  launchBrowser,
  log,
  makeScratch,
  removeScratch,
  startVsCodeServer,
  stopGroup,
} from './host.mjs';

/**
 * @param {{ host: object, extensionPath: string, testsPath: string, timeoutMs: number, verbose?: boolean }} options
 * @returns {Promise<{ code: number, summary?: { passed: number, failed: number, pending: number } }>}
 *   the suite's exit code (EXIT.pass / EXIT.fail / EXIT.timeout) and mocha's counts when it ran
 */
export async function runSuiteInHost({ host, extensionPath, testsPath, timeoutMs, verbose = false }) {
  const dirs = makeScratch('mcp-envelope-e2e-suite-');
  const workspace = copyExamples(dirs.workspace);
  const port = await freePort();
  const reportFile = join(dirs.root, 'suite-report.json');
  const serverOutput = [];
  const onServerLine = (line) => {
    serverOutput.push(line);
    if (verbose) log(`server| ${line}`);
  };
  let server;
  let browser;
  const started = Date.now();
  try {
    log(`starting VS Code server on 127.0.0.1:${port} (workspace ${workspace})`);
    server = await startVsCodeServer(host, dirs, {
      port,
      onLine: onServerLine,
      env: { MCP_ENVELOPE_E2E_REPORT: reportFile },
    });
    browser = await launchBrowser();
    const page = await browser.newPage();

    let settle;
    const finished = new Promise((resolve) => (settle = resolve));
    await page.exposeFunction('codeAutomationLog', (_level, message) => {
      const text = Array.isArray(message) ? format(...message) : String(message);
      if (!verbose && isWorkbenchNoise(text)) return;
      for (const line of text.split('\n')) process.stdout.write(`  ${line}\n`);
    });
    await page.exposeFunction('codeAutomationExit', (code, logs) => {
      settle({ code: Number(code), logs: Array.isArray(logs) ? logs : [] });
    });
    page.on('pageerror', (error) => verbose && log(`page error: ${error.message}`));
    server.once('exit', (code) => settle({ code: EXIT.fail, serverExited: code }));

    const remote = (path) => `vscode-remote://127.0.0.1:${port}${path}`;
    const payload = [
      ['extensionDevelopmentPath', remote(extensionPath)],
      ['extensionTestsPath', remote(testsPath)],
      ['skipWelcome', 'true'],
    ];
    const url = `http://127.0.0.1:${port}/?folder=${encodeURIComponent(workspace)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
    log(`opening the workbench; the suite runs in the extension host (timeout ${timeoutMs / 1000} s)`);
    await page.goto(url);

    const timer = setTimeout(() => settle({ code: EXIT.timeout }), timeoutMs);
    const outcome = await finished;
    clearTimeout(timer);

    const seconds = Math.round((Date.now() - started) / 1000);
    if (outcome.serverExited !== undefined) {
      log(`the VS Code server exited (${outcome.serverExited}) before the suite finished`);
      dumpTail(serverOutput);
      return { code: EXIT.fail };
    }
    if (outcome.code === EXIT.timeout) {
      log(`TIMEOUT: the suite did not finish within ${timeoutMs / 1000} s`);
      mkdirSync(join(REPO, 'out', 'reports'), { recursive: true });
      const shot = join(REPO, 'out', 'reports', 'e2e-suite-timeout.png');
      await page.screenshot({ path: shot }).catch(() => undefined);
      log(`screenshot of the workbench: ${shot}`);
      dumpTail(serverOutput);
      return { code: EXIT.timeout };
    }
    if (outcome.code !== 0) {
      dumpLogs(outcome.logs);
      dumpTail(serverOutput);
    }
    const summary = existsSync(reportFile) ? JSON.parse(readFileSync(reportFile, 'utf8')) : undefined;
    const counts = summary ? ` (${summary.passed} passed, ${summary.failed} failed, ${summary.pending} pending)` : '';
    log(`suite ${outcome.code === 0 ? 'PASSED' : `FAILED (exit ${outcome.code})`}${counts} in ${seconds} s`);
    for (const failure of summary?.failures ?? []) log(`  ✖ ${failure.title}: ${failure.message}`);
    return { code: outcome.code === 0 ? EXIT.pass : EXIT.fail, summary };
  } finally {
    await browser?.close().catch(() => undefined);
    await stopGroup(server);
    removeScratch(dirs);
  }
}

/** Messages of the workbench itself (not of the suite) that say nothing about the tests. */
const WORKBENCH_NOISE = [
  /^\[(AgentHost|AgentHost:remote|ChatModelSelection|AccountPolicyGate|reconnection-grace-time|Service Worker)\]/,
  /^(Creating a socket|Resolving connection token|Resolved connection token|Updating additional builtin)/,
  /ENOTFOUND|^Canceled: Canceled|authentication provider 'github'/,
  /^\s+at .*\/static\/out\/vs\//,
];

function isWorkbenchNoise(text) {
  const firstLine = text.split('\n', 1)[0];
  return WORKBENCH_NOISE.some((pattern) => pattern.test(firstLine));
}

function dumpTail(lines, count = 40) {
  if (lines.length === 0) return;
  log(`last ${Math.min(count, lines.length)} lines of the VS Code server's output:`);
  for (const line of lines.slice(-count)) process.stdout.write(`  | ${line}\n`);
}

/** The workbench hands over its log files on exit; show the extension host's and ours. */
function dumpLogs(logs) {
  for (const entry of logs) {
    if (!/exthost|mcp-envelope|MCP Envelope/i.test(entry.relativePath ?? '')) continue;
    log(`log ${entry.relativePath}:`);
    for (const line of String(entry.contents).split('\n').slice(-60)) process.stdout.write(`  | ${line}\n`);
  }
}
