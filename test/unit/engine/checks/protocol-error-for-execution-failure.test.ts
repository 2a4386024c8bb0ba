import assert from 'node:assert/strict';
import { it } from 'node:test';
import { findingsOf, runCheckTable } from './checkTester';

const header = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nimport { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';\nconst server = new McpServer({ name: 's', version: '1' });\n`;

const timeoutFixed =
  header +
  `server.registerTool('report', {}, async ({ id }) => {\n  const res = await render(id);\n  if (!res) {\n    return {\n      isError: true,\n      errorCategory: 'TRANSIENT',\n      isRetryable: true,\n      content: [{ type: 'text', text: '[TRANSIENT, retryable] The report renderer did not answer within 30 s' }],\n    };\n  }\n  return { content: [{ type: 'text', text: res }] };\n});`;

runCheckTable('protocol-error-for-execution-failure', {
  valid: [
    {
      name: 'InvalidParams is a protocol error on purpose',
      code:
        header +
        `server.registerTool('a', {}, async ({ id }) => {\n  if (!id) throw new McpError(ErrorCode.InvalidParams, 'id is required');\n  return { content: [] };\n});`,
    },
    {
      name: 'MethodNotFound by number in a low-level dispatcher',
      code:
        header +
        `server.server.setRequestHandler(CallToolRequestSchema, async (req) => {\n  if (req.params.name !== 'a') throw new McpError(-32601, \`Unknown tool \${req.params.name}\`);\n  return { content: [] };\n});`,
    },
    {
      name: 'caught inside the handler',
      code:
        header +
        `server.tool('a', async () => {\n  try {\n    throw new McpError(ErrorCode.InternalError, 'x');\n  } catch {\n    return { isError: true, errorCategory: 'UNKNOWN', isRetryable: false, content: [{ type: 'text', text: 'a failed' }] };\n  }\n});`,
    },
    {
      name: 'outside any tool handler',
      code: header + `function connect() {\n  throw new McpError(ErrorCode.ConnectionClosed, 'closed');\n}`,
    },
    {
      name: 'a plain Error is throw-in-handler, not this check',
      code: header + `server.registerTool('a', {}, async () => {\n  throw new Error('db down');\n});`,
    },
    { name: 'the fixed handler', code: timeoutFixed },
  ],
  invalid: [
    {
      name: 'registerTool: RequestTimeout becomes TRANSIENT retryable (multi-line return)',
      code:
        header +
        `server.registerTool('report', {}, async ({ id }) => {\n  const res = await render(id);\n  if (!res) {\n    throw new McpError(ErrorCode.RequestTimeout, 'The report renderer did not answer within 30 s');\n  }\n  return { content: [{ type: 'text', text: res }] };\n});`,
      errors: [
        {
          line: 7,
          column: 5,
          endColumn: 100,
          severity: 'warning',
          messageId: 'protocolErrorForToolFailure',
          data: { code: /ErrorCode\.RequestTimeout/ },
        },
      ],
      fixTitle: /'TRANSIENT', isRetryable: true \(ErrorCode\.RequestTimeout\)/,
      output: timeoutFixed,
    },
    {
      name: 'server.tool: InternalError with a message that names a permission problem',
      code:
        header +
        `server.tool('delete_repo', 'Delete', async ({ repo }) => {\n  if (!(await canDelete(repo))) throw new McpError(ErrorCode.InternalError, \`Permission denied for \${repo}\`);\n  return { content: [] };\n});`,
      errors: [{ line: 5, column: 33, messageId: 'protocolErrorForToolFailure' }],
      fixTitle: /'PERMISSION', isRetryable: false \("permission denied"\)/,
      output:
        header +
        `server.tool('delete_repo', 'Delete', async ({ repo }) => {\n  if (!(await canDelete(repo))) return {\n    isError: true,\n    errorCategory: 'PERMISSION',\n    isRetryable: false,\n    content: [{ type: 'text', text: \`[PERMISSION, not retryable] Permission denied for \${repo}\` }],\n  };\n  return { content: [] };\n});`,
    },
    {
      name: 'setRequestHandler: numeric -32603 without evidence is UNKNOWN',
      code:
        header +
        `server.server.setRequestHandler(CallToolRequestSchema, async (req) => {\n  const out = await run(req.params);\n  if (out.code !== 0) throw new McpError(-32603, out.stderr);\n  return { content: [{ type: 'text', text: out.stdout }] };\n});`,
      errors: [{ line: 6, column: 23, messageId: 'protocolErrorForToolFailureLowLevel', data: { code: /-32603/ } }],
      fixTitle: /'UNKNOWN', isRetryable: false \(-32603\)/,
      output:
        header +
        `server.server.setRequestHandler(CallToolRequestSchema, async (req) => {\n  const out = await run(req.params);\n  if (out.code !== 0) return {\n    isError: true,\n    errorCategory: 'UNKNOWN',\n    isRetryable: false,\n    content: [{ type: 'text', text: \`[UNKNOWN, not retryable] \${out.stderr}\` }],\n  };\n  return { content: [{ type: 'text', text: out.stdout }] };\n});`,
    },
    {
      name: 'in a same-file helper (reported, no automatic fix) and in a nested callback',
      code:
        header +
        `function check(n: number) {\n  if (n > 10) throw new ProtocolError(ErrorCode.InternalError, 'too many');\n}\nserver.registerTool('a', {}, async ({ n }) => {\n  check(n);\n  await Promise.all([1].map(async () => {\n    throw new McpError(ErrorCode.ConnectionClosed, 'lost');\n  }));\n  return { content: [] };\n});`,
      errors: [
        { line: 5, column: 15, messageId: 'protocolErrorForToolFailure' },
        { line: 10, column: 5, messageId: 'protocolErrorForToolFailure' },
      ],
      output: null,
    },
    {
      name: 'suppression covers only the next line; InvalidRequest on an argument check: use InvalidParams or VALIDATION',
      code:
        header +
        `server.registerTool('a', {}, async ({ x }) => {\n  // mcp-envelope-disable-next-line protocol-error-for-execution-failure\n  if (x === 1) throw new McpError(ErrorCode.InternalError, 'one');\n  if (x === 2) throw new McpError(ErrorCode.InvalidRequest, 'x must not be 2');\n  return { content: [] };\n});`,
      errors: [
        { line: 7, column: 16, messageId: 'requestErrorForBadArgument', data: { code: 'ErrorCode.InvalidRequest' } },
      ],
      fixTitle: /'VALIDATION', isRetryable: false \(ErrorCode\.InvalidRequest\)/,
      output:
        header +
        `server.registerTool('a', {}, async ({ x }) => {\n  // mcp-envelope-disable-next-line protocol-error-for-execution-failure\n  if (x === 1) throw new McpError(ErrorCode.InternalError, 'one');\n  if (x === 2) return {\n    isError: true,\n    errorCategory: 'VALIDATION',\n    isRetryable: false,\n    content: [{ type: 'text', text: '[VALIDATION, not retryable] x must not be 2' }],\n  };\n  return { content: [] };\n});`,
    },
  ],
});

void it('protocol-error-for-execution-failure: fixed output re-checks clean', () => {
  assert.equal(
    findingsOf('protocol-error-for-execution-failure', { name: 'fixed', code: timeoutFixed }).findings.length,
    0,
  );
});
