/**
 * Helper shapes seen in the servers of precision review round 10 (docs/precision-review.md, Round 10): a
 * helper whose `null` sends its callers to another source (`const saved = readSaved(); if (saved) return
 * saved;` then the caller fetches) turns a failure into a cache miss, not into "nothing found". The
 * look-alikes must still fire.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findingsOf } from '../checkTester';

function findings(check: string, code: string): string[] {
  return findingsOf(check, { name: 'case', code }).findings.map((f) => f.messageId);
}

function seedCatalogue(use: string): string {
  return [
    `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';`,
    `import fs from 'node:fs';`,
    `import { nursery } from './support.js';`,
    `const server = new McpServer({ name: 'seeds', version: '1' });`,
    `type Answer = { content: { type: 'text'; text: string }[] };`,
    `function readSavedAnswer(): Answer | null {`,
    `  try {`,
    `    if (!fs.existsSync('catalogue.json')) return null;`,
    `    return JSON.parse(fs.readFileSync('catalogue.json', 'utf-8'));`,
    `  } catch (error) {`,
    `    console.error('saved catalogue unreadable', error);`,
    `    return null;`,
    `  }`,
    `}`,
    `async function seedsTool(): Promise<Answer> {`,
    `  ${use}`,
    `  try {`,
    `    return { content: [{ type: 'text', text: (await nursery.fetchCatalogue()).join(', ') }] };`,
    `  } catch (error) {`,
    `    return { content: [{ type: 'text', text: 'nursery offline' }], isError: true, errorCategory: 'TRANSIENT', isRetryable: true };`,
    `  }`,
    `}`,
    `server.tool('seeds', {}, seedsTool);`,
  ].join('\n');
}

describe("failure-as-success: a helper's null that sends its callers elsewhere", () => {
  it('`const saved = readSaved(); if (saved) return saved;` then fetching: an unreadable copy is a miss', () => {
    const use = `const saved = readSavedAnswer();\n  if (saved) return saved;`;
    assert.deepEqual(findings('failure-as-success', seedCatalogue(use)), []);
  });

  it('look-alike: the caller hands the null on (`return saved ?? []`) and still fires', () => {
    const use = `const saved = readSavedAnswer();\n  if (saved) return saved;\n  return saved ?? { content: [] };`;
    assert.deepEqual(findings('failure-as-success', seedCatalogue(use)), ['helperCatchReturnsEmpty']);
  });

  it('look-alike: a caller that answers the null as "no seeds" still fires', () => {
    const use = `const saved = readSavedAnswer();\n  if (!saved) return { content: [{ type: 'text', text: 'No seeds' }] };\n  return saved;`;
    assert.deepEqual(findings('failure-as-success', seedCatalogue(use)), ['helperCatchReturnsEmpty']);
  });
});

function beeHive(lastBranch: string): string {
  return [
    `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';`,
    `import { z } from 'zod';`,
    `const server = new McpServer({ name: 'hives', version: '1' });`,
    `type Frame = { kind: 'honey'; kilos: number } | { kind: 'brood'; cells: number };`,
    `function describeFrame(frame: Frame): string {`,
    `  if (frame.kind === 'honey') {`,
    `    return frame.kilos + ' kg of honey';`,
    `  } else if (frame.kind === 'brood') {`,
    `    return frame.cells + ' brood cells';`,
    `  } else {`,
    `    ${lastBranch}`,
    `  }`,
    `}`,
    `server.tool('frame', { kilos: z.number() }, async ({ kilos }) => {`,
    `  return { content: [{ type: 'text', text: describeFrame({ kind: 'honey', kilos }) }] };`,
    `});`,
  ].join('\n');
}

describe('unguarded-handler / throw-in-handler: the throw of an exhaustive branch never runs', () => {
  const exhausted = `frame satisfies never;\n    throw new Error('unknown frame');`;

  it('`value satisfies never; throw …` (and `const left: never = value`) is not where a helper fails', () => {
    assert.deepEqual(findings('unguarded-handler', beeHive(exhausted)), []);
    const declared = `const left: never = frame;\n    throw new Error('unknown frame ' + String(left));`;
    assert.deepEqual(findings('unguarded-handler', beeHive(declared)), []);
  });

  it('look-alike: the same throw without the proof still fires', () => {
    assert.deepEqual(findings('unguarded-handler', beeHive(`throw new Error('unknown frame');`)), ['unguarded']);
  });
});
