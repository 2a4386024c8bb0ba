/**
 * Envelope checks: a function declared to return `Entity | { isError: true; message: string }` returns its
 * own failure shape, which its caller turns into the tool result (docs/precision-review.md, Round 4). The
 * caller's envelope is judged; the internal object is not told that it has no content or category.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findingsOf } from '../checkTester';

const ENVELOPE_CHECKS = ['missing-error-category', 'missing-is-retryable', 'missing-error-content'];

function catalogue(returnType: string): string {
  return [
    `import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';`,
    `import { lenses } from './lenses.js';`,
    `interface Lens { id: string; focal: number }`,
    `export const lensHandlers = {`,
    `  async getLens(args: { id?: string }): ${returnType} {`,
    `    if (!args.id) {`,
    `      return { isError: true, message: 'A lens id is required' };`,
    `    }`,
    `    return lenses.byId(args.id);`,
    `  },`,
    `};`,
  ].join('\n');
}

function envelopeFindings(code: string): string[] {
  return ENVELOPE_CHECKS.flatMap((check) => findingsOf(check, { name: 'case', code }).findings.map(() => check));
}

describe('envelope checks: a declared failure shape of its own beside the data', () => {
  it('Promise<Lens | { isError: true; message: string }> is not a tool result', () => {
    assert.deepEqual(envelopeFindings(catalogue(`Promise<Lens | { isError: true; message: string }>`)), []);
  });

  it('near miss: a union with CallToolResult may be the tool result and is judged', () => {
    const found = envelopeFindings(catalogue(`Promise<CallToolResult | { isError: true; message: string }>`));
    assert.deepEqual(found, ENVELOPE_CHECKS);
  });

  it('near miss: an undeclared return type is judged', () => {
    const found = envelopeFindings(catalogue(`Promise<any>`));
    assert.deepEqual(found, ENVELOPE_CHECKS);
  });

  it('near miss: a union member with content is a tool result shape and is judged', () => {
    const found = envelopeFindings(
      catalogue(`Promise<Lens | { isError: true; message?: string; content?: Array<{ type: 'text'; text: string }> }>`),
    );
    assert.deepEqual(found, ENVELOPE_CHECKS);
  });
});
