import assert from 'node:assert/strict';
import { it } from 'node:test';
import { findingsOf, runCheckTable } from './checkTester';

const header = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nconst server = new McpServer({ name: 's', version: '1' });\n`;

const stackInEnvelope = [
  `server.registerTool('get_order', {}, async ({ id }) => {`,
  `  try {`,
  `    return { content: [{ type: 'text', text: await load(id) }] };`,
  `  } catch (failure) {`,
  `    return {`,
  `      isError: true,`,
  `      errorCategory: 'UNKNOWN',`,
  `      isRetryable: false,`,
  `      content: [{ type: 'text', text: \`get_order failed: \${failure.stack}\` }],`,
  `    };`,
  `  }`,
  `});`,
].join('\n');

runCheckTable('leaked-internals', {
  valid: [
    {
      name: 'the error message in a template',
      code:
        header +
        `server.registerTool('a', {}, async () => {\n  try {\n    return { content: [] };\n  } catch (err) {\n    return { isError: true, content: [{ type: 'text', text: \`a failed: \${err instanceof Error ? err.message : 'unexpected failure'}\` }] };\n  }\n});`,
    },
    {
      name: 'stack written to a log, not to the envelope',
      code:
        header +
        `server.registerTool('a', {}, async () => {\n  try {\n    return { content: [] };\n  } catch (err) {\n    console.error(err.stack);\n    return { isError: true, content: [{ type: 'text', text: 'Orders are unavailable; try again in a minute.' }] };\n  }\n});`,
    },
    {
      name: 'JSON.stringify of a chosen object, not of the error',
      code: `const r = { isError: true, content: [{ type: 'text', text: JSON.stringify({ errorCategory: 'TRANSIENT', message: error.message }) }] };`,
    },
    {
      name: 'String() of something that is not a caught error',
      code: `function fail(orderId: number) {\n  return { isError: true, content: [{ type: 'text', text: 'Order ' + String(orderId) + ' is locked' }] };\n}`,
    },
    {
      name: 'throw with a stack outside any tool handler',
      code: `function load() {\n  try { return 1; } catch (err) { throw new Error(String(err)); }\n}`,
    },
    {
      name: 'String(e) only in the non-Error branch of an instanceof Error guard (the recommended idiom)',
      code:
        header +
        `server.registerTool('a', {}, async () => {\n  try {\n    return { content: [] };\n  } catch (e) {\n    return { isError: true, content: [{ type: 'text', text: 'Failed: ' + (e instanceof Error ? e.message : String(e)) }] };\n  }\n});`,
    },
    {
      name: 'JSON.stringify(error) and ${error} in the non-Error branch, negated guard, in a helper',
      code: `function toolError(error: unknown) {\n  const detail = !(error instanceof Error) ? JSON.stringify(error) : error.message;\n  return { isError: true, content: [{ type: 'text', text: error instanceof Error ? error.message : \`failed: \${error}\` }, { type: 'text', text: detail }] };\n}`,
    },
    {
      name: 'String(err) in a thrown message, guarded by instanceof Error, inside a handler',
      code:
        header +
        `server.registerTool('a', {}, async () => {\n  try {\n    return { content: [] };\n  } catch (err) {\n    throw new Error(\`a failed: \${err instanceof Error ? err.message : String(err)}\`);\n  }\n});`,
    },
    {
      name: 'String(e) only where the error has no message (e?.message ?? String(e))',
      code:
        header +
        `server.registerTool('a', {}, async () => {\n  try {\n    return { content: [] };\n  } catch (error: any) {\n    return { isError: true, content: [{ type: 'text', text: \`Internal error: \${error?.message ?? String(error)}\` }] };\n  }\n});`,
    },
    {
      name: 'String(e) in the string branch of a typeof test',
      code: `function toolError(e: unknown) {\n  return { isError: true, content: [{ type: 'text', text: typeof e === 'string' ? String(e) : 'unexpected failure' }] };\n}`,
    },
    {
      name: 'suppressed on the line',
      code: `const r = {\n  isError: true,\n  // mcp-envelope-disable-next-line leaked-internals\n  content: [{ type: 'text', text: String(err) }],\n};`,
    },
  ],
  invalid: [
    {
      name: 'err.stack in a multi-line envelope in registerTool: .stack becomes .message',
      code: header + stackInEnvelope,
      errors: [
        {
          line: 11,
          column: 60,
          endColumn: 73,
          messageId: 'leakedInternals',
          data: { shape: /failure\.stack/, exposure: /stack trace/ },
        },
      ],
      fixTitle: /Use failure\.message instead of failure\.stack/,
      output: header + stackInEnvelope.replace('failure.stack', 'failure.message'),
    },
    {
      name: 'String(err) in a helper that builds envelopes',
      code: `function toolError(err: unknown) {\n  return { isError: true, content: [{ type: 'text', text: String(err) }] };\n}`,
      errors: [{ line: 2, column: 59, endColumn: 70, messageId: 'leakedInternals', data: { shape: /String\(err\)/ } }],
      output: `function toolError(err: unknown) {\n  return { isError: true, content: [{ type: 'text', text: err instanceof Error ? err.message : 'unexpected failure' }] };\n}`,
    },
    {
      name: 'bare ${e} and JSON.stringify(e) in a deprecated server.tool handler',
      code:
        header +
        `server.tool('search', 'Search', async () => {\n  try {\n    return { content: [] };\n  } catch (e) {\n    return {\n      isError: true,\n      content: [\n        { type: 'text', text: \`search failed: \${e}\` },\n        { type: 'text', text: JSON.stringify(e) },\n      ],\n    };\n  }\n});`,
      errors: [
        { line: 10, column: 49, endColumn: 50, messageId: 'leakedInternals' },
        { line: 11, column: 31, endColumn: 48, messageId: 'leakedInternals' },
      ],
      output:
        header +
        `server.tool('search', 'Search', async () => {\n  try {\n    return { content: [] };\n  } catch (e) {\n    return {\n      isError: true,\n      content: [\n        { type: 'text', text: \`search failed: \${e instanceof Error ? e.message : 'unexpected failure'}\` },\n        { type: 'text', text: e instanceof Error ? e.message : 'unexpected failure' },\n      ],\n    };\n  }\n});`,
    },
    {
      name: 'util.inspect in a thrown message inside a low-level tools/call handler',
      code:
        header +
        `import util from 'node:util';\nserver.server.setRequestHandler(CallToolRequestSchema, async (req) => {\n  try {\n    return { content: [] };\n  } catch (caught) {\n    throw new Error('tool failed: ' + util.inspect(caught));\n  }\n});`,
      errors: [
        {
          line: 8,
          column: 39,
          endColumn: 59,
          messageId: 'leakedInternals',
          data: { shape: /util\.inspect\(caught\)/ },
        },
      ],
      output:
        header +
        `import util from 'node:util';\nserver.server.setRequestHandler(CallToolRequestSchema, async (req) => {\n  try {\n    return { content: [] };\n  } catch (caught) {\n    throw new Error('tool failed: ' + (caught instanceof Error ? caught.message : 'unexpected failure'));\n  }\n});`,
    },
    {
      name: 'structuredContent envelope built by a helper from an error parameter',
      code: `export function upstreamFailure(error: unknown) {\n  return {\n    isError: true,\n    structuredContent: { errorCategory: 'TRANSIENT', isRetryable: true },\n    content: [{ type: 'text', text: \`Upstream failed (\${JSON.stringify(error)})\` }],\n  };\n}`,
      errors: [
        {
          line: 5,
          column: 57,
          endColumn: 78,
          messageId: 'leakedInternals',
          data: { shape: /JSON\.stringify\(error\)/, exposure: /"\{\}"/ },
        },
      ],
      output: `export function upstreamFailure(error: unknown) {\n  return {\n    isError: true,\n    structuredContent: { errorCategory: 'TRANSIENT', isRetryable: true },\n    content: [{ type: 'text', text: \`Upstream failed (\${error instanceof Error ? error.message : 'unexpected failure'})\` }],\n  };\n}`,
    },
    {
      name: 'concatenated catch variable in JSON text content',
      code: `try {\n  run();\n} catch (ex) {\n  out = { isError: true, content: [{ type: 'text', text: JSON.stringify({ message: 'failed: ' + ex }) }] };\n}`,
      errors: [{ line: 4, column: 97, endColumn: 99, messageId: 'leakedInternals' }],
      output: `try {\n  run();\n} catch (ex) {\n  out = { isError: true, content: [{ type: 'text', text: JSON.stringify({ message: 'failed: ' + (ex instanceof Error ? ex.message : 'unexpected failure') }) }] };\n}`,
    },
    {
      name: 'String(e) in the Error branch of the guard still leaks the class name',
      code: `function toolError(e: unknown) {\n  return { isError: true, content: [{ type: 'text', text: e instanceof Error ? String(e) : 'unexpected failure' }] };\n}`,
      errors: [{ line: 2, column: 80, endColumn: 89, messageId: 'leakedInternals', data: { shape: /String\(e\)/ } }],
      output: `function toolError(e: unknown) {\n  return { isError: true, content: [{ type: 'text', text: e instanceof Error ? (e instanceof Error ? e.message : 'unexpected failure') : 'unexpected failure' }] };\n}`,
    },
    {
      name: 'e.stack in the Error branch of the guard, String(e) in the other branch: only the stack',
      code: `function toolError(e: unknown) {\n  return { isError: true, content: [{ type: 'text', text: e instanceof Error ? e.stack : String(e) }] };\n}`,
      errors: [{ line: 2, column: 80, endColumn: 87, messageId: 'leakedInternals', data: { shape: /e\.stack/ } }],
      output: `function toolError(e: unknown) {\n  return { isError: true, content: [{ type: 'text', text: e instanceof Error ? e.message : String(e) }] };\n}`,
    },
    {
      name: 'a message fallback of another variable does not excuse String(err)',
      code: `function toolError(err: unknown, cause: { message?: string }) {\n  return { isError: true, content: [{ type: 'text', text: cause.message ?? String(err) }] };\n}`,
      errors: [{ line: 2, column: 76, endColumn: 87, messageId: 'leakedInternals' }],
      output: `function toolError(err: unknown, cause: { message?: string }) {\n  return { isError: true, content: [{ type: 'text', text: cause.message ?? (err instanceof Error ? err.message : 'unexpected failure') }] };\n}`,
    },
    {
      name: 'a guard on another variable does not excuse String(err)',
      code: `function toolError(err: unknown, cause: unknown) {\n  return { isError: true, content: [{ type: 'text', text: cause instanceof Error ? cause.message : String(err) }] };\n}`,
      errors: [{ line: 2, column: 100, endColumn: 111, messageId: 'leakedInternals' }],
      output: `function toolError(err: unknown, cause: unknown) {\n  return { isError: true, content: [{ type: 'text', text: cause instanceof Error ? cause.message : (err instanceof Error ? err.message : 'unexpected failure') }] };\n}`,
    },
  ],
});

void it('leaked-internals: the fixed output has no leaked-internals finding left', () => {
  const fixed = `function toolError(err: unknown) {\n  return { isError: true, content: [{ type: 'text', text: err instanceof Error ? err.message : 'unexpected failure' }] };\n}`;
  assert.equal(findingsOf('leaked-internals', { name: 'fixed', code: fixed }).findings.length, 0);
  assert.equal(
    findingsOf('leaked-internals', {
      name: 'fixed',
      code: header + stackInEnvelope.replace('failure.stack', 'failure.message'),
    }).findings.length,
    0,
  );
});
