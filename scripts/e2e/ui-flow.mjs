// Phase 2: what a user sees. The extension is installed from the packaged .vsix into an empty
// extensions folder (so only its bundles are used), code-server serves the full product, and headless
// Chromium drives the workbench: open mistaken.ts, see the squiggle and its hover, find the entry in
// the Problems panel, open the quick-fix menu. Screenshots go to test/e2e/screenshots/.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runPanelFlow } from './panel-flow.mjs';
import {
  EXIT,
  REPO,
  copyExamples,
  freePort,
  installVsix,
  launchBrowser,
  log,
  makeScratch,
  removeScratch,
  sleep,
  startCodeServer,
  stopGroup,
} from './host.mjs';

export const SCREENSHOTS = join(REPO, 'test', 'e2e', 'screenshots');
const MISTAKEN = join('orders-server', 'src', 'mistaken.ts');
const FAILURE_SHOT = join(REPO, 'out', 'reports', 'e2e-ui-failure.png');

/** Where the throw-in-handler mistake is: 1-based line and the column of `throw`. */
function throwPosition(workspace) {
  const lines = readFileSync(join(workspace, MISTAKEN), 'utf8').split('\n');
  const index = lines.findIndex((line) => /mistake:\s*throw-in-handler\b/.test(line));
  if (index < 0) throw new Error(`no "mistake: throw-in-handler" marker in ${MISTAKEN}`);
  return { line: index + 1, column: lines[index].indexOf('throw') + 1 };
}

/** Opens a quick input with `keys`, types `inputText`, waits for a row with `expectRow` (if given), Enter. */
async function runCommand(page, keys, inputText, expectRow) {
  await page.keyboard.press(keys);
  const widget = page.locator('.quick-input-widget');
  const input = widget.locator('input');
  await input.waitFor({ state: 'visible', timeout: 10_000 });
  await input.fill(inputText);
  if (expectRow) await widget.locator('.monaco-list-row', { hasText: expectRow }).first().waitFor({ timeout: 15_000 });
  await sleep(400);
  await page.keyboard.press('Enter');
  await widget.waitFor({ state: 'hidden', timeout: 10_000 });
}

/**
 * @returns {Promise<{ code: number, summary: { passed: number, failed: number, pending: number } }>}
 */
export async function runUiFlow({ host, vsix, timeoutMs, verbose = false }) {
  const dirs = makeScratch('mcp-envelope-e2e-ui-');
  const workspace = copyExamples(dirs.workspace);
  /** @type {{ server: import('node:child_process').ChildProcess | undefined, browser: import('playwright-core').Browser | undefined, page: import('playwright-core').Page | undefined, steps: string[], stopped: boolean }} */
  const session = { server: undefined, browser: undefined, page: undefined, steps: [], stopped: false };
  let timer;
  let timedOut = false;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => {
      timedOut = true;
      reject(new Error(`TIMEOUT: the UI flow did not finish within ${timeoutMs / 1000} s`));
    }, timeoutMs);
  });
  const flow = drive(session, { host, vsix, workspace, dirs, verbose });
  flow.catch(() => undefined); // after a timeout, the abandoned flow fails on the closed browser
  try {
    await Promise.race([flow, timeout]);
    log(`UI flow PASSED (${session.steps.length} steps); screenshots in ${SCREENSHOTS}`);
    return { code: EXIT.pass, summary: { passed: session.steps.length, failed: 0, pending: 0 } };
  } catch (error) {
    const passed = session.steps.length;
    log(`UI flow FAILED after ${passed} steps: ${error instanceof Error ? error.message : String(error)}`);
    if (session.page) {
      mkdirSync(join(REPO, 'out', 'reports'), { recursive: true });
      await session.page.screenshot({ path: FAILURE_SHOT }).catch(() => undefined);
      log(`screenshot of the failure: ${FAILURE_SHOT}`);
    }
    return { code: timedOut ? EXIT.timeout : EXIT.fail, summary: { passed, failed: 1, pending: 0 } };
  } finally {
    clearTimeout(timer);
    session.stopped = true;
    await session.browser?.close().catch(() => undefined);
    await stopGroup(session.server);
    removeScratch(dirs);
  }
}

/** The flow itself; `session` holds what runUiFlow must clean up (and `stopped` once it has). */
async function drive(session, { host, vsix, workspace, dirs, verbose }) {
  const step = async (title, action) => {
    if (session.stopped) throw new Error('stopped');
    const started = Date.now();
    await action();
    session.steps.push(title);
    log(`  ✔ ${title} (${Date.now() - started} ms)`);
  };
  installVsix(host, dirs, vsix);
  const port = await freePort();
  session.server = await startCodeServer(host, dirs, {
    port,
    folder: workspace,
    onLine: (line) => verbose && log(`server| ${line}`),
  });
  if (session.stopped) return stopGroup(session.server);
  log(`code-server on http://127.0.0.1:${port}/ (workspace ${workspace})`);
  session.browser = await launchBrowser();
  if (session.stopped) return session.browser.close();
  const page = await session.browser.newPage({ viewport: { width: 1400, height: 860 } });
  session.page = page;
  mkdirSync(SCREENSHOTS, { recursive: true });
  const { line, column } = throwPosition(workspace);

  await step('the workbench loads with the examples folder', async () => {
    await page.goto(`http://127.0.0.1:${port}/?folder=${encodeURIComponent(workspace)}`);
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    await page.locator('.explorer-folders-view').waitFor({ timeout: 60_000 });
  });

  await step('mistaken.ts opens and shows an mcp-envelope squiggle on the throw', async () => {
    await runCommand(page, 'Control+P', 'mistaken.ts', 'mistaken.ts');
    await page.locator('.tab.active', { hasText: 'mistaken.ts' }).waitFor({ timeout: 20_000 });
    await page.locator('.monaco-editor .view-lines').first().click();
    await runCommand(page, 'Control+G', `:${line}:${column}`);
    const hoverText = await showHoverUntil(page, /mcp-envelope/, 60_000);
    if (!/throw-in-handler/.test(hoverText)) throw new Error(`the hover does not name throw-in-handler: ${hoverText}`);
    await page.locator('.monaco-editor .squiggly-warning').first().waitFor({ timeout: 5_000 });
  });

  await step('the Problems panel lists mcp-envelope entries', async () => {
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+Shift+M');
    const entry = page.locator('.markers-panel .monaco-list-row', { hasText: 'mcp-envelope' }).first();
    await entry.waitFor({ timeout: 20_000 });
    const count = await page.locator('.markers-panel .monaco-list-row', { hasText: 'mcp-envelope' }).count();
    log(`    ${count} Problems rows mention mcp-envelope; first: ${(await entry.innerText()).replace(/\s+/g, ' ')}`);
    // Back to the editor, with the hover over the throw statement, for the screenshot.
    await page.keyboard.press('Control+1');
    await showHoverUntil(page, /mcp-envelope/, 10_000);
    await sleep(500);
    await page.screenshot({ path: join(SCREENSHOTS, 'editor-diagnostics.png') });
  });

  await step('Ctrl+. lists a quick fix for the throw', async () => {
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+.');
    const menu = page.locator('.action-widget:not(.action-list-submenu-panel)').first();
    await menu.waitFor({ state: 'visible', timeout: 15_000 });
    const fix = menu.locator('.monaco-list-row', { hasText: /error envelope|try\/catch/i }).first();
    await fix.waitFor({ timeout: 10_000 });
    const titles = await menu.locator('.monaco-list-row').allInnerTexts();
    log(
      `    quick-fix menu: ${titles
        .map((t) => t.replace(/\s+/g, ' ').trim())
        .filter(Boolean)
        .join(' | ')}`,
    );
    await sleep(400);
    await page.screenshot({ path: join(SCREENSHOTS, 'quick-fix.png') });
  });

  await step('the Tool Calls panel shows decoded calls, filters, details and Go to handler', async () => {
    await page.keyboard.press('Escape');
    const panelSteps = await runPanelFlow(page, { workspace, screenshots: SCREENSHOTS });
    for (const title of panelSteps) log(`    ✔ ${title}`);
  });
}

/** Shows the editor hover at the cursor (Ctrl+K Ctrl+I) until its text matches `pattern`. */
async function showHoverUntil(page, pattern, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let text = '';
  while (Date.now() < deadline) {
    await page.keyboard.press('Control+K');
    await page.keyboard.press('Control+I');
    const hover = page.locator('.monaco-hover:not(.hidden)').first();
    try {
      await hover.waitFor({ state: 'visible', timeout: 2_000 });
      text = await hover.innerText();
      if (pattern.test(text)) return text;
    } catch {
      // no hover yet: the language server may still be starting
    }
    await page.keyboard.press('Escape');
    await sleep(1000);
  }
  throw new Error(`no hover matching ${pattern} within ${timeoutMs / 1000} s (last: ${text.slice(0, 200) || 'none'})`);
}
