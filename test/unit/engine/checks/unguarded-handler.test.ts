import assert from 'node:assert/strict';
import { it } from 'node:test';
import { findingsOf, runCheckTable } from './checkTester';

const header = [
  `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';`,
  `const server = new McpServer({ name: 's', version: '1' });`,
];
const lines = (...body: string[]): string => [...header, ...body].join('\n');
/** A fixed file: the helper's import after the last import. */
const fixed = (...body: string[]): string =>
  [header[0], `import { toolError } from './toolErrors.js';`, ...header.slice(1), ...body].join('\n');

const catchUnknown = (indent: string, what: string): string[] => [
  `${indent}} catch (error) {`,
  `${indent}  return toolError(error, '${what}');`,
  `${indent}}`,
];

const fetchHandler = lines(
  `server.registerTool('get_order', {}, async ({ id }) => {`,
  `  const res = await fetch(\`https://api.example/orders/\${id}\`);`,
  `  return { content: [{ type: 'text', text: await res.text() }] };`,
  `});`,
);
const fetchHandlerFixed = fixed(
  `server.registerTool('get_order', {}, async ({ id }) => {`,
  `  try {`,
  `    const res = await fetch(\`https://api.example/orders/\${id}\`);`,
  `    return { content: [{ type: 'text', text: await res.text() }] };`,
  ...catchUnknown('  ', 'get_order'),
  `});`,
);

/** A low-level tools/call dispatcher that routes get_thing to its own function, getThing. */
const getThingDispatcher = [
  `server.server.setRequestHandler(CallToolRequestSchema, async (request) => {`,
  `  switch (request.params.name) {`,
  `    case 'get_thing':`,
  `      return getThing(request.params.arguments as { id: string });`,
  `    default:`,
  `      throw new Error('unknown tool');`,
  `  }`,
  `});`,
];

runCheckTable('unguarded-handler', {
  valid: [
    {
      name: 'the whole body is inside try/catch',
      code: lines(
        `server.registerTool('get_order', {}, async ({ id }) => {`,
        `  try {`,
        `    const order = await db.orders.find(id);`,
        `    return { content: [{ type: 'text', text: JSON.stringify(order) }] };`,
        `  } catch (error) {`,
        `    await logger.error(error);`,
        `    return { isError: true, errorCategory: 'TRANSIENT', isRetryable: true, content: [{ type: 'text', text: 'order store unreachable' }] };`,
        `  }`,
        `});`,
      ),
    },
    {
      name: 'a pure synchronous return of literals',
      code: lines(`server.tool('ping', async () => ({ content: [{ type: 'text', text: 'pong' }] }));`),
    },
    {
      name: 'only calls that cannot fail, and a same-file envelope builder',
      code: lines(
        `function ok(text: string) {`,
        `  return { content: [{ type: 'text' as const, text }] };`,
        `}`,
        `server.registerTool('list', {}, async ({ items }) => ok(items.map((i) => i.name.trim()).join(', ')));`,
      ),
    },
    {
      name: 'an imported helper that only formats values into the text',
      code: lines(
        `import { formatCents, describeOrder } from '../../checks/format.js';`,
        `server.tool('quote', async ({ cents, order }) => ({`,
        `  content: [`,
        `    { type: 'text', text: \`Total: \${formatCents(cents)}\` },`,
        `    { type: 'text', text: describeOrder(order) },`,
        `  ],`,
        `}));`,
      ),
    },
    {
      name: 'rejections handled where they happen, and a helper that catches its own failures',
      code: lines(
        `async function safeLoad(id: string) {`,
        `  try {`,
        `    return await db.load(id);`,
        `  } catch {`,
        `    return undefined;`,
        `  }`,
        `}`,
        `server.tool('peek', async ({ id, url }) => {`,
        `  const cached = await safeLoad(id);`,
        `  const page = await fetch(url).catch(() => undefined);`,
        `  const all = await Promise.allSettled([ping(url)]);`,
        `  return { content: [{ type: 'text', text: \`\${cached ? 'hit' : 'miss'} \${page?.status} \${all.length}\` }] };`,
        `});`,
      ),
    },
    {
      name: "the only call before the try is the project's own (imported) response builder",
      code: lines(
        `import { createErrorResponse, createSuccessResponse } from './utils/responses.js';`,
        `server.registerTool('get_user', {}, async ({ id }) => {`,
        `  if (!id) return createErrorResponse('id is required');`,
        `  try {`,
        `    return createSuccessResponse(await api.users.get(id));`,
        `  } catch (error) {`,
        `    return createErrorResponse(String(error));`,
        `  }`,
        `});`,
      ),
    },
    {
      name: 'a same-file builder that stamps the current time, and an awaited workspace function that catches everything',
      code: lines(
        `async function readConfig(file: string) {`,
        `  try {`,
        `    return JSON.parse(await fs.readFile(file, 'utf8'));`,
        `  } catch {`,
        `    return {};`,
        `  }`,
        `}`,
        `function textResult(text: string) {`,
        `  return { content: [{ type: 'text' as const, text }], _meta: { generatedAt: new Date().toISOString() } };`,
        `}`,
        `server.registerTool('show_config', {}, async ({ file }) => {`,
        `  const config = await readConfig(file);`,
        `  return textResult(String(config.name));`,
        `});`,
      ),
    },
    {
      name: 'a class-based server awaiting its own method, whose body is guarded',
      code: lines(
        `class OrderTools {`,
        `  private async safeFind(id: string) {`,
        `    try {`,
        `      return await this.store.find(id);`,
        `    } catch {`,
        `      return undefined;`,
        `    }`,
        `  }`,
        `  register(server: McpServer) {`,
        `    server.registerTool('peek_order', {}, async ({ id }) => {`,
        `      const order = await this.safeFind(id);`,
        `      return { content: [{ type: 'text', text: order ? order.status : 'no such order' }] };`,
        `    });`,
        `  }`,
        `}`,
      ),
    },
    {
      name: 'a result-style client whose { error } is checked (supabase shape, renamed binding)',
      code: lines(
        `server.registerTool('list_orders', {}, async ({ customer }) => {`,
        `  const { data, error: dbError } = await supabase.from('orders').select('*').eq('customer', customer);`,
        `  if (dbError) {`,
        `    return { isError: true, errorCategory: 'TRANSIENT', isRetryable: true, content: [{ type: 'text', text: dbError.message }] };`,
        `  }`,
        `  return { content: [{ type: 'text', text: JSON.stringify(data) }] };`,
        `});`,
      ),
    },
    {
      name: 'a result-style client whose ok flag is checked',
      code: lines(
        `server.registerTool('send_mail', {}, async ({ to, body }) => {`,
        `  const sent = await mailer.send({ to, body });`,
        `  if (!sent.ok) return { isError: true, errorCategory: 'TRANSIENT', isRetryable: true, content: [{ type: 'text', text: sent.reason }] };`,
        `  return { content: [{ type: 'text', text: \`sent \${sent.id}\` }] };`,
        `});`,
      ),
    },
    {
      name: 'await outside any tool handler',
      code: lines(`async function warmUp() {`, `  await fetch('https://api.example/health');`, `}`),
    },
    {
      name: 'suppressed on the line of the handler head',
      code: lines(
        `// mcp-envelope-disable-next-line unguarded-handler`,
        `server.tool('get', async ({ id }) => {`,
        `  return { content: [{ type: 'text', text: await load(id) }] };`,
        `});`,
      ),
    },
    {
      name: 'turned off in settings',
      code: fetchHandler,
      settings: { severities: { 'unguarded-handler': 'off' } },
    },
  ],
  invalid: [
    {
      name: 'awaits fetch with no try/catch: the squiggle is on `async ({ id }) =>` only',
      code: fetchHandler,
      errors: [
        {
          line: 3,
          column: 38,
          endLine: 3,
          endColumn: 55,
          severity: 'info',
          messageId: 'unguarded',
          data: { site: 'await fetch(…)', evidence: '' },
        },
      ],
      fixTitle: /Wrap the handler body in try\/catch returning structured errors/,
      output: fetchHandlerFixed,
    },
    {
      name: 'low-level dispatcher written as a function expression, parse outside the inner try',
      code: lines(
        `server.server.setRequestHandler(CallToolRequestSchema, async function (request) {`,
        `  const input = schema.parse(request.params.arguments);`,
        `  try {`,
        `    return { content: [{ type: 'text', text: await run(input) }] };`,
        `  } catch (error) {`,
        `    return { isError: true, errorCategory: 'UNKNOWN', isRetryable: false, content: [{ type: 'text', text: 'run failed' }] };`,
        `  }`,
        `});`,
      ),
      errors: [
        {
          line: 3,
          column: 56,
          endLine: 3,
          endColumn: 80,
          messageId: 'unguardedLowLevel',
          data: { site: 'schema.parse(…)' },
        },
      ],
      output: fixed(
        `server.server.setRequestHandler(CallToolRequestSchema, async function (request) {`,
        `  try {`,
        `    const input = schema.parse(request.params.arguments);`,
        `    try {`,
        `      return { content: [{ type: 'text', text: await run(input) }] };`,
        `    } catch (error) {`,
        `      return { isError: true, errorCategory: 'UNKNOWN', isRetryable: false, content: [{ type: 'text', text: 'run failed' }] };`,
        `    }`,
        ...catchUnknown('  ', 'the tool call'),
        `});`,
      ),
    },
    {
      name: 'a tool function a low-level dispatcher calls: one finding, on the function, worded for a JSON-RPC error',
      code: lines(
        `async function getThing({ id }: { id: string }) {`,
        `  const res = await fetch(\`https://api.example/things/\${id}\`);`,
        `  return { content: [{ type: 'text', text: await res.text() }] };`,
        `}`,
        ...getThingDispatcher,
      ),
      errors: [{ line: 3, column: 1, messageId: 'unguardedLowLevel', data: { site: 'await fetch(…)' } }],
      output: fixed(
        `async function getThing({ id }: { id: string }) {`,
        `  try {`,
        `    const res = await fetch(\`https://api.example/things/\${id}\`);`,
        `    return { content: [{ type: 'text', text: await res.text() }] };`,
        ...catchUnknown('  ', 'get_thing'),
        `}`,
        ...getThingDispatcher,
      ),
    },
    {
      name: 'expression body returning a promise: the fix awaits it so the catch sees the rejection',
      code: lines(`server.tool('search', async ({ q }) => search(q));`),
      errors: [{ line: 3, column: 23, endColumn: 39, messageId: 'unguarded', data: { site: 'search(…)' } }],
      output: fixed(
        `server.tool('search', async ({ q }) => {`,
        `  try {`,
        `    return await search(q);`,
        ...catchUnknown('  ', 'search'),
        `});`,
      ),
    },
    {
      name: 'named handler calling a same-file helper that can throw (JSON.parse)',
      code: lines(
        `function parseBody(raw: string) {`,
        `  return JSON.parse(raw);`,
        `}`,
        `export async function getUser({ raw }: { raw: string }): Promise<Result> {`,
        `  const body = parseBody(raw);`,
        `  return { content: [{ type: 'text', text: body.name }] };`,
        `}`,
        `server.registerTool('get_user', {}, getUser);`,
      ),
      errors: [
        { line: 6, column: 8, endLine: 6, endColumn: 56, messageId: 'unguarded', data: { site: 'parseBody(…)' } },
      ],
      output: fixed(
        `function parseBody(raw: string) {`,
        `  return JSON.parse(raw);`,
        `}`,
        `export async function getUser({ raw }: { raw: string }): Promise<Result> {`,
        `  try {`,
        `    const body = parseBody(raw);`,
        `    return { content: [{ type: 'text', text: body.name }] };`,
        ...catchUnknown('  ', 'get_user'),
        `}`,
        `server.registerTool('get_user', {}, getUser);`,
      ),
    },
    {
      name: 'a throw of its own: the wrap is only a suggestion, so fix-all first lets the throw become a categorised return',
      code: lines(
        `server.tool('get', async ({ id }) => {`,
        `  const order = await store.find(id);`,
        `  if (!order) throw new Error(\`order \${id} not found\`);`,
        `  return { content: [{ type: 'text', text: order.summary }] };`,
        `});`,
      ),
      errors: [{ line: 3, column: 20, endColumn: 37, messageId: 'unguarded' }],
      output: null,
      suggestions: [
        {
          title: /^Wrap the handler body in try\/catch returning structured errors$/,
          output: fixed(
            `server.tool('get', async ({ id }) => {`,
            `  try {`,
            `    const order = await store.find(id);`,
            `    if (!order) throw new Error(\`order \${id} not found\`);`,
            `    return { content: [{ type: 'text', text: order.summary }] };`,
            ...catchUnknown('  ', 'get'),
            `});`,
          ),
        },
      ],
    },
    {
      name: 'for await over a stream, and a helper that rethrows from its catch',
      code: lines(
        `async function rows(q: string) {`,
        `  try {`,
        `    return await db.query(q);`,
        `  } catch (e) {`,
        `    throw new Error('query failed', { cause: e });`,
        `  }`,
        `}`,
        `server.tool('stream', async ({ q }) => {`,
        `  for await (const chunk of source()) log(chunk);`,
        `  return { content: [{ type: 'text', text: String(await rows(q)) }] };`,
        `});`,
      ),
      errors: [{ line: 10, column: 23, endColumn: 39, messageId: 'unguarded', data: { site: 'for await (…)' } }],
      output: fixed(
        `async function rows(q: string) {`,
        `  try {`,
        `    return await db.query(q);`,
        `  } catch (e) {`,
        `    throw new Error('query failed', { cause: e });`,
        `  }`,
        `}`,
        `server.tool('stream', async ({ q }) => {`,
        `  try {`,
        `    for await (const chunk of source()) log(chunk);`,
        `    return { content: [{ type: 'text', text: String(await rows(q)) }] };`,
        ...catchUnknown('  ', 'stream'),
        `});`,
      ),
    },
    {
      name: 'awaits a same-file function that can fail: the message says why, and what it passed over',
      code: lines(
        `async function loadUser(id: string) {`,
        `  const rows = await db.query('select * from users where id = $1', [id]);`,
        `  return rows[0];`,
        `}`,
        `server.registerTool('get_user', {}, async ({ id }) => {`,
        `  if (!id) return createErrorResponse('id is required');`,
        `  const user = await loadUser(id);`,
        `  return { content: [{ type: 'text', text: user.name }] };`,
        `});`,
      ),
      errors: [
        {
          line: 7,
          column: 37,
          endColumn: 54,
          messageId: 'unguarded',
          data: {
            site: 'await loadUser(…)',
            evidence:
              ' It can fail: loadUser() runs `await db.query(…)` with no try/catch around it. Not counted: `createErrorResponse(…)` (its name says it only builds the result).',
          },
        },
      ],
      output: fixed(
        `async function loadUser(id: string) {`,
        `  const rows = await db.query('select * from users where id = $1', [id]);`,
        `  return rows[0];`,
        `}`,
        `server.registerTool('get_user', {}, async ({ id }) => {`,
        `  try {`,
        `    if (!id) return createErrorResponse('id is required');`,
        `    const user = await loadUser(id);`,
        `    return { content: [{ type: 'text', text: user.name }] };`,
        ...catchUnknown('  ', 'get_user'),
        `});`,
      ),
    },
    {
      name: 'a result-style call whose error is never checked still counts',
      code: lines(
        `server.registerTool('list_orders', {}, async ({ customer }) => {`,
        `  if (!customer) return toolResult('customer is required', true);`,
        `  const { data } = await supabase.from('orders').select('*').eq('customer', customer);`,
        `  return { content: [{ type: 'text', text: JSON.stringify(data) }] };`,
        `});`,
      ),
      errors: [
        {
          line: 3,
          column: 40,
          endColumn: 63,
          messageId: 'unguarded',
          data: { site: /^await supabase\.from\('orders'\)/, evidence: /Not counted: `toolResult\(…\)`/ },
        },
      ],
      output: fixed(
        `server.registerTool('list_orders', {}, async ({ customer }) => {`,
        `  try {`,
        `    if (!customer) return toolResult('customer is required', true);`,
        `    const { data } = await supabase.from('orders').select('*').eq('customer', customer);`,
        `    return { content: [{ type: 'text', text: JSON.stringify(data) }] };`,
        ...catchUnknown('  ', 'list_orders'),
        `});`,
      ),
    },
    {
      name: 'fetch rejects on network failure even when res.ok is checked',
      code: lines(
        `server.registerTool('status', {}, async ({ url }) => {`,
        `  if (!url.startsWith('https://')) return errorResult('only https URLs can be checked');`,
        `  const res = await fetch(url);`,
        `  if (!res.ok) return { isError: true, errorCategory: 'TRANSIENT', isRetryable: true, content: [{ type: 'text', text: res.statusText }] };`,
        `  return { content: [{ type: 'text', text: 'up' }] };`,
        `});`,
      ),
      errors: [
        {
          line: 3,
          column: 35,
          endColumn: 53,
          messageId: 'unguarded',
          data: { site: 'await fetch(…)', evidence: /Not counted: `errorResult\(…\)`/ },
        },
      ],
      output: fixed(
        `server.registerTool('status', {}, async ({ url }) => {`,
        `  try {`,
        `    if (!url.startsWith('https://')) return errorResult('only https URLs can be checked');`,
        `    const res = await fetch(url);`,
        `    if (!res.ok) return { isError: true, errorCategory: 'TRANSIENT', isRetryable: true, content: [{ type: 'text', text: res.statusText }] };`,
        `    return { content: [{ type: 'text', text: 'up' }] };`,
        ...catchUnknown('  ', 'status'),
        `});`,
      ),
    },
    {
      name: 'a parse call written into the text still counts',
      code: lines(
        `server.tool('echo', ({ raw }) => ({ content: [{ type: 'text', text: \`\${JSON.parse(raw).name}\` }] }));`,
      ),
      errors: [{ line: 3, column: 21, endColumn: 33, messageId: 'unguarded', data: { site: 'JSON.parse(…)' } }],
      output: fixed(
        `server.tool('echo', ({ raw }) => {`,
        `  try {`,
        `    return ({ content: [{ type: 'text', text: \`\${JSON.parse(raw).name}\` }] });`,
        ...catchUnknown('  ', 'echo'),
        `});`,
      ),
    },
    {
      name: 'synchronous handler building a URL from its input, returned call awaited only when async',
      code: lines(
        `server.tool('open', ({ href }) => {`,
        `  const url = new URL(href);`,
        `  return render(url);`,
        `});`,
      ),
      errors: [{ line: 3, column: 21, endColumn: 34, messageId: 'unguarded', data: { site: 'new URL(…)' } }],
      output: fixed(
        `server.tool('open', ({ href }) => {`,
        `  try {`,
        `    const url = new URL(href);`,
        `    return render(url);`,
        ...catchUnknown('  ', 'open'),
        `});`,
      ),
    },
  ],
});

void it('unguarded-handler: the fixed handler is not reported again', () => {
  assert.deepEqual(findingsOf('unguarded-handler', { name: 'fixed', code: fetchHandlerFixed }).findings, []);
});
