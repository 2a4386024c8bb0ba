/**
 * Envelope shapes seen in the servers of precision review round 9 (docs/precision-review.md, Round 9): a
 * schema that declares what a tool result may carry (`isError: z.boolean().optional()`) is not an error
 * envelope. The look-alike must still fire.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findingsOf } from '../checkTester';

function findings(check: string, code: string): string[] {
  return findingsOf(check, { name: 'case', code }).findings.map((f) => f.messageId);
}

const header = [
  `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';`,
  `import { z } from 'zod';`,
  `import { orchard } from './support.js';`,
  `const server = new McpServer({ name: 'orchard', version: '1' });`,
];

function withSchema(isError: string): string {
  return [
    ...header,
    `export const ToolAnswerSchema = z.object({`,
    `  isError: ${isError},`,
    `  content: z.array(z.object({ type: z.literal('text'), text: z.string() })),`,
    `});`,
    `server.tool('ripe', { tree: z.string() }, async ({ tree }) => {`,
    `  try {`,
    `    return { content: [{ type: 'text', text: await orchard.ripe(tree) }] };`,
    `  } catch (error) {`,
    `    return { content: [{ type: 'text', text: 'orchard unavailable' }], isError: true, errorCategory: 'TRANSIENT', isRetryable: true };`,
    `  }`,
    `});`,
  ].join('\n');
}

describe('missing-error-category / missing-is-retryable: a schema of a tool result', () => {
  it('`isError: z.boolean().optional()` declares the field; it builds no envelope', () => {
    assert.deepEqual(findings('missing-error-category', withSchema('z.boolean().optional()')), []);
    assert.deepEqual(findings('missing-is-retryable', withSchema('z.literal(true)')), []);
  });

  it('look-alike: an object in the same place whose isError is a computed flag still fires', () => {
    assert.deepEqual(findings('missing-error-category', withSchema('orchard.failed()')), ['missingErrorCategory']);
  });
});
