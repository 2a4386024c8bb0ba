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

describe('unguarded-handler: calls that cannot fail', () => {
  const metered = (first: string): string =>
    [
      ...header,
      `import { Histogram } from 'prom-client';`,
      `const duration = new Histogram({ name: 'tool_seconds', help: 'h' });`,
      `const structuredLogger = api.logger();`,
      `server.tool('status', { name: z.string() }, async ({ name }) => {`,
      `  ${first}`,
      `  try {`,
      `    return { content: [{ type: 'text', text: await api.status() }] };`,
      `  } catch (error) {`,
      `    return { content: [{ type: 'text', text: 'status unavailable' }], isError: true };`,
      `  }`,
      `});`,
    ].join('\n');

  it('a metrics timer started before the guarded work (`duration.startTimer(…)`)', () => {
    assert.deepEqual(
      findings('unguarded-handler', metered(`const end = duration.startTimer({ tool: 'status' });`)),
      [],
    );
  });

  it('a memory reading and a structured logger before the guarded work', () => {
    const first = `const mem = process.memoryUsage(); structuredLogger.debug({ event: 'start', heap: mem.heapUsed });`;
    assert.deepEqual(findings('unguarded-handler', metered(first)), []);
  });

  it("a call computing a log line's payload (`logger.debug({ input: sanitize(args) })`)", () => {
    assert.deepEqual(findings('unguarded-handler', metered(`logger.debug({ input: api.sanitize(name) });`)), []);
  });

  it('look-alike: the same call outside the log line still fires', () => {
    assert.deepEqual(findings('unguarded-handler', metered(`const clean = api.sanitize(name);`)), ['unguarded']);
  });

  it("an agent's own state update (`this.setState(…)`)", () => {
    const code = [
      ...header,
      `import { Agent } from 'agents';`,
      `export class Counter extends Agent<{ counter: number }> {`,
      `  register() {`,
      `    server.tool('add', { a: z.number() }, async ({ a }) => {`,
      `      const next = this.state.counter + a;`,
      `      this.setState({ ...this.state, counter: next });`,
      `      return { content: [{ type: 'text', text: String(next) }] };`,
      `    });`,
      `  }`,
      `}`,
    ].join('\n');
    assert.deepEqual(findings('unguarded-handler', code), []);
  });

  it('look-alike: an awaited call before the guarded work still fires', () => {
    assert.deepEqual(findings('unguarded-handler', metered(`await api.warmUp();`)), ['unguarded']);
  });
});

describe('unguarded-handler: messages that read', () => {
  it('a function called in place is named by its shape, not by its whole text', () => {
    const code = [
      ...header,
      `server.tool('run', {}, async () => {`,
      `  const done = (async () => {`,
      `    // a long comment that would otherwise be quoted in the message`,
      `    const data = await api.status();`,
      `    return { content: [{ type: 'text', text: data }] };`,
      `  })();`,
      `  return done;`,
      `});`,
    ].join('\n');
    const [message] = messages('unguarded-handler', code);
    assert.match(message, /runs `\(async \(\) => \{…\}\)\(…\)`/);
    assert.match(message, /the function called in place runs `await api\.status\(…\)`/);
    assert.doesNotMatch(message, /long comment/);
  });

  it('a call excused several times is listed once', () => {
    const code = [
      ...header,
      `import { jsonResult } from './results.js';`,
      `server.tool('describe', { kind: z.string().optional() }, async ({ kind }) => {`,
      `  if (kind === 'a') return jsonResult({ kind });`,
      `  if (kind === 'b') return jsonResult({ kind, extra: true });`,
      `  return jsonResult(await api.describe(kind));`,
      `});`,
    ].join('\n');
    const [message] = messages('unguarded-handler', code);
    assert.equal(message.match(/`jsonResult\(…\)`/g)?.length, 1);
  });
});

/** A tool definition built by @cyanheads/mcp-ts-core's `tool(…)` whose handler throws and awaits unguarded. */
const builtTool = [
  `import { tool, z } from '@cyanheads/mcp-ts-core';`,
  `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';`,
  `import { notes } from './notes.js';`,
  `export const writeNote = tool('notes_write', {`,
  `  description: 'Write a note',`,
  `  input: z.object({ path: z.string(), body: z.string() }),`,
  `  errors: [{ reason: 'file_exists', code: -32602, when: 'the note exists', recovery: 'pass overwrite' }],`,
  `  async handler(input, ctx) {`,
  `    if (await notes.exists(input.path)) {`,
  `      throw ctx.fail('file_exists', 'Note already exists.');`,
  `    }`,
  `    await notes.write(input.path, input.body);`,
  `    return { path: input.path };`,
  `  },`,
  `});`,
];

/** The same work registered on a plain SDK server in that file. */
const sdkTool = [
  `const server = new McpServer({ name: 'notes', version: '1' });`,
  `server.tool('notes_write_plain', { path: z.string() }, async ({ path }) => {`,
  `  if (await notes.exists(path)) throw new Error('Note already exists.');`,
  `  await notes.write(path, '');`,
  `  return { content: [{ type: 'text', text: path }] };`,
  `});`,
];

describe('throw-in-handler and unguarded-handler: a framework that answers every throw', () => {
  it("@cyanheads/mcp-ts-core's tool(): its handler factory turns throws into structured isError results", () => {
    const code = builtTool.join('\n');
    assert.deepEqual([...findings('throw-in-handler', code), ...findings('unguarded-handler', code)], []);
  });

  it('look-alike: a plain SDK tool in the same file still fires', () => {
    const code = [...builtTool, ...sdkTool].join('\n');
    assert.deepEqual(
      [...findings('throw-in-handler', code), ...findings('unguarded-handler', code)],
      ['uncaughtThrow', 'unguarded'],
    );
  });
});
