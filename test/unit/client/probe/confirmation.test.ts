import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ProbeCall } from '../../../../shared/src/probeReport';
import {
  answeredByHandler,
  confirmedMessage,
  describeAnswer,
  enclosingTool,
  evidenceOf,
  matchConfirmations,
  reportConfirmations,
} from '../../../../client/src/probe/confirmation';
import { FILE, REGISTRATIONS, sampleReport } from './sampleReport';

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
