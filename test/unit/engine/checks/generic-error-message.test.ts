import assert from 'node:assert/strict';
import { it } from 'node:test';
import { findingsOf, runCheckTable } from './checkTester';

const inCatch = [
  `server.registerTool('get_order', {}, async ({ id }) => {`,
  `  try {`,
  `    return { content: [{ type: 'text', text: await load(id) }] };`,
  `  } catch (e) {`,
  `    return {`,
  `      isError: true,`,
  `      errorCategory: 'UNKNOWN',`,
  `      isRetryable: false,`,
  `      content: [{ type: 'text', text: '[UNKNOWN, not retryable] Operation failed.' }],`,
  `    };`,
  `  }`,
  `});`,
];
const inCatchSuggested = inCatch.map((line) =>
  line.replace(
    `'[UNKNOWN, not retryable] Operation failed.'`,
    "`[UNKNOWN, not retryable] get_order failed: ${e instanceof Error ? e.message : 'unexpected failure'}`",
  ),
);

runCheckTable('generic-error-message', {
  valid: [
    {
      name: 'a message naming the operation, the input and the rule',
      code: `const r = { isError: true, errorCategory: 'VALIDATION', isRetryable: false, content: [{ type: 'text', text: 'create_user failed: email must contain @' }] };`,
    },
    {
      name: 'a generic word followed by details',
      code: [
        `const a = { isError: true, content: [{ type: 'text', text: \`Error: \${detail}\` }] };`,
        `const b = { isError: true, content: [{ type: 'text', text: 'Failed to parse sku "AB-1": expected 8 digits' }] };`,
      ].join('\n'),
    },
    {
      name: 'a dynamic text is not judged',
      code: `const r = { isError: true, content: [{ type: 'text', text: describe(error) }] };`,
    },
    {
      name: 'generic words in a success are not an error message',
      code: `const r = { isError: false, content: [{ type: 'text', text: 'Error' }] };`,
    },
    {
      name: 'a JSON text object with a specific message',
      code: `const r = { isError: true, content: [{ type: 'text', text: JSON.stringify({ ok: false, code: 'NOT_FOUND', message: 'no order 42', retryable: false }) }] };`,
    },
    {
      name: 'suppressed by a comment',
      code: [
        `const r = {`,
        `  isError: true,`,
        `  // mcp-envelope-disable-next-line generic-error-message`,
        `  content: [{ type: 'text', text: 'Internal error' }],`,
        `};`,
      ].join('\n'),
    },
  ],
  invalid: [
    {
      name: 'facts prefix and trailing punctuation, inside a catch: only a suggestion, no preferred fix',
      code: inCatch.join('\n'),
      errors: [
        {
          line: 9,
          column: 39,
          endLine: 9,
          endColumn: 83,
          severity: 'warning',
          messageId: 'genericMessage',
          data: { text: '[UNKNOWN, not retryable] Operation failed.' },
        },
      ],
      output: null,
      suggestions: [
        { title: /^Name the failed operation and include e's message$/, output: inCatchSuggested.join('\n') },
      ],
    },
    {
      name: 'phrases from the list, any case, with punctuation',
      code: [
        `const a = { isError: true, content: [{ type: 'text', text: 'Something went wrong!' }] };`,
        `const b = { isError: cond, content: [{ type: "text", text: "AN ERROR OCCURRED" }] };`,
        `const c = { isError: true, content: [{ type: 'text', text: 'Error:' }] };`,
      ].join('\n'),
      errors: [
        { line: 1, column: 60, endColumn: 83, messageId: 'genericMessage', data: { text: 'Something went wrong!' } },
        { line: 2, column: 60, endColumn: 79, messageId: 'genericMessage' },
        { line: 3, column: 60, endColumn: 68, messageId: 'genericMessage' },
      ],
      output: null,
    },
    {
      name: 'the message of a JSON.stringify text object (the { ok: false } shape)',
      code: `const r = { isError: true, content: [{ type: 'text', text: JSON.stringify({ ok: false, code: 'INTERNAL', message: 'Internal error', retryable: false }) }] };`,
      errors: [{ line: 1, column: 115, endColumn: 131, messageId: 'genericMessage', data: { text: 'Internal error' } }],
      output: null,
    },
    {
      name: 'the message inside a static JSON string, lower-case categories',
      code: `const r = { isError: true, content: [{ type: 'text', text: '{"errorCategory":"unknown","isRetryable":false,"message":"Unknown error"}' }] };`,
      settings: { categoryCase: 'lower' },
      errors: [{ line: 1, column: 60, endColumn: 135, messageId: 'genericMessage', data: { text: 'Unknown error' } }],
      output: null,
    },
    {
      name: 'a generic literal passed to a same-file helper that builds the envelope, from a catch',
      code: [
        `function toolError(message: string) {`,
        `  return { isError: true, errorCategory: 'UNKNOWN', isRetryable: false, content: [{ type: 'text' as const, text: message }] };`,
        `}`,
        `server.tool('get_order', async ({ id }) => {`,
        `  try {`,
        `    return ok(await load(id));`,
        `  } catch (err) {`,
        `    return toolError('Something went wrong');`,
        `  }`,
        `});`,
        `server.tool('sync', async () => toolError(\`sync is not ready: \${state}\`));`,
      ].join('\n'),
      errors: [
        { line: 8, column: 22, endColumn: 44, messageId: 'genericMessage', data: { text: 'Something went wrong' } },
      ],
      output: null,
      suggestions: [
        {
          title: /^Name the failed operation and include err's message$/,
          output: [
            `function toolError(message: string) {`,
            `  return { isError: true, errorCategory: 'UNKNOWN', isRetryable: false, content: [{ type: 'text' as const, text: message }] };`,
            `}`,
            `server.tool('get_order', async ({ id }) => {`,
            `  try {`,
            `    return ok(await load(id));`,
            `  } catch (err) {`,
            "    return toolError(`get_order failed: ${err instanceof Error ? err.message : 'unexpected failure'}`);",
            `  }`,
            `});`,
            `server.tool('sync', async () => toolError(\`sync is not ready: \${state}\`));`,
          ].join('\n'),
        },
      ],
    },
    {
      name: 'the default value of a helper parameter that becomes a JSON text message',
      code: `const fail = (message = 'Operation failed') => ({ isError: true, content: [{ type: 'text', text: JSON.stringify({ message }) }] });`,
      errors: [{ line: 1, column: 25, endColumn: 43, messageId: 'genericMessage', data: { text: 'Operation failed' } }],
      output: null,
    },
    {
      name: 'a multi-line helper that builds envelopes for handlers',
      code: [
        `function fail() {`,
        `  return {`,
        `    isError: true,`,
        `    errorCategory: 'UNKNOWN',`,
        `    isRetryable: false,`,
        `    content: [`,
        `      {`,
        `        type: 'text',`,
        `        text: 'Failed',`,
        `      },`,
        `    ],`,
        `  };`,
        `}`,
      ].join('\n'),
      errors: [{ line: 9, column: 15, endColumn: 23, messageId: 'genericMessage' }],
      output: null,
    },
  ],
});

void it('generic-error-message: the suggested text is not reported again', () => {
  assert.deepEqual(
    findingsOf('generic-error-message', { name: 'suggested', code: inCatchSuggested.join('\n') }).findings,
    [],
  );
});
