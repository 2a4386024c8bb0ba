import assert from 'node:assert/strict';
import { it } from 'node:test';
import { findingsOf, runCheckTable } from './checkTester';

const header = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nconst server = new McpServer({ name: 's', version: '1' });\n`;

const searchFixed =
  header +
  `server.registerTool('search_orders', {}, async ({ customerId }) => {\n  const rows = await db.query('select * from orders where customer = $1', [customerId]);\n  if (rows.length === 0) {\n    return {\n      content: [{ type: 'text', text: \`No orders for customer \${customerId}\` }],\n    };\n  }\n  return { content: [{ type: 'text', text: JSON.stringify(rows) }] };\n});`;

runCheckTable('empty-result-as-error', {
  valid: [
    {
      name: 'an empty result already reported as success',
      code: searchFixed,
    },
    {
      name: 'NOT_FOUND for one record looked up by id',
      code:
        header +
        `server.registerTool('get_order', {}, async ({ id }) => {\n  const order = await db.orders.findById(id);\n  if (!order) {\n    return { isError: true, errorCategory: 'NOT_FOUND', isRetryable: false, content: [{ type: 'text', text: \`Order \${id} not found\` }] };\n  }\n  return { content: [{ type: 'text', text: JSON.stringify(order) }] };\n});`,
    },
    {
      name: '"not found" text naming the id, without a category',
      code: `function h(matches: string[], sku: string) {\n  if (matches.length == 0) return { isError: true, content: [{ type: 'text', text: \`Product \${sku} not found\` }] };\n  return { content: [] };\n}`,
    },
    {
      name: 'an empty list of replicas is an access failure',
      code: `function h(replicas: string[]) {\n  if (replicas.length === 0) {\n    return { isError: true, content: [{ type: 'text', text: 'Unable to reach the search cluster: no healthy replica' }] };\n  }\n  return { content: [] };\n}`,
    },
    {
      name: 'a BUSINESS refusal of an empty cart',
      code: `function h(cart: { items: string[] }) {\n  if (cart.items.length === 0) return { isError: true, errorCategory: 'BUSINESS', isRetryable: false, content: [{ type: 'text', text: 'Add an item before checking out' }] };\n  return { content: [] };\n}`,
    },
    {
      name: 'a required input that is missing is not an empty result',
      code:
        header +
        `server.tool('lookup', async ({ query }) => {\n  if (!query) return { isError: true, content: [{ type: 'text', text: 'query is required' }] };\n  return { content: [] };\n});`,
    },
    {
      name: 'an empty list in the tool input is a validation matter (destructured handler parameter)',
      code:
        header +
        `server.registerTool('bulk_cancel', {}, async ({ orderIds }) => {\n  if (orderIds.length === 0) {\n    return { isError: true, content: [{ type: 'text', text: 'Give at least one order id' }] };\n  }\n  return { content: [] };\n});`,
    },
    {
      name: 'an empty list in the low-level request arguments',
      code:
        header +
        `server.server.setRequestHandler(CallToolRequestSchema, async (req) => {\n  if (!req.params.arguments.tags.length) return { isError: true, content: [{ type: 'text', text: 'Give one tag' }] };\n  return { content: [] };\n});`,
    },
    {
      name: 'emptiness checked, but the envelope is in the non-empty branch',
      code: `function h(rows: unknown[]) {\n  if (rows.length === 0) return { content: [{ type: 'text', text: 'No rows' }] };\n  return { isError: true, content: [{ type: 'text', text: 'Too many rows' }] };\n}`,
    },
    {
      name: 'a token resolved from its name, or the rows of one record looked up by key: a miss is NOT_FOUND',
      code:
        header +
        `server.registerTool('token_price', {}, async ({ name }) => {\n  const resolved = await resolveCoinId(name);\n  if (!resolved) {\n    return { isError: true, content: [{ type: 'text', text: \`no coin found matching \${name}\` }] };\n  }\n  const rows = index.getLabelById(resolved.labelId);\n  if (rows.length === 0) return { isError: true, content: [{ type: 'text', text: 'No label matched that key' }] };\n  return { content: [{ type: 'text', text: rows.join() }] };\n});`,
    },
    {
      name: 'a refusal or a parse failure in the empty branch, also written as joined lines',
      code:
        header +
        `server.registerTool('undo_change', {}, async ({ file }) => {\n  const relative = toRepoRelative(root, file);\n  if (!relative) return { isError: true, content: [{ type: 'text', text: 'Refusing to act on the repository root.' }] };\n  const report = await buildReport(relative);\n  if (!report) return { isError: true, content: [{ type: 'text', text: 'The file does not contain a valid report.' }] };\n  const fields = report.fields;\n  if (fields.length === 0) {\n    return { isError: true, content: [{ type: 'text', text: ['CANNOT GENERATE: no fields', '', 'Pass fieldsHint.'].join('\\n') }] };\n  }\n  return { content: [{ type: 'text', text: fields.join() }] };\n});`,
    },
    {
      name: 'a replace that changed nothing is a failed write, not an empty answer',
      code:
        header +
        `server.registerTool('replace_text', {}, async ({ path, find, replace }) => {\n  const replacedCount = await files.replaceAll(path, find, replace);\n  if (replacedCount === 0) return { isError: true, content: [{ type: 'text', text: \`Replaced 0 occurrences in \${path}\` }] };\n  return { content: [{ type: 'text', text: \`Replaced \${replacedCount}\` }] };\n});`,
    },
  ],
  invalid: [
    {
      name: 'a list filtered by an id, and a search for the best match, can be validly empty',
      code:
        header +
        `server.registerTool('post_comments', {}, async ({ postId, query }) => {\n  const comments = await api.commentsOf(postId);\n  if (comments.length === 0) return { isError: true, content: [{ type: 'text', text: 'No comments yet' }] };\n  const match = await searchBest(query);\n  if (!match) return { isError: true, content: [{ type: 'text', text: 'Nothing matched' }] };\n  return { content: [{ type: 'text', text: match }] };\n});`,
      errors: [
        { line: 5, column: 39, messageId: 'emptyResultAsError', data: { subject: 'comments' } },
        { line: 7, column: 24, messageId: 'emptyResultAsError', data: { subject: 'match' } },
      ],
      output:
        header +
        `server.registerTool('post_comments', {}, async ({ postId, query }) => {\n  const comments = await api.commentsOf(postId);\n  if (comments.length === 0) return { content: [{ type: 'text', text: 'No comments yet' }] };\n  const match = await searchBest(query);\n  if (!match) return { content: [{ type: 'text', text: 'Nothing matched' }] };\n  return { content: [{ type: 'text', text: match }] };\n});`,
    },
    {
      name: 'registerTool: no orders for a customer is a valid empty answer (multi-line, template text)',
      code:
        header +
        `server.registerTool('search_orders', {}, async ({ customerId }) => {\n  const rows = await db.query('select * from orders where customer = $1', [customerId]);\n  if (rows.length === 0) {\n    return {\n      isError: true,\n      errorCategory: 'UNKNOWN',\n      isRetryable: false,\n      content: [{ type: 'text', text: \`No orders for customer \${customerId}\` }],\n    };\n  }\n  return { content: [{ type: 'text', text: JSON.stringify(rows) }] };\n});`,
      errors: [{ line: 7, column: 7, endColumn: 20, messageId: 'emptyResultAsError', data: { subject: 'rows' } }],
      fixTitle: /valid empty result instead of an error \(nothing in rows\)/,
      output: searchFixed,
    },
    {
      name: 'server.tool: !orders where orders is a query result, facts prefix dropped from the text',
      code:
        header +
        `server.tool('recent_orders', 'Recent orders', async ({ customerId }) => {\n  const orders = await api.listOrders(customerId);\n  if (!orders) return { isError: true, content: [{ type: 'text', text: '[UNKNOWN, not retryable] No recent orders' }] };\n  return { content: [{ type: 'text', text: orders.join('\\n') }] };\n});`,
      errors: [{ line: 5, column: 25, endColumn: 38, messageId: 'emptyResultAsError' }],
      output:
        header +
        `server.tool('recent_orders', 'Recent orders', async ({ customerId }) => {\n  const orders = await api.listOrders(customerId);\n  if (!orders) return { content: [{ type: 'text', text: 'No recent orders' }] };\n  return { content: [{ type: 'text', text: orders.join('\\n') }] };\n});`,
    },
    {
      name: 'setRequestHandler: ternary on size === 0 with structuredContent and no text',
      code:
        header +
        `server.server.setRequestHandler(CallToolRequestSchema, async (req) => {\n  const tags = await loadTags();\n  return tags.size === 0\n    ? { isError: true, structuredContent: { errorCategory: 'UNKNOWN', isRetryable: false }, content: [] }\n    : { content: [{ type: 'text', text: [...tags].join(', ') }] };\n});`,
      errors: [{ line: 6, column: 9, endColumn: 22, messageId: 'emptyResultAsError' }],
      output:
        header +
        `server.server.setRequestHandler(CallToolRequestSchema, async (req) => {\n  const tags = await loadTags();\n  return tags.size === 0\n    ? { content: [{ type: 'text', text: 'No tags matched the request.' }] }\n    : { content: [{ type: 'text', text: [...tags].join(', ') }] };\n});`,
    },
    {
      name: 'helper function, else branch of a non-emptiness test, JSON text and extra _meta kept',
      code: `function toResult(hits: string[]) {\n  if (hits.length > 0) {\n    return { content: [{ type: 'text', text: hits.join('\\n') }] };\n  } else {\n    return { isError: true, content: [{ type: 'text', text: JSON.stringify({ error: 'empty' }) }], _meta: { source: 'index' } };\n  }\n}`,
      errors: [{ line: 5, column: 14, endColumn: 27, messageId: 'emptyResultAsError' }],
      output: `function toResult(hits: string[]) {\n  if (hits.length > 0) {\n    return { content: [{ type: 'text', text: hits.join('\\n') }] };\n  } else {\n    return { content: [{ type: 'text', text: 'No hits matched the request.' }], _meta: { source: 'index' } };\n  }\n}`,
    },
    {
      name: 'count === 0 and rows.length < 1 with the "No results" wording',
      code: `function a(count: number) {\n  if (count === 0) return { isError: true, content: [{ type: 'text', text: 'No results' }] };\n}\nfunction b(rows: unknown[]) {\n  if (rows.length < 1) return { isError: true, content: [{ type: 'text', text: 'Nothing matched' }] };\n}`,
      errors: [
        { line: 2, column: 29, messageId: 'emptyResultAsError' },
        { line: 5, column: 33, messageId: 'emptyResultAsError' },
      ],
      output: `function a(count: number) {\n  if (count === 0) return { content: [{ type: 'text', text: 'No results' }] };\n}\nfunction b(rows: unknown[]) {\n  if (rows.length < 1) return { content: [{ type: 'text', text: 'Nothing matched' }] };\n}`,
    },
    {
      name: 'a dynamic text is kept as written',
      code: `async function find(query: string) {\n  const found = await index.search(query);\n  if (!found.length) return { isError: true, content: [{ type: 'text', text: describeEmpty(query) }] };\n  return { content: [{ type: 'text', text: found.join('\\n') }] };\n}`,
      errors: [{ line: 3, column: 31, messageId: 'emptyResultAsError' }],
      output: `async function find(query: string) {\n  const found = await index.search(query);\n  if (!found.length) return { content: [{ type: 'text', text: describeEmpty(query) }] };\n  return { content: [{ type: 'text', text: found.join('\\n') }] };\n}`,
    },
    {
      name: 'suppression silences only the line it names',
      code: `function a(matches: string[]) {\n  // mcp-envelope-disable-next-line empty-result-as-error\n  if (!matches.length) return { isError: true, content: [{ type: 'text', text: 'No matches' }] };\n  if (matches.length == 0) return { isError: true, content: [{ type: 'text', text: 'No matches' }] };\n}`,
      errors: [{ line: 4, column: 37, messageId: 'emptyResultAsError' }],
      output: `function a(matches: string[]) {\n  // mcp-envelope-disable-next-line empty-result-as-error\n  if (!matches.length) return { isError: true, content: [{ type: 'text', text: 'No matches' }] };\n  if (matches.length == 0) return { content: [{ type: 'text', text: 'No matches' }] };\n}`,
    },
    {
      name: 'isError from a variable that is always true counts as a plain isError: true',
      code: [
        `function searchTickets(rows: unknown[], query: string) {`,
        `  const reportAsError = true;`,
        `  if (rows.length === 0) return { isError: reportAsError, content: [{ type: 'text', text: \`No tickets match \${query}\` }] };`,
        `  return { content: [{ type: 'text', text: JSON.stringify(rows) }] };`,
        `}`,
      ].join('\n'),
      errors: [{ line: 3, column: 35, endColumn: 57, messageId: 'emptyResultAsError', data: { subject: 'rows' } }],
      output: [
        `function searchTickets(rows: unknown[], query: string) {`,
        `  const reportAsError = true;`,
        `  if (rows.length === 0) return { content: [{ type: 'text', text: \`No tickets match \${query}\` }] };`,
        `  return { content: [{ type: 'text', text: JSON.stringify(rows) }] };`,
        `}`,
      ].join('\n'),
    },
  ],
});

void it('empty-result-as-error: the fixed search has no empty-result-as-error finding left', () => {
  assert.equal(findingsOf('empty-result-as-error', { name: 'fixed', code: searchFixed }).findings.length, 0);
});
