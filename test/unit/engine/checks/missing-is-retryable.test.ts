import { runCheckTable } from './checkTester';

runCheckTable('missing-is-retryable', {
  valid: [
    {
      name: 'top-level isRetryable',
      code: `const r = { isError: true, errorCategory: 'TRANSIENT', isRetryable: true, content: [{ type: 'text', text: 'x' }] };`,
    },
    {
      name: 'isRetryable in structuredContent',
      code: `const r = { isError: true, structuredContent: { errorCategory: 'NOT_FOUND', isRetryable: false }, content: [] };`,
    },
    {
      name: 'isRetryable in JSON text content',
      code: `const r = { isError: true, content: [{ type: 'text', text: JSON.stringify({ errorCategory: 'VALIDATION', isRetryable: false }) }] };`,
    },
    {
      name: 'static JSON string carrying retryable',
      code: `const r = { isError: true, content: [{ type: 'text', text: '{"errorCategory":"transient","isRetryable":true}' }] };`,
    },
    { name: 'isError false is not an envelope', code: `const r = { isError: false, content: [] };` },
    { name: 'spread may carry the field', code: `const r = { ...base, isError: true };` },
    {
      name: 'a mutation envelope handed to a helper that may set the field',
      code: [
        `const result = { content: [{ type: 'text', text: 'upload failed' }] };`,
        `result.isError = true;`,
        `Object.assign(result, retryHints(lastError));`,
      ].join('\n'),
    },
    {
      name: 'the resources/read request handler answers a resource read, not a tool call',
      code: [
        `server.setRequestHandler(ReadResourceRequestSchema, async (request) => {`,
        `  try {`,
        `    return { contents: [await readResource(request.params.uri)] };`,
        `  } catch (error) {`,
        `    return { isError: true, content: [{ type: 'text', text: 'could not read the resource' }] };`,
        `  }`,
        `});`,
      ].join('\n'),
    },
    {
      name: "a 'prompts/get' request handler with a nested callback",
      code: [
        `server.setRequestHandler('prompts/get', async (request) =>`,
        `  load(request.params.name).catch(() => ({ isError: true, content: [{ type: 'text', text: 'no such prompt' }] })),`,
        `);`,
      ].join('\n'),
    },
  ],
  invalid: [
    {
      name: 'the tools/call request handler beside a resources/read handler still needs the field',
      code: [
        `server.setRequestHandler(ReadResourceRequestSchema, async (request) => ({ contents: [] }));`,
        `server.setRequestHandler(CallToolRequestSchema, async (request) => {`,
        `  return { isError: true, errorCategory: 'TRANSIENT', content: [{ type: 'text', text: 'db timed out' }] };`,
        `});`,
      ].join('\n'),
      errors: [{ line: 3, column: 12, endColumn: 25, messageId: 'missingIsRetryable' }],
      output: [
        `server.setRequestHandler(ReadResourceRequestSchema, async (request) => ({ contents: [] }));`,
        `server.setRequestHandler(CallToolRequestSchema, async (request) => {`,
        `  return { isError: true, errorCategory: 'TRANSIENT', content: [{ type: 'text', text: 'db timed out' }], isRetryable: true };`,
        `});`,
      ].join('\n'),
    },
    {
      name: 'category present: retryability follows it',
      code: `const r = { isError: true, errorCategory: 'TRANSIENT', content: [{ type: 'text', text: 'db timed out' }] };`,
      errors: [{ line: 1, column: 13, endColumn: 26, messageId: 'missingIsRetryable' }],
      output: `const r = { isError: true, errorCategory: 'TRANSIENT', content: [{ type: 'text', text: 'db timed out' }], isRetryable: true };`,
      fixTitle: /isRetryable: true \(errorCategory TRANSIENT\)/,
    },
    {
      name: 'multi-line envelope, evidence from HTTP status',
      code: [
        `async function h(res: { status: number }) {`,
        `  if (res.status === 503) {`,
        `    return {`,
        `      isError: true,`,
        `      content: [{ type: 'text', text: 'upstream down' }],`,
        `    };`,
        `  }`,
        `}`,
      ].join('\n'),
      errors: [{ line: 4, column: 7, messageId: 'missingIsRetryable' }],
      output: [
        `async function h(res: { status: number }) {`,
        `  if (res.status === 503) {`,
        `    return {`,
        `      isError: true,`,
        `      content: [{ type: 'text', text: 'upstream down' }],`,
        `      isRetryable: true,`,
        `    };`,
        `  }`,
        `}`,
      ].join('\n'),
      fixTitle: /HTTP 503/,
    },
    {
      name: 'category in structuredContent: the field goes beside it',
      code: `const r = { isError: true, structuredContent: { errorCategory: 'VALIDATION' }, content: [{ type: 'text', text: 'x' }] };`,
      errors: [{ line: 1, column: 13, messageId: 'missingIsRetryable' }],
      output: `const r = { isError: true, structuredContent: { errorCategory: 'VALIDATION', isRetryable: false }, content: [{ type: 'text', text: 'x' }] };`,
    },
    {
      name: 'a static JSON text with only a category: retryability follows that category',
      code: `const r = { isError: true, content: [{ type: 'text', text: '{"errorCategory":"transient","message":"db busy"}' }] };`,
      errors: [{ line: 1, column: 13, messageId: 'missingIsRetryable' }],
      output: `const r = { isError: true, content: [{ type: 'text', text: '{"errorCategory":"transient","message":"db busy"}' }], isRetryable: true };`,
      fixTitle: /errorCategory TRANSIENT/,
    },
    {
      // A field beside `isError: cond` would be on the success result too (docs/fix-review.md): reported, no fix.
      name: 'conditional isError counts, without a fix',
      code: `const r = { isError: failed, content: [{ type: 'text', text: 'permission denied' }] };`,
      errors: [{ line: 1, column: 13, messageId: 'missingIsRetryable' }],
      output: null,
    },
    {
      name: 'an envelope made by mutation: retryability follows the assigned category, assigned after it',
      code: [
        `server.registerTool('sync_inventory', {}, async () => {`,
        `  const result: CallToolResult = { content: [{ type: 'text', text: 'inventory synced' }] };`,
        `  const outcome = await warehouse.sync();`,
        `  if (outcome.status === 'busy') {`,
        `    result.isError = true;`,
        `    result.errorCategory = 'TRANSIENT';`,
        `    result.content = [{ type: 'text', text: 'the warehouse is busy' }];`,
        `  }`,
        `  return result;`,
        `});`,
      ].join('\n'),
      errors: [{ line: 5, column: 5, endColumn: 26, messageId: 'missingIsRetryable' }],
      output: [
        `server.registerTool('sync_inventory', {}, async () => {`,
        `  const result: CallToolResult = { content: [{ type: 'text', text: 'inventory synced' }] };`,
        `  const outcome = await warehouse.sync();`,
        `  if (outcome.status === 'busy') {`,
        `    result.isError = true;`,
        `    result.isRetryable = true;`,
        `    result.errorCategory = 'TRANSIENT';`,
        `    result.content = [{ type: 'text', text: 'the warehouse is busy' }];`,
        `  }`,
        `  return result;`,
        `});`,
      ].join('\n'),
    },
  ],
});
