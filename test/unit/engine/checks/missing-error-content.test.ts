import assert from 'node:assert/strict';
import { it } from 'node:test';
import { findingsOf, runCheckTable } from './checkTester';

const header = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';`;
const unavailable = [
  header,
  `server.registerTool('get_order', {}, async ({ id }) => {`,
  `  const res = await fetch(\`https://api.example/orders/\${id}\`);`,
  `  if (res.status === 503) {`,
  `    return {`,
  `      isError: true,`,
  `      errorCategory: 'TRANSIENT',`,
  `      isRetryable: true,`,
  `    };`,
  `  }`,
  `  return { content: [{ type: 'text', text: await res.text() }] };`,
  `});`,
];
const unavailableFixed = [
  ...unavailable.slice(0, 8),
  `      content: [{ type: 'text', text: '[TRANSIENT, retryable] get_order failed: temporary failure, retrying later may succeed' }],`,
  ...unavailable.slice(8),
];

runCheckTable('missing-error-content', {
  valid: [
    {
      name: 'a text naming the failure',
      code: `const r = { isError: true, errorCategory: 'NOT_FOUND', isRetryable: false, content: [{ type: 'text', text: 'No order has id 42' }] };`,
    },
    {
      name: 'content computed at run time is not judged',
      code: `const r = { isError: true, errorCategory: 'UNKNOWN', isRetryable: false, content: parts };`,
    },
    {
      name: 'a text from a variable, and an empty text beside a real one',
      code: [
        `const a = { isError: true, content: [{ type: 'text', text: message }] };`,
        `const b = { isError: true, content: [{ type: 'text', text: '' }, { type: 'text', text: 'sku must be 8 digits' }] };`,
      ].join('\n'),
    },
    {
      name: 'a JSON text object is content',
      code: `const r = { isError: true, content: [{ type: 'text', text: JSON.stringify({ errorCategory: 'transient', isRetryable: true, message: 'db timed out' }) }] };`,
      settings: { categoryCase: 'lower' },
    },
    { name: 'a spread may carry the content', code: `const r = { ...failure('db down'), isError: true };` },
    { name: 'an empty success is not an error', code: `const r = { isError: false, content: [] };` },
    {
      name: 'an envelope made by mutation whose content is pushed later, and a logger payload',
      code: [
        `const response = { content: [] as { type: 'text'; text: string }[], isError: false };`,
        `if (failures.length > 0) {`,
        `  response.isError = true;`,
        `  for (const failure of failures) response.content.push({ type: 'text', text: failure.reason });`,
        `}`,
        `logger.info({ isError: response.isError, content: [] });`,
      ].join('\n'),
    },
    {
      name: 'suppressed by a comment',
      code: [
        `const r = {`,
        `  // mcp-envelope-disable-next-line missing-error-content`,
        `  isError: true,`,
        `  structuredContent: { errorCategory: 'UNKNOWN', isRetryable: false },`,
        `};`,
      ].join('\n'),
    },
  ],
  invalid: [
    {
      name: 'no content at all in a multi-line envelope: a text in the recommended style, named after the tool',
      code: unavailable.join('\n'),
      errors: [{ line: 6, column: 7, endLine: 6, endColumn: 20, severity: 'error', messageId: 'noContent' }],
      fixTitle: /^Add content: 'get_order failed: temporary failure, retrying later may succeed'$/,
      output: unavailableFixed.join('\n'),
    },
    {
      name: 'an empty array inside a catch: the text carries the caught error message',
      code: [
        header,
        `server.tool('sync', async () => {`,
        `  try {`,
        `    return { content: [{ type: 'text', text: await sync() }] };`,
        `  } catch (err) {`,
        `    return { isError: true, errorCategory: 'UNKNOWN', isRetryable: false, content: [] };`,
        `  }`,
        `});`,
      ].join('\n'),
      errors: [{ line: 6, column: 14, endColumn: 27, messageId: 'emptyContent' }],
      fixTitle: /^Replace the empty content with 'sync failed \(…\): <the error's message>'$/,
      output: [
        header,
        `server.tool('sync', async () => {`,
        `  try {`,
        `    return { content: [{ type: 'text', text: await sync() }] };`,
        `  } catch (err) {`,
        `    return { isError: true, errorCategory: 'UNKNOWN', isRetryable: false, content: [{ type: 'text', text: \`[UNKNOWN, not retryable] sync failed (unclassified failure, report it to an operator): \${err instanceof Error ? err.message : 'unexpected failure'}\` }] };`,
        `  }`,
        `});`,
      ].join('\n'),
    },
    {
      name: 'whitespace-only text under a conditional isError, top-level style and lower case',
      code: `const r = { isError: failed, errorCategory: 'validation', isRetryable: false, content: [{ type: 'text', text: '  ' }] };`,
      settings: { envelopeStyle: 'top-level', categoryCase: 'lower' },
      errors: [{ line: 1, column: 13, endColumn: 28, messageId: 'blankContent' }],
      output: `const r = { isError: failed, errorCategory: 'validation', isRetryable: false, content: [{ type: 'text', text: 'The tool failed: invalid input, correct the arguments before calling again' }] };`,
    },
    {
      name: 'content: undefined in a helper that builds envelopes for one handler',
      code: [
        header,
        `function denied() {`,
        `  return { isError: true, errorCategory: 'PERMISSION', isRetryable: false, content: undefined };`,
        `}`,
        `server.tool('read_payroll', async ({ user }) => (canRead(user) ? ok(user) : denied()));`,
      ].join('\n'),
      errors: [{ line: 3, column: 12, messageId: 'noContent' }],
      output: [
        header,
        `function denied() {`,
        `  return { isError: true, errorCategory: 'PERMISSION', isRetryable: false, content: [{ type: 'text', text: '[PERMISSION, not retryable] read_payroll failed: not allowed for this caller' }] };`,
        `}`,
        `server.tool('read_payroll', async ({ user }) => (canRead(user) ? ok(user) : denied()));`,
      ].join('\n'),
    },
    {
      name: 'no category written: the words follow the evidence (HTTP 404), structured style',
      code: [`function lookup(res: Response) {`, `  if (res.status === 404) return { isError: true };`, `}`].join('\n'),
      settings: { envelopeStyle: 'structured' },
      errors: [{ line: 2, column: 36, messageId: 'noContent' }],
      output: [
        `function lookup(res: Response) {`,
        `  if (res.status === 404) return { isError: true, content: [{ type: 'text', text: '[NOT_FOUND, not retryable] The tool failed: the requested resource was not found' }] };`,
        `}`,
      ].join('\n'),
    },
    {
      name: 'an envelope made by mutation over an empty base: the content is assigned after isError',
      code: [
        `const result = { content: [] as { type: 'text'; text: string }[] };`,
        `if (quota.exceeded) {`,
        `  result.isError = true;`,
        `  result.errorCategory = 'PERMISSION';`,
        `}`,
      ].join('\n'),
      errors: [{ line: 3, column: 3, endColumn: 24, messageId: 'emptyContent' }],
      output: [
        `const result = { content: [] as { type: 'text'; text: string }[] };`,
        `if (quota.exceeded) {`,
        `  result.isError = true;`,
        `  result.content = [{ type: 'text', text: '[PERMISSION, not retryable] The tool failed: not allowed for this caller' }];`,
        `  result.errorCategory = 'PERMISSION';`,
        `}`,
      ].join('\n'),
    },
  ],
});

void it('missing-error-content: the fixed envelope is not reported again', () => {
  assert.deepEqual(
    findingsOf('missing-error-content', { name: 'fixed', code: unavailableFixed.join('\n') }).findings,
    [],
  );
});

void it('missing-error-content: the text it writes is not reported as a generic message', () => {
  assert.deepEqual(
    findingsOf('generic-error-message', { name: 'fixed', code: unavailableFixed.join('\n') }).findings,
    [],
  );
});
