import assert from 'node:assert/strict';
import { it } from 'node:test';
import { findingsOf, runCheckTable } from './checkTester';

const rateLimited = [
  `server.registerTool('get_order', {}, async ({ id }) => {`,
  `  const res = await fetch(\`https://api.example/orders/\${id}\`);`,
  `  if (res.status === 429) {`,
  `    return {`,
  `      isError: true,`,
  `      isRetryable: true,`,
  `      content: [{ type: 'text', text: 'order service is busy' }],`,
  `    };`,
  `  }`,
  `  return { content: [{ type: 'text', text: await res.text() }] };`,
  `});`,
];
const rateLimitedFixed = [...rateLimited.slice(0, 7), `      errorCategory: 'TRANSIENT',`, ...rateLimited.slice(7)];

runCheckTable('missing-error-category', {
  valid: [
    {
      name: 'the resources/read request handler (server.server) answers a resource read, not a tool call',
      code: [
        `server.server.setRequestHandler(types.ReadResourceRequestSchema, async (request) => {`,
        `  if (!known(request.params.uri)) return { isError: true, content: [{ type: 'text', text: 'unknown resource' }] };`,
        `  return { contents: [] };`,
        `});`,
      ].join('\n'),
    },
    {
      name: 'top-level errorCategory',
      code: `const r = { isError: true, errorCategory: 'NOT_FOUND', isRetryable: false, content: [{ type: 'text', text: 'no order 42' }] };`,
    },
    {
      name: 'category in structuredContent',
      code: `const r = { isError: true, structuredContent: { errorCategory: 'VALIDATION', isRetryable: false }, content: [{ type: 'text', text: 'id must be numeric' }] };`,
    },
    {
      name: 'category in a JSON.stringify text object, lower case under the lower setting',
      code: `const r = { isError: true, content: [{ type: 'text', text: JSON.stringify({ errorCategory: 'transient', isRetryable: true, message: 'db timed out' }) }] };`,
      settings: { categoryCase: 'lower' },
    },
    {
      name: 'category in a static JSON string',
      code: `const r = { isError: true, content: [{ type: 'text', text: '{"errorCategory":"PERMISSION","isRetryable":false}' }] };`,
    },
    { name: 'a spread may carry the category', code: `const r = { ...failure, isError: true, content: [] };` },
    {
      name: 'isError: false is a success',
      code: `const r = { isError: false, content: [{ type: 'text', text: 'no orders' }] };`,
    },
    {
      name: 'isError in a logger payload is not an envelope',
      code: [
        `server.registerTool('get_order', {}, async ({ id }) => {`,
        `  const res = await orders.get(id);`,
        `  logger.error({ isError: res.failed, tool: 'get_order', id });`,
        `  console.warn('tool call finished', { isError: true, id });`,
        `  return { content: [{ type: 'text', text: res.summary }] };`,
        `});`,
      ].join('\n'),
    },
    {
      name: 'an AI SDK tool-result part and an object of a non-MCP type are not envelopes',
      code: [
        `import type { ToolResultPart } from 'ai';`,
        `interface JobStatus {`,
        `  isError: boolean;`,
        `  detail: string;`,
        `}`,
        `function toPart(call: { id: string; name: string }, output: string) {`,
        `  return { type: 'tool-result', toolCallId: call.id, toolName: call.name, result: output, isError: true };`,
        `}`,
        `function failedPart(call: { id: string }): ToolResultPart {`,
        `  return { toolCallId: call.id, toolName: 'search', result: 'timeout', isError: true } as ToolResultPart;`,
        `}`,
        `const status: JobStatus = { isError: true, detail: 'queue full' };`,
      ].join('\n'),
    },
    {
      name: 'isError from a variable that is always false is a success',
      code: [
        `server.registerTool('ping', {}, async () => {`,
        `  const isError = false;`,
        `  return { isError, content: [{ type: 'text', text: 'pong' }] };`,
        `});`,
      ].join('\n'),
    },
    {
      name: 'an envelope made by mutation that also assigns its category',
      code: [
        `server.registerTool('run_job', {}, async ({ id }) => {`,
        `  const result: CallToolResult = { content: [{ type: 'text', text: 'job finished' }] };`,
        `  const outcome = await jobs.run(id);`,
        `  if (outcome.failed) {`,
        `    result.isError = true;`,
        `    result.errorCategory = 'TRANSIENT';`,
        `    result.isRetryable = true;`,
        `  }`,
        `  return result;`,
        `});`,
      ].join('\n'),
    },
    {
      name: 'suppressed by a comment on the line before',
      code: [
        `const r = {`,
        `  // mcp-envelope-disable-next-line missing-error-category`,
        `  isError: true,`,
        `  isRetryable: false,`,
        `  content: [{ type: 'text', text: 'x' }],`,
        `};`,
      ].join('\n'),
    },
  ],
  invalid: [
    {
      name: 'multi-line envelope under an HTTP 429 branch',
      code: rateLimited.join('\n'),
      errors: [
        { line: 5, column: 7, endLine: 5, endColumn: 20, severity: 'warning', messageId: 'missingErrorCategory' },
      ],
      fixTitle: /^Add errorCategory: 'TRANSIENT' \(HTTP 429\)$/,
      output: rateLimitedFixed.join('\n'),
    },
    {
      name: 'isRetryable in structuredContent: the category goes beside it, lower case setting',
      code: `const r = { isError: true, structuredContent: { isRetryable: false }, content: [{ type: 'text', text: 'x' }] };`,
      settings: { categoryCase: 'lower' },
      errors: [{ line: 1, column: 13, endColumn: 26, messageId: 'missingErrorCategory' }],
      fixTitle: /^Add errorCategory: 'unknown' \(no evidence in scope\)$/,
      output: `const r = { isError: true, structuredContent: { isRetryable: false, errorCategory: 'unknown' }, content: [{ type: 'text', text: 'x' }] };`,
    },
    {
      name: 'the { ok: false, code } shape in JSON text: category from the code, beside retryable',
      code: `const r = { isError: true, content: [{ type: 'text', text: JSON.stringify({ ok: false, code: 'NOT_FOUND', message: 'no order 42', retryable: false }) }] };`,
      errors: [{ line: 1, column: 13, messageId: 'missingErrorCategory' }],
      fixTitle: /^Add errorCategory: 'NOT_FOUND' \(code NOT_FOUND\)$/,
      output: `const r = { isError: true, content: [{ type: 'text', text: JSON.stringify({ ok: false, code: 'NOT_FOUND', message: 'no order 42', retryable: false, errorCategory: 'NOT_FOUND' }) }] };`,
    },
    {
      // A field beside `isError: cond` would be on the success result too (docs/fix-review.md): reported, no fix.
      name: 'conditional isError: reported, no fix',
      code: `const r = { isError: !allowed, content: [{ type: 'text', text: 'permission denied for user 7' }] };`,
      errors: [{ line: 1, column: 13, endColumn: 30, messageId: 'missingErrorCategory' }],
      output: null,
    },
    {
      name: 'instanceof tested in the catch',
      code: [
        `server.tool('create_user', async (args) => {`,
        `  try {`,
        `    return { content: [{ type: 'text', text: await create(schema.parse(args)) }] };`,
        `  } catch (err) {`,
        `    if (err instanceof ZodError) return { isError: true, isRetryable: false, content: [{ type: 'text', text: err.message }] };`,
        `    throw err;`,
        `  }`,
        `});`,
      ].join('\n'),
      errors: [{ line: 5, column: 43, messageId: 'missingErrorCategory' }],
      fixTitle: /^Add errorCategory: 'VALIDATION' \(instanceof ZodError\)$/,
      output: [
        `server.tool('create_user', async (args) => {`,
        `  try {`,
        `    return { content: [{ type: 'text', text: await create(schema.parse(args)) }] };`,
        `  } catch (err) {`,
        `    if (err instanceof ZodError) return { isError: true, isRetryable: false, content: [{ type: 'text', text: err.message }], errorCategory: 'VALIDATION' };`,
        `    throw err;`,
        `  }`,
        `});`,
      ].join('\n'),
    },
    {
      name: 'a helper that builds envelopes for handlers, with a trailing comma',
      code: [
        `function failure(message: string) {`,
        `  return { isError: true, content: [{ type: 'text' as const, text: message }], };`,
        `}`,
      ].join('\n'),
      errors: [{ line: 2, column: 12, messageId: 'missingErrorCategory' }],
      fixTitle: /^Add errorCategory: classifyError\(message\)\.errorCategory \(read from the message at run time\)$/,
      output: [
        `import { classifyError } from './toolErrors.js';`,
        ``,
        `function failure(message: string) {`,
        // isRetryable is missing too: its fix will read the same classification.
        `  const classified = classifyError(message);`,
        `  return { isError: true, content: [{ type: 'text' as const, text: message }], errorCategory: classified.errorCategory, };`,
        `}`,
      ].join('\n'),
    },
    ...[
      {
        name: "a guard that reads only the tool's input: VALIDATION",
        body: [
          `  if (end !== undefined && start === undefined) {`,
          `    return { isError: true, content: [{ type: 'text', text: 'end needs start' }]%FIELD% };`,
          `  }`,
          `  return { content: [] };`,
        ],
        evidence: "a condition on the tool's input only",
        category: 'VALIDATION',
      },
      {
        name: 'a message that refuses an input value (the fallthrough of a dispatcher): VALIDATION',
        body: [
          `  if (action === 'list') return { content: [] };`,
          `  return { isError: true, content: [{ type: 'text', text: \`Unknown action: \${action}\` }]%FIELD% };`,
        ],
        evidence: '"Unknown" input value',
        category: 'VALIDATION',
      },
      {
        name: 'a guard on a value the handler loaded is not about the input: no evidence',
        body: [
          `  const order = await store.find(start);`,
          `  if (!order) {`,
          `    return { isError: true, content: [{ type: 'text', text: \`Nothing for \${start}\` }]%FIELD% };`,
          `  }`,
          `  return { content: [] };`,
        ],
        evidence: 'no evidence in scope',
        category: 'UNKNOWN',
      },
    ].map(({ name, body, evidence, category }) => {
      const at = body.findIndex((line) => line.includes('%FIELD%'));
      const file = (field: string): string =>
        [
          `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';`,
          `const server = new McpServer({ name: 's', version: '1' });`,
          `server.registerTool('range', {}, async ({ start, end, action }) => {`,
          ...body.map((line) => line.replace('%FIELD%', field)),
          `});`,
        ].join('\n');
      return {
        name,
        code: file(''),
        errors: [{ line: at + 4, column: body[at].indexOf('isError') + 1, messageId: 'missingErrorCategory' }],
        fixTitle: new RegExp(`^Add errorCategory: '${category}' \\(${evidence.replace(/[()]/g, '\\$&')}\\)$`),
        output: file(`, errorCategory: '${category}'`),
      };
    }),
    {
      name: 'a failed HTTP response in scope (!res.ok) decides at run time from its status',
      code: [
        `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';`,
        `const server = new McpServer({ name: 's', version: '1' });`,
        `server.registerTool('add_origin', {}, async ({ url }) => {`,
        `  const res = await fetch(api, { method: 'POST', body: url });`,
        `  if (!res.ok) {`,
        `    return { isError: true, isRetryable: false, content: [{ type: 'text', text: \`Failed to add origin (\${res.status})\` }] };`,
        `  }`,
        `  return { content: [{ type: 'text', text: 'added' }] };`,
        `});`,
      ].join('\n'),
      errors: [{ line: 6, column: 14, messageId: 'missingErrorCategory' }],
      fixTitle: /^Add errorCategory: classifyError\(res\)\.errorCategory \(read from the HTTP response at run time\)$/,
      output: [
        `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';`,
        `import { classifyError } from './toolErrors.js';`,
        `const server = new McpServer({ name: 's', version: '1' });`,
        `server.registerTool('add_origin', {}, async ({ url }) => {`,
        `  const res = await fetch(api, { method: 'POST', body: url });`,
        `  if (!res.ok) {`,
        `    return { isError: true, isRetryable: false, content: [{ type: 'text', text: \`Failed to add origin (\${res.status})\` }], errorCategory: classifyError(res).errorCategory };`,
        `  }`,
        `  return { content: [{ type: 'text', text: 'added' }] };`,
        `});`,
      ].join('\n'),
    },
    {
      name: "an order's .status compared with a word is not an HTTP response: no evidence, UNKNOWN",
      code: [
        `function refuse(order: { status: string }) {`,
        `  if (order.status !== 'placed') return { isError: true, isRetryable: false, content: [{ type: 'text', text: \`Order is \${order.status}\` }] };`,
        `  return undefined;`,
        `}`,
      ].join('\n'),
      errors: [{ line: 2, column: 43, messageId: 'missingErrorCategory' }],
      fixTitle: /^Add errorCategory: 'UNKNOWN' \(no evidence in scope\)$/,
      output: [
        `function refuse(order: { status: string }) {`,
        `  if (order.status !== 'placed') return { isError: true, isRetryable: false, content: [{ type: 'text', text: \`Order is \${order.status}\` }], errorCategory: 'UNKNOWN' };`,
        `  return undefined;`,
        `}`,
      ].join('\n'),
    },
    {
      name: 'an envelope made by mutation (result.isError = true): the category is assigned after it',
      code: [
        `server.registerTool('run_job', {}, async ({ id }) => {`,
        `  const result: CallToolResult = { content: [{ type: 'text', text: 'job finished' }] };`,
        `  try {`,
        `    await jobs.run(id);`,
        `  } catch (error) {`,
        `    result.content = [{ type: 'text', text: 'job failed' }];`,
        `    result.isError = true;`,
        `  }`,
        `  return result;`,
        `});`,
      ].join('\n'),
      errors: [{ line: 7, column: 5, endLine: 7, endColumn: 26, messageId: 'missingErrorCategory' }],
      output: [
        `server.registerTool('run_job', {}, async ({ id }) => {`,
        `  const result: CallToolResult = { content: [{ type: 'text', text: 'job finished' }] };`,
        `  try {`,
        `    await jobs.run(id);`,
        `  } catch (error) {`,
        `    result.content = [{ type: 'text', text: 'job failed' }];`,
        `    result.isError = true;`,
        `    result.errorCategory = 'UNKNOWN';`,
        `  }`,
        `  return result;`,
        `});`,
      ].join('\n'),
    },
  ],
});

void it('missing-error-category: the fixed envelope is not reported again', () => {
  assert.deepEqual(
    findingsOf('missing-error-category', { name: 'fixed', code: rateLimitedFixed.join('\n') }).findings,
    [],
  );
});
