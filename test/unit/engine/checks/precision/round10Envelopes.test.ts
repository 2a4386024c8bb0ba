/**
 * Envelope shapes seen in the servers of precision review round 10 (docs/precision-review.md, Round 10): a
 * tool wrapper that logs one JSON line per call (`log.info(JSON.stringify({ tool, isError: … }))`) writes
 * a log record, not an error envelope. The look-alike must still fire.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findingsOf } from '../checkTester';

function findings(check: string, code: string): string[] {
  return findingsOf(check, { name: 'case', code }).findings.map((f) => f.messageId);
}

function timedGreenhouse(record: string): string {
  return [
    `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';`,
    `import { z } from 'zod';`,
    `import { greenhouse, log } from './support.js';`,
    `const server = new McpServer({ name: 'greenhouse', version: '1' });`,
    `server.tool('water', { bed: z.string() }, async ({ bed }) => {`,
    `  const began = Date.now();`,
    `  try {`,
    `    const answer = await greenhouse.water(bed);`,
    `    log.info(JSON.stringify({ tool: 'water', ms: Date.now() - began, isError: answer.failed }));`,
    `    return answer;`,
    `  } catch (error) {`,
    `    ${record}`,
    `    return { content: [{ type: 'text', text: 'greenhouse offline' }], isError: true, errorCategory: 'TRANSIENT', isRetryable: true };`,
    `  }`,
    `});`,
  ].join('\n');
}

describe('envelope checks: a log record written as JSON text', () => {
  const logged = `log.info(JSON.stringify({ tool: 'water', ms: Date.now() - began, isError: true }));`;

  it('`log.info(JSON.stringify({ …, isError }))` is a log line, not an envelope', () => {
    assert.deepEqual(findings('missing-error-category', timedGreenhouse(logged)), []);
    assert.deepEqual(findings('missing-is-retryable', timedGreenhouse(logged)), []);
    assert.deepEqual(findings('missing-error-content', timedGreenhouse(logged)), []);
  });

  it('look-alike: the same stringified object handed to something other than a logger still fires', () => {
    const sent = `await greenhouse.report(JSON.stringify({ tool: 'water', isError: true }));`;
    assert.deepEqual(findings('missing-error-category', timedGreenhouse(sent)), ['missingErrorCategory']);
  });
});
