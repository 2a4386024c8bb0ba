/**
 * Protocol errors and retries seen in the servers of precision review round 6 (docs/precision-review.md,
 * Round 6): an McpError thrown by a helper whose every call is inside a try that answers with a result,
 * an InvalidRequest for an upstream failure, and a directory walk taken for a retry loop. Each case has a
 * look-alike that must still fire.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findingsOf } from '../checkTester';

function messageIds(check: string, code: string): string[] {
  return findingsOf(check, { name: 'case', code }).findings.map((f) => f.messageId);
}

const header = [
  `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';`,
  `import { McpError, ErrorCode } from '@modelcontextprotocol/sdk/types.js';`,
  `import { z } from 'zod';`,
  `import { openDb } from './db.js';`,
  `const server = new McpServer({ name: 'pg', version: '1' });`,
];

/** A helper that wraps database failures in McpError, called by a tool inside a try whose catch is `catchBody`. */
function guardedHelper(catchBody: string): string {
  return [
    ...header,
    `async function readComment(table: string) {`,
    `  const db = await openDb();`,
    `  try {`,
    `    return await db.query('select comment from ' + table);`,
    `  } catch (error) {`,
    `    throw new McpError(ErrorCode.InternalError, 'Failed to read comment');`,
    `  }`,
    `}`,
    `server.tool('get-comment', { table: z.string() }, async ({ table }) => {`,
    `  try {`,
    `    const comment = await readComment(table);`,
    `    return { content: [{ type: 'text', text: String(comment) }] };`,
    `  } catch (error) {`,
    catchBody,
    `  }`,
    `});`,
  ].join('\n');
}

describe('protocol-error-for-execution-failure: the McpError is answered by the caller', () => {
  it('a helper called only inside a try whose catch returns a result: the McpError never leaves the tool', () => {
    const code = guardedHelper(
      `    return { content: [{ type: 'text', text: 'Error: ' + (error as Error).message }], isError: true };`,
    );
    assert.deepEqual(messageIds('protocol-error-for-execution-failure', code), []);
  });

  it('look-alike: the caller rethrows McpErrors, so the protocol error still reaches the client', () => {
    const code = guardedHelper(
      [
        `    if (error instanceof McpError) throw error;`,
        `    return { content: [{ type: 'text', text: 'Error' }], isError: true };`,
      ].join('\n'),
    );
    assert.deepEqual(messageIds('protocol-error-for-execution-failure', code), ['protocolErrorForToolFailure']);
  });

  it('look-alike: a helper the tool calls outside any try', () => {
    const code = [
      ...header,
      `async function readComment(table: string) {`,
      `  const rows = await (await openDb()).query(table);`,
      `  if (!rows) throw new McpError(ErrorCode.InternalError, 'Failed to read comment');`,
      `  return rows;`,
      `}`,
      `server.tool('get-comment', { table: z.string() }, async ({ table }) => {`,
      `  const comment = await readComment(table);`,
      `  return { content: [{ type: 'text', text: String(comment) }] };`,
      `});`,
    ].join('\n');
    assert.deepEqual(messageIds('protocol-error-for-execution-failure', code), ['protocolErrorForToolFailure']);
  });
});

/** A tool whose catch throws `thrown` for an upstream failure. */
function upstreamFailure(thrown: string): string {
  return [
    ...header,
    `server.tool('list-sources', {}, async () => {`,
    `  try {`,
    `    const rows = await (await openDb()).query('select url from sources');`,
    `    return { content: [{ type: 'text', text: rows.join('\\n') }] };`,
    `  } catch (error) {`,
    `    ${thrown}`,
    `  }`,
    `});`,
  ].join('\n');
}

describe('protocol-error-for-execution-failure: InvalidRequest for an upstream failure', () => {
  it('"Failed to authenticate with the vector store" is an execution failure, not a refused argument', () => {
    const code = upstreamFailure(
      `throw new McpError(ErrorCode.InvalidRequest, 'Failed to authenticate with the vector store');`,
    );
    assert.deepEqual(messageIds('protocol-error-for-execution-failure', code), ['protocolErrorForToolFailure']);
  });

  it('look-alike: InvalidRequest refusing an argument keeps the InvalidParams advice', () => {
    const code = upstreamFailure(`throw new McpError(ErrorCode.InvalidRequest, 'name is required');`);
    assert.deepEqual(messageIds('protocol-error-for-execution-failure', code), ['requestErrorForBadArgument']);
  });
});

/** A tool that walks directories breadth-first; `loopBody` is the body of its `while (condition)`. */
function directoryWalk(loopBody: string[], condition = 'queue.length > 0'): string {
  return [
    `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';`,
    `import { readdir } from 'node:fs/promises';`,
    `import { z } from 'zod';`,
    `const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));`,
    `const server = new McpServer({ name: 'fs', version: '1' });`,
    `server.tool('find-configs', { root: z.string() }, async ({ root }) => {`,
    `  const queue = [root];`,
    `  const found: string[] = [];`,
    `  let done = false;`,
    `  while (${condition}) {`,
    ...loopBody.map((line) => `    ${line}`),
    `  }`,
    `  return { content: [{ type: 'text', text: found.join('\\n') }] };`,
    `});`,
  ].join('\n');
}

describe('retry-inside-tool: a directory walk is not a retry', () => {
  it('a variable named `entries` does not count attempts', () => {
    const code = directoryWalk(
      [
        `const dir = queue.shift();`,
        `if (dir === undefined) { done = true; continue; }`,
        `try {`,
        `  const entries = await readdir(dir);`,
        `  queue.push(...entries.map((e) => dir + '/' + e));`,
        `} catch {`,
        `  found.push('unreadable: ' + dir);`,
        `}`,
      ],
      '!done',
    );
    assert.deepEqual(messageIds('retry-inside-tool', code), []);
  });

  it('a `return` inside a batch callback does not end the loop (a throttled batch walk)', () => {
    const code = directoryWalk([
      `const batch = queue.splice(0, 10);`,
      `const nested = await Promise.all(batch.map(async (dir) => {`,
      `  try {`,
      `    return await readdir(dir);`,
      `  } catch {`,
      `    return [];`,
      `  }`,
      `}));`,
      `queue.push(...nested.flat());`,
      `await sleep(50);`,
    ]);
    assert.deepEqual(messageIds('retry-inside-tool', code), []);
  });

  it('look-alike: a loop that counts `maxTries` and returns from its try is a retry', () => {
    const code = directoryWalk([
      `for (let tries = 0; tries < 3; tries++) {`,
      `  try {`,
      `    return { content: [{ type: 'text', text: (await readdir(root)).join('\\n') }] };`,
      `  } catch {`,
      `    found.push('again');`,
      `  }`,
      `}`,
      `queue.pop();`,
    ]);
    assert.deepEqual(messageIds('retry-inside-tool', code), ['retryLoop']);
  });
});
