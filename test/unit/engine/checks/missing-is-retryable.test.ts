import { runCheckTable } from './checkTester';

runCheckTable('missing-is-retryable', {
  valid: [
    {
      name: 'top-level isRetryable',
      code: `const r = { isError: true, errorCategory: 'TRANSIENT', isRetryable: true, content: [{ type: 'text', text: 'x' }] };`,
    },
    {
      name: 'isRetryable in structuredContent',
      code: `const r = { isError: true, structuredContent: { errorCategory: 'NOT_FOUND', isRetryable: false }, content: [] };`,
    },
    {
      name: 'isRetryable in JSON text content',
      code: `const r = { isError: true, content: [{ type: 'text', text: JSON.stringify({ errorCategory: 'VALIDATION', isRetryable: false }) }] };`,
    },
    {
      name: 'static JSON string carrying retryable',
      code: `const r = { isError: true, content: [{ type: 'text', text: '{"errorCategory":"transient","isRetryable":true}' }] };`,
    },
    { name: 'isError false is not an envelope', code: `const r = { isError: false, content: [] };` },
    { name: 'spread may carry the field', code: `const r = { ...base, isError: true };` },
  ],
  invalid: [
    {
      name: 'category present: retryability follows it',
      code: `const r = { isError: true, errorCategory: 'TRANSIENT', content: [{ type: 'text', text: 'db timed out' }] };`,
      errors: [{ line: 1, column: 13, endColumn: 26, message: /no isRetryable/ }],
      output: `const r = { isError: true, errorCategory: 'TRANSIENT', content: [{ type: 'text', text: 'db timed out' }], isRetryable: true };`,
      fixTitle: /isRetryable: true \(errorCategory TRANSIENT\)/,
    },
    {
      name: 'multi-line envelope, evidence from HTTP status',
      code: [
        `async function h(res: { status: number }) {`,
        `  if (res.status === 503) {`,
        `    return {`,
        `      isError: true,`,
        `      content: [{ type: 'text', text: 'upstream down' }],`,
        `    };`,
        `  }`,
        `}`,
      ].join('\n'),
      errors: [{ line: 4, column: 7 }],
      output: [
        `async function h(res: { status: number }) {`,
        `  if (res.status === 503) {`,
        `    return {`,
        `      isError: true,`,
        `      content: [{ type: 'text', text: 'upstream down' }],`,
        `      isRetryable: true,`,
        `    };`,
        `  }`,
        `}`,
      ].join('\n'),
      fixTitle: /HTTP 503/,
    },
    {
      name: 'category in structuredContent: the field goes beside it',
      code: `const r = { isError: true, structuredContent: { errorCategory: 'VALIDATION' }, content: [{ type: 'text', text: 'x' }] };`,
      errors: [{ line: 1, column: 13 }],
      output: `const r = { isError: true, structuredContent: { errorCategory: 'VALIDATION', isRetryable: false }, content: [{ type: 'text', text: 'x' }] };`,
    },
    {
      name: 'a static JSON text with only a category: retryability follows that category',
      code: `const r = { isError: true, content: [{ type: 'text', text: '{"errorCategory":"transient","message":"db busy"}' }] };`,
      errors: [{ line: 1, column: 13 }],
      output: `const r = { isError: true, content: [{ type: 'text', text: '{"errorCategory":"transient","message":"db busy"}' }], isRetryable: true };`,
      fixTitle: /errorCategory TRANSIENT/,
    },
    {
      name: 'conditional isError counts',
      code: `const r = { isError: failed, content: [{ type: 'text', text: 'permission denied' }] };`,
      errors: [{ line: 1, column: 13 }],
      output: `const r = { isError: failed, content: [{ type: 'text', text: 'permission denied' }], isRetryable: false };`,
    },
  ],
});
