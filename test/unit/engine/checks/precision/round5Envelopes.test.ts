/**
 * Envelope shapes seen in the servers of precision review round 5 (docs/precision-review.md, Round 5):
 * a project's own result type, a conditional `isError` spread into a result, and a list entry that carries
 * `isError` as data. Each case has a look-alike that must still be judged.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findingsOf } from '../checkTester';

const ENVELOPE_CHECKS = ['missing-error-category', 'missing-is-retryable', 'missing-error-content'];

/** The envelope checks that report something on `code`, one entry per finding. */
function envelopeFindings(code: string): string[] {
  return ENVELOPE_CHECKS.flatMap((check) => findingsOf(check, { name: 'case', code }).findings.map(() => check));
}

const sdkHeader = [
  `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';`,
  `import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';`,
  `import { z } from 'zod';`,
  `import { ledger } from './ledger.js';`,
  `import type { LedgerOutcome } from './outcome.js';`,
  `const server = new McpServer({ name: 'books', version: '1' });`,
];

/** A function returning the project's own `{ result, isError, error }` shape, and a tool that unpacks it. */
function ownResultShape(returnType: string, success: string): string {
  return [
    ...sdkHeader,
    `export async function fetchJournal(id: string)${returnType} {`,
    `  try {`,
    `    const journal = await ledger.journal(id);`,
    `    return ${success};`,
    `  } catch (error) {`,
    `    return { result: null, isError: true, error: String(error) };`,
    `  }`,
    `}`,
    `server.tool('get-journal', { id: z.string() }, async ({ id }) => {`,
    `  const outcome = await fetchJournal(id);`,
    `  if (outcome.isError) {`,
    `    return { content: [{ type: 'text', text: outcome.error }], isError: true, errorCategory: 'UNKNOWN', isRetryable: false };`,
    `  }`,
    `  return { content: [{ type: 'text', text: JSON.stringify(outcome.result) }] };`,
    `});`,
  ].join('\n');
}

describe('envelope checks: a result type of the project (a success without content beside the failure)', () => {
  it('{ result, isError: false, error: null } beside { result: null, isError: true, error } is not a tool result', () => {
    const code = ownResultShape(`: Promise<LedgerOutcome>`, `{ result: journal, isError: false, error: null }`);
    assert.deepEqual(envelopeFindings(code), []);
  });

  it('the same without a declared return type', () => {
    const code = ownResultShape('', `{ result: journal, isError: false, error: null }`);
    assert.deepEqual(envelopeFindings(code), []);
  });

  it('look-alike: a success with content is a tool result, and the failure beside it is judged', () => {
    const code = ownResultShape('', `{ content: [{ type: 'text', text: String(journal) }], isError: false }`);
    assert.deepEqual(envelopeFindings(code), ENVELOPE_CHECKS);
  });

  it('look-alike: a declared tool result type is judged even beside a success without content', () => {
    const code = ownResultShape(`: Promise<CallToolResult>`, `{ result: journal, isError: false, error: null }`);
    assert.deepEqual(envelopeFindings(code), ENVELOPE_CHECKS);
  });

  it('look-alike: a success that spreads other fields in may carry content, so the failure is judged', () => {
    const code = ownResultShape('', `{ ...journal, isError: false }`);
    assert.deepEqual(envelopeFindings(code), ENVELOPE_CHECKS);
  });
});

/** A result builder that spreads `{ isError: true }` into its result under a condition. */
function spreadBuilder(fragment: string): string {
  return [
    ...sdkHeader,
    `export function bodyResult(body: unknown, failed = false): CallToolResult {`,
    `  const text = typeof body === 'string' ? body : JSON.stringify(body);`,
    `  return {`,
    `    content: [{ type: 'text', text }],`,
    `    ${fragment}`,
    `  };`,
    `}`,
    `server.tool('balance', { id: z.string() }, async ({ id }) => bodyResult(await ledger.balance(id)));`,
  ].join('\n');
}

describe('envelope checks: a conditional isError spread into a result', () => {
  it('...(failed ? { isError: true } : {}) has the content of the result it is spread into', () => {
    const found = findingsOf('missing-error-content', {
      name: 'case',
      code: spreadBuilder(`...(failed ? { isError: true } : {}),`),
    }).findings;
    assert.deepEqual(found, []);
  });

  it('the result it is spread into still lacks a category and isRetryable', () => {
    const found = envelopeFindings(spreadBuilder(`...(failed && { isError: true }),`));
    assert.deepEqual(found, ['missing-error-category', 'missing-is-retryable']);
  });

  it('fields in the spread count for the result', () => {
    const found = envelopeFindings(
      spreadBuilder(`...(failed ? { isError: true, errorCategory: 'UNKNOWN', isRetryable: false } : {}),`),
    );
    assert.deepEqual(found, []);
  });

  it('look-alike: an object with isError and no content, returned on its own, is judged', () => {
    const code = [
      ...sdkHeader,
      `server.tool('balance', { id: z.string() }, async ({ id }) => {`,
      `  if (!id) return { isError: true };`,
      `  return { content: [{ type: 'text', text: String(await ledger.balance(id)) }] };`,
      `});`,
    ].join('\n');
    assert.deepEqual(envelopeFindings(code), ENVELOPE_CHECKS);
  });
});

describe('envelope checks: isError on an entry of a list held by a property other than content', () => {
  const withSteps = (entry: string): string =>
    [
      ...sdkHeader,
      `export function plan(framework: string) {`,
      `  if (framework === 'legacy') {`,
      `    return { steps: [${entry}], requiresSetup: true };`,
      `  }`,
      `  return { steps: [], requiresSetup: false };`,
      `}`,
      `server.tool('plan', { framework: z.string() }, async ({ framework }) => {`,
      `  return { content: [{ type: 'text', text: JSON.stringify(plan(framework)) }] };`,
      `});`,
    ].join('\n');

  it('{ steps: [{ type: "error", content: "…", isError: true }] } is data of the result', () => {
    assert.deepEqual(
      envelopeFindings(withSteps(`{ type: 'error', content: 'Not supported here', isError: true }`)),
      [],
    );
  });

  it('look-alike: a list of canned results (each with a content array) is judged', () => {
    const found = envelopeFindings(
      withSteps(`{ content: [{ type: 'text', text: 'Not supported here' }], isError: true }`),
    );
    assert.deepEqual(found, ['missing-error-category', 'missing-is-retryable']);
  });
});
