import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  FAILING_GRADE_BELOW,
  LOW_GRADE_CODE,
  probeDiagnostics,
  worstFinding,
} from '../../../../client/src/probe/probeDiagnostics';
import { findingDocsUrl } from '../../../../client/src/panel/callExport';
import { DISPATCH_FILE, SDK_FILE, STYLED_TOOLS } from '../codelens/styledTools';
import { FILE, REGISTRATIONS, sampleReport } from './sampleReport';
import { styledReport } from './styledReport';

void describe('probe report → diagnostics on registrations', () => {
  const diagnostics = probeDiagnostics(sampleReport(), REGISTRATIONS);

  void it('puts one diagnostic on every registration line of each failed tool', () => {
    assert.deepEqual(
      diagnostics.map((diagnostic) => [diagnostic.tool, diagnostic.uri, diagnostic.line]),
      [
        ['get_order', FILE, 21],
        ['get_order', 'file:///work/orders/src/lowLevel.ts', 4],
        ['list_customer_orders', FILE, 37],
      ],
    );
  });

  void it('leaves out full marks, skipped tools and tools the workspace does not register', () => {
    const tools = new Set(diagnostics.map((diagnostic) => diagnostic.tool));
    assert.ok(!tools.has('health'));
    assert.ok(!tools.has('cancel_order'));
    assert.ok(!tools.has('no_such_tool_de8ba6'));
    assert.equal(FAILING_GRADE_BELOW, 100);
  });

  void it("codes it with the worst finding of the handler's worst answer and names what was sent and came back", () => {
    const getOrder = diagnostics[0];
    assert.equal(getOrder.code, 'missing-error-category');
    assert.equal(
      getOrder.message,
      'Probe of "mistaken": get_order graded 66/100. Sent nonexistent-id {"orderId":"nonexistent-62237511"} → got ' +
        'tool-error (no category, retryable not stated): "Order nonexistent-62237511 not found" ' +
        '[missing-error-category, missing-is-retryable].',
    );
    assert.equal(getOrder.severity, 'information');
    assert.equal(diagnostics[2].code, 'leaked-environment');
  });

  void it('uses a threshold, a warning below 50, and a fallback code without findings', () => {
    const report = sampleReport();
    report.tools[0].grade = 20;
    report.tools[0].calls[1].findings = [];
    report.tools[0].calls[0].findings = [];
    const [first] = probeDiagnostics(report, REGISTRATIONS);
    assert.equal(first.severity, 'warning');
    assert.equal(first.code, LOW_GRADE_CODE);
    assert.deepEqual(
      probeDiagnostics(sampleReport(), REGISTRATIONS, 65).map((diagnostic) => diagnostic.tool),
      ['list_customer_orders'],
    );
    assert.equal(worstFinding(sampleReport().tools[1].calls[1]), 'leaked-environment');
  });

  void it("links probe-only codes to the probe's rubric and shared ids to their check page", () => {
    assert.match(findingDocsUrl(LOW_GRADE_CODE), /\/docs\/probe\.md#grading-rubric$/);
    assert.match(findingDocsUrl('silently-accepted'), /\/docs\/probe\.md#grading-rubric$/);
    assert.match(findingDocsUrl('missing-error-category'), /\/docs\/checks\/missing-error-category\.md$/);
  });
});

void describe('probe diagnostics for every registration style', () => {
  void it("lands on a dispatcher's per-tool function and a factory's handler, on the registration of an inline one", () => {
    const diagnostics = probeDiagnostics(styledReport(), STYLED_TOOLS);
    assert.deepEqual(
      diagnostics.map((diagnostic) => [diagnostic.tool, diagnostic.uri, diagnostic.line]),
      [
        ['search_orders', DISPATCH_FILE, 9],
        ['search_orders', SDK_FILE, 29],
        ['ping', DISPATCH_FILE, 57],
        ['get_invoice', DISPATCH_FILE, 49],
      ],
    );
    assert.ok(diagnostics.every((diagnostic) => diagnostic.severity === 'warning'));
  });

  void it('puts one diagnostic on a handler that several registrations of the tool share', () => {
    const twice = [
      { name: 'ping', line: 60, kind: 'factory', handler: { line: 58, name: 'pingHandler' }, uri: DISPATCH_FILE },
      { name: 'ping', line: 64, kind: 'factory', handler: { line: 58, name: 'pingHandler' }, uri: DISPATCH_FILE },
    ];
    assert.deepEqual(
      probeDiagnostics(styledReport(), twice).map((diagnostic) => diagnostic.line),
      [57],
    );
  });
});
