import assert from 'node:assert/strict';
import { it } from 'node:test';
import { findingsOf, runCheckTable } from './checkTester';

const header = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nconst server = new McpServer({ name: 's', version: '1' });\n`;

/** The header of a fixed file: the helper's import after the last import. */
const fixedHeader = header.replace('\n', `\nimport { toolError } from './toolErrors.js';\n`);

const searchFixed =
  fixedHeader +
  `server.registerTool('search_orders', {}, async ({ customerId }) => {\n  try {\n    return { content: [{ type: 'text', text: JSON.stringify(await db.orders(customerId)) }] };\n  } catch (error) {\n    return toolError(error, 'search_orders');\n  }\n});`;

runCheckTable('failure-as-success', {
  valid: [
    {
      name: 'catch returns an error envelope',
      code: searchFixed,
    },
    {
      name: 'catch rethrows',
      code:
        header +
        `server.registerTool('a', {}, async () => {\n  try {\n    return { content: [] };\n  } catch (e) {\n    throw e;\n  }\n});`,
    },
    {
      name: 'catch delegates to an envelope builder',
      code:
        header +
        `server.tool('a', async () => {\n  try {\n    return { content: [] };\n  } catch (e) {\n    return toolError(e);\n  }\n});`,
    },
    {
      name: 'catch inside a map callback that skips a bad item',
      code:
        header +
        `server.registerTool('a', {}, async ({ files }) => {\n  const sizes = files.map((f) => {\n    try {\n      return statSync(f).size;\n    } catch {\n      return null;\n    }\n  });\n  return { content: [{ type: 'text', text: JSON.stringify(sizes) }] };\n});`,
    },
    {
      name: 'a helper that answers true or false (did it work?): false is the failure marker',
      code:
        header +
        `async function ringDoorbell(door: string) {\n  try {\n    await chime.ring(door);\n    return true;\n  } catch (e) {\n    return false;\n  }\n}\nserver.registerTool('ring', {}, async ({ door }) => {\n  const rang = await ringDoorbell(door);\n  return { content: [{ type: 'text', text: rang ? 'rang' : 'the bell did not ring' }] };\n});`,
    },
    {
      name: 'a best-effort extra after the main action: the handler shows a placeholder for its null',
      code:
        header +
        `async function mintBadge(memberId: string) {\n  try {\n    return await badges.mint(memberId);\n  } catch (e) {\n    return null;\n  }\n}\nserver.registerTool('enrol', {}, async ({ name }) => {\n  const member = await club.enrol(name);\n  const badge = await mintBadge(member.id);\n  const code = badge?.code ?? 'unavailable';\n  return { content: [{ type: 'text', text: \`enrolled \${member.id}, badge \${code}\` }] };\n});`,
    },
    {
      name: 'a fallback helper whose null the caller tests with !== null before answering the miss itself',
      code:
        header +
        `async function tryArchiveFallback(reason: string) {\n  try {\n    const items = await archive.recent();\n    return { content: [{ type: 'text', text: \`degraded (\${reason}): \${items.join()}\` }] };\n  } catch {\n    return null;\n  }\n}\nserver.registerTool('feed', {}, async () => {\n  const result = await feed.latest();\n  if (result.error) {\n    const fallback = await tryArchiveFallback(result.error);\n    if (fallback !== null) return fallback;\n    return { isError: true, errorCategory: 'TRANSIENT', isRetryable: true, content: [{ type: 'text', text: 'feed unavailable' }] };\n  }\n  return { content: [{ type: 'text', text: result.items.join() }] };\n});`,
    },
    {
      name: 'catch outside any tool handler',
      code: `async function load() {\n  try {\n    return await db.all();\n  } catch {\n    return [];\n  }\n}`,
    },
  ],
  invalid: [
    {
      name: 'registerTool: the failure is reported as data (multi-line catch return)',
      code:
        header +
        `server.registerTool('search_orders', {}, async ({ customerId }) => {\n  try {\n    return { content: [{ type: 'text', text: JSON.stringify(await db.orders(customerId)) }] };\n  } catch (error) {\n    return {\n      content: [{ type: 'text', text: 'No orders found' }],\n    };\n  }\n});`,
      errors: [{ line: 6, column: 5, endLine: 6, endColumn: 18, messageId: 'catchReturnsData' }],
      fixTitle:
        /^Return toolError\(error, 'search_orders', …\) keeping your message: the category is read from the caught error at run time$/,
      // The author's words stay as the helper's message (docs/fix-review.md).
      output: searchFixed.replace(
        "toolError(error, 'search_orders')",
        "toolError(error, 'search_orders', 'No orders found')",
      ),
    },
    {
      name: "the author's words held in a constant of the catch, sent as JSON text: kept as the helper's message",
      code:
        header +
        `server.registerTool('list_files', {}, async ({ folder }) => {
  try {
    return { content: [{ type: 'text', text: JSON.stringify(await drive.list(folder)) }] };
  } catch (error) {
    const reason = \`Could not list the folder: \${String(error)}\`;
    console.error(reason);
    return { content: [{ type: 'text', text: JSON.stringify({ error: reason, source: 'drive' }) }] };
  }
});`,
      errors: [{ line: 6, column: 5, messageId: 'catchReturnsData' }],
      fixTitle:
        /^Return toolError\(error, 'list_files', …\) keeping your message: the category is read from the caught error at run time$/,
      output:
        fixedHeader +
        `server.registerTool('list_files', {}, async ({ folder }) => {
  try {
    return { content: [{ type: 'text', text: JSON.stringify(await drive.list(folder)) }] };
  } catch (error) {
    const reason = \`Could not list the folder: \${String(error)}\`;
    console.error(reason);
    return toolError(error, 'list_files', reason);
  }
});`,
    },
    {
      name: "a constant of the catch that holds only the error's own text is not the author's words",
      code:
        header +
        `server.registerTool('list_files', {}, async ({ folder }) => {
  try {
    return { content: [{ type: 'text', text: JSON.stringify(await drive.list(folder)) }] };
  } catch (error) {
    const reason = String(error);
    return { content: [{ type: 'text', text: reason }] };
  }
});`,
      errors: [{ line: 6, column: 5, messageId: 'catchReturnsData' }],
      fixTitle: /^Return toolError\(error, 'list_files'\): the category is read from the caught error at run time$/,
      output:
        fixedHeader +
        `server.registerTool('list_files', {}, async ({ folder }) => {
  try {
    return { content: [{ type: 'text', text: JSON.stringify(await drive.list(folder)) }] };
  } catch (error) {
    const reason = String(error);
    return toolError(error, 'list_files');
  }
});`,
    },
    {
      name: 'low-level setRequestHandler: evidence from the catch, isError: false counts as success',
      code:
        header +
        `server.server.setRequestHandler(CallToolRequestSchema, async (req) => {\n  try {\n    return { content: [] };\n  } catch (err) {\n    if (err instanceof TimeoutError) {\n      return { isError: false, content: [{ type: 'text', text: 'cached results only' }] };\n    }\n    throw err;\n  }\n});`,
      errors: [{ line: 6, column: 5, endColumn: 16, messageId: 'catchReturnsData' }],
      fixTitle: /'TRANSIENT', isRetryable: true \(instanceof TimeoutError\)/,
      output:
        header +
        `server.server.setRequestHandler(CallToolRequestSchema, async (req) => {\n  try {\n    return { content: [] };\n  } catch (err) {\n    if (err instanceof TimeoutError) {\n      return {\n        isError: true,\n        errorCategory: 'TRANSIENT',\n        isRetryable: true,\n        content: [{ type: 'text', text: \`[TRANSIENT, retryable] The tool failed: \${err instanceof Error ? err.message : 'unexpected failure'}\` }],\n      };\n    }\n    throw err;\n  }\n});`,
    },
    {
      name: 'deprecated server.tool with a bare catch: message without the error, wording evidence',
      code:
        header +
        `server.tool('weather', 'Weather', async ({ city }) => {\n  try {\n    return { content: [{ type: 'text', text: await forecast(city) }] };\n  } catch {\n    return { content: [{ type: 'text', text: 'Weather service unavailable, showing nothing' }] };\n  }\n});`,
      errors: [{ line: 6, column: 5, endColumn: 10, messageId: 'catchReturnsData' }],
      fixTitle: /'TRANSIENT', isRetryable: true \("unavailable"\)/,
      output:
        header +
        `server.tool('weather', 'Weather', async ({ city }) => {\n  try {\n    return { content: [{ type: 'text', text: await forecast(city) }] };\n  } catch {\n    return {\n      isError: true,\n      errorCategory: 'TRANSIENT',\n      isRetryable: true,\n      content: [{ type: 'text', text: '[TRANSIENT, retryable] Weather service unavailable, showing nothing' }],\n    };\n  }\n});`,
    },
    {
      name: 'an ok:false JSON text with structuredContent is still a success to the host',
      code:
        header +
        `server.registerTool('stock', {}, async ({ sku }) => {\n  try {\n    return { content: [{ type: 'text', text: String(await stockOf(sku)) }] };\n  } catch (e) {\n    if (e instanceof RateLimitError) return { structuredContent: { ok: false, code: 'UPSTREAM_UNAVAILABLE' }, content: [{ type: 'text', text: JSON.stringify({ ok: false, code: 'UPSTREAM_UNAVAILABLE' }) }] };\n    throw e;\n  }\n});`,
      errors: [{ line: 6, column: 5, endColumn: 14, messageId: 'catchReturnsData' }],
      fixTitle: /'TRANSIENT', isRetryable: true \(instanceof RateLimitError\)/,
      output:
        header +
        `server.registerTool('stock', {}, async ({ sku }) => {\n  try {\n    return { content: [{ type: 'text', text: String(await stockOf(sku)) }] };\n  } catch (e) {\n    if (e instanceof RateLimitError) return {\n      isError: true,\n      errorCategory: 'TRANSIENT',\n      isRetryable: true,\n      content: [{ type: 'text', text: \`[TRANSIENT, retryable] stock failed: \${e instanceof Error ? e.message : 'unexpected failure'}\` }],\n    };\n    throw e;\n  }\n});`,
    },
    {
      name: 'a same-file helper that swallows the failure into an empty list: reported, no automatic fix',
      code:
        header +
        `async function findOrders(id: string) {\n  try {\n    return await db.orders(id);\n  } catch (e) {\n    return [];\n  }\n}\nserver.registerTool('orders', {}, async ({ id }) => {\n  const orders = await findOrders(id);\n  return { content: [{ type: 'text', text: orders.length ? orders.join() : 'No orders' }] };\n});`,
      errors: [{ line: 6, column: 5, endColumn: 14, messageId: 'helperCatchReturnsEmpty' }],
      output: null,
    },
    {
      name: 'a helper whose false on failure reads as "no" (it never answers true itself)',
      code:
        header +
        `async function isSubscribed(id: string) {\n  try {\n    return (await lists.members()).includes(id);\n  } catch {\n    return false;\n  }\n}\nserver.registerTool('subscribed', {}, async ({ id }) => {\n  const yes = await isSubscribed(id);\n  return { content: [{ type: 'text', text: yes ? 'subscribed' : 'not subscribed' }] };\n});`,
      errors: [{ line: 6, column: 5, endColumn: 10, messageId: 'helperCatchReturnsEmpty' }],
      output: null,
    },
    {
      name: 'a helper whose null the handler reports as "not found"',
      code:
        header +
        `async function findInvoice(id: string) {\n  try {\n    return await billing.invoice(id);\n  } catch (e) {\n    return null;\n  }\n}\nserver.registerTool('invoice', {}, async ({ id }) => {\n  const invoice = await findInvoice(id);\n  if (!invoice) return { content: [{ type: 'text', text: 'No such invoice' }] };\n  return { content: [{ type: 'text', text: invoice?.total ?? '0' }] };\n});`,
      errors: [{ line: 6, column: 5, endColumn: 14, messageId: 'helperCatchReturnsEmpty' }],
      output: null,
    },
    {
      name: 'a helper whose null is tested with !== null, but also read as "none" elsewhere',
      code:
        header +
        `async function findQuote(id: string) {\n  try {\n    return await quotes.get(id);\n  } catch {\n    return null;\n  }\n}\nserver.registerTool('quote', {}, async ({ id }) => {\n  const quote = await findQuote(id);\n  if (quote !== null) return { content: [{ type: 'text', text: quote.text }] };\n  return { content: [{ type: 'text', text: \`no quote \${quote}\` }] };\n});`,
      errors: [{ line: 6, column: 5, endColumn: 10, messageId: 'helperCatchReturnsEmpty' }],
      output: null,
    },
    {
      name: 'suppression comment on the line before the catch',
      code:
        header +
        `server.registerTool('a', {}, async () => {\n  try {\n    return { content: [] };\n  }\n  // mcp-envelope-disable-next-line failure-as-success\n  catch (e) {\n    return { content: [] };\n  }\n});\nserver.registerTool('b', {}, async () => {\n  try {\n    return { content: [] };\n  } catch (e) {\n    return { content: [] };\n  }\n});`,
      errors: [{ line: 15, column: 5, messageId: 'catchReturnsData' }],
      output:
        fixedHeader +
        `server.registerTool('a', {}, async () => {\n  try {\n    return { content: [] };\n  }\n  // mcp-envelope-disable-next-line failure-as-success\n  catch (e) {\n    return { content: [] };\n  }\n});\nserver.registerTool('b', {}, async () => {\n  try {\n    return { content: [] };\n  } catch (e) {\n    return toolError(e, 'b');\n  }\n});`,
    },
  ],
});

void it('failure-as-success: the fixed handler has no failure-as-success finding left', () => {
  assert.equal(findingsOf('failure-as-success', { name: 'fixed', code: searchFixed }).findings.length, 0);
});
