/**
 * The Tool Calls panel in the real extension host: traces written into a watched folder (the
 * `mcpEnvelope.traces.folders` setting) reach the extension-side model, grow live, show in the webview
 * (which reports its filtered row count back), open from outside the folders, and feed the CodeLens.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { lensTitle } from '../../../client/src/codelens/lensTitle';
import { MISTAKEN, WAIT_MS, openExample, sleep } from './helpers';

interface PanelState {
  calls: number;
  outcomes: Record<string, number>;
  tools: Record<string, { calls: number; errors: number; errorsByKind: Record<string, number> }>;
  folders: string[];
  files: string[];
  panel: { open: boolean; ready: boolean; paused: boolean; held: number; shown: number; total: number };
}

const STATE_COMMAND = 'mcpEnvelope.internal.panelState';
const started = Date.now() - 60_000;
const at = (ms: number) => new Date(started + ms).toISOString();

function line(ms: number, dir: 'host→server' | 'server→host', msg: unknown, server = 'orders'): string {
  return `${JSON.stringify({ ts: at(ms), dir, server, msg })}\n`;
}

function call(id: number, tool: string, args: unknown, ms: number): string {
  return line(ms, 'host→server', { jsonrpc: '2.0', id, method: 'tools/call', params: { name: tool, arguments: args } });
}

function reply(id: number, result: unknown, ms: number): string {
  return line(ms, 'server→host', { jsonrpc: '2.0', id, result });
}

const text = (value: string) => [{ type: 'text', text: value }];

/** Seven calls of the orders example's tools, one per verdict family. */
function orderTrace(): string {
  return [
    call(1, 'get_order', { orderId: 'A-1' }, 0),
    reply(1, { content: text('{"orderId":"A-1","total":12}') }, 35),
    call(2, 'list_customer_orders', { customerId: 8421 }, 100),
    reply(2, { content: text('No orders found for customer 8421.') }, 140),
    call(3, 'get_order', { orderId: 'A-2' }, 200),
    reply(
      3,
      {
        isError: true,
        errorCategory: 'TRANSIENT',
        isRetryable: true,
        content: text('TRANSIENT (retryable): orders database unreachable'),
      },
      1200,
    ),
    call(4, 'issue_refund', { orderId: 'A-3', amount: -5 }, 300),
    reply(
      4,
      {
        isError: true,
        errorCategory: 'VALIDATION',
        isRetryable: false,
        content: text('VALIDATION: amount must be positive (got -5)'),
      },
      320,
    ),
    call(5, 'get_refund_status', { refundId: 'R-9' }, 400),
    reply(5, { isError: true, content: text('Operation failed') }, 420),
    call(6, 'cancel_order', { orderId: 'A-4' }, 500),
    line(510, 'server→host', { jsonrpc: '2.0', id: 6, error: { code: -32603, message: 'Internal error' } }),
    call(7, 'get_refund_status', { refundId: 'R-10' }, 600),
  ].join('');
}

async function state(): Promise<PanelState> {
  const value = await vscode.commands.executeCommand<PanelState>(STATE_COMMAND);
  assert.ok(value, `${STATE_COMMAND} answered nothing: is the extension active?`);
  return value;
}

async function waitForState(
  accept: (value: PanelState) => boolean,
  what: string,
  timeoutMs = WAIT_MS,
): Promise<PanelState> {
  const deadline = Date.now() + timeoutMs;
  let last: PanelState | undefined;
  while (Date.now() < deadline) {
    last = await state();
    if (accept(last)) return last;
    await sleep(200);
  }
  throw new Error(`timed out waiting for ${what}; last panel state: ${JSON.stringify(last)}`);
}

describe('Tool Calls panel in the real extension host', () => {
  let folder: string;
  let outside: string;
  /** The model before this suite wrote anything (the default trace folder may hold recent traces). */
  let initial: PanelState;
  const grew = (value: PanelState, outcome: string) =>
    (value.outcomes[outcome] ?? 0) - (initial.outcomes[outcome] ?? 0);
  const toolGrew = (value: PanelState, tool: string) => {
    const now = value.tools[tool] ?? { calls: 0, errors: 0 };
    const then = initial.tools[tool] ?? { calls: 0, errors: 0 };
    return { calls: now.calls - then.calls, errors: now.errors - then.errors };
  };

  before(async () => {
    await vscode.extensions.getExtension('mcp-envelope.mcp-envelope')?.activate();
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-envelope-traces-'));
    outside = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-envelope-saved-'));
    initial = await state();
    await vscode.workspace
      .getConfiguration('mcpEnvelope')
      .update('traces.folders', [folder], vscode.ConfigurationTarget.Global);
    await waitForState((value) => value.folders.includes(folder), 'the setting to add the trace folder');
  });

  after(async () => {
    await vscode.workspace
      .getConfiguration('mcpEnvelope')
      .update('traces.folders', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    fs.rmSync(folder, { recursive: true, force: true });
    fs.rmSync(outside, { recursive: true, force: true });
  });

  it('decodes a trace written into a watched folder', async () => {
    fs.writeFileSync(path.join(folder, 'orders-e2e.mcptrace.jsonl'), orderTrace());
    const value = await waitForState((s) => s.calls >= initial.calls + 7, '7 calls from the trace');
    assert.equal(grew(value, 'success'), 1);
    assert.equal(grew(value, 'empty'), 1);
    assert.equal(grew(value, 'tool-error'), 3);
    assert.equal(grew(value, 'protocol-error'), 1);
    assert.equal(grew(value, 'pending'), 1);
    assert.deepEqual(toolGrew(value, 'get_order'), { calls: 2, errors: 1 });
  });

  it('follows calls appended to the trace, including a line written in two pieces', async () => {
    const file = path.join(folder, 'orders-e2e.mcptrace.jsonl');
    const answer = reply(7, { content: text('{"refundId":"R-10","state":"done"}') }, 900);
    // A complete call line first, then half of the answer: once the complete call is shown, the tailer has read
    // what was written (a positive signal), and only then does "the half line is not decoded" mean something.
    fs.appendFileSync(file, call(9, 'lookup_stock', { sku: 'S-9' }, 850) + answer.slice(0, 20));
    const read = await waitForState((s) => s.calls >= initial.calls + 8, 'the complete call written before the half');
    assert.equal(grew(read, 'pending'), 2, 'a half-written line is not decoded yet');
    fs.appendFileSync(file, answer.slice(20) + call(8, 'cancel_order', { orderId: 'B-1' }, 1000));
    const value = await waitForState(
      (s) => s.calls >= initial.calls + 9 && grew(s, 'success') === 2,
      'the appended calls',
    );
    assert.equal(grew(value, 'pending'), 2);
  });

  it('shows the calls in the webview and filters them to one tool', async () => {
    await vscode.commands.executeCommand('mcpEnvelope.showToolCalls', { tool: 'get_order' });
    const value = await waitForState(
      (s) => s.panel.ready && s.panel.total === s.calls && s.panel.shown === (s.tools.get_order?.calls ?? -1),
      'the webview to show only the get_order calls',
    );
    assert.equal(value.panel.open, true);
    assert.ok(value.panel.shown < value.panel.total);
    await vscode.commands.executeCommand('mcpEnvelope.showToolCalls', { tool: '' });
    await waitForState((s) => s.panel.shown === s.calls, 'the webview to show every call again');
  });

  it('opens a saved trace from outside the watched folders', async () => {
    const saved = path.join(outside, 'saved.mcptrace.jsonl');
    fs.writeFileSync(
      saved,
      [
        call(1, 'issue_refund', { orderId: 'C-1', amount: 10 }, 0),
        reply(1, { content: text('{"refundId":"R-1"}') }, 50),
      ].join(''),
    );
    const before = (await state()).calls;
    await vscode.commands.executeCommand('mcpEnvelope.openTraceInPanel', vscode.Uri.file(saved));
    const value = await waitForState((s) => s.calls === before + 1, 'the saved trace to be read');
    assert.ok(value.files.includes(saved));
    assert.deepEqual(toolGrew(value, 'issue_refund'), { calls: 2, errors: 1 });
  });

  it('shows live counts in a CodeLens above the registration', async () => {
    const document = (await openExample(MISTAKEN)).document;
    const expected = lensTitle((await state()).tools.get_order);
    assert.match(expected, /calls · \d+ errors? \(.*TRANSIENT/);
    const deadline = Date.now() + WAIT_MS;
    let lenses: vscode.CodeLens[] = [];
    while (Date.now() < deadline) {
      lenses =
        (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', document.uri)) ?? [];
      if (lenses.some((lens) => lens.command?.title.endsWith(expected))) break;
      await sleep(300);
    }
    const getOrder = lenses.find((lens) => lens.command?.title.endsWith(expected));
    assert.ok(
      getOrder,
      `a get_order lens "${expected}"; lenses seen: ${JSON.stringify(lenses.map((l) => l.command?.title))}`,
    );
    assert.equal(getOrder.command?.command, 'mcpEnvelope.showToolCalls');
    assert.deepEqual(getOrder.command?.arguments, [{ tool: 'get_order' }]);
    assert.equal(document.lineAt(getOrder.range.start.line).text.trim(), 'server.registerTool(');
    assert.equal(document.lineAt(getOrder.range.start.line + 1).text.trim(), "'get_order',");
    // One lens per named tool: the example's handlers are inline, so none gets a second lens of its own.
    const toolLenses = lenses.filter((lens) => lens.command?.command === 'mcpEnvelope.showToolCalls');
    assert.deepEqual(toolLenses.map((lens) => (lens.command?.arguments?.[0] as { tool: string }).tool).sort(), [
      'cancel_order',
      'get_order',
      'get_refund_status',
      'issue_refund',
      'list_customer_orders',
    ]);
  });
});
