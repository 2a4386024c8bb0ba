import assert from 'node:assert/strict';
import { it } from 'node:test';
import { findingsOf, runCheckTable } from './checkTester';

const header = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nconst server = new McpServer({ name: 's', version: '1' });\n`;
/** The header of a fixed file: the helper's import after the last import. */
const fixedHeader = header.replace('\n', `\nimport { toolError } from './toolErrors.js';\n`);

const fastHeader = `import { FastMCP, UserError as Refusal, UserError } from 'fastmcp';\nconst mcp = new FastMCP({ name: 's', version: '1.0.0' });\n`;

runCheckTable('throw-in-handler', {
  valid: [
    {
      name: 'throw caught inside the handler',
      code:
        header +
        `server.registerTool('a', {}, async () => {\n  try {\n    throw new Error('x');\n  } catch (e) {\n    return { isError: true, errorCategory: 'UNKNOWN', isRetryable: false, content: [{ type: 'text', text: 'a failed' }] };\n  }\n});`,
    },
    { name: 'throw outside any handler', code: header + `function f() { throw new Error('x'); }` },
    {
      name: 'McpError is left to protocol-error-for-execution-failure',
      code: header + `server.registerTool('a', {}, async () => { throw new McpError(ErrorCode.InternalError, 'x'); });`,
    },
    {
      name: 'a McpError passed on unchanged from a catch (if (e instanceof McpError) throw e)',
      code:
        header +
        `server.registerTool('a', {}, async () => {\n  try {\n    return { content: [{ type: 'text', text: await vault.open() }] };\n  } catch (e) {\n    if (e instanceof McpError) {\n      throw e;\n    }\n    return { isError: true, errorCategory: 'UNKNOWN', isRetryable: false, content: [{ type: 'text', text: 'vault failed' }] };\n  }\n});`,
    },
    {
      name: 'a FastMCP UserError whose extras say the category and retryability',
      code:
        fastHeader +
        `mcp.addTool({ name: 'reserve', execute: async ({ seat }) => {\n  if (!seat) throw new UserError('Pick a seat', { errorCategory: 'VALIDATION', isRetryable: false });\n  return 'reserved';\n} });`,
    },
    {
      name: 'a throw in a callback handed to a same-file helper that runs it inside its own try/catch',
      code:
        header +
        `async function shielded(step: () => Promise<unknown>, label: string) {\n  try {\n    return await step();\n  } catch (e) {\n    return { isError: true, errorCategory: 'UNKNOWN', isRetryable: false, content: [{ type: 'text', text: label }] };\n  }\n}\nserver.registerTool('probe', {}, async ({ host }) => {\n  return shielded(async () => {\n    if (!host) throw new Error('host is required');\n    return { content: [{ type: 'text', text: host }] };\n  }, 'probe failed');\n});`,
    },
    {
      name: 'helper called only inside try',
      code:
        header +
        `function load() { throw new Error('x'); }\nserver.registerTool('a', {}, async () => {\n  try { load(); } catch { return { isError: true, errorCategory: 'UNKNOWN', isRetryable: false, content: [{ type: 'text', text: 'load failed' }] }; }\n  return { content: [] };\n});`,
    },
  ],
  invalid: [
    {
      name: 'a FastMCP UserError (under another name too): the model sees it, but without category or retryability',
      code:
        fastHeader +
        `mcp.addTool({ name: 'reserve', execute: async ({ seat }) => {\n  if (!seat) throw new Refusal('Pick a seat');\n  if (seat === 'X') throw new UserError('Seat X is taken', { code: 'TAKEN' });\n  return 'reserved';\n} });`,
      errors: [
        { line: 4, column: 14, messageId: 'userErrorWithoutCategory', severity: 'info' },
        { line: 5, column: 21, messageId: 'userErrorWithoutCategory', severity: 'info' },
      ],
      output: null,
    },
    ...['{ inputSchema: {} }', '{ outputSchema: { id: z.string() } }'].map((config) => {
      const withSchema = config.includes('outputSchema');
      const handler = (returned: string): string =>
        `server.registerTool('get_order', ${config}, async ({ id }) => {\n  if (!id) ${returned}\n  return { content: [] };\n});`;
      const facts = `errorCategory: 'VALIDATION',\n    isRetryable: false,`;
      const text = `content: [{ type: 'text', text: '[VALIDATION, not retryable] id must be given' }],`;
      return {
        name: `envelope style structured, ${withSchema ? 'a tool with an outputSchema: the facts go to the top level' : 'no outputSchema: structuredContent'}`,
        settings: { envelopeStyle: 'structured' as const },
        code: header + handler(`throw new Error('id must be given');`),
        errors: [{ line: 4, column: 12, messageId: 'uncaughtThrow' }],
        output:
          header +
          handler(
            withSchema
              ? `return {\n    isError: true,\n    ${facts}\n    ${text}\n  };`
              : `return {\n    isError: true,\n    structuredContent: { errorCategory: 'VALIDATION', isRetryable: false },\n    ${text}\n  };`,
          ),
      };
    }),
    {
      name: "a throw of the author's words held in a constant of the catch keeps them as the helper's message",
      code:
        header +
        `server.registerTool('get_issue', {}, async ({ id }) => {
  try {
    return { content: [{ type: 'text', text: await tracker.issue(id) }] };
  } catch (e) {
    const detail = \`Could not load issue \${id} from the tracker\`;
    throw new Error(detail, { cause: e });
  }
});`,
      errors: [{ line: 8, column: 5, messageId: 'uncaughtThrow' }],
      fixTitle:
        /^Return toolError\(e, 'get_issue', …\) keeping your message: the category is read from the caught error at run time$/,
      output:
        fixedHeader +
        `server.registerTool('get_issue', {}, async ({ id }) => {
  try {
    return { content: [{ type: 'text', text: await tracker.issue(id) }] };
  } catch (e) {
    const detail = \`Could not load issue \${id} from the tracker\`;
    return toolError(e, 'get_issue', detail);
  }
});`,
    },
    ...['`Could not load issue ${id} from the tracker`', "'Something went wrong'", '`Failed: ${String(e)}`'].map(
      (message, index) => {
        const handler = (last: string): string =>
          `server.registerTool('get_issue', {}, async ({ id }) => {\n  try {\n    return { content: [{ type: 'text', text: await tracker.issue(id) }] };\n  } catch (e) {\n    ${last}\n  }\n});`;
        // Only the first message is the author's own words: the second is generic, the third only the error's text.
        const kept = index === 0;
        return {
          name: `a throw in the catch becomes toolError(e, 'get_issue'${kept ? ', <message>' : ''}): ${message}`,
          code: header + handler(`throw new Error(${message}, { cause: e });`),
          errors: [{ line: 7, column: 5, messageId: 'uncaughtThrow' }],
          fixTitle: kept
            ? /^Return toolError\(e, 'get_issue', …\) keeping your message: the category is read from the caught error at run time$/
            : /^Return toolError\(e, 'get_issue'\): the category is read from the caught error at run time$/,
          output:
            fixedHeader +
            handler(kept ? `return toolError(e, 'get_issue', ${message});` : `return toolError(e, 'get_issue');`),
        };
      },
    ),
    {
      name: 'throw in a registerTool handler becomes a return with inferred category',
      code:
        header +
        `server.registerTool('get_order', {}, async ({ id }) => {\n  if (!id) throw new Error('id must be a non-empty string');\n  return { content: [] };\n});`,
      errors: [{ line: 4, column: 12, endColumn: 61, severity: 'warning', messageId: 'uncaughtThrow' }],
      fixTitle: /errorCategory 'VALIDATION', isRetryable: false \("must be"\)/,
      output:
        header +
        `server.registerTool('get_order', {}, async ({ id }) => {\n  if (!id) return {\n    isError: true,\n    errorCategory: 'VALIDATION',\n    isRetryable: false,\n    content: [{ type: 'text', text: '[VALIDATION, not retryable] id must be a non-empty string' }],\n  };\n  return { content: [] };\n});`,
    },
    {
      name: 'low-level tools/call handler: error severity, HTTP evidence',
      code:
        header +
        `server.server.setRequestHandler(CallToolRequestSchema, async (req) => {\n  const res = await fetch('x');\n  if (res.status === 429) {\n    throw new Error(\`upstream said \${res.status}\`);\n  }\n  return { content: [] };\n});`,
      errors: [{ line: 6, column: 5, severity: 'error', messageId: 'uncaughtThrowLowLevel' }],
      fixTitle: /'TRANSIENT', isRetryable: true \(HTTP 429\)/,
      output:
        header +
        `server.server.setRequestHandler(CallToolRequestSchema, async (req) => {\n  const res = await fetch('x');\n  if (res.status === 429) {\n    return {\n      isError: true,\n      errorCategory: 'TRANSIENT',\n      isRetryable: true,\n      content: [{ type: 'text', text: \`[TRANSIENT, retryable] upstream said \${res.status}\` }],\n    };\n  }\n  return { content: [] };\n});`,
    },
    {
      name: 'wrapping keeps the content of a multi-line template literal as it was',
      code:
        header +
        "function load() {\n  throw new Error('db down');\n}\nserver.tool('t', async () => {\n  load();\n  const sql = `select *\n  from t`;\n  return { content: [{ type: 'text', text: sql }] };\n});",
      errors: [{ line: 4, column: 3, messageId: 'uncaughtThrow' }],
      output:
        fixedHeader +
        "function load() {\n  throw new Error('db down');\n}\nserver.tool('t', async () => {\n  try {\n    load();\n    const sql = `select *\n  from t`;\n    return { content: [{ type: 'text', text: sql }] };\n  } catch (error) {\n    return toolError(error, 't');\n  }\n});",
    },
    {
      name: 'throw in a same-file helper: wrap the handler',
      code:
        header +
        `function load() {\n  throw new Error('db down');\n}\nserver.tool('t', async () => {\n  load();\n  return { content: [] };\n});`,
      errors: [{ line: 4, column: 3, messageId: 'uncaughtThrow' }],
      output:
        fixedHeader +
        `function load() {\n  throw new Error('db down');\n}\nserver.tool('t', async () => {\n  try {\n    load();\n    return { content: [] };\n  } catch (error) {\n    return toolError(error, 't');\n  }\n});`,
    },
  ],
});

void it('throw-in-handler: a plain Error from FastMCP, and a rethrow not limited to McpError, still count', () => {
  const fast = findingsOf('throw-in-handler', {
    name: 'plain',
    code: fastHeader + `mcp.addTool({ name: 'r', execute: async () => {\n  throw new Error('no seats');\n} });`,
  }).findings;
  assert.deepEqual(
    fast.map((f) => f.messageId),
    ['uncaughtThrow'],
  );
  const rethrow = findingsOf('throw-in-handler', {
    name: 'rethrow',
    code:
      header +
      `server.registerTool('a', {}, async () => {\n  try {\n    return { content: [{ type: 'text', text: await vault.open() }] };\n  } catch (e) {\n    if (e instanceof TypeError) throw e;\n    return { isError: true, errorCategory: 'UNKNOWN', isRetryable: false, content: [{ type: 'text', text: 'vault failed' }] };\n  }\n});`,
  }).findings;
  assert.equal(rethrow.length, 1);
});

void it('throw-in-handler: a callback handed to a same-file helper whose catch throws again still counts', () => {
  const rethrown = findingsOf('throw-in-handler', {
    name: 'rethrowing helper',
    code:
      header +
      `async function relabel(step: () => Promise<unknown>) {\n  try {\n    return await step();\n  } catch (e) {\n    throw new Error('probe: ' + String(e));\n  }\n}\nserver.registerTool('probe', {}, async ({ host }) => {\n  return relabel(async () => {\n    if (!host) throw new Error('host is required');\n    return { content: [{ type: 'text', text: host }] };\n  });\n});`,
  }).findings;
  // The callback's throw and the helper's own rethrow.
  assert.equal(rethrown.length, 2);
});
