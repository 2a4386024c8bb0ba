import assert from 'node:assert/strict';
import { it } from 'node:test';
import { findingsOf, runCheckTable } from './checkTester';

const multiLine = [
  `function rateLimited(retryAfterMs: number) {`,
  `  return {`,
  `    isError: true,`,
  `    errorCategory: 'RATE_LIMITED',`,
  `    isRetryable: true,`,
  `    retryAfterMs,`,
  `    content: [{ type: 'text', text: \`rate limit reached; retry in \${retryAfterMs} ms\` }],`,
  `  };`,
  `}`,
];
const multiLineFixed = multiLine.map((line) => line.replace(`'RATE_LIMITED'`, `'TRANSIENT'`));

runCheckTable('invalid-error-category', {
  valid: [
    {
      name: 'the six categories in upper case',
      code: [
        `const a = { isError: true, errorCategory: 'TRANSIENT', isRetryable: true, content: [{ type: 'text', text: 'a' }] };`,
        `const b = { isError: true, errorCategory: 'VALIDATION', isRetryable: false, content: [{ type: 'text', text: 'b' }] };`,
        `const c = { isError: true, errorCategory: 'PERMISSION', isRetryable: false, content: [{ type: 'text', text: 'c' }] };`,
        `const d = { isError: true, errorCategory: 'BUSINESS', isRetryable: false, content: [{ type: 'text', text: 'd' }] };`,
        `const e = { isError: true, errorCategory: 'NOT_FOUND', isRetryable: false, content: [{ type: 'text', text: 'e' }] };`,
        `const f = { isError: true, errorCategory: 'UNKNOWN', isRetryable: false, content: [{ type: 'text', text: 'f' }] };`,
      ].join('\n'),
    },
    {
      name: 'lower case in a JSON text object under the lower setting',
      code: `const r = { isError: true, content: [{ type: 'text', text: JSON.stringify({ errorCategory: 'not_found', isRetryable: false }) }] };`,
      settings: { categoryCase: 'lower' },
    },
    {
      name: 'both cases accepted under either',
      code: `const r = { isError: true, errorCategory: busy ? 'transient' : 'BUSINESS', isRetryable: busy, content: [{ type: 'text', text: 'x' }] };`,
      settings: { categoryCase: 'either' },
    },
    {
      name: 'enum member access and variables are not judged',
      code: `const r = { isError: true, errorCategory: ErrorCategory.Transient, structuredContent: { category: kind }, content: [] };`,
    },
    {
      name: 'a category outside an error envelope is not judged',
      code: `const product = { category: 'electronics', isError: false };`,
    },
    {
      name: 'suppressed by a comment',
      code: [
        `const r = {`,
        `  isError: true,`,
        `  // mcp-envelope-disable-next-line invalid-error-category -- legacy client reads this value`,
        `  errorCategory: 'legacy_timeout',`,
        `};`,
      ].join('\n'),
    },
  ],
  invalid: [
    {
      name: 'lower case under the default upper setting',
      code: `const r = { isError: true, errorCategory: 'transient', isRetryable: true };`,
      errors: [
        {
          line: 1,
          column: 43,
          endColumn: 54,
          severity: 'error',
          messageId: 'miscased',
          data: { spelling: 'upper case', expected: 'TRANSIENT' },
        },
      ],
      fixTitle: /^Change to 'TRANSIENT'$/,
      output: `const r = { isError: true, errorCategory: 'TRANSIENT', isRetryable: true };`,
    },
    {
      name: 'upper case under the lower setting, double quotes kept, in structuredContent',
      code: `const r = { isError: true, structuredContent: { errorCategory: "VALIDATION", isRetryable: false } };`,
      settings: { categoryCase: 'lower' },
      errors: [
        {
          line: 1,
          column: 64,
          endColumn: 76,
          messageId: 'miscased',
          data: { spelling: 'lower case', expected: 'validation' },
        },
      ],
      fixTitle: /^Change to 'validation'$/,
      output: `const r = { isError: true, structuredContent: { errorCategory: "validation", isRetryable: false } };`,
    },
    {
      name: 'a synonym in a multi-line helper that builds envelopes',
      code: multiLine.join('\n'),
      errors: [{ line: 4, column: 20, endColumn: 34, messageId: 'unknownCategory', data: { value: 'RATE_LIMITED' } }],
      fixTitle: /^Change to 'TRANSIENT'$/,
      output: multiLineFixed.join('\n'),
    },
    {
      name: 'each branch of a conditional category is judged; a typo fixed to the nearest',
      code: `const r = { isError: true, errorCategory: denied ? 'PERMISION' : 'Busness', isRetryable: false };`,
      errors: [
        { line: 1, column: 52, endColumn: 63, messageId: 'unknownCategory', data: { value: 'PERMISION' } },
        { line: 1, column: 66, endColumn: 75, messageId: 'unknownCategory', data: { value: 'Busness' } },
      ],
      fixTitle: /^Change to 'PERMISSION'$/,
      output: `const r = { isError: true, errorCategory: denied ? 'PERMISSION' : 'BUSINESS', isRetryable: false };`,
    },
    {
      name: 'the category of a JSON.stringify text object, and under either a lower-case typo stays lower',
      code: `const r = { isError: true, content: [{ type: 'text', text: JSON.stringify({ category: 'validaton', message: 'sku must be 8 digits' }) }] };`,
      settings: { categoryCase: 'either' },
      errors: [{ line: 1, column: 87, endColumn: 98, messageId: 'unknownCategory', data: { value: 'validaton' } }],
      fixTitle: /^Change to 'validation'$/,
      output: `const r = { isError: true, content: [{ type: 'text', text: JSON.stringify({ category: 'validation', message: 'sku must be 8 digits' }) }] };`,
    },
    {
      name: 'an unrelated word falls back to UNKNOWN, conditional isError',
      code: `const r = { isError: !ok, errorCategory: 'database', isRetryable: false };`,
      errors: [{ line: 1, column: 42, endColumn: 52, messageId: 'unknownCategory', data: { value: 'database' } }],
      fixTitle: /^Change to 'UNKNOWN'$/,
      output: `const r = { isError: !ok, errorCategory: 'UNKNOWN', isRetryable: false };`,
    },
  ],
});

void it('invalid-error-category: the fixed helper is not reported again', () => {
  assert.deepEqual(
    findingsOf('invalid-error-category', { name: 'fixed', code: multiLineFixed.join('\n') }).findings,
    [],
  );
});
