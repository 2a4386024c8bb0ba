import { runCheckTable } from './checkTester';

const header = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nconst server = new McpServer({ name: 's', version: '1' });\n`;

runCheckTable('retry-inside-tool', {
  valid: [
    {
      name: 'one attempt, TRANSIENT envelope on failure',
      code:
        header +
        `server.registerTool('a', {}, async () => {\n  try {\n    return { content: [{ type: 'text', text: await fetchQuote() }] };\n  } catch (e) {\n    return { isError: true, errorCategory: 'TRANSIENT', isRetryable: true, retryAfterMs: 2000, content: [{ type: 'text', text: 'Quotes are unavailable; retry in 2 s' }] };\n  }\n});`,
    },
    {
      name: 'a loop over items that skips the ones that fail',
      code:
        header +
        `server.registerTool('sizes', {}, async ({ files }) => {\n  const sizes: number[] = [];\n  for (const file of files) {\n    try {\n      sizes.push((await stat(file)).size);\n    } catch {\n      continue;\n    }\n  }\n  return { content: [{ type: 'text', text: JSON.stringify(sizes) }] };\n});`,
    },
    {
      name: 'a pagination loop without try/catch',
      code:
        header +
        `server.tool('all_pages', async () => {\n  let cursor: string | undefined;\n  const rows: unknown[] = [];\n  do {\n    const page = await list(cursor);\n    rows.push(...page.rows);\n    cursor = page.next;\n  } while (cursor);\n  return { content: [{ type: 'text', text: JSON.stringify(rows) }] };\n});`,
    },
    {
      name: 'a retry loop outside any tool handler (a client library)',
      code: `import pRetry from 'p-retry';\nasync function connect() {\n  for (let attempt = 0; attempt < 3; attempt++) {\n    try {\n      return await open();\n    } catch {\n      await sleep(100);\n    }\n  }\n  return pRetry(open);\n}`,
    },
    {
      name: 'a polling loop that waits for a job to finish and tolerates a failed read',
      code:
        header +
        `server.registerTool('render', {}, async ({ jobId }) => {\n  const started = Date.now();\n  let job = await renderFarm.status(jobId);\n  let misses = 0;\n  while (Date.now() - started < 120_000) {\n    if (job.phase === 'finished' || job.phase === 'failed') return { content: [{ type: 'text', text: job.phase }] };\n    await sleep(3000);\n    try {\n      job = await renderFarm.status(jobId);\n      misses = 0;\n    } catch (e) {\n      misses++;\n      if (misses > 2) return { isError: true, errorCategory: 'TRANSIENT', isRetryable: true, content: [{ type: 'text', text: 'status unavailable' }] };\n    }\n  }\n  return { content: [{ type: 'text', text: 'still rendering' }] };\n});`,
    },
    {
      name: 'a throttled batch: one attempt per item, a pause between items',
      code:
        header +
        `server.registerTool('thumbs', {}, async ({ ids }) => {\n  const failed: string[] = [];\n  for (const id of ids) {\n    try {\n      await thumbnails.make(id);\n    } catch {\n      failed.push(id);\n    }\n    await delay(250);\n  }\n  return { content: [{ type: 'text', text: failed.join(',') }] };\n});`,
    },
    {
      name: 'a property named retry is not a call',
      code:
        header +
        `server.registerTool('a', {}, async () => {\n  const options = { retry: 3 };\n  return { content: [{ type: 'text', text: JSON.stringify(options) }] };\n});`,
    },
  ],
  invalid: [
    {
      name: 'registerTool: for loop with an attempt counter and sleep',
      code:
        header +
        `server.registerTool('quote', {}, async ({ symbol }) => {\n  for (let attempt = 1; attempt <= 3; attempt++) {\n    try {\n      return { content: [{ type: 'text', text: await fetchQuote(symbol) }] };\n    } catch (e) {\n      await sleep(200 * attempt);\n    }\n  }\n  return { isError: true, errorCategory: 'TRANSIENT', isRetryable: true, content: [{ type: 'text', text: 'quote unavailable' }] };\n});`,
      errors: [
        {
          line: 4,
          column: 3,
          endColumn: 49,
          severity: 'info',
          messageId: 'retryLoop',
          data: { evidence: /waits between attempts/ },
        },
      ],
      output: null,
    },
    {
      name: 'server.tool: while (true) with continue from the catch',
      code:
        header +
        `server.tool('lock', 'Take the lock', async () => {\n  while (true) {\n    try {\n      await acquire();\n      break;\n    } catch {\n      continue;\n    }\n  }\n  return { content: [{ type: 'text', text: 'locked' }] };\n});`,
      errors: [
        { line: 4, column: 3, endColumn: 15, messageId: 'retryLoop', data: { evidence: /tries again from the catch/ } },
      ],
      output: null,
    },
    {
      name: 'setRequestHandler: do…while with setTimeout in a Promise, squiggle on do',
      code:
        header +
        `server.server.setRequestHandler(CallToolRequestSchema, async (req) => {\n  let result;\n  do {\n    try {\n      result = await call(req.params.name);\n    } catch {\n      await new Promise((resolve) => setTimeout(resolve, 500));\n    }\n  } while (!result);\n  return result;\n});`,
      errors: [{ line: 5, column: 3, endColumn: 5, messageId: 'retryLoop' }],
      output: null,
    },
    {
      name: 'a loop around a promise .catch() that waits between attempts',
      code:
        header +
        `server.registerTool('ping', {}, async () => {\n  for (let i = 0; i < 3; i++) {\n    const res = await fetch(url).catch(() => undefined);\n    if (res) return { content: [{ type: 'text', text: String(res.status) }] };\n    await delay(100);\n  }\n  return { isError: true, errorCategory: 'TRANSIENT', isRetryable: true, content: [{ type: 'text', text: 'ping timed out' }] };\n});`,
      errors: [
        { line: 4, column: 3, endColumn: 30, messageId: 'retryLoop', data: { evidence: /waits between attempts/ } },
      ],
      output: null,
    },
    {
      name: 'a loop that tries again until the response is ok, waiting in between',
      code:
        header +
        `server.registerTool('sync', {}, async () => {\n  for (let round = 0; round < 4; round++) {\n    try {\n      const reply = await mirror.push();\n      if (reply.ok) return { content: [{ type: 'text', text: 'synced' }] };\n    } catch {}\n    await pause(500);\n  }\n  return { isError: true, errorCategory: 'TRANSIENT', isRetryable: true, content: [{ type: 'text', text: 'mirror unreachable' }] };\n});`,
      errors: [
        { line: 4, column: 3, endColumn: 42, messageId: 'retryLoop', data: { evidence: /waits between attempts/ } },
      ],
      output: null,
    },
    {
      name: 'p-retry default import under another name, withRetry helper, and a same-file helper function',
      code:
        header +
        `import retryer from 'p-retry';\nasync function load(id: string) {\n  return withRetry(() => db.get(id), { retries: 3 });\n}\nserver.registerTool('get', {}, async ({ id }) => {\n  const row = await load(id);\n  const audit = await retryer(() => db.audit(id), { retries: 2 });\n  return { content: [{ type: 'text', text: JSON.stringify([row, audit]) }] };\n});`,
      errors: [
        { line: 5, column: 10, endColumn: 19, messageId: 'retryHelper', data: { name: 'withRetry' } },
        { line: 9, column: 23, endColumn: 30, messageId: 'retryHelper', data: { name: 'retryer' } },
      ],
      output: null,
    },
    {
      name: 'exponentialBackoff call and suppression of another',
      code:
        header +
        `server.registerTool('a', {}, async () => {\n  // mcp-envelope-disable-next-line retry-inside-tool\n  await backoff(() => ping());\n  const data = await exponentialBackoff(() => fetchAll());\n  return { content: [{ type: 'text', text: data }] };\n});`,
      errors: [{ line: 6, column: 22, endColumn: 40, messageId: 'retryHelper', data: { name: 'exponentialBackoff' } }],
      output: null,
    },
  ],
});
