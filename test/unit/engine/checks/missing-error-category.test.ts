import assert from 'node:assert/strict';
import { it } from 'node:test';
import { findingsOf, runCheckTable } from './checkTester';

const rateLimited = [
  `server.registerTool('get_order', {}, async ({ id }) => {`,
  `  const res = await fetch(\`https://api.example/orders/\${id}\`);`,
  `  if (res.status === 429) {`,
  `    return {`,
  `      isError: true,`,
  `      isRetryable: true,`,
  `      content: [{ type: 'text', text: 'order service is busy' }],`,
  `    };`,
  `  }`,
  `  return { content: [{ type: 'text', text: await res.text() }] };`,
  `});`,
];
const rateLimitedFixed = [...rateLimited.slice(0, 7), `      errorCategory: 'TRANSIENT',`, ...rateLimited.slice(7)];

runCheckTable('missing-error-category', {
  valid: [
    {
      name: 'top-level errorCategory',
      code: `const r = { isError: true, errorCategory: 'NOT_FOUND', isRetryable: false, content: [{ type: 'text', text: 'no order 42' }] };`,
    },
    {
      name: 'category in structuredContent',
      code: `const r = { isError: true, structuredContent: { errorCategory: 'VALIDATION', isRetryable: false }, content: [{ type: 'text', text: 'id must be numeric' }] };`,
    },
    {
      name: 'category in a JSON.stringify text object, lower case under the lower setting',
      code: `const r = { isError: true, content: [{ type: 'text', text: JSON.stringify({ errorCategory: 'transient', isRetryable: true, message: 'db timed out' }) }] };`,
      settings: { categoryCase: 'lower' },
    },
    {
      name: 'category in a static JSON string',
      code: `const r = { isError: true, content: [{ type: 'text', text: '{"errorCategory":"PERMISSION","isRetryable":false}' }] };`,
    },
    { name: 'a spread may carry the category', code: `const r = { ...failure, isError: true, content: [] };` },
    {
      name: 'isError: false is a success',
      code: `const r = { isError: false, content: [{ type: 'text', text: 'no orders' }] };`,
    },
    {
      name: 'suppressed by a comment on the line before',
      code: [
        `const r = {`,
        `  // mcp-envelope-disable-next-line missing-error-category`,
        `  isError: true,`,
        `  isRetryable: false,`,
        `  content: [{ type: 'text', text: 'x' }],`,
        `};`,
      ].join('\n'),
    },
  ],
  invalid: [
    {
      name: 'multi-line envelope under an HTTP 429 branch',
      code: rateLimited.join('\n'),
      errors: [{ line: 5, column: 7, endLine: 5, endColumn: 20, severity: 'warning', message: /no errorCategory/ }],
      fixTitle: /^Add errorCategory: 'TRANSIENT' \(HTTP 429\)$/,
      output: rateLimitedFixed.join('\n'),
    },
    {
      name: 'isRetryable in structuredContent: the category goes beside it, lower case setting',
      code: `const r = { isError: true, structuredContent: { isRetryable: false }, content: [{ type: 'text', text: 'x' }] };`,
      settings: { categoryCase: 'lower' },
      errors: [{ line: 1, column: 13, endColumn: 26 }],
      fixTitle: /^Add errorCategory: 'unknown' \(no evidence in scope\)$/,
      output: `const r = { isError: true, structuredContent: { isRetryable: false, errorCategory: 'unknown' }, content: [{ type: 'text', text: 'x' }] };`,
    },
    {
      name: 'the { ok: false, code } shape in JSON text: category from the code, beside retryable',
      code: `const r = { isError: true, content: [{ type: 'text', text: JSON.stringify({ ok: false, code: 'NOT_FOUND', message: 'no order 42', retryable: false }) }] };`,
      errors: [{ line: 1, column: 13 }],
      fixTitle: /^Add errorCategory: 'NOT_FOUND' \(code NOT_FOUND\)$/,
      output: `const r = { isError: true, content: [{ type: 'text', text: JSON.stringify({ ok: false, code: 'NOT_FOUND', message: 'no order 42', retryable: false, errorCategory: 'NOT_FOUND' }) }] };`,
    },
    {
      name: 'conditional isError, category from the wording',
      code: `const r = { isError: !allowed, content: [{ type: 'text', text: 'permission denied for user 7' }] };`,
      errors: [{ line: 1, column: 13, endColumn: 30 }],
      fixTitle: /^Add errorCategory: 'PERMISSION' \("permission denied"\)$/,
      output: `const r = { isError: !allowed, content: [{ type: 'text', text: 'permission denied for user 7' }], errorCategory: 'PERMISSION' };`,
    },
    {
      name: 'instanceof tested in the catch',
      code: [
        `server.tool('create_user', async (args) => {`,
        `  try {`,
        `    return { content: [{ type: 'text', text: await create(schema.parse(args)) }] };`,
        `  } catch (err) {`,
        `    if (err instanceof ZodError) return { isError: true, isRetryable: false, content: [{ type: 'text', text: err.message }] };`,
        `    throw err;`,
        `  }`,
        `});`,
      ].join('\n'),
      errors: [{ line: 5, column: 43 }],
      fixTitle: /^Add errorCategory: 'VALIDATION' \(instanceof ZodError\)$/,
      output: [
        `server.tool('create_user', async (args) => {`,
        `  try {`,
        `    return { content: [{ type: 'text', text: await create(schema.parse(args)) }] };`,
        `  } catch (err) {`,
        `    if (err instanceof ZodError) return { isError: true, isRetryable: false, content: [{ type: 'text', text: err.message }], errorCategory: 'VALIDATION' };`,
        `    throw err;`,
        `  }`,
        `});`,
      ].join('\n'),
    },
    {
      name: 'a helper that builds envelopes for handlers, with a trailing comma',
      code: [
        `function failure(message: string) {`,
        `  return { isError: true, content: [{ type: 'text' as const, text: message }], };`,
        `}`,
      ].join('\n'),
      errors: [{ line: 2, column: 12 }],
      fixTitle: /no evidence in scope/,
      output: [
        `function failure(message: string) {`,
        `  return { isError: true, content: [{ type: 'text' as const, text: message }], errorCategory: 'UNKNOWN', };`,
        `}`,
      ].join('\n'),
    },
  ],
});

void it('missing-error-category: the fixed envelope is not reported again', () => {
  assert.deepEqual(
    findingsOf('missing-error-category', { name: 'fixed', code: rateLimitedFixed.join('\n') }).findings,
    [],
  );
});
