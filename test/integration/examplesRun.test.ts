/**
 * Builds the orders example into a scratch directory and talks to it with the SDK's real Client over
 * stdio: the corrected twin's envelopes must reach a client with errorCategory/isRetryable at the top
 * level and the same facts at the start of the text; the mistaken twin's thrown error must arrive as the
 * unstructured text docs/decoder.md describes.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { type DecodedResult, decodeRpcError, decodeToolResult } from '../../shared/src/decoder';
import { buildOrdersExample } from './ordersExampleBuild';

const REPO_ROOT = path.resolve(__dirname, '../../..');

type ToolResult = Awaited<ReturnType<Client['callTool']>>;

async function connect(entry: string, env: Record<string, string> = {}): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [entry],
    env: { ...getDefaultEnvironment(), ...env },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'examples-run-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

function firstText(result: ToolResult): string {
  const content = Array.isArray(result.content) ? (result.content as unknown[]) : [];
  const block = content[0] as { type?: unknown; text?: unknown } | undefined;
  assert.equal(block?.type, 'text', 'the first content block should be text');
  return typeof block?.text === 'string' ? block.text : '';
}

interface ExpectedEnvelope {
  category: string;
  retryable: boolean;
  facts: string;
  retryAfterMs?: number | 'positive';
}

/** Asserts the raw top-level fields, the facts at the start of the text, and what the decoder reads. */
function assertEnvelope(result: ToolResult, expected: ExpectedEnvelope): DecodedResult {
  assert.equal(result.isError, true);
  assert.equal(result.errorCategory, expected.category, 'errorCategory at the top level');
  assert.equal(result.isRetryable, expected.retryable, 'isRetryable at the top level');
  const text = firstText(result);
  assert.ok(text.startsWith(expected.facts + ' '), `the text should begin with "${expected.facts}": ${text}`);
  if (expected.retryAfterMs === 'positive') {
    assert.ok(typeof result.retryAfterMs === 'number' && result.retryAfterMs > 0, 'retryAfterMs > 0');
  } else {
    assert.equal(result.retryAfterMs, expected.retryAfterMs);
  }
  const decoded = decodeToolResult(result);
  assert.equal(decoded.outcome, 'tool-error');
  assert.equal(decoded.category, expected.category);
  assert.equal(decoded.retryable, expected.retryable);
  assert.equal(decoded.encoding, 'top-level');
  assert.deepEqual(decoded.findings, [], 'the decoder should find nothing wrong with a corrected envelope');
  return decoded;
}

void describe('the orders example over stdio', { timeout: 30_000 }, () => {
  let outDir = '';
  let corrected: Client | undefined;

  before(async () => {
    const scratchRoot = path.join(REPO_ROOT, 'out');
    fs.mkdirSync(scratchRoot, { recursive: true });
    outDir = fs.mkdtempSync(path.join(scratchRoot, 'examples-run-'));
    buildOrdersExample(outDir);
    corrected = await connect(path.join(outDir, 'corrected.js'), { REFUND_SETTLE_MS: '60000' });
  });

  after(async () => {
    await corrected?.close();
    if (outDir) fs.rmSync(outDir, { recursive: true, force: true });
  });

  const call = (name: string, args: Record<string, unknown>): Promise<ToolResult> => {
    assert.ok(corrected, 'the corrected server should be connected');
    return corrected.callTool({ name, arguments: args });
  };

  void it('lists the five tools with their input schemas', async () => {
    assert.ok(corrected);
    const { tools } = await corrected.listTools();
    assert.deepEqual(tools.map((tool) => tool.name).sort(), [
      'cancel_order',
      'get_order',
      'get_refund_status',
      'issue_refund',
      'list_customer_orders',
    ]);
    const refund = tools.find((tool) => tool.name === 'issue_refund');
    assert.deepEqual(Object.keys(refund?.inputSchema.properties ?? {}).sort(), ['amountCents', 'orderId', 'reason']);
  });

  void it('returns an order that exists as data', async () => {
    const result = await call('get_order', { orderId: 'ord-1001' });
    assert.notEqual(result.isError, true);
    assert.equal((JSON.parse(firstText(result)) as { id: string }).id, 'ord-1001');
  });

  void it('reports a missing order as NOT_FOUND, not retryable', async () => {
    const result = await call('get_order', { orderId: 'ord-0000' });
    const decoded = assertEnvelope(result, {
      category: 'NOT_FOUND',
      retryable: false,
      facts: '[NOT_FOUND, not retryable]',
    });
    assert.match(decoded.message ?? '', /ord-0000/);
  });

  void it('reports a database timeout as TRANSIENT, retryable, with retryAfterMs', async () => {
    const result = await call('list_customer_orders', { customerId: 'cust-timeout' });
    assertEnvelope(result, {
      category: 'TRANSIENT',
      retryable: true,
      facts: '[TRANSIENT, retryable]',
      retryAfterMs: 1000,
    });
  });

  void it('reports a 503 from the payments upstream as TRANSIENT, retryable, honouring its Retry-After', async () => {
    const result = await call('issue_refund', { orderId: 'ord-payments-down', amountCents: 1000, reason: 'damaged' });
    assertEnvelope(result, {
      category: 'TRANSIENT',
      retryable: true,
      facts: '[TRANSIENT, retryable]',
      retryAfterMs: 2000,
    });
  });

  void it('reports a refund above the policy limit as BUSINESS and one above the order total as VALIDATION', async () => {
    const policy = await call('issue_refund', { orderId: 'ord-1004', amountCents: 60_000, reason: 'late delivery' });
    assertEnvelope(policy, { category: 'BUSINESS', retryable: false, facts: '[BUSINESS, not retryable]' });
    const tooMuch = await call('issue_refund', { orderId: 'ord-1001', amountCents: 20_000, reason: 'damaged' });
    assertEnvelope(tooMuch, { category: 'VALIDATION', retryable: false, facts: '[VALIDATION, not retryable]' });
  });

  void it('reports a refund the ledger does not show yet as NOT_FOUND but retryable', async () => {
    const issued = await call('issue_refund', { orderId: 'ord-1001', amountCents: 1000, reason: 'damaged' });
    assert.notEqual(issued.isError, true);
    const refundId = /Refund (ref-\d+) issued/.exec(firstText(issued))?.[1];
    assert.ok(refundId, `the refund id should be in: ${firstText(issued)}`);
    const status = await call('get_refund_status', { refundId });
    assertEnvelope(status, {
      category: 'NOT_FOUND',
      retryable: true,
      facts: '[NOT_FOUND, retryable]',
      retryAfterMs: 'positive',
    });
  });

  void it('answers a customer without orders with a valid empty result', async () => {
    const result = await call('list_customer_orders', { customerId: 'cust-0000' });
    assert.equal(result.isError, false);
    assert.match(firstText(result), /cust-0000/);
    assert.equal(decodeToolResult(result).outcome, 'empty');
  });

  void it('the low-level twins: an execution failure as an envelope, or as a protocol error the model never sees', async () => {
    const simulate = { ORDERS_SIMULATE: 'db-timeout' };
    const lowCorrected = await connect(path.join(outDir, 'corrected/lowLevel.js'), simulate);
    try {
      const result = await lowCorrected.callTool({ name: 'get_order', arguments: { orderId: 'ord-1001' } });
      assertEnvelope(result, {
        category: 'TRANSIENT',
        retryable: true,
        facts: '[TRANSIENT, retryable]',
        retryAfterMs: 1000,
      });
      await assert.rejects(lowCorrected.callTool({ name: 'no_such_tool', arguments: {} }), (error: unknown) => {
        assert.equal(decodeRpcError(error).rpcCode, ErrorCode.MethodNotFound);
        return true;
      });
    } finally {
      await lowCorrected.close();
    }
    const lowMistaken = await connect(path.join(outDir, 'lowLevel.js'), simulate);
    try {
      await assert.rejects(
        lowMistaken.callTool({ name: 'get_order', arguments: { orderId: 'ord-1001' } }),
        (error: unknown) => {
          const decoded = decodeRpcError(error);
          assert.equal(decoded.outcome, 'protocol-error');
          assert.equal(decoded.rpcCode, ErrorCode.InternalError);
          assert.equal(decoded.category, null);
          return true;
        },
      );
    } finally {
      await lowMistaken.close();
    }
  });

  void it('the mistaken twin lets a thrown error reach the client as unstructured text', async () => {
    const mistaken = await connect(path.join(outDir, 'mistaken.js'));
    try {
      const result = await mistaken.callTool({ name: 'get_order', arguments: { orderId: 'ord-0000' } });
      assert.equal(result.isError, true);
      assert.equal(result.errorCategory, undefined);
      assert.equal(firstText(result), 'Order ord-0000 not found');
      const decoded = decodeToolResult(result);
      assert.equal(decoded.category, null);
      assert.equal(decoded.encoding, 'plain-text');
    } finally {
      await mistaken.close();
    }
  });
});
