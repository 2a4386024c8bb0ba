/** A probe report shaped like the probe of examples/orders-server's mistaken twin (trimmed), for the tests. */
import type { ProbeCall, ProbeReport } from '../../../../shared/src/probeReport';

const sdkRejection = (tool: string): ProbeCall => ({
  mistake: 'wrong-type',
  arguments: { orderId: 7 },
  outcome: 'tool-error',
  category: null,
  retryable: null,
  message: `MCP error -32602: Input validation error: Invalid arguments for tool ${tool}: expected string`,
  findings: [
    { check: 'missing-error-category', message: 'no errorCategory' },
    { check: 'missing-is-retryable', message: 'no isRetryable' },
  ],
});

export function sampleReport(): ProbeReport {
  return {
    server: 'mistaken',
    seed: 1,
    grade: 71,
    tools: [
      {
        name: 'get_order',
        grade: 66,
        skipped: null,
        calls: [
          sdkRejection('get_order'),
          {
            mistake: 'nonexistent-id',
            arguments: { orderId: 'nonexistent-62237511' },
            outcome: 'tool-error',
            category: null,
            retryable: null,
            message: 'Order nonexistent-62237511 not found',
            findings: [
              { check: 'missing-error-category', message: 'no errorCategory' },
              { check: 'missing-is-retryable', message: 'no isRetryable' },
            ],
            verdict: 'An id that cannot exist. 40/100',
          },
        ],
      },
      {
        name: 'list_customer_orders',
        grade: 63,
        skipped: null,
        calls: [
          sdkRejection('list_customer_orders'),
          {
            mistake: 'nonexistent-id',
            arguments: { customerId: 'nonexistent-1' },
            outcome: 'tool-error',
            category: 'TRANSIENT',
            retryable: true,
            message: 'Could not list orders: Error: boom at /srv/app/db.js:12',
            findings: [
              { check: 'leaked-environment', message: 'the text shows API_KEY' },
              { check: 'empty-result-as-error', message: 'an empty answer as an error' },
            ],
          },
        ],
      },
      {
        name: 'health',
        grade: 100,
        skipped: null,
        calls: [
          {
            mistake: 'unexpected-property',
            arguments: { unexpected_ab: 1 },
            outcome: 'tool-error',
            category: 'VALIDATION',
            retryable: false,
            message: 'unexpected_ab is not a known parameter',
            findings: [],
          },
        ],
      },
      { name: 'cancel_order', grade: null, skipped: 'destructive (annotations.destructiveHint: true)', calls: [] },
      {
        name: 'no_such_tool_de8ba6',
        grade: 70,
        skipped: null,
        calls: [
          {
            mistake: 'unknown-tool',
            arguments: {},
            outcome: 'tool-error',
            category: null,
            retryable: null,
            message: 'MCP error -32602: Tool no_such_tool_de8ba6 not found',
            findings: [{ check: 'missing-error-category', message: 'no errorCategory' }],
          },
        ],
      },
    ],
  };
}

export const FILE = 'file:///work/orders/src/mistaken.ts';

export const REGISTRATIONS = [
  { name: 'get_order', line: 22, kind: 'registerTool', uri: FILE },
  { name: 'list_customer_orders', line: 38, kind: 'registerTool', uri: FILE },
  { name: 'health', line: 70, kind: 'registerTool', uri: FILE },
  { name: 'get_order', line: 5, kind: 'tool', uri: 'file:///work/orders/src/lowLevel.ts' },
];
