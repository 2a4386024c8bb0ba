import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import {
  PROBE_SEQ_BASE,
  probeCallsFilter,
  probeServerLabel,
  probeSessionUpdates,
  toolCard,
  toolCards,
  worstCall,
} from '../../../../client/src/probe/probeSession';
import { toCallRow } from '../../../../shared/src/panel/callRow';
import { rowMatcher, EMPTY_FILTER } from '../../../../shared/src/panel/filter';
import { sampleReport } from './sampleReport';

void describe('probe session → Tool Calls rows', () => {
  const report = sampleReport();
  const { source, updates } = probeSessionUpdates(report, 3, '2026-01-01T00:00:00.000Z');

  void it('turns every call into an update under the "probe: <server>" label', () => {
    assert.equal(updates.length, 6);
    assert.ok(updates.every((update) => update.call.server === 'probe: mistaken'));
    assert.deepEqual(
      updates.map((update) => update.call.tool),
      ['get_order', 'get_order', 'list_customer_orders', 'list_customer_orders', 'health', 'no_such_tool_de8ba6'],
    );
    assert.equal(source, 'probe mistaken #3');
    assert.deepEqual(
      updates.slice(0, 2).map((update) => update.file),
      ['probe mistaken #3 · wrong-type', 'probe mistaken #3 · nonexistent-id'],
    );
    const slashed = probeSessionUpdates({ ...report, server: '127.0.0.1:3000/mcp' }, 1, 'x');
    assert.equal(slashed.source, 'probe 127.0.0.1:3000_mcp #1');
    assert.equal(path.basename(slashed.updates[0].file), 'probe 127.0.0.1:3000_mcp #1 · wrong-type');
  });

  void it('gives ids unique across sessions and sequence numbers above the trace watcher', () => {
    const again = probeSessionUpdates(report, 4, '2026-01-01T00:00:00.000Z').updates;
    const uids = new Set([...updates, ...again].map((update) => update.uid));
    assert.equal(uids.size, updates.length + again.length);
    assert.ok(updates.every((update) => update.seq > PROBE_SEQ_BASE));
    assert.ok(again[0].seq > updates[updates.length - 1].seq);
  });

  void it('rebuilds a decoded call from the stable JSON when the report has none', () => {
    const call = updates[1].call;
    assert.equal(call.outcome, 'tool-error');
    assert.equal(call.message, 'Order nonexistent-62237511 not found');
    assert.deepEqual(call.arguments, { orderId: 'nonexistent-62237511' });
    assert.equal(call.startedAt, '2026-01-01T00:00:00.000Z');
    assert.match(call.nextAction, /\S/);
  });

  void it('keeps the decoded call the engine attached, relabelled', () => {
    const withDecoded = sampleReport();
    const first = withDecoded.tools[0].calls[0];
    first.decoded = {
      ...probeSessionUpdates(report, 1, 'x').updates[0].call,
      server: 'mistaken',
      durationMs: 12,
      encoding: 'plain-text',
    };
    const call = probeSessionUpdates(withDecoded, 9, 'x').updates[0].call;
    assert.equal(call.durationMs, 12);
    assert.equal(call.encoding, 'plain-text');
    assert.equal(call.server, 'probe: mistaken');
  });

  void it('filters like live rows: the probe filter of one tool keeps its calls only', () => {
    const rows = updates.map((update) => toCallRow(update.uid, update.seq, update.file, update.call));
    const matcher = rowMatcher({ ...EMPTY_FILTER, ...probeCallsFilter('mistaken', 'get_order') });
    assert.deepEqual(
      rows.filter(matcher).map((row) => row.uid),
      ['probe-3-1', 'probe-3-2'],
    );
    assert.equal(probeServerLabel('orders'), 'probe: orders');
  });
});

void describe('summary cards', () => {
  void it('orders graded tools worst first, skipped ones last', () => {
    assert.deepEqual(
      toolCards(sampleReport()).map((card) => [card.name, card.grade]),
      [
        ['list_customer_orders', 63],
        ['get_order', 66],
        ['no_such_tool_de8ba6', 70],
        ['health', 100],
        ['cancel_order', null],
      ],
    );
  });

  void it('lists the most damaging findings first, counted per call', () => {
    const card = toolCard(sampleReport().tools[1]);
    assert.deepEqual(
      card.worstFindings.map((finding) => [finding.check, finding.calls]),
      [
        ['leaked-environment', 1],
        ['empty-result-as-error', 1],
        ['missing-error-category', 1],
      ],
    );
    assert.equal(card.worstCall?.mistake, 'nonexistent-id');
  });

  void it('counts a finding once per call and keeps the skip reason', () => {
    const getOrder = toolCard(sampleReport().tools[0]);
    assert.deepEqual(getOrder.worstFindings[0], {
      check: 'missing-error-category',
      calls: 2,
      message: 'no errorCategory',
    });
    const report = sampleReport();
    report.tools[3].skipped =
      'not annotated read-only (annotations.readOnlyHint is not true); opt in with --allow cancel_order';
    assert.equal(
      toolCard(report.tools[3]).skipped,
      'not annotated read-only (annotations.readOnlyHint is not true); tick it in the opt-in list of "Probe Server" to call it',
    );
    const skipped = toolCard(sampleReport().tools[3]);
    assert.equal(skipped.skipped, 'destructive (annotations.destructiveHint: true)');
    assert.equal(skipped.worstCall, null);
  });

  void it('picks the worst call among preferred calls when any is preferred', () => {
    const tool = sampleReport().tools[0];
    assert.equal(worstCall(tool)?.mistake, 'wrong-type');
    assert.equal(worstCall(tool, (call) => call.mistake === 'nonexistent-id')?.mistake, 'nonexistent-id');
  });
});
