import { runCheckTable } from './checkTester';

const header = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nconst server = new McpServer({ name: 's', version: '1' });\n`;

runCheckTable('error-structured-content-with-output-schema', {
  valid: [
    {
      name: 'structuredContent on an error of a tool without outputSchema',
      code:
        header +
        `server.registerTool('a', { inputSchema: {} }, async () => {\n  return { isError: true, structuredContent: { errorCategory: 'UNKNOWN', isRetryable: false }, content: [{ type: 'text', text: '[UNKNOWN, not retryable] a failed' }] };\n});`,
    },
    {
      name: 'structuredContent on the success answer of a tool with outputSchema',
      code:
        header +
        `server.registerTool('a', { outputSchema: { n: z.number() } }, async () => {\n  return { structuredContent: { n: 1 }, content: [{ type: 'text', text: '1' }] };\n});`,
    },
  ],
  invalid: [
    {
      name: 'facts only in structuredContent move to the top level',
      code:
        header +
        `server.registerTool('get_order', { outputSchema: { id: z.string() } }, async ({ id }) => {\n  return {\n    isError: true,\n    structuredContent: { errorCategory: 'NOT_FOUND', isRetryable: false },\n    content: [{ type: 'text', text: '[NOT_FOUND, not retryable] no such order' }],\n  };\n});`,
      errors: [{ line: 6, column: 5, severity: 'warning', messageId: 'errorStructuredContentWithOutputSchema' }],
      fixTitle: /^Move the error facts out of structuredContent to the top level$/,
      output:
        header +
        `server.registerTool('get_order', { outputSchema: { id: z.string() } }, async ({ id }) => {\n  return {\n    isError: true,\n    errorCategory: 'NOT_FOUND',\n    isRetryable: false,\n    content: [{ type: 'text', text: '[NOT_FOUND, not retryable] no such order' }],\n  };\n});`,
    },
    {
      name: 'config in a same-file constant, facts already at the top level: the property goes',
      code:
        header +
        `const config = { outputSchema: { id: z.string() } };\nserver.registerTool('get_order', config, async () => {\n  return {\n    isError: true,\n    errorCategory: 'TRANSIENT',\n    isRetryable: true,\n    structuredContent: { errorCategory: 'TRANSIENT', isRetryable: true },\n    content: [{ type: 'text', text: '[TRANSIENT, retryable] store timed out' }],\n  };\n});`,
      errors: [{ line: 9, column: 5, messageId: 'errorStructuredContentWithOutputSchema' }],
      fixTitle: /^Remove structuredContent from the error result$/,
      output:
        header +
        `const config = { outputSchema: { id: z.string() } };\nserver.registerTool('get_order', config, async () => {\n  return {\n    isError: true,\n    errorCategory: 'TRANSIENT',\n    isRetryable: true,\n    content: [{ type: 'text', text: '[TRANSIENT, retryable] store timed out' }],\n  };\n});`,
    },
  ],
});
