import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { classifyFailure, foreignCategory, readForeignFailure } from '../../../../shared/src/classifier';
import type { ErrorCategory } from '../../../../shared/src/taxonomy';
import { NOW } from './shapes';

const KEY = 'io.modelcontextprotocol/toolFailure';
const meta = (failure: Record<string, unknown>): unknown => ({
  isError: true,
  content: [{ type: 'text', text: 'x' }],
  _meta: { [KEY]: failure },
});

const CASES: [string, unknown, ReturnType<typeof readForeignFailure>][] = [
  [
    '_meta toolFailure, transient, retryNotBefore as ISO time',
    meta({
      class: 'transient',
      code: 'UPSTREAM_TIMEOUT',
      retryable: true,
      retryNotBefore: new Date(NOW + 5000).toISOString(),
      correlationId: 'c-1',
      agentGuidance: 'wait',
    }),
    { category: 'TRANSIENT', isRetryable: true, retryAfterMs: 5000, source: `_meta ${KEY} (proposal)` },
  ],
  [
    '_meta toolFailure, invalid_input with retryable true is clamped',
    meta({ class: 'invalid_input', retryable: true }),
    { category: 'VALIDATION', isRetryable: false, source: `_meta ${KEY} (proposal)` },
  ],
  [
    '_meta toolFailure, auth',
    meta({ class: 'auth' }),
    { category: 'PERMISSION', isRetryable: false, source: `_meta ${KEY} (proposal)` },
  ],
  [
    '_meta toolFailure, notFound',
    meta({ class: 'notFound', retryable: false }),
    { category: 'NOT_FOUND', isRetryable: false, source: `_meta ${KEY} (proposal)` },
  ],
  [
    '_meta toolFailure, policy',
    meta({ class: 'policy' }),
    { category: 'BUSINESS', isRetryable: false, source: `_meta ${KEY} (proposal)` },
  ],
  [
    '_meta toolFailure, internal',
    meta({ class: 'internal' }),
    { category: 'UNKNOWN', isRetryable: false, source: `_meta ${KEY} (proposal)` },
  ],
  [
    '_meta toolFailure, class unknown, code RATE_LIMITED',
    meta({ class: 'weird', code: 'RATE_LIMITED' }),
    { category: 'TRANSIENT', isRetryable: true, source: `_meta ${KEY} (proposal)` },
  ],
  [
    '_meta toolFailure, nothing known',
    meta({ class: 'weird' }),
    { category: 'UNKNOWN', isRetryable: false, source: `_meta ${KEY} (proposal)` },
  ],
  [
    '{ code, category, retry: { safe, after_ms } }',
    { code: 'UPSTREAM_TIMEOUT', category: 'transient', retry: { safe: true, after_ms: 1500 } },
    {
      category: 'TRANSIENT',
      isRetryable: true,
      retryAfterMs: 1500,
      source: '{ code, category, retry: { safe, after_ms } }',
    },
  ],
  [
    '{ code, category: conflict, retry: { safe: false } }',
    { code: 'ORDER_LOCKED', category: 'conflict', retry: { safe: false } },
    { category: 'BUSINESS', isRetryable: false, source: '{ code, category, retry: { safe, after_ms } }' },
  ],
  [
    '{ category, is_retryable } in structuredContent',
    { isError: true, content: [], structuredContent: { category: 'NotFound', is_retryable: true } },
    { category: 'NOT_FOUND', isRetryable: true, source: '{ category, is_retryable }' },
  ],
  [
    '{ category, is_retryable } as JSON in the text',
    {
      isError: true,
      content: [{ type: 'text', text: '{"category":"validation","is_retryable":false,"message":"bad"}' }],
    },
    { category: 'VALIDATION', isRetryable: false, source: '{ category, is_retryable }' },
  ],
  [
    '{ recoverable: true }',
    { recoverable: true, message: 'busy' },
    { category: 'TRANSIENT', isRetryable: true, source: '{ recoverable }' },
  ],
  [
    '{ recoverable: false }',
    { recoverable: false },
    { category: 'UNKNOWN', isRetryable: false, source: '{ recoverable }' },
  ],
  [
    '{ recoverable, code }',
    { recoverable: false, code: 'PERMISSION_DENIED' },
    { category: 'PERMISSION', isRetryable: false, source: '{ recoverable }' },
  ],
  ['no foreign shape', { isError: true, content: [{ type: 'text', text: 'Order 12 not found' }] }, undefined],
  ['not an object', 'text', undefined],
];

void describe('foreign failure shapes', () => {
  for (const [name, input, expected] of CASES) {
    void it(name, () => assert.deepEqual(readForeignFailure(input, NOW), expected));
  }

  void it('maps liberal spellings of classes', () => {
    const spellings: [string, ErrorCategory | undefined][] = [
      ['RateLimited', 'TRANSIENT'],
      ['timed-out', 'TRANSIENT'],
      ['INVALID_EMAIL', 'VALIDATION'],
      ['invalidArgument', 'VALIDATION'],
      ['permission-denied', 'PERMISSION'],
      ['AccessDenied', 'PERMISSION'],
      ['order_not_found', 'NOT_FOUND'],
      ['already exists', 'BUSINESS'],
      ['business_rule', 'BUSINESS'],
      ['server_error', 'UNKNOWN'],
      ['banana', undefined],
    ];
    for (const [spelling, category] of spellings) assert.equal(foreignCategory(spelling), category, spelling);
  });

  void it('the classifier trusts a declared shape over the wording', () => {
    const result = classifyFailure(
      {
        isError: true,
        content: [{ type: 'text', text: 'Order 12 not found' }],
        _meta: { [KEY]: { class: 'transient', retryable: true } },
      },
      { now: NOW },
    );
    assert.equal(result.category, 'TRANSIENT');
    assert.equal(result.evidence[0], `declared _meta ${KEY} (proposal)`);
  });
});
