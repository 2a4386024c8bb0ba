import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ProbeCall } from '../../../../shared/src/probeReport';
import {
  answeredByHandler,
  confirmationAt,
  confirmedMessage,
  describeAnswer,
  enclosingTool,
  enclosingTools,
  evidenceOf,
  handlerLine,
  matchConfirmations,
  reportConfirmations,
} from '../../../../client/src/probe/confirmation';
import { DISPATCH_FILE, STYLED_TOOLS, TAG_FILE } from '../codelens/styledTools';
import { FILE, REGISTRATIONS, sampleReport } from './sampleReport';
import { styledReport } from './styledReport';

const base: ProbeCall = {
  mistake: 'nonexistent-id',
  arguments: { orderId: 'x' },
  outcome: 'tool-error',
  category: null,
  retryable: null,
  message: 'Order x not found',
  findings: [],
};

void describe('which answers come from the handler', () => {
  const cases: Array<[string, Partial<ProbeCall>, boolean]> = [
    ['a handler error', {}, true],
    ['the SDK schema rejection', { message: 'MCP error -32602: Input validation error: Invalid arguments' }, false],
    ['the unknown-tool call', { mistake: 'unknown-tool' }, false],
    ['a timeout', { outcome: 'protocol-error', findings: [{ check: 'timeout', message: 'no answer' }] }, false],
    ['a crash', { outcome: 'protocol-error', findings: [{ check: 'server-crashed', message: 'exit 1' }] }, false],
    ['a silent success', { outcome: 'success', findings: [{ check: 'silently-accepted', message: '' }] }, true],
  ];
  for (const [name, change, expected] of cases) {
    void it(`${name}: ${expected}`, () => assert.equal(answeredByHandler({ ...base, ...change }), expected));
  }
});

void describe('probe evidence → static check ids', () => {
  const cases: Array<[string, Partial<ProbeCall>, string[]]> = [
    ['an uncategorised tool error', {}, ['throw-in-handler', 'unguarded-handler']],
    [
      'shared decoder ids',
      {
        category: 'UNKNOWN',
        retryable: false,
        findings: [
          { check: 'generic-error-message', message: 'says nothing' },
          { check: 'missing-is-retryable', message: '' },
        ],
      },
      ['generic-error-message', 'missing-is-retryable'],
    ],
    [
      'leaked-environment',
      { category: 'TRANSIENT', retryable: true, findings: [{ check: 'leaked-environment', message: '' }] },
      ['leaked-internals'],
    ],
    [
      'a JSON-RPC execution error',
      { outcome: 'protocol-error', message: 'MCP error -32603: db down' },
      ['throw-in-handler', 'protocol-error-for-execution-failure'],
    ],
    ['a JSON-RPC request rejection', { outcome: 'protocol-error', message: 'MCP error -32602: bad params' }, []],
    [
      'the SDK schema rejection (never the handler)',
      {
        message: 'MCP error -32602: Input validation error: x',
        findings: [{ check: 'missing-error-category', message: '' }],
      },
      [],
    ],
  ];
  for (const [name, change, expected] of cases) {
    void it(name, () => assert.deepEqual([...evidenceOf({ ...base, ...change }).keys()].sort(), expected.sort()));
  }

  void it('collects per tool, skipping skipped tools', () => {
    const confirmations = reportConfirmations(sampleReport());
    assert.deepEqual([...confirmations.keys()], ['get_order', 'list_customer_orders']);
    const getOrder = confirmations.get('get_order');
    assert.ok(getOrder?.has('throw-in-handler'));
    assert.equal(getOrder?.get('throw-in-handler')?.mistake, 'nonexistent-id');
    assert.ok(confirmations.get('list_customer_orders')?.has('leaked-internals'));
  });
});

void describe('matching static diagnostics to probed handlers', () => {
  void it('takes the nearest registration at or above the line, in the same file', () => {
    assert.equal(enclosingTool(REGISTRATIONS, FILE, 25)?.name, 'get_order');
    assert.equal(enclosingTool(REGISTRATIONS, FILE, 21)?.name, 'get_order');
    assert.equal(enclosingTool(REGISTRATIONS, FILE, 45)?.name, 'list_customer_orders');
    assert.equal(enclosingTool(REGISTRATIONS, FILE, 3), undefined);
    assert.equal(enclosingTool(REGISTRATIONS, 'file:///other.ts', 25), undefined);
  });

  void it('takes a handler imported from another file as the start of its tool in that file', () => {
    const handlerFile = 'file:///work/shop/src/tools/lookup.ts';
    const imported = [
      ...REGISTRATIONS,
      { name: 'lookup', line: 70, kind: 'tool', handler: { line: 4, name: 'lookup', uri: handlerFile }, uri: FILE },
    ];
    assert.equal(enclosingTool(imported, handlerFile, 10)?.name, 'lookup');
    assert.equal(enclosingTool(imported, handlerFile, 2), undefined);
    // In the registering file the handler's line 4 of the other file is no anchor.
    assert.equal(enclosingTool(imported, FILE, 5), undefined);
  });

  void it('confirms only the same check inside a handler whose probe showed it', () => {
    const confirmations = reportConfirmations(sampleReport());
    const matches = matchConfirmations(
      [
        { check: 'throw-in-handler', line: 28 },
        { check: 'missing-is-retryable', line: 28 },
        { check: 'leaked-internals', line: 55 },
        { check: 'throw-in-handler', line: 55 },
        { check: 'throw-in-handler', line: 2 },
      ],
      FILE,
      REGISTRATIONS,
      confirmations,
    );
    assert.deepEqual(
      matches.map((match) => match?.check ?? null),
      ['throw-in-handler', 'missing-is-retryable', 'leaked-internals', null, null],
    );
  });

  void it('marks a message once and describes what came back', () => {
    assert.equal(confirmedMessage(confirmedMessage('Throw.')), 'Throw. (confirmed by probe)');
    assert.equal(describeAnswer(base), 'tool-error (no category, retryable not stated): "Order x not found"');
    assert.equal(describeAnswer({ ...base, outcome: 'protocol-error', message: null }), 'protocol-error');
  });
});

void describe('matching static diagnostics to handlers of every style', () => {
  const confirmations = reportConfirmations(styledReport());

  void it("counts a dispatcher's per-tool function and a handler defined above its factory call as the tool's", () => {
    assert.equal(enclosingTool(STYLED_TOOLS, DISPATCH_FILE, 14)?.name, 'search_orders');
    assert.equal(enclosingTool(STYLED_TOOLS, DISPATCH_FILE, 25)?.name, 'refund_order');
    assert.equal(enclosingTool(STYLED_TOOLS, DISPATCH_FILE, 58)?.name, 'ping');
    assert.equal(enclosingTool(STYLED_TOOLS, DISPATCH_FILE, 41)?.name, 'search_orders');
    assert.equal(enclosingTool(STYLED_TOOLS, DISPATCH_FILE, 5), undefined);
    assert.equal(handlerLine(STYLED_TOOLS[0]), 10);
    assert.equal(handlerLine(STYLED_TOOLS[6]), 30, 'an inline handler points at its registration');
    assert.equal(handlerLine({ name: 'x', line: 7, kind: 'tool', uri: FILE }), 7);
  });

  void it('confirms a finding inside the handler function, not in the code of another tool', () => {
    const matches = matchConfirmations(
      [
        { check: 'throw-in-handler', line: 14 },
        { check: 'throw-in-handler', line: 25 },
        { check: 'missing-error-category', line: 58 },
        { check: 'throw-in-handler', line: 9 },
      ],
      DISPATCH_FILE,
      STYLED_TOOLS,
      confirmations,
    );
    assert.deepEqual(
      matches.map((match) => match && [match.tool, match.check]),
      [
        ['search_orders', 'throw-in-handler'],
        undefined,
        ['ping', 'missing-error-category'],
        ['search_orders', 'throw-in-handler'],
      ],
    );
  });

  void it('gives what is inside a function of a computed-name tool to no tool above it', () => {
    // The class at line 70 (name computed) and its run() at 72 follow ping's registration at line 60.
    assert.equal(enclosingTool(STYLED_TOOLS, DISPATCH_FILE, 61)?.name, 'ping');
    assert.equal(enclosingTool(STYLED_TOOLS, DISPATCH_FILE, 75), undefined);
    assert.equal(confirmationAt(STYLED_TOOLS, DISPATCH_FILE, 75, 'throw-in-handler', confirmations), undefined);
    assert.equal(enclosingTool(STYLED_TOOLS, TAG_FILE, 12), undefined);
  });

  void it('tries every tool sharing a handler function', () => {
    const shared = [
      { name: 'refund_order', line: 43, kind: 'dispatch', handler: { line: 22, name: 'handle' }, uri: DISPATCH_FILE },
      { name: 'search_orders', line: 42, kind: 'dispatch', handler: { line: 22, name: 'handle' }, uri: DISPATCH_FILE },
    ];
    assert.deepEqual(
      enclosingTools(shared, DISPATCH_FILE, 30).map((tool) => tool.name),
      ['refund_order', 'search_orders'],
    );
    const found = confirmationAt(shared, DISPATCH_FILE, 30, 'throw-in-handler', confirmations);
    assert.equal(found?.tool.name, 'search_orders');
    assert.equal(found?.confirmation.tool, 'search_orders');
  });
});
