/**
 * `isError` written on one content item (`{ type: 'text', text, isError: true }`) instead of on the
 * result (docs/precision-review.md, Round 3): hosts ignore it there, so the call reads as a success.
 * failure-as-success reports it; the envelope checks do not take the content item for an error
 * envelope (it has no content of its own, no category: those messages would describe the wrong object).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findingsOf, runCheckTable } from '../checkTester';

const header = [
  `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';`,
  `const server = new McpServer({ name: 's', version: '1' });`,
];
const lines = (...body: string[]): string => [...header, ...body].join('\n');

const pushedItem = lines(
  `server.registerTool('browse', {}, async ({ url }) => {`,
  `  const page = await browser.open(url);`,
  `  const reply = { content: [] as object[] };`,
  `  if (page.body) reply.content.push({ type: 'text', text: page.body });`,
  `  else reply.content.push({ type: 'text', text: 'The page is empty', isError: true });`,
  `  return reply;`,
  `});`,
);

const itemInLiteral = lines(
  `server.registerTool('quota', {}, async () => {`,
  `  if (await meter.exhausted()) {`,
  `    return { content: [{ type: 'text', text: 'Quota exceeded', isError: true }] };`,
  `  }`,
  `  return { content: [{ type: 'text', text: 'ok' }] };`,
  `});`,
);

runCheckTable('failure-as-success', {
  valid: [
    {
      name: 'isError on the result, none on its content item',
      code: lines(
        `server.registerTool('quota', {}, async () => {`,
        `  if (await meter.exhausted()) {`,
        `    return { isError: true, errorCategory: 'BUSINESS', isRetryable: false, content: [{ type: 'text', text: 'Quota exceeded' }] };`,
        `  }`,
        `  return { content: [{ type: 'text', text: 'ok' }] };`,
        `});`,
      ),
    },
    {
      name: 'a content item that says isError: false',
      code: lines(
        `server.registerTool('quota', {}, async () => {`,
        `  return { content: [{ type: 'text', text: 'ok', isError: false }] };`,
        `});`,
      ),
    },
    {
      name: 'a content-like object outside any tool handler',
      code: lines(`export const sample = { content: [{ type: 'text', text: 'fixture', isError: true }] };`),
    },
  ],
  invalid: [
    {
      name: 'an item pushed into the result content with isError: true',
      code: pushedItem,
      errors: [{ line: 7, column: 70, endColumn: 83, messageId: 'isErrorOnContentItem' }],
      output: null,
    },
    {
      name: 'an item of the returned content array with isError: true',
      code: itemInLiteral,
      errors: [{ line: 5, column: 64, endColumn: 77, messageId: 'isErrorOnContentItem' }],
      output: null,
    },
  ],
});

describe('a content item with isError is not an error envelope', () => {
  for (const check of ['missing-error-category', 'missing-is-retryable', 'missing-error-content']) {
    it(`${check} stays silent on the item`, () => {
      assert.deepEqual(findingsOf(check, { name: 'pushed', code: pushedItem }).findings, []);
      assert.deepEqual(findingsOf(check, { name: 'literal', code: itemInLiteral }).findings, []);
    });
  }

  it('near miss: an isError result whose items are text still gets missing-error-category', () => {
    const code = lines(
      `server.registerTool('quota', {}, async () => {`,
      `  return { isError: true, content: [{ type: 'text', text: 'Quota exceeded' }] };`,
      `});`,
    );
    assert.equal(findingsOf('missing-error-category', { name: 'result', code }).findings.length, 1);
  });
});
