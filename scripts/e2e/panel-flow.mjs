// The Tool Calls panel as a user sees it, in code-server driven by headless Chromium: a trace appears in a
// folder named by the workspace setting mcpEnvelope.traces.folders, the panel opens from the command
// palette, rows render, the filters narrow them, a call's detail opens; the screenshot goes to
// test/e2e/screenshots/tool-calls-panel.png.
//
// From the UI harness (the extension installed from the .vsix, the workbench loaded):
//   import { runPanelFlow } from './panel-flow.mjs';
//   await runPanelFlow(page, { workspace, screenshots: SCREENSHOTS });
// Standalone (starts its own code-server; needs a packaged .vsix):
//   node scripts/e2e/panel-flow.mjs [--vsix=mcp-envelope.vsix]
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
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

const TRACE_FOLDER = '.mcp-traces';
const TRACE_FILE = 'orders-demo.mcptrace.jsonl';

/** A trace of two servers with every verdict family, ending a few seconds ago. */
export function demoTrace(now = Date.now()) {
  const lines = [];
  const start = now - 90_000;
  let id = 0;
  const text = (value) => [{ type: 'text', text: value }];
  const push = (ms, dir, server, msg) =>
    lines.push(JSON.stringify({ ts: new Date(start + ms).toISOString(), dir, server, msg }));
  const call = (ms, server, tool, args, answer, tookMs) => {
    const requestId = ++id;
    push(ms, 'host→server', server, {
      jsonrpc: '2.0',
      id: requestId,
      method: 'tools/call',
      params: { name: tool, arguments: args },
    });
    if (answer === undefined) return;
    const msg =
      'error' in answer
        ? { jsonrpc: '2.0', id: requestId, error: answer.error }
        : { jsonrpc: '2.0', id: requestId, result: answer };
    push(ms + tookMs, 'server→host', server, msg);
  };
  const ok = (value) => ({ content: text(JSON.stringify(value)) });
  const failure = (category, retryable, message, extra = {}) => ({
    isError: true,
    errorCategory: category,
    isRetryable: retryable,
    ...extra,
    content: text(`${category}${retryable ? ' (retryable)' : ''}: ${message}`),
  });
  let t = 0;
  for (let round = 0; round < 6; round++) {
    const order = `A-${1040 + round}`;
    call(
      (t += 700),
      'orders',
      'get_order',
      { orderId: order },
      ok({ orderId: order, total: 12.5 + round, status: 'shipped' }),
      38 + round * 7,
    );
    call(
      (t += 900),
      'orders',
      'list_customer_orders',
      { customerId: 8421 + round },
      { content: text(`No orders found for customer ${8421 + round}.`) },
      52,
    );
    call(
      (t += 800),
      'orders',
      'get_order',
      { orderId: `A-${2000 + round}` },
      failure('TRANSIENT', true, 'the orders database did not answer within 5 s', { retryAfterMs: 2000 }),
      5004,
    );
    call(
      (t += 600),
      'billing',
      'issue_refund',
      { orderId: order, amount: -5 },
      failure('VALIDATION', false, 'amount must be a positive number of euros (got -5)'),
      21,
    );
    call(
      (t += 650),
      'billing',
      'get_refund_status',
      { refundId: `R-${77 + round}` },
      failure('NOT_FOUND', false, `no refund R-${77 + round}; check the refund id returned by issue_refund`),
      33,
    );
    call(
      (t += 700),
      'billing',
      'issue_refund',
      { orderId: 'A-0999', amount: 4000 },
      failure('BUSINESS', false, 'refunds above 1,000 EUR need a manager approval'),
      64,
    );
    call(
      (t += 500),
      'orders',
      'cancel_order',
      { orderId: order },
      failure('PERMISSION', false, 'this API key may read orders but not cancel them'),
      18,
    );
    call(
      (t += 900),
      'orders',
      'search_orders',
      { query: '<img src=x onerror=alert(1)>' },
      { isError: true, content: text('Operation failed') },
      140,
    );
    call(
      (t += 450),
      'billing',
      'charge_card',
      { orderId: order },
      { error: { code: -32603, message: 'Internal error: Cannot read properties of undefined' } },
      12,
    );
  }
  call(
    (t += 400),
    'billing',
    'issue_refund',
    { orderId: 'A-1040', amount: -5 },
    failure('VALIDATION', false, 'amount must be a positive number of euros (got -5)'),
    19,
  );
  call(t + 600, 'orders', 'export_orders', { month: '2026-11' }, undefined, 0);
  return `${lines.join('\n')}\n`;
}

/**
 * Runs a command from the palette (F1), waiting for its row before pressing Enter. The workbench lists an
 * extension's commands only once its extensions are registered, so a missing row is retried a few times.
 */
async function runFromPalette(page, title, attempts = 4) {
  const widget = page.locator('.quick-input-widget');
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press('F1');
    const input = widget.locator('input');
    await input.waitFor({ state: 'visible', timeout: 10_000 });
    await input.fill(`>${title}`);
    try {
      await widget.locator('.monaco-list-row', { hasText: title }).first().waitFor({ timeout: 10_000 });
      break;
    } catch (error) {
      await page.keyboard.press('Escape');
      if (attempt >= attempts) throw error;
      log(`    "${title}" is not in the command palette yet; trying again`);
      await sleep(2000);
    }
  }
  await sleep(300);
  await page.keyboard.press('Enter');
  await widget.waitFor({ state: 'hidden', timeout: 10_000 });
}

/** Adds the trace folder to the workspace settings (merging with any that exist). */
function addTraceFolderSetting(workspace) {
  const folder = join(workspace, '.vscode');
  const file = join(folder, 'settings.json');
  mkdirSync(folder, { recursive: true });
  const settings = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  settings['mcpEnvelope.traces.folders'] = [TRACE_FOLDER];
  writeFileSync(file, `${JSON.stringify(settings, null, 2)}\n`);
}

/** The Tool Calls webview's document (VS Code nests it in two iframes). */
async function panelFrame(page) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    for (const frame of page.frames()) {
      if (
        await frame
          .locator('#rows')
          .count()
          .catch(() => 0)
      )
        return frame;
    }
    await sleep(250);
  }
  throw new Error('the Tool Calls webview did not load (no frame with #rows)');
}

/** Waits until the status line's counts ("12 calls" or "3 of 12 calls") satisfy `accept`; returns them. */
async function waitForStatus(frame, accept, what, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  let text = '';
  while (Date.now() < deadline) {
    text = await frame.locator('#status').innerText();
    const match = /^(\d+)(?: of (\d+))? calls/.exec(text.trim());
    if (match) {
      const counts = { shown: Number(match[1]), total: Number(match[2] ?? match[1]) };
      if (accept(counts)) return counts;
    }
    await sleep(200);
  }
  throw new Error(`timed out waiting for ${what}; the status reads "${text}"`);
}

async function visibleRowTexts(frame, selector) {
  return frame.locator(`#rows .row:visible ${selector}`).allInnerTexts();
}

/**
 * @param {import('playwright-core').Page} page a code-server workbench with the extension installed, already loaded
 * @param {{ workspace: string, screenshots?: string }} paths the workspace folder on disk; where screenshots go
 * @returns {Promise<string[]>} the steps that passed
 */
export async function runPanelFlow(page, { workspace, screenshots = join(REPO, 'test', 'e2e', 'screenshots') }) {
  const steps = [];
  const step = async (title, action) => {
    const started = Date.now();
    await action();
    steps.push(title);
    log(`  ✔ ${title} (${Date.now() - started} ms)`);
  };

  await step('a trace lands in a folder named by mcpEnvelope.traces.folders', async () => {
    mkdirSync(join(workspace, TRACE_FOLDER), { recursive: true });
    writeFileSync(join(workspace, TRACE_FOLDER, TRACE_FILE), demoTrace());
    addTraceFolderSetting(workspace);
    await sleep(1500);
  });

  let frame;
  await step('"MCP Envelope: Show Tool Calls" opens the panel and its rows render', async () => {
    await page.keyboard.press('Escape');
    await runFromPalette(page, 'View: Close All Editors', 1).catch(() => undefined);
    if (
      await page
        .locator('.part.panel')
        .isVisible()
        .catch(() => false)
    ) {
      await runFromPalette(page, 'View: Hide Panel', 1).catch(() => undefined);
    }
    await runFromPalette(page, 'MCP Envelope: Show Tool Calls');
    await page.locator('.tab', { hasText: 'Tool Calls' }).first().waitFor({ timeout: 20_000 });
    frame = await panelFrame(page);
    await frame.locator('#rows .row:visible').first().waitFor({ timeout: 30_000 });
    // The default trace folder may hold other recent traces: count this trace's calls by its name.
    await frame.locator('#filter-text').fill(TRACE_FILE);
    const { shown } = await waitForStatus(frame, (counts) => counts.shown === 56, `the 56 calls of ${TRACE_FILE}`);
    const rendered = await frame.locator('#rows .row:visible').count();
    if (rendered === 0 || rendered > shown) throw new Error(`${rendered} rows rendered`);
    const verdicts = new Set(await visibleRowTexts(frame, '.cell.verdict > .verdict'));
    log(`    ${rendered} rows rendered; verdicts in view: ${[...verdicts].join(', ')}`);
  });

  await step('filtering by tool and outcome narrows the list', async () => {
    await frame.locator('#filter-tool').selectOption('get_order');
    await frame.locator('#filter-outcome').selectOption('error');
    await waitForStatus(frame, (counts) => counts.shown === 6, 'the 6 failed get_order calls');
    // The status line can update a frame before the rows are drawn again: poll the rows themselves.
    let tools = new Set();
    for (const deadline = Date.now() + 10_000; Date.now() < deadline; await sleep(200)) {
      tools = new Set(await visibleRowTexts(frame, '.cell.tool'));
      if (tools.size === 1 && tools.has('get_order')) break;
    }
    if (tools.size !== 1 || !tools.has('get_order'))
      throw new Error(`other tools after filtering: ${[...tools].join(', ')}`);
    await frame.locator('#reset-filter').click();
    const all = await waitForStatus(frame, (counts) => counts.shown === counts.total, 'every call after Reset');
    await frame.locator('#filter-text').fill('refund');
    await waitForStatus(
      frame,
      (counts) => counts.shown > 0 && counts.shown < all.total,
      'the calls that mention refund',
    );
    await frame.locator('#filter-text').fill('');
    await waitForStatus(frame, (counts) => counts.shown === counts.total, 'every call again');
  });

  await step('a call opens in the detail view with its next action and findings', async () => {
    const transient = frame.locator('#rows .row:visible', { hasText: 'TRANSIENT ↻' }).last();
    await transient.click();
    const detail = frame.locator('#detail');
    await detail.waitFor({ state: 'visible', timeout: 10_000 });
    await detail
      .locator('.next-action', { hasText: /Retry the same call with exponential backoff/ })
      .waitFor({ timeout: 10_000 });
    await detail.locator('pre').first().waitFor({ timeout: 5_000 });
    const hostile = frame.locator('#rows .row:visible', { hasText: 'search_orders' }).last();
    await hostile.click();
    await detail.locator('.findings .check', { hasText: 'missing-error-category' }).waitFor({ timeout: 10_000 });
    if ((await frame.locator('img').count()) !== 0) throw new Error('markup from a tool argument was rendered as HTML');
    await sleep(600);
    mkdirSync(screenshots, { recursive: true });
    await page.screenshot({ path: join(screenshots, 'tool-calls-panel.png') });
  });
  await step('"Go to handler" opens the registration of the call\'s tool', async () => {
    await frame.locator('#rows .row:visible', { hasText: 'list_customer_orders' }).last().click();
    await frame.locator('#detail h2', { hasText: 'list_customer_orders' }).waitFor({ timeout: 10_000 });
    await frame.locator('#go-to-handler').click();
    // The examples register list_customer_orders in more than one file: pick the first.
    const picker = page.locator('.quick-input-widget');
    await picker
      .locator('.monaco-list-row', { hasText: /\.ts:\d+/ })
      .first()
      .waitFor({ timeout: 30_000 });
    const choices = await picker.locator('.monaco-list-row').allInnerTexts();
    log(`    registrations: ${choices.map((choice) => choice.replace(/\s+/g, ' ').trim()).join(' | ')}`);
    await page.keyboard.press('Enter');
    await page.locator('.tab.active', { hasText: /\.ts/ }).first().waitFor({ timeout: 20_000 });
    const line = await page.locator('.monaco-editor .current-line').count();
    if (line === 0) throw new Error('the editor shows no cursor line after Go to handler');
    await page.locator('.tab', { hasText: 'Tool Calls' }).first().click();
    frame = await panelFrame(page);
  });

  await step('10,000 more calls keep the list virtual: a few dozen row elements, wherever it scrolls', async () => {
    writeFileSync(join(workspace, TRACE_FOLDER, 'bulk.mcptrace.jsonl'), bulkTrace(10_000));
    const before = await waitForStatus(frame, () => true, 'the status');
    await waitForStatus(frame, (counts) => counts.total >= before.total + 10_000, '10,000 more calls', 60_000);
    for (const fraction of [0, 0.5, 1]) {
      const started = Date.now();
      await frame.locator('#list').evaluate((list, at) => {
        list.scrollTop = at * list.scrollHeight;
      }, fraction);
      await sleep(150);
      const elements = await frame.locator('#rows .row').count();
      const visible = await frame.locator('#rows .row:visible').count();
      if (visible === 0 || elements > 80)
        throw new Error(`${elements} row elements (${visible} shown) at ${fraction * 100}%`);
      log(
        `    scrolled to ${fraction * 100}%: ${visible} rows shown, ${elements} elements (${Date.now() - started} ms)`,
      );
    }
    // The panel beside the handler, at 10,000 calls (a build artefact, for looking at the narrow layout).
    await frame.locator('#rows .row:visible', { hasText: 'bulk_7' }).first().click();
    await frame.locator('#detail h2', { hasText: 'bulk_7' }).waitFor({ timeout: 10_000 });
    mkdirSync(join(REPO, 'out', 'reports'), { recursive: true });
    await page.screenshot({ path: join(REPO, 'out', 'reports', 'tool-calls-panel-narrow.png') });
  });
  await step('Pause holds new calls, Resume shows them, Clear empties the list', async () => {
    const before = await waitForStatus(frame, () => true, 'the status');
    await frame.locator('#pause').click();
    await frame.locator('#status .held', { hasText: 'paused' }).waitFor({ timeout: 10_000 });
    writeFileSync(join(workspace, TRACE_FOLDER, 'late.mcptrace.jsonl'), bulkTrace(3));
    await frame.locator('#status .held', { hasText: 'paused · 3 held' }).waitFor({ timeout: 20_000 });
    const paused = await waitForStatus(frame, () => true, 'the status');
    if (paused.total !== before.total)
      throw new Error(`the list grew while paused (${before.total} → ${paused.total})`);
    await frame.locator('#pause', { hasText: 'Resume' }).click();
    await waitForStatus(frame, (counts) => counts.total === before.total + 3, 'the 3 held calls after Resume');
    await frame.locator('#clear').click();
    await frame.locator('#empty', { hasText: 'No tool calls yet' }).waitFor({ timeout: 10_000 });
  });
  await step('markup in server names, tool names, arguments, results and errors is text: no script runs', async () => {
    /** @type {string[]} */
    const dialogs = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss().catch(() => undefined);
    });
    writeFileSync(join(workspace, TRACE_FOLDER, 'hostile.mcptrace.jsonl'), hostileTrace());
    for (const tool of ['hostile_error', 'hostile_result', 'hostile_rpc']) {
      const row = frame.locator('#rows .row:visible', { hasText: tool }).first();
      await row.waitFor({ timeout: 20_000 });
      await row.click();
      await frame.locator('#detail h2', { hasText: tool }).waitFor({ timeout: 10_000 });
      await frame.locator('#detail pre').first().waitFor({ timeout: 5_000 });
    }
    await sleep(500);
    const flag = await frame.evaluate(() => /** @type {Record<string, unknown>} */ (globalThis).__mcpEnvelopePwned);
    const handlers = await frame.locator('[onerror], [onload]').count();
    const shown = await frame.locator('#rows').innerText();
    if (dialogs.length > 0) throw new Error(`a dialog opened: ${dialogs.join(' | ')}`);
    if (flag !== undefined) throw new Error(`a payload ran (flag ${String(flag)})`);
    if (handlers !== 0) throw new Error(`${handlers} elements with event handlers came from tool output`);
    if (!shown.includes('<img src=x')) throw new Error('the markup is not shown as text in the rows');
    log('    no dialog, no flag, no element from markup; the markup is shown as text');
  });
  return steps;
}

/** Markup that runs a script if it is ever parsed as HTML: it sets a flag and opens a dialog. */
function payload(n) {
  return `<img src=x onerror="globalThis.__mcpEnvelopePwned=${n};alert(${n})">`;
}

/** Calls whose server names, tool names, arguments, results and errors carry markup. */
function hostileTrace(now = Date.now()) {
  const lines = [];
  const server = `evil${payload(1)}`;
  const record = (ms, dir, msg) =>
    lines.push(JSON.stringify({ ts: new Date(now - 10_000 + ms).toISOString(), dir, server, msg }));
  const text = (value) => [{ type: 'text', text: value }];
  const answers = [
    ['hostile_error', { isError: true, content: text(`Operation failed ${payload(3)}`) }],
    ['hostile_result', { content: text(`found ${payload(4)}`), structuredContent: { note: payload(5) } }],
  ];
  answers.forEach(([tool, result], index) => {
    const params = { name: `${tool}${payload(2)}`, arguments: { query: payload(6) } };
    record(index * 100, 'host→server', { jsonrpc: '2.0', id: index + 1, method: 'tools/call', params });
    record(index * 100 + 20, 'server→host', { jsonrpc: '2.0', id: index + 1, result });
  });
  const params = { name: `hostile_rpc${payload(7)}`, arguments: {} };
  record(300, 'host→server', { jsonrpc: '2.0', id: 3, method: 'tools/call', params });
  const error = { code: -32603, message: `Internal error ${payload(8)}`, data: payload(9) };
  record(320, 'server→host', { jsonrpc: '2.0', id: 3, error });
  return `${lines.join('\n')}\n`;
}

/** `count` quick successful calls of one server, for the scale step. */
function bulkTrace(count, now = Date.now()) {
  const lines = [];
  for (let i = 0; i < count; i++) {
    const ts = (ms) => new Date(now - 60_000 + ms).toISOString();
    const params = { name: `bulk_${i % 20}`, arguments: { page: i } };
    lines.push(
      JSON.stringify({
        ts: ts(i * 5),
        dir: 'host→server',
        server: 'bulk',
        msg: { jsonrpc: '2.0', id: i, method: 'tools/call', params },
      }),
    );
    const result = { content: [{ type: 'text', text: `{"page":${i},"items":[1,2,3]}` }] };
    lines.push(
      JSON.stringify({ ts: ts(i * 5 + 2), dir: 'server→host', server: 'bulk', msg: { jsonrpc: '2.0', id: i, result } }),
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Standalone: code-server with the .vsix installed and the examples folder, then the flow above. */
async function main() {
  const { values } = parseArgs({
    options: {
      vsix: { type: 'string', default: join(REPO, 'mcp-envelope.vsix') },
      verbose: { type: 'boolean', default: false },
    },
  });
  const { ensureHost } = await import('./setup.mjs');
  const host = await ensureHost();
  const dirs = makeScratch('mcp-envelope-panel-flow-');
  const workspace = copyExamples(dirs.workspace);
  let server;
  let browser;
  let page;
  try {
    installVsix(host, dirs, resolve(values.vsix));
    const port = await freePort();
    server = await startCodeServer(host, dirs, {
      port,
      folder: workspace,
      onLine: (line) => values.verbose && log(`server| ${line}`),
    });
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1400, height: 860 } });
    await page.goto(`http://127.0.0.1:${port}/?folder=${encodeURIComponent(workspace)}`);
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    await page.locator('.explorer-folders-view').waitFor({ timeout: 60_000 });
    const steps = await runPanelFlow(page, { workspace });
    log(`panel flow PASSED (${steps.length} steps)`);
    return EXIT.pass;
  } catch (error) {
    log(`panel flow FAILED: ${error instanceof Error ? error.message : String(error)}`);
    const shot = join(REPO, 'out', 'reports', 'panel-flow-failure.png');
    mkdirSync(join(REPO, 'out', 'reports'), { recursive: true });
    await page?.screenshot({ path: shot }).catch(() => undefined);
    log(`screenshot of the failure: ${shot}`);
    return EXIT.fail;
  } finally {
    await browser?.close().catch(() => undefined);
    await stopGroup(server);
    removeScratch(dirs);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = await main();
