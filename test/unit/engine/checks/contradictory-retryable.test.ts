import assert from 'node:assert/strict';
import { it } from 'node:test';
import { findingsOf, runCheckTable } from './checkTester';

const refund = [
  `server.registerTool('refund_order', {}, async ({ orderId, amount }) => {`,
  `  if (amount > limit) {`,
  `    return {`,
  `      isError: true,`,
  `      errorCategory: 'BUSINESS',`,
  `      isRetryable: true,`,
  `      content: [{ type: 'text', text: \`Refunds above \${limit} need a manager's approval\` }],`,
  `    };`,
  `  }`,
  `  return { content: [{ type: 'text', text: await refundOrder(orderId, amount) }] };`,
  `});`,
];
const refundFixed = refund.map((line) => line.replace('isRetryable: true', 'isRetryable: false'));

runCheckTable('contradictory-retryable', {
  valid: [
    {
      name: 'TRANSIENT and retryable',
      code: `const r = { isError: true, errorCategory: 'TRANSIENT', isRetryable: true, content: [{ type: 'text', text: 'db timed out' }] };`,
    },
    {
      name: 'NOT_FOUND may be retryable (a record created asynchronously)',
      code: `const r = { isError: true, errorCategory: 'NOT_FOUND', isRetryable: true, content: [{ type: 'text', text: 'export not ready yet' }] };`,
    },
    {
      name: 'VALIDATION and not retryable',
      code: `const r = { isError: true, errorCategory: 'VALIDATION', isRetryable: false, content: [{ type: 'text', text: 'id must be numeric' }] };`,
    },
    {
      name: 'retryability computed at run time is not judged',
      code: `const r = { isError: true, errorCategory: 'PERMISSION', isRetryable: tokenExpired, content: [{ type: 'text', text: 'token expired' }] };`,
    },
    {
      name: 'a category that is not a literal is not judged',
      code: `const r = { isError: true, errorCategory: category, isRetryable: true, content: [{ type: 'text', text: 'x' }] };`,
    },
    {
      name: 'suppressed by a comment',
      code: [
        `const r = {`,
        `  isError: true,`,
        `  errorCategory: 'PERMISSION',`,
        `  // mcp-envelope-disable-next-line contradictory-retryable`,
        `  isRetryable: true,`,
        `  content: [{ type: 'text', text: 'token refresh in progress' }],`,
        `};`,
      ].join('\n'),
    },
  ],
  invalid: [
    {
      name: 'BUSINESS refusal marked retryable, multi-line, in a handler branch',
      code: refund.join('\n'),
      errors: [
        {
          line: 6,
          column: 7,
          endLine: 6,
          endColumn: 24,
          severity: 'warning',
          messageId: 'retryableContradictsCategory',
          data: { key: 'isRetryable', category: 'BUSINESS' },
        },
      ],
      fixTitle: /^Set isRetryable: false$/,
      output: refundFixed.join('\n'),
    },
    {
      name: 'VALIDATION in lower case',
      code: `const r = { isError: true, errorCategory: 'validation', isRetryable: true, content: [{ type: 'text', text: 'x' }] };`,
      settings: { categoryCase: 'lower' },
      errors: [
        {
          line: 1,
          column: 57,
          endColumn: 74,
          messageId: 'retryableContradictsCategory',
          data: { category: 'VALIDATION' },
        },
      ],
      output: `const r = { isError: true, errorCategory: 'validation', isRetryable: false, content: [{ type: 'text', text: 'x' }] };`,
    },
    {
      name: 'both fields in structuredContent',
      code: `const r = { isError: true, structuredContent: { errorCategory: 'PERMISSION', isRetryable: true }, content: [{ type: 'text', text: 'x' }] };`,
      errors: [
        {
          line: 1,
          column: 78,
          endColumn: 95,
          messageId: 'retryableContradictsCategory',
          data: { category: 'PERMISSION' },
        },
      ],
      output: `const r = { isError: true, structuredContent: { errorCategory: 'PERMISSION', isRetryable: false }, content: [{ type: 'text', text: 'x' }] };`,
    },
    {
      name: 'snake-case JSON text object, built by a helper',
      code: [
        `function denied(user: string) {`,
        `  return {`,
        `    isError: true,`,
        `    content: [{ type: 'text', text: JSON.stringify({ category: 'Permission', is_retryable: true, message: \`\${user} may not read payroll\` }) }],`,
        `  };`,
        `}`,
      ].join('\n'),
      errors: [{ line: 4, column: 78, endColumn: 96, messageId: 'retryableContradictsCategory' }],
      fixTitle: /^Set is_retryable: false$/,
      output: [
        `function denied(user: string) {`,
        `  return {`,
        `    isError: true,`,
        `    content: [{ type: 'text', text: JSON.stringify({ category: 'Permission', is_retryable: false, message: \`\${user} may not read payroll\` }) }],`,
        `  };`,
        `}`,
      ].join('\n'),
    },
    {
      name: 'conditional isError still counts',
      code: `const r = { isError: !ok, errorCategory: 'VALIDATION', isRetryable: true };`,
      errors: [{ line: 1, column: 56, endColumn: 73, messageId: 'retryableContradictsCategory' }],
      output: `const r = { isError: !ok, errorCategory: 'VALIDATION', isRetryable: false };`,
    },
  ],
});

void it('contradictory-retryable: the fixed envelope is not reported again', () => {
  assert.deepEqual(findingsOf('contradictory-retryable', { name: 'fixed', code: refundFixed.join('\n') }).findings, []);
});
