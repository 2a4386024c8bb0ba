// The editor benchmarks: check cost vs bare parsing over a generated corpus of handler files (in one process and as
// processes), and re-publish latency after an edit of a 3,000-line file through a real LSP client.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { median, timeNodeProcess } from './stats.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const require = createRequire(import.meta.url);
/** @type {typeof import('typescript')} */
const ts = require('typescript');
const corpusDir = path.join(root, 'bench', 'corpus');
const FILES = Number(process.env.BENCH_FILES ?? 600);

/** One generated server file with six tool handlers (a mix of right and wrong envelopes). @param {number} i */
function handlerFile(i) {
  const tools = [];
  for (let t = 0; t < 6; t++) {
    const name = `tool_${i}_${t}`;
    const variant = (i + t) % 6;
    const bodies = [
      `  const rows = await db.query('select * from orders where customer = $1', [args.customer]);\n  if (rows.length === 0) {\n    return { isError: true, content: [{ type: 'text', text: 'No orders' }] };\n  }\n  return { content: [{ type: 'text', text: JSON.stringify(rows) }] };`,
      `  try {\n    const res = await fetch(\`https://api.example.test/orders/\${args.id}\`);\n    if (res.status === 429) {\n      return { isError: true, errorCategory: 'TRANSIENT', isRetryable: true, retryAfterMs: 1000, content: [{ type: 'text', text: '[TRANSIENT, retryable] rate limited by orders API' }] };\n    }\n    return { content: [{ type: 'text', text: await res.text() }] };\n  } catch (err) {\n    return { isError: true, errorCategory: 'UNKNOWN', isRetryable: false, content: [{ type: 'text', text: '[UNKNOWN, not retryable] ' + (err instanceof Error ? err.message : 'unexpected failure') }] };\n  }`,
      `  if (!args.id) throw new Error('id must be a non-empty string');\n  const order = orders.get(args.id);\n  return { content: [{ type: 'text', text: JSON.stringify(order ?? null) }] };`,
      `  for (let attempt = 0; attempt < 3; attempt++) {\n    try {\n      return { content: [{ type: 'text', text: await upstream.call(args) }] };\n    } catch (e) {\n      await sleep(100 * 2 ** attempt);\n      continue;\n    }\n  }\n  return { isError: true, errorCategory: 'transient', content: [{ type: 'text', text: 'Operation failed' }] };`,
      `  const refund = await payments.refund(args.orderId, args.amount);\n  if (args.amount > 500) {\n    return { isError: true, errorCategory: 'BUSINESS', isRetryable: true, content: [{ type: 'text', text: 'Refunds above 500 EUR need a manager: policy R-12' }] };\n  }\n  return { content: [{ type: 'text', text: \`refund \${refund.id} created\` }] };`,
      `  const items = args.items.map((item) => ({ ...item, total: item.qty * item.price }));\n  const sum = items.reduce((a, b) => a + b.total, 0);\n  return { content: [{ type: 'text', text: \`total \${sum}\` }], structuredContent: { items, sum } };`,
    ];
    tools.push({ name, body: bodies[variant] });
  }
  const filler = Array.from(
    { length: 12 },
    (_, k) =>
      `export function helper${k}(value: number): number {\n  const doubled = value * 2;\n  return doubled + ${k};\n}\n`,
  ).join('\n');
  return registrationStyles[i % registrationStyles.length](i, tools, filler);
}

const SCHEMA = `{ id: z.string(), customer: z.string(), amount: z.number(), orderId: z.string(), items: z.array(z.object({ qty: z.number(), price: z.number() })) }`;
const SDK_HEADER = (i) =>
  `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nimport { z } from 'zod';\nimport { db, orders, payments, upstream, sleep } from './deps';\n\nconst server = new McpServer({ name: 'bench-${i}', version: '1.0.0' });\n\n`;

/** The registration styles tool discovery understands (docs/tool-discovery.md), one per file in turn. */
const registrationStyles = [
  // The SDK's own registerTool with literal names.
  (i, tools, filler) =>
    `${SDK_HEADER(i)}${tools
      .map(
        (t) =>
          `server.registerTool(\n  '${t.name}',\n  { description: 'Tool ${t.name}', inputSchema: ${SCHEMA} },\n  async (args) => {\n${t.body}\n  },\n);\n`,
      )
      .join('\n')}\n${filler}\nexport default server;\n`,
  // A local wrapper called bare, names from a names object, a higher-order handler.
  (i, tools, filler) =>
    `${SDK_HEADER(i)}const NAMES = { ${tools.map((t, k) => `t${k}: '${t.name}'`).join(', ')} } as const;\nconst withTiming = (fn) => async (args) => fn(args);\nconst tool = (name: string, description: string, handler: (args: any) => Promise<unknown>) =>\n  server.registerTool(name, { description, inputSchema: ${SCHEMA} }, handler);\n\n${tools
      .map((t, k) => `tool(NAMES.t${k}, 'Tool ${t.name}', withTiming(async (args) => {\n${t.body}\n}));\n`)
      .join('\n')}\n${filler}\nexport default server;\n`,
  // Definition objects in an array, registered in a loop.
  (i, tools, filler) =>
    `${SDK_HEADER(i)}export const definitions = [\n${tools
      .map(
        (t) =>
          `  {\n    name: '${t.name}',\n    description: 'Tool ${t.name}',\n    inputSchema: ${SCHEMA},\n    handler: async (args) => {\n${t.body}\n    },\n  },\n`,
      )
      .join(
        '',
      )}];\nfor (const definition of definitions) server.registerTool(definition.name, { description: definition.description, inputSchema: definition.inputSchema }, definition.handler);\n\n${filler}\nexport default server;\n`,
  // Class-based tools on a base class (in base.ts) that registers this.name.
  (i, tools, filler) =>
    `import { z } from 'zod';\nimport { BenchToolBase } from './base';\nimport { db, orders, payments, upstream, sleep } from './deps';\n\n${tools
      .map(
        (t, k) =>
          `export class Tool${i}x${k} extends BenchToolBase {\n  name = '${t.name}';\n  inputSchema = ${SCHEMA};\n  async execute(args) {\n${t.body}\n  }\n}\n`,
      )
      .join('\n')}\n${filler}\n`,
  // A tools/call dispatcher switching to per-tool functions.
  (i, tools, filler) =>
    `import { Server } from '@modelcontextprotocol/sdk/server/index.js';\nimport { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';\nimport { db, orders, payments, upstream, sleep } from './deps';\n\nconst server = new Server({ name: 'bench-${i}', version: '1.0.0' }, { capabilities: { tools: {} } });\n\n${tools
      .map((t, k) => `async function handle${k}(args) {\n${t.body}\n}\n`)
      .join(
        '\n',
      )}\nserver.setRequestHandler(CallToolRequestSchema, async (request) => {\n  const { name, arguments: args } = request.params;\n  switch (name) {\n${tools
      .map((t, k) => `    case '${t.name}':\n      return handle${k}(args);\n`)
      .join(
        '',
      )}    default:\n      return { isError: true, errorCategory: 'NOT_FOUND', isRetryable: false, content: [{ type: 'text', text: \`unknown tool \${name}\` }] };\n  }\n});\n\n${filler}\nexport default server;\n`,
  // Method decorators (MCP-Nest): each decorated method is a tool.
  (i, tools, filler) =>
    `import { Injectable } from '@nestjs/common';\nimport { Tool } from '@rekog/mcp-nest';\nimport { z } from 'zod';\nimport { db, orders, payments, upstream, sleep } from './deps';\n\n@Injectable()\nexport class BenchTools${i} {\n${tools
      .map(
        (t, k) =>
          `  @Tool({ name: '${t.name}', description: 'Tool ${t.name}', parameters: z.object(${SCHEMA}) })\n  async handle${k}(args) {\n${t.body}\n  }\n`,
      )
      .join('\n')}}\n\n${filler}\n`,
  // Computed names: a string enum, templates over a constant imported from names.ts, a wrapper imported from
  // wrappers.ts (a wrapper of another file), FastMCP-style addTool definition objects.
  (i, tools, filler) =>
    `${SDK_HEADER(i)}import { PREFIX } from './names';\nimport { defineTool } from './wrappers';\n\nenum ToolName {\n${tools
      .map((t, k) => `  T${k} = '${t.name}',\n`)
      .join('')}}\n\n${tools
      .map((t, k) =>
        k % 3 === 0
          ? `server.tool(ToolName.T${k}, 'Tool ${t.name}', ${SCHEMA}, async (args) => {\n${t.body}\n});\n`
          : k % 3 === 1
            ? `defineTool(server, \`\${PREFIX}_${t.name}\`, 'Tool ${t.name}', async (args) => {\n${t.body}\n});\n`
            : `server.addTool({\n  name: PREFIX + '_${t.name}',\n  description: 'Tool ${t.name}',\n  parameters: z.object(${SCHEMA}),\n  execute: async (args) => {\n${t.body}\n  },\n});\n`,
      )
      .join('\n')}\n${filler}\nexport default server;\n`,
  // A tools/call dispatcher that looks handlers up in a table keyed by tool name.
  (i, tools, filler) =>
    `import { Server } from '@modelcontextprotocol/sdk/server/index.js';\nimport { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';\nimport { db, orders, payments, upstream, sleep } from './deps';\n\nconst server = new Server({ name: 'bench-${i}', version: '1.0.0' }, { capabilities: { tools: {} } });\n\nconst HANDLERS: Record<string, (args: any) => Promise<unknown>> = {\n${tools
      .map((t) => `  ${t.name}: async (args) => {\n${t.body}\n  },\n`)
      .join(
        '',
      )}};\n\nserver.setRequestHandler(CallToolRequestSchema, async (request) => {\n  const handler = HANDLERS[request.params.name];\n  if (!handler) {\n    return { isError: true, errorCategory: 'NOT_FOUND', isRetryable: false, content: [{ type: 'text', text: \`unknown tool \${request.params.name}\` }] };\n  }\n  return handler(request.params.arguments);\n});\n\n${filler}\nexport default server;\n`,
];

const BASE_FILE = `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nexport abstract class BenchToolBase {\n  abstract name: string;\n  abstract inputSchema: object;\n  abstract execute(args: unknown): Promise<unknown>;\n  register(server: McpServer) {\n    server.registerTool(this.name, { inputSchema: this.inputSchema }, async (args) => this.execute(args));\n  }\n}\n`;

const NAMES_FILE = `export const PREFIX = 'bench';\n`;
const WRAPPERS_FILE = `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nexport function defineTool(server: McpServer, name: string, description: string, handler: (args: any) => Promise<unknown>) {\n  return server.registerTool(name, { description }, handler);\n}\n`;

/** Writes the corpus to bench/corpus/ (git-ignored). */
export function makeCorpus() {
  rmSync(corpusDir, { recursive: true, force: true });
  mkdirSync(corpusDir, { recursive: true });
  for (let i = 0; i < FILES; i++)
    writeFileSync(path.join(corpusDir, `server${String(i).padStart(4, '0')}.ts`), handlerFile(i));
  writeFileSync(path.join(corpusDir, 'base.ts'), BASE_FILE);
  writeFileSync(path.join(corpusDir, 'names.ts'), NAMES_FILE);
  writeFileSync(path.join(corpusDir, 'wrappers.ts'), WRAPPERS_FILE);
  // Relevance is decided by the project: the corpus is an MCP server's package.
  writeFileSync(
    path.join(corpusDir, 'package.json'),
    JSON.stringify({
      name: 'bench-corpus',
      private: true,
      dependencies: { '@modelcontextprotocol/sdk': '*', zod: '*' },
    }),
  );
}

/** Engine (parse + all checks) vs bare `ts.createSourceFile`, in one process after warm-up. */
export function benchInProcess() {
  const { engineSettings, DEFAULT_SETTINGS } = require(path.join(root, 'out/engine/src/settings.js'));
  const { Project } = require(path.join(root, 'out/engine/src/discovery/project.js'));
  const { analyseWorkspace, indexWorkspace } = require(path.join(root, 'out/engine/src/discovery/workspaceIndex.js'));
  const settings = engineSettings(DEFAULT_SETTINGS);
  const manifests = [path.join(corpusDir, 'package.json')];
  const files = readdirSync(corpusDir)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => path.join(corpusDir, f));
  const texts = files.map((f) => readFileSync(f, 'utf8'));
  const lines = texts.reduce((n, t) => n + t.split('\n').length, 0);
  const parseRuns = [];
  const checkRuns = [];
  let findings = 0;
  // Two warm-up rounds of each (JIT, caches) are discarded; then parse and check alternate.
  for (let run = -2; run < 9; run++) {
    let t = performance.now();
    for (let i = 0; i < texts.length; i++) ts.createSourceFile(files[i], texts[i], ts.ScriptTarget.Latest, true);
    if (run >= 0) parseRuns.push(performance.now() - t);
    t = performance.now();
    findings = 0;
    // What `check` does: index the workspace (cross-file wrappers, base classes, handlers) and analyse every file
    // (analyseWorkspace: each file as soon as it is indexed, again at the end if files indexed later changed it).
    const project = new Project();
    const workspace = files.map((fileName, i) => ({ fileName, text: texts[i] }));
    const outcomes = analyseWorkspace(
      project,
      workspace,
      settings,
      manifests,
      (_file, result) => result.findings.length,
    );
    for (const outcome of outcomes.values()) if (outcome.kind === 'analysed') findings += outcome.value;
    if (run >= 0) checkRuns.push(performance.now() - t);
  }
  const project = new Project();
  const workspace = files.map((fileName, i) => ({ fileName, text: texts[i] }));
  indexWorkspace(project, workspace, settings, manifests);
  let tools = 0;
  for (const { fileName, text } of workspace) {
    const scan = project.indexText(fileName, text, settings).scan;
    tools += scan ? scan.registrations.filter((/** @type {{ listed: boolean }} */ r) => r.listed).length : 0;
  }
  return { files: files.length, lines, parse: median(parseRuns), check: median(checkRuns), findings, tools };
}

/** @returns {{ parse: number, check: number }} medians in ms */
export function benchProcesses() {
  const parseScript = `const ts=require('typescript');const fs=require('fs');const p=require('path');const d=${JSON.stringify(corpusDir)};for(const f of fs.readdirSync(d).filter(f=>f.endsWith('.ts'))){ts.createSourceFile(f,fs.readFileSync(p.join(d,f),'utf8'),ts.ScriptTarget.Latest,true);}`;
  /** @param {string[]} args */
  const time = (args) => timeNodeProcess(args, root);
  const parse = [];
  const check = [];
  for (let run = 0; run < 5; run++) {
    parse.push(time(['-e', parseScript]));
    check.push(time(['dist/cli.js', 'check', 'bench/corpus', '--format', 'json']));
  }
  return { parse: median(parse), check: median(check) };
}

/** Re-publish latency after edits of a 3,000-line file, through a real LSP client. */
export async function benchLsp() {
  const { LspTestClient } = require(path.join(root, 'out/test/integration/lsp/lspTestClient.js'));
  const client = new LspTestClient();
  await client.initialize(null);
  const header = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nconst server = new McpServer({ name: 'big', version: '1' });\n`;
  /** @param {number} i */
  const block = (i) =>
    `server.registerTool('t${i}', {}, async ({ id }: { id: string }) => {\n  if (!id) {\n    return { isError: true, errorCategory: 'VALIDATION', content: [{ type: 'text', text: 'id must be set' }] };\n  }\n  const value = ${i} * 2;\n  return { content: [{ type: 'text', text: String(value) }] };\n});\n`;
  let text = header;
  let i = 0;
  while (text.split('\n').length < 3000) text += block(i++);
  const lineCount = text.split('\n').length;
  const uri = 'file:///bench/big.ts';
  await client.open(uri, text);
  await client.waitForDiagnostics(uri, (/** @type {unknown[]} */ d) => d.length > 0, 1, 30000);
  const latencies = [];
  for (let version = 2; version < 42; version++) {
    const edited = text.replace("'id must be set'", `'id must be set (${version})'`);
    const t = performance.now();
    await client.replace(uri, version, edited);
    await client.waitForDiagnostics(uri, () => true, version, 30000);
    latencies.push(performance.now() - t);
  }
  await client.dispose();
  return { lines: lineCount, median: median(latencies.slice(5)), max: Math.max(...latencies.slice(5)) };
}
