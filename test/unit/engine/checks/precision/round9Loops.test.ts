/**
 * Loops seen in the servers of precision review round 9 (docs/precision-review.md, Round 9) that have a
 * try/catch and are not retries: repeating work a requested number of times, trying each of several
 * alternatives, and an interactive loop that goes on the same way after a success and after a failure.
 * Each case has a look-alike that must still fire.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findingsOf } from '../checkTester';

function findings(code: string): string[] {
  return findingsOf('retry-inside-tool', { name: 'case', code }).findings.map((f) => f.messageId);
}

function tool(body: string[]): string {
  return [
    `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';`,
    `import { z } from 'zod';`,
    `import { kiln, sleep, ask } from './support.js';`,
    `const server = new McpServer({ name: 'pottery', version: '1' });`,
    `server.tool('fire', { count: z.number() }, async ({ count }) => {`,
    ...body.map((line) => `  ${line}`),
    `  return { content: [{ type: 'text', text: 'done' }] };`,
    `});`,
  ].join('\n');
}

describe('retry-inside-tool: loops that are not retries', () => {
  const alternatives = (use: string): string[] => [
    `let fired = 0;`,
    `for (let attempt = 0; attempt < count; attempt++) {`,
    `  let firedThisAttempt = false;`,
    `  for (const glaze of kiln.glazes()) {`,
    `    try {`,
    `      await kiln.fire(${use});`,
    `      fired++;`,
    `      firedThisAttempt = true;`,
    `      break;`,
    `    } catch (error) {`,
    `      console.warn(String(error));`,
    `    }`,
    `  }`,
    `  if (!firedThisAttempt) break;`,
    `}`,
  ];

  it('firing `count` pieces, each with the first glaze that works: neither loop retries', () => {
    assert.deepEqual(findings(tool(alternatives('glaze'))), []);
  });

  it('look-alike: the inner loop firing the same piece again until it works still fires', () => {
    assert.deepEqual(findings(tool(alternatives('count'))), ['retryLoop']);
  });

  const interactive = (afterSwitch: string): string[] => [
    `let switching = false;`,
    `while (true) {`,
    `  const { cancelled, selected, switchAccount } = await ask(switching);`,
    `  if (cancelled) return { content: [{ type: 'text', text: 'cancelled' }] };`,
    `  if (switchAccount) {`,
    `    try {`,
    `      await kiln.logout();`,
    `      switching = true;`,
    `      ${afterSwitch}`,
    `    } catch (error) {`,
    `      continue;`,
    `    }`,
    `  }`,
    `  if (selected) break;`,
    `}`,
  ];

  it('a loop that asks again whether the logout worked or not (`continue` in the try and in the catch)', () => {
    assert.deepEqual(findings(tool(interactive('continue;'))), []);
  });

  it('look-alike: `continue` only from the catch still fires', () => {
    assert.deepEqual(findings(tool(interactive('break;'))), ['retryLoop']);
  });

  it('look-alike: a counted retry whose own try holds a nested loop still fires', () => {
    const body = [
      `for (let attempt = 0; attempt < 3; attempt++) {`,
      `  try {`,
      `    const pieces = await kiln.load();`,
      `    for (const piece of pieces) console.log(piece);`,
      `    return { content: [{ type: 'text', text: String(pieces.length) }] };`,
      `  } catch (error) {`,
      `    console.warn(String(error));`,
      `  }`,
      `}`,
    ];
    assert.deepEqual(findings(tool(body)), ['retryLoop']);
  });
});
