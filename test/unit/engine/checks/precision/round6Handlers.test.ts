/**
 * Handler shapes seen in the servers of precision review round 6 (docs/precision-review.md, Round 6):
 * a helper that falls back on purpose, calls that cannot fail (metrics timers, a component's state), a
 * framework that answers every throw, and messages that name the failing call readably. Each case has a
 * look-alike that must still fire.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findingsOf } from '../checkTester';

function findings(check: string, code: string): string[] {
  return findingsOf(check, { name: 'case', code }).findings.map((f) => f.messageId);
}

function messages(check: string, code: string): string[] {
  return findingsOf(check, { name: 'case', code }).findings.map((f) => f.message);
}

const header = [
  `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';`,
  `import { readFile } from 'node:fs/promises';`,
  `import { z } from 'zod';`,
  `import { logger, api } from './support.js';`,
  `const server = new McpServer({ name: 'guide', version: '1' });`,
];

/** A helper reading a project's own guide whose catch logs `warning` and returns undefined. */
function guideHelper(warning: string): string {
  return [
    ...header,
    `async function projectGuide(root: string): Promise<string | undefined> {`,
    `  try {`,
    `    return await readFile(root + '/guide.md', 'utf-8');`,
    `  } catch (e) {`,
    `    logger.warn(${warning});`,
    `    return undefined;`,
    `  }`,
    `}`,
    `server.tool('best_practices', { root: z.string() }, async ({ root }) => {`,
    `  const guide = await projectGuide(root);`,
    `  if (!guide) return { content: [{ type: 'text', text: 'No guide' }] };`,
    `  return { content: [{ type: 'text', text: guide }] };`,
    `});`,
  ].join('\n');
}

describe('failure-as-success: a catch that announces a fallback', () => {
  it('"Could not read the guide. Falling back to the bundled guide." is a deliberate fallback', () => {
    const code = guideHelper(`'Could not read ' + root + '. Falling back to the bundled guide.'`);
    assert.deepEqual(findings('failure-as-success', code), []);
  });

  it('look-alike: the same catch logging only that the read failed still fires', () => {
    const code = guideHelper(`'Could not read ' + root`);
    assert.deepEqual(findings('failure-as-success', code), ['helperCatchReturnsEmpty']);
  });
});
