import { describe } from 'node:test';
import { runDecoderTable } from './decoderTable';

const text = (value: string) => [{ type: 'text', text: value }];

void describe('decoder: top-level fields', () => {
  runDecoderTable([
    {
      name: 'recommended style: top-level fields and the facts in the text',
      result: {
        isError: true,
        errorCategory: 'TRANSIENT',
        isRetryable: true,
        retryAfterMs: 2000,
        content: text('[TRANSIENT, retryable] Order database timed out after 5 s.'),
      },
      expect: {
        outcome: 'tool-error',
        category: 'TRANSIENT',
        retryable: true,
        encoding: 'top-level',
        retryAfterMs: 2000,
      },
      findings: [],
    },
    {
      name: 'top-level fields the text does not mention',
      result: {
        isError: true,
        errorCategory: 'PERMISSION',
        isRetryable: false,
        content: text('Access to project 7 denied.'),
      },
      expect: { outcome: 'tool-error', category: 'PERMISSION', retryable: false, encoding: 'top-level' },
      findings: ['envelope-hidden-from-model'],
    },
    {
      name: 'lower-case category, retryable true on VALIDATION',
      result: {
        isError: true,
        errorCategory: 'validation',
        isRetryable: true,
        content: text('limit must be ≤ 100 (retry)'),
      },
      expect: { category: 'VALIDATION', retryable: true },
      findings: ['contradictory-retryable'],
    },
    {
      name: 'category outside the taxonomy is read as the nearest one',
      result: { isError: true, errorCategory: 'TIMEOUT', isRetryable: true, content: text('timeout, retry later') },
      expect: { category: 'TRANSIENT', encoding: 'top-level' },
      findings: ['invalid-error-category'],
    },
    {
      name: 'category without isRetryable',
      result: { isError: true, errorCategory: 'NOT_FOUND', content: text('Order 12 not found.') },
      expect: { category: 'NOT_FOUND', retryable: null },
      findings: ['missing-is-retryable'],
    },
  ]);
});

void describe('decoder: JSON in text content', () => {
  runDecoderTable([
    {
      name: 'lower-case JSON envelope in the text',
      result: {
        isError: true,
        content: text(JSON.stringify({ errorCategory: 'transient', isRetryable: true, message: 'Upstream timed out' })),
      },
      expect: {
        outcome: 'tool-error',
        category: 'TRANSIENT',
        retryable: true,
        encoding: 'json-text',
        message: 'Upstream timed out',
      },
      findings: [],
    },
    {
      name: 'upper-case JSON envelope with the optional fields',
      result: {
        isError: true,
        content: text(
          JSON.stringify({
            errorCategory: 'TRANSIENT',
            isRetryable: true,
            message: '3 of 5 sources answered',
            suggestedAction: 'retry_with_backoff',
            attemptedQuery: 'search(term=thermostat)',
            partialResults: [{ id: 11 }],
          }),
        ),
      },
      expect: {
        encoding: 'json-text',
        suggestedAction: 'retry_with_backoff',
        attemptedQuery: 'search(term=thermostat)',
        partialResults: [{ id: 11 }],
      },
      findings: [],
    },
    {
      name: 'generic message inside JSON',
      result: {
        isError: true,
        content: text('{"errorCategory":"UNKNOWN","isRetryable":false,"message":"Operation failed"}'),
      },
      expect: { category: 'UNKNOWN', message: 'Operation failed' },
      findings: ['generic-error-message'],
    },
  ]);
});

void describe('decoder: structuredContent', () => {
  runDecoderTable([
    {
      name: 'fields in structuredContent, facts repeated in the text',
      result: {
        isError: true,
        structuredContent: { errorCategory: 'BUSINESS', isRetryable: false },
        content: text('[BUSINESS, not retryable] Refunds are accepted within 30 days of purchase.'),
      },
      expect: { category: 'BUSINESS', retryable: false, encoding: 'structured-content' },
      findings: [],
    },
    {
      name: 'fields only in structuredContent',
      result: {
        isError: true,
        structuredContent: { errorCategory: 'NOT_FOUND', isRetryable: false },
        content: text('Customer 8421 does not exist.'),
      },
      expect: { category: 'NOT_FOUND', encoding: 'structured-content' },
      findings: ['envelope-hidden-from-model'],
    },
    {
      name: 'structuredContent success with data',
      result: { structuredContent: { orders: [{ id: 1 }] }, content: text('{"orders":[{"id":1}]}') },
      expect: { outcome: 'success', category: null, message: null },
      findings: [],
    },
    {
      name: 'structuredContent success with empty arrays',
      result: { structuredContent: { orders: [] }, content: text('{"orders":[]}') },
      expect: { outcome: 'empty' },
      findings: [],
    },
  ]);
});

void describe('decoder: the {ok:false, code} shape', () => {
  runDecoderTable([
    {
      name: 'NOT_FOUND code, isError set',
      result: {
        isError: true,
        content: text(
          '{"ok":false,"code":"NOT_FOUND","message":"SKU Z-999 does not exist.","retryable":false,"suggested_action":"call list_skus first"}',
        ),
      },
      expect: { category: 'NOT_FOUND', retryable: false, encoding: 'ok-code', suggestedAction: 'call list_skus first' },
      findings: [],
    },
    {
      name: 'INVALID_* code maps to VALIDATION',
      result: {
        isError: true,
        content: text('{"ok":false,"code":"INVALID_DATE","message":"date must be YYYY-MM-DD","retryable":false}'),
      },
      expect: { category: 'VALIDATION', encoding: 'ok-code' },
      findings: [],
    },
    {
      name: 'UPSTREAM_UNAVAILABLE code maps to TRANSIENT',
      result: {
        isError: true,
        content: text('{"ok":false,"code":"UPSTREAM_UNAVAILABLE","message":"stock service is down","retryable":true}'),
      },
      expect: { category: 'TRANSIENT', retryable: true },
      findings: [],
    },
    {
      name: 'INTERNAL code with the exception text',
      result: {
        isError: true,
        content: text('{"ok":false,"code":"INTERNAL","message":"TypeError at /srv/app/stock.js:41","retryable":false}'),
      },
      expect: { category: 'UNKNOWN' },
      findings: ['leaked-internals'],
    },
    {
      name: 'ok:false without isError is a failure reported as data',
      result: { content: text('{"ok":false,"code":"NOT_FOUND","message":"no SKU Q-1","retryable":false}') },
      expect: { outcome: 'tool-error', category: 'NOT_FOUND', encoding: 'ok-code' },
      findings: ['failure-as-success'],
    },
    {
      name: 'a bare code without ok:false does not classify',
      result: { isError: true, content: text('{"code":"E42","message":"Monthly quota used up"}') },
      expect: { category: null, encoding: 'plain-text', message: 'Monthly quota used up' },
      findings: ['missing-error-category', 'missing-is-retryable'],
    },
    {
      name: 'ok:true is data',
      result: { content: text('{"ok":true,"sku":"A-123","stock":12}') },
      expect: { outcome: 'success' },
      findings: [],
    },
  ]);
});

void describe('decoder: plain text', () => {
  runDecoderTable([
    {
      name: 'a thrown error as the SDK reports it',
      result: { isError: true, content: text('db down at /srv/app/db.js:12') },
      expect: {
        outcome: 'tool-error',
        category: null,
        retryable: null,
        encoding: 'plain-text',
        message: 'db down at /srv/app/db.js:12',
      },
      findings: ['missing-error-category', 'missing-is-retryable', 'leaked-internals'],
    },
    {
      name: 'a stack trace',
      result: {
        isError: true,
        content: text('Error: boom\n    at handler (/app/dist/tools.js:10:5)\n    at run (node:internal/x:1:1)'),
      },
      expect: { encoding: 'plain-text' },
      findings: ['missing-error-category', 'missing-is-retryable', 'leaked-internals'],
    },
    {
      name: 'generic text',
      result: { isError: true, content: text('An error occurred.') },
      expect: { message: 'An error occurred.' },
      findings: ['missing-error-category', 'missing-is-retryable', 'generic-error-message'],
    },
    {
      name: 'empty search reported as an error',
      result: { isError: true, content: text('No results found for "thermostat".') },
      expect: { outcome: 'tool-error' },
      findings: ['missing-error-category', 'missing-is-retryable', 'empty-result-as-error'],
    },
    {
      name: 'SDK input validation text hints VALIDATION for the next action only',
      result: {
        isError: true,
        content: text('Invalid arguments: quantity must be a positive number'),
      },
      expect: { category: null, textHint: 'VALIDATION' },
      findings: ['missing-error-category', 'missing-is-retryable'],
    },
    {
      name: 'filesystem access denial hints PERMISSION',
      result: {
        isError: true,
        content: text('Access denied - path outside allowed directories: /etc/hostname not in /tmp/x'),
      },
      expect: { category: null, textHint: 'PERMISSION' },
      findings: ['missing-error-category', 'missing-is-retryable'],
    },
    {
      name: 'ENOENT hints NOT_FOUND',
      result: { isError: true, content: text("ENOENT: no such file or directory, open '/tmp/x/missing.txt'") },
      expect: { textHint: 'NOT_FOUND' },
      findings: ['missing-error-category', 'missing-is-retryable'],
    },
    {
      name: 'text without a recognisable cause gives no hint',
      result: { isError: true, content: text('The widget could not be frobnicated.') },
      expect: { textHint: undefined },
      findings: ['missing-error-category', 'missing-is-retryable'],
    },
    {
      name: 'no content at all',
      result: { isError: true, content: [] },
      expect: { encoding: 'none', message: null },
      findings: ['missing-error-content', 'missing-error-category', 'missing-is-retryable'],
    },
  ]);
});

void describe('decoder: success and empty', () => {
  runDecoderTable([
    {
      name: 'text data',
      result: { content: text('Echo: hello') },
      expect: { outcome: 'success', message: null },
      findings: [],
    },
    {
      name: 'an image',
      result: { content: [{ type: 'image', data: 'AAAA', mimeType: 'image/png' }] },
      expect: { outcome: 'success' },
      findings: [],
    },
    { name: 'empty content array', result: { content: [] }, expect: { outcome: 'empty' }, findings: [] },
    { name: 'blank text', result: { content: text('  ') }, expect: { outcome: 'empty' }, findings: [] },
    { name: 'JSON empty array', result: { content: text('[]') }, expect: { outcome: 'empty' }, findings: [] },
    {
      name: 'text saying no matches',
      result: { isError: false, content: text('No matches found.') },
      expect: { outcome: 'empty', message: 'No matches found.' },
      findings: [],
    },
    {
      name: 'zero count',
      result: { content: text('Found 0 results for "x"') },
      expect: { outcome: 'empty' },
      findings: [],
    },
    {
      name: 'numbers are not zero counts',
      result: { content: text('Found 10 results') },
      expect: { outcome: 'success' },
      findings: [],
    },
  ]);
});
