/**
 * throw-in-handler: a throw inside a function declared in the handler (`async function send(…)`) is
 * caught when every call of that function in the handler is inside the handler's try/catch
 * (docs/precision-review.md, Round 3).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findingsOf } from '../checkTester';

function handler(dispatch: string[]): string {
  return [
    `import { Server } from '@modelcontextprotocol/sdk/server/index.js';`,
    `import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';`,
    `const server = new Server({ name: 's', version: '1' }, { capabilities: { tools: {} } });`,
    `server.setRequestHandler(CallToolRequestSchema, async (request) => {`,
    `  const { name, arguments: args } = request.params;`,
    `  async function deliver(kind: string, payload: unknown) {`,
    `    try {`,
    `      return await mailer.deliver(kind, payload);`,
    `    } catch (error) {`,
    `      console.error('delivery failed', error);`,
    `      throw error;`,
    `    }`,
    `  }`,
    ...dispatch,
    `});`,
  ].join('\n');
}

const envelope = `return { isError: true, errorCategory: 'UNKNOWN', isRetryable: false, content: [{ type: 'text', text: String(error) }] };`;

function throws(code: string): number {
  return findingsOf('throw-in-handler', { name: 'case', code }).findings.length;
}

describe('throw-in-handler: functions declared inside the handler', () => {
  it('a rethrow in a nested function called only inside the try is caught there', () => {
    const code = handler([
      `  try {`,
      `    switch (name) {`,
      `      case 'send_mail':`,
      `        return { content: [{ type: 'text', text: String(await deliver('mail', args)) }] };`,
      `      case 'send_fax':`,
      `        return { content: [{ type: 'text', text: String(await deliver('fax', args)) }] };`,
      `      default:`,
      `        return { isError: true, errorCategory: 'VALIDATION', isRetryable: false, content: [{ type: 'text', text: 'no such tool' }] };`,
      `    }`,
      `  } catch (error) {`,
      `    ${envelope}`,
      `  }`,
    ]);
    assert.equal(throws(code), 0);
  });

  it('near miss: one call outside the try leaves the rethrow reported', () => {
    const code = handler([
      `  if (name === 'send_now') return { content: [{ type: 'text', text: String(await deliver('mail', args)) }] };`,
      `  try {`,
      `    return { content: [{ type: 'text', text: String(await deliver('fax', args)) }] };`,
      `  } catch (error) {`,
      `    ${envelope}`,
      `  }`,
    ]);
    assert.equal(throws(code), 1);
  });
});

describe('unguarded-handler: a dispatch branch that calls a function declared in the dispatcher', () => {
  it('is not reported when every call of that function is inside the try', () => {
    const code = handler([
      `  try {`,
      `    switch (name) {`,
      `      case 'send_mail':`,
      `        return await deliver('mail', args);`,
      `      default:`,
      `        return { isError: true, errorCategory: 'VALIDATION', isRetryable: false, content: [{ type: 'text', text: 'no such tool' }] };`,
      `    }`,
      `  } catch (error) {`,
      `    ${envelope}`,
      `  }`,
    ]);
    assert.deepEqual(findingsOf('unguarded-handler', { name: 'case', code }).findings, []);
    assert.equal(throws(code), 0);
  });

  it('near miss: the same branch with no try around the switch: the rethrow is reported, once', () => {
    const code = handler([
      `  switch (name) {`,
      `    case 'send_mail':`,
      `      return await deliver('mail', args);`,
      `    default:`,
      `      return { isError: true, errorCategory: 'VALIDATION', isRetryable: false, content: [{ type: 'text', text: 'no such tool' }] };`,
      `  }`,
    ]);
    // deliver is the tool's own handler: its rethrow is throw-in-handler's finding, and the dispatcher's call of it
    // is not reported again by unguarded-handler.
    assert.deepEqual(findingsOf('unguarded-handler', { name: 'case', code }).findings, []);
    assert.equal(throws(code), 1);
  });
});
