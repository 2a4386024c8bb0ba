/**
 * The probe against the repository's orders example: the mistaken twin must grade clearly worse than the
 * corrected twin with the same seed and the same calls. The schemas are identical, so the SDK answers the pure
 * schema mistakes identically for both; the difference is in how each twin reports a record that does not exist.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { ProbeReport } from '../../../shared/src/probeReport';
import { runProbe } from '../../../probe/src';
import { buildOrdersExample, scratchDir, sentCalls, toolReport } from './probeHarness';

const TOOLS = ['get_order', 'list_customer_orders', 'issue_refund', 'get_refund_status', 'cancel_order'];

/** The example's tools carry no annotations, so each one is opted in by name, as a user would with --allow. */
function probe(dir: string, entry: string, fixtures?: Record<string, Record<string, unknown>>): Promise<ProbeReport> {
  return runProbe({
    target: { kind: 'stdio', command: process.execPath, args: [path.join(dir, entry)] },
    label: entry.replace(/\.js$/, ''),
    seed: 1,
    timeoutMs: 5000,
    allow: (tool) => TOOLS.includes(tool),
    ...(fixtures && { fixtures }),
  });
}

function recordLookupScore(report: ProbeReport): number {
  const scores = report.tools
    .flatMap((tool) => tool.calls)
    .filter((call) => call.mistake === 'nonexistent-id' || call.mistake === 'fixture')
    .map((call) => Number(/(\d+)\/100/.exec(call.verdict ?? '')?.[1]));
  assert.ok(scores.length > 0 && scores.every((score) => Number.isFinite(score)));
  return scores.reduce((sum, score) => sum + score, 0) / scores.length;
}

void describe('probe: the orders twins', { timeout: 30_000 }, () => {
  let dir = '';

  before(() => {
    dir = scratchDir('probe-examples-');
    buildOrdersExample(dir);
  });

  after(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  void it('the mistaken twin grades clearly worse than the corrected twin', async () => {
    const [mistaken, corrected] = [await probe(dir, 'mistaken.js'), await probe(dir, 'corrected.js')];
    assert.equal(sentCalls(mistaken), sentCalls(corrected), 'both twins get the same calls');
    const lines = TOOLS.map((name) => {
      const worse = toolReport(mistaken, name).grade ?? 0;
      const better = toolReport(corrected, name).grade ?? 0;
      assert.ok(better >= worse, `${name}: corrected ${better} < mistaken ${worse}`);
      return `${name} ${worse} → ${better}`;
    });
    const lookups = { mistaken: recordLookupScore(mistaken), corrected: recordLookupScore(corrected) };
    console.log(
      `  server: mistaken ${mistaken.grade}/100, corrected ${corrected.grade}/100; ${lines.join(', ')}; ` +
        `missing-record calls ${lookups.mistaken.toFixed(0)} → ${lookups.corrected.toFixed(0)}`,
    );
    assert.ok(
      mistaken.grade !== null &&
        mistaken.grade !== undefined &&
        corrected.grade !== null &&
        corrected.grade !== undefined,
    );
    assert.ok(corrected.grade - mistaken.grade >= 4, `margin ${corrected.grade - mistaken.grade}`);
    assert.ok(
      lookups.corrected - lookups.mistaken >= 20,
      `missing-record margin ${lookups.corrected - lookups.mistaken}`,
    );
    assert.equal(
      lookups.corrected,
      100,
      'every missing record is NOT_FOUND or a valid empty answer in the corrected twin',
    );
    // The mistaken twin's empty search is an error with no category: what empty-result-as-error warns about.
    const emptySearch = toolReport(mistaken, 'list_customer_orders').calls.find((c) => c.mistake === 'nonexistent-id');
    assert.ok(emptySearch?.findings.some((finding) => finding.check === 'empty-result-as-error'));
  });

  void it('with fixtures, a real order is the control and a missing one is the mistake', async () => {
    const fixtures = { get_order: { orderId: 'ord-1001' }, get_refund_status: { refundId: 'ref-0001' } };
    const corrected = await probe(dir, 'corrected.js', fixtures);
    const getOrder = toolReport(corrected, 'get_order');
    const fixture = getOrder.calls.find((call) => call.mistake === 'fixture');
    assert.ok(fixture, 'a fixture call should be sent');
    assert.match(fixture.arguments.orderId as string, /^ord-nonexistent-[0-9a-f]{8}$/);
    assert.equal(fixture.category, 'NOT_FOUND');
    assert.ok(!fixture.findings.some((finding) => finding.check === 'fixture-control-failed'), 'ord-1001 exists');
    // The unexpected property now rides on a call that succeeds: the SDK strips it without a word.
    const extra = getOrder.calls.find((call) => call.mistake === 'unexpected-property');
    assert.equal(extra?.outcome, 'success');
    assert.ok(extra?.findings.some((finding) => finding.check === 'extra-property-ignored'));
    const refund = toolReport(corrected, 'get_refund_status').calls.find((call) => call.mistake === 'fixture');
    assert.ok(
      refund?.findings.some((finding) => finding.check === 'fixture-control-failed'),
      'ref-0001 was never issued in a fresh store, so the control fails and says so',
    );
  });
});
