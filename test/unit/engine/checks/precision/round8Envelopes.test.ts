/**
 * Envelope shapes seen in the servers of precision review round 8 (docs/precision-review.md, Round 8):
 * a record looked up by its key in a map, and the error field of an API client's result. Each case has a
 * look-alike that must still fire.
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
  `import { catalog, client } from './support.js';`,
  `const server = new McpServer({ name: 'shop', version: '1' });`,
  `const products = new Map<string, { name: string }>();`,
];

describe('empty-result-as-error: one record looked up by its key', () => {
  const lookup = (found: string): string =>
    [
      ...header,
      `server.tool('check_stock', { sku: z.string() }, async ({ sku }) => {`,
      `  const product = ${found};`,
      `  if (!product) {`,
      `    return { content: [{ type: 'text', text: JSON.stringify({ error: 'Product not found' }) }], isError: true };`,
      `  }`,
      `  return { content: [{ type: 'text', text: product.name }] };`,
      `});`,
    ].join('\n');

  it('`products.get(sku)`: a map lookup of one key that finds nothing is NOT_FOUND', () => {
    assert.deepEqual(findings('empty-result-as-error', lookup('products.get(sku)')), []);
  });

  it('look-alike: a search for the same value still fires', () => {
    assert.deepEqual(findings('empty-result-as-error', lookup('await catalog.search(sku)')), ['emptyResultAsError']);
  });
});

describe("leaked-internals: the error field of an API client's result", () => {
  const tool = (body: string[]): string =>
    [...header, `server.tool('org', {}, async () => {`, ...body.map((line) => `  ${line}`), `});`].join('\n');

  it('`const { data, error } = await client.GET(…)`: `JSON.stringify(error)` shows the body the API answered', () => {
    const code = tool([
      `const { data, error } = await client.GET('/organizations');`,
      'if (error) throw new Error(`Failed to list organizations: ${JSON.stringify(error)}`);',
      `return { content: [{ type: 'text', text: JSON.stringify(data) }] };`,
    ]);
    assert.deepEqual(findings('leaked-internals', code), []);
  });

  it('look-alike: a caught error stringified the same way still fires', () => {
    const code = tool([
      `try {`,
      `  return { content: [{ type: 'text', text: JSON.stringify(await client.GET('/organizations')) }] };`,
      `} catch (error) {`,
      "  return { content: [{ type: 'text', text: `Failed: ${JSON.stringify(error)}` }], isError: true };",
      `}`,
    ]);
    assert.deepEqual(findings('leaked-internals', code), ['leakedInternals']);
  });
});
