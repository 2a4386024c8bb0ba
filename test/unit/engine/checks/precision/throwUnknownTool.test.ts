/**
 * throw-in-handler in a low-level tools/call handler: refusing a tool name the server does not have
 * ("Unknown tool: x", "Tool not found: x") is a protocol error by the MCP specification, not a tool
 * failure to turn into an envelope (docs/precision-review.md, Round 3).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findingsOf } from '../checkTester';

const lines = (...body: string[]): string =>
  [
    `import { Server } from '@modelcontextprotocol/sdk/server/index.js';`,
    `import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';`,
    `const server = new Server({ name: 's', version: '1' }, { capabilities: { tools: {} } });`,
    ...body,
  ].join('\n');

function thrown(code: string): string[] {
  return findingsOf('throw-in-handler', { name: 'case', code }).findings.map((f) => f.message);
}

describe('throw-in-handler: an unknown tool name in a low-level dispatcher', () => {
  it('the default branch of the switch on the tool name is not reported', () => {
    const code = lines(
      `server.setRequestHandler(CallToolRequestSchema, async (request) => {`,
      `  switch (request.params.name) {`,
      `    case 'ping':`,
      `      return { content: [{ type: 'text', text: 'pong' }] };`,
      `    default:`,
      `      throw new Error(\`Unknown tool: \${request.params.name}\`);`,
      `  }`,
      `});`,
    );
    assert.deepEqual(thrown(code), []);
  });

  it('a lookup miss in the tool table is not reported', () => {
    const code = lines(
      `const table: Record<string, () => Promise<string>> = { ping: async () => 'pong' };`,
      `server.setRequestHandler(CallToolRequestSchema, async (request) => {`,
      `  const run = table[request.params.name];`,
      `  if (!run) throw new Error('Tool not found: ' + request.params.name);`,
      `  try {`,
      `    return { content: [{ type: 'text', text: await run() }] };`,
      `  } catch (error) {`,
      `    return { isError: true, errorCategory: 'UNKNOWN', isRetryable: false, content: [{ type: 'text', text: 'ping failed' }] };`,
      `  }`,
      `});`,
    );
    assert.deepEqual(thrown(code), []);
  });

  it('"Tool \'x\' could not be found" from a lookup in the tool table is not reported', () => {
    const code = lines(
      `const table: Record<string, () => Promise<string>> = { ping: async () => 'pong' };`,
      `server.setRequestHandler(CallToolRequestSchema, async (request) => {`,
      `  const run = table[request.params.name];`,
      `  if (!run) throw new Error(\`Tool '\${request.params.name}' could not be found.\`);`,
      `  return { content: [{ type: 'text', text: await run() }] };`,
      `});`,
    );
    assert.deepEqual(
      thrown(code).filter((message) => message.includes('throw escapes')),
      [],
    );
  });

  it('near miss: a tool failure about something else that was not found is still reported', () => {
    const code = lines(
      `server.setRequestHandler(CallToolRequestSchema, async (request) => {`,
      `  const answer = await fetch('https://example.invalid/doc');`,
      `  if (answer.status === 404) throw new Error(\`Tool \${request.params.name} failed: the document could not be found\`);`,
      `  return { content: [{ type: 'text', text: await answer.text() }] };`,
      `});`,
    );
    assert.equal(thrown(code).length, 1);
  });

  it('near miss: another "unknown" refusal (an argument value) is still reported', () => {
    const code = lines(
      `server.setRequestHandler(CallToolRequestSchema, async (request) => {`,
      `  const region = String(request.params.arguments?.region);`,
      `  if (region !== 'eu') throw new Error(\`Unknown region: \${region}\`);`,
      `  return { content: [{ type: 'text', text: region }] };`,
      `});`,
    );
    assert.equal(thrown(code).length, 1);
  });

  it('near miss: a tool failure whose text mentions the tool is still reported', () => {
    const code = lines(
      `server.setRequestHandler(CallToolRequestSchema, async (request) => {`,
      `  const answer = await fetch('https://example.invalid/ping');`,
      `  if (!answer.ok) throw new Error(\`Tool \${request.params.name} failed: \${answer.status}\`);`,
      `  return { content: [{ type: 'text', text: await answer.text() }] };`,
      `});`,
    );
    assert.equal(thrown(code).length, 1);
  });
});
