import assert from 'node:assert/strict';
import { it } from 'node:test';
import { renderEnvelope } from '../../../../shared/src/envelopeStyle';
import { findingsOf, runCheckTable } from './checkTester';

const header = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nconst server = new McpServer({ name: 's', version: '1' });\n`;

const hidden =
  header +
  `server.registerTool('get_order', {}, async ({ id }) => {\n  return {\n    isError: true,\n    errorCategory: 'TRANSIENT',\n    isRetryable: true,\n    content: [{ type: 'text', text: 'The order service did not answer' }],\n  };\n});`;
const shown = hidden.replace(`text: 'The order service`, `text: '[TRANSIENT, retryable] The order service`);

runCheckTable('envelope-hidden-from-model', {
  valid: [
    { name: 'the text repeats the facts', code: shown },
    {
      name: 'the text names the category in other words and case',
      code: `const r = { isError: true, errorCategory: 'NOT_FOUND', isRetryable: false, content: [{ type: 'text', text: 'Not found: order 12' }] };`,
    },
    {
      name: 'the facts are in JSON text content',
      code: `const r = { isError: true, errorCategory: 'VALIDATION', content: [{ type: 'text', text: JSON.stringify({ errorCategory: 'VALIDATION', message: 'id must be numeric' }) }] };`,
    },
    {
      name: 'dynamic text cannot be read',
      code: `function fail(message: string) {\n  return { isError: true, errorCategory: 'UNKNOWN', isRetryable: false, content: [{ type: 'text', text: message }] };\n}`,
    },
    {
      name: 'the top-level style keeps the facts out of the text on purpose',
      code: hidden,
      settings: { envelopeStyle: 'top-level' },
    },
    {
      name: 'what the recommended style renders, in lower case',
      code: `const r = ${renderEnvelope({ category: 'PERMISSION', retryable: false, messageSource: `'Token lacks repo:write'` }, { style: 'recommended', categoryCase: 'lower', indent: '' })};`,
      settings: { categoryCase: 'lower' },
    },
    {
      name: 'what the structured style renders',
      code: `const r = ${renderEnvelope({ category: 'BUSINESS', retryable: false, messageSource: '`Refund exceeds ${limit}`' }, { style: 'structured', categoryCase: 'upper', indent: '' })};`,
      settings: { envelopeStyle: 'structured' },
    },
  ],
  invalid: [
    {
      name: 'registerTool: multi-line envelope, string literal gets the prefix',
      code: hidden,
      errors: [
        {
          line: 6,
          column: 5,
          endColumn: 31,
          severity: 'info',
          messageId: 'factsHiddenFromModel',
          data: { where: 'at the top level' },
        },
      ],
      fixTitle: /\[TRANSIENT, retryable\]/,
      output: shown,
    },
    {
      name: 'server.tool: structuredContent with a template text, prefix after the backtick',
      code:
        header +
        `server.tool('refund', async ({ amount }) => {\n  return { isError: true, structuredContent: { errorCategory: 'BUSINESS', isRetryable: false }, content: [{ type: 'text', text: \`Refunds above \${limit} need approval\` }] };\n});`,
      errors: [
        {
          line: 4,
          column: 48,
          endColumn: 73,
          messageId: 'factsHiddenFromModel',
          data: { where: 'in structuredContent' },
        },
      ],
      output:
        header +
        `server.tool('refund', async ({ amount }) => {\n  return { isError: true, structuredContent: { errorCategory: 'BUSINESS', isRetryable: false }, content: [{ type: 'text', text: \`[BUSINESS, not retryable] Refunds above \${limit} need approval\` }] };\n});`,
    },
    {
      name: 'setRequestHandler: concatenation with a leading non-literal is wrapped in a template; no isRetryable yet',
      code:
        header +
        `server.server.setRequestHandler(CallToolRequestSchema, async (req) => {\n  return { isError: true, errorCategory: 'UNKNOWN', content: [{ type: 'text', text: req.params.name + ' failed' }] };\n});`,
      errors: [{ line: 4, column: 27, messageId: 'factsHiddenFromModel' }],
      output:
        header +
        `server.server.setRequestHandler(CallToolRequestSchema, async (req) => {\n  return { isError: true, errorCategory: 'UNKNOWN', content: [{ type: 'text', text: \`[UNKNOWN, not retryable] \${req.params.name + ' failed'}\` }] };\n});`,
    },
    {
      name: 'helper function, lower-case setting, dynamic isRetryable: the prefix names only the category',
      code: `function busy(retry: boolean) {\n  return { isError: true, errorCategory: 'transient', isRetryable: retry, content: [{ type: 'text', text: 'Database busy' }] };\n}`,
      settings: { categoryCase: 'lower' },
      errors: [{ line: 2, column: 27, messageId: 'factsHiddenFromModel', data: { prefix: '[transient]' } }],
      output: `function busy(retry: boolean) {\n  return { isError: true, errorCategory: 'transient', isRetryable: retry, content: [{ type: 'text', text: '[transient] Database busy' }] };\n}`,
    },
    {
      name: 'suppression comment covers only its line',
      code: `const a = {\n  isError: true,\n  // mcp-envelope-disable-next-line envelope-hidden-from-model\n  errorCategory: 'PERMISSION',\n  content: [{ type: 'text', text: 'Denied' }],\n};\nconst b = { isError: true, errorCategory: 'PERMISSION', content: [{ type: 'text', text: "Denied" }] };`,
      errors: [{ line: 7, column: 28, messageId: 'factsHiddenFromModel' }],
      output: `const a = {\n  isError: true,\n  // mcp-envelope-disable-next-line envelope-hidden-from-model\n  errorCategory: 'PERMISSION',\n  content: [{ type: 'text', text: 'Denied' }],\n};\nconst b = { isError: true, errorCategory: 'PERMISSION', content: [{ type: 'text', text: "[PERMISSION, not retryable] Denied" }] };`,
    },
  ],
});

void it('envelope-hidden-from-model: throw-in-handler fixes produce no finding of this check', () => {
  const code =
    header +
    `server.registerTool('get_order', {}, async ({ id }) => {\n  if (!id) throw new Error('id must be a non-empty string');\n  const res = await fetch(id);\n  if (res.status === 503) throw new Error(\`upstream said \${res.status}\`);\n  return { content: [] };\n});`;
  const throws = findingsOf('throw-in-handler', { name: 'throws', code }).findings;
  assert.equal(throws.length, 2);
  const edits = throws.flatMap((f) => f.computeFixes().find((fix) => fix.preferred)?.edits ?? []);
  const sorted = [...edits].sort((a, b) => b.start - a.start);
  const fixed = sorted.reduce((text, edit) => text.slice(0, edit.start) + edit.newText + text.slice(edit.end), code);
  assert.match(fixed, /errorCategory: 'TRANSIENT'/);
  assert.equal(findingsOf('envelope-hidden-from-model', { name: 'fixed', code: fixed }).findings.length, 0);
  assert.equal(findingsOf('envelope-hidden-from-model', { name: 'fixed', code: shown }).findings.length, 0);
});
