/**
 * unguarded-handler on patterns seen in real servers (docs/precision-review.md, patterns 6 and 9 and
 * the calls that are not failures: loggers, result-style results, re-validation with the own schema).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findingsOf, runCheckTable } from '../checkTester';

const header = [
  `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';`,
  `import { z } from 'zod';`,
  `const server = new McpServer({ name: 's', version: '1' });`,
];
const lines = (...body: string[]): string => [...header, ...body].join('\n');

/** The finding's message, or the empty list when the check stays silent. */
function messages(code: string): string[] {
  return findingsOf('unguarded-handler', { name: 'case', code }).findings.map((f) => f.message);
}

const schemaConfig = [
  `const ShoutSchema = z.object({ words: z.string() });`,
  `const config = { title: 'Shout', inputSchema: ShoutSchema };`,
];

runCheckTable('unguarded-handler', {
  valid: [
    {
      name: 're-parsing the arguments with the schema registered as inputSchema (config const)',
      code: lines(
        ...schemaConfig,
        `server.registerTool('shout', config, async (args) => {`,
        `  const checked = ShoutSchema.parse(args);`,
        `  return { content: [{ type: 'text', text: checked.words.toUpperCase() }] };`,
        `});`,
      ),
    },
    {
      name: 're-parsing with the schema whose shape was registered (server.tool with S.shape)',
      code: lines(
        `const SumSchema = z.object({ a: z.number(), b: z.number() });`,
        `server.tool('sum', 'adds', SumSchema.shape, async (input) => {`,
        `  const { a, b } = await SumSchema.parseAsync(input);`,
        `  return { content: [{ type: 'text', text: String(a + b) }] };`,
        `});`,
      ),
    },
    {
      name: 'a synchronous call whose result reports failure, checked with isError',
      code: lines(
        `import { ledger } from './ledger.js';`,
        `server.registerTool('note', {}, async (args) => {`,
        `  const outcome = ledger.recordNote(args);`,
        `  if (outcome.isError) return outcome;`,
        `  return { content: [{ type: 'text', text: 'noted' }] };`,
        `});`,
      ),
    },
    {
      name: 'log lines and map/URLSearchParams bookkeeping are not failures',
      code: lines(
        `import { log, logger } from './log.js';`,
        `const pending = new Map<string, number>();`,
        `server.registerTool('forget', {}, async ({ id }) => {`,
        `  log('forget called');`,
        `  logger.info('forgetting', id);`,
        `  pending.delete(id);`,
        `  const query = new URLSearchParams();`,
        `  query.append('id', id);`,
        `  return { content: [{ type: 'text', text: query.toString() }] };`,
        `});`,
      ),
    },
    {
      name: 'fs.existsSync / existsSync answer false instead of throwing',
      code: lines(
        `import * as fs from 'node:fs';`,
        `import { existsSync } from 'node:fs';`,
        `server.registerTool('has_report', {}, async ({ dir }) => {`,
        `  const here = fs.existsSync(dir) && existsSync(dir + '/report.md');`,
        `  return { content: [{ type: 'text', text: here ? 'yes' : 'no' }] };`,
        `});`,
      ),
    },
    {
      name: 'waiting with a timer promise and clearing an interval are not failures',
      code: lines(
        `const tickers = new Map<string, ReturnType<typeof setInterval>>();`,
        `server.registerTool('calm_down', {}, async ({ id }) => {`,
        `  clearInterval(tickers.get(id));`,
        `  await new Promise((resolve) => setTimeout(resolve, 200));`,
        `  return { content: [{ type: 'text', text: 'calm' }] };`,
        `});`,
      ),
    },
    {
      name: 'the working directory, the home folder and a regular expression test are not failures',
      code: lines(
        `import * as os from 'node:os';`,
        `server.registerTool('where', {}, async ({ name }) => {`,
        `  const base = /^~/.test(name) ? os.homedir() : process.cwd();`,
        `  return { content: [{ type: 'text', text: base + '/' + name }] };`,
        `});`,
      ),
    },
    {
      name: 'an accessor with no arguments (getX()) reads state; the guarded work is not reported',
      code: lines(
        `server.registerTool('caps', {}, async (_args, extra) => {`,
        `  const caps = server.server.getClientCapabilities() || {};`,
        `  try {`,
        `    await extra.sendNotification({ method: 'notifications/message', params: {} });`,
        `  } catch {}`,
        `  return { content: [{ type: 'text', text: JSON.stringify(caps) }] };`,
        `});`,
      ),
    },
    {
      name: 'a synchronous lookup whose miss is tested right after',
      code: lines(
        `import { tunnels } from './tunnels.js';`,
        `server.registerTool('tunnel_info', {}, async ({ id }) => {`,
        `  const tunnel = tunnels.getTunnel(id);`,
        `  if (!tunnel) return { isError: true, content: [{ type: 'text', text: 'no such tunnel' }] };`,
        `  return { content: [{ type: 'text', text: tunnel.name }] };`,
        `});`,
      ),
    },
    {
      name: 'Promise.all over a map whose callback (a nested function) catches every error',
      code: lines(
        `server.registerTool('read_pages', {}, async ({ paths }) => {`,
        `  async function readPage(path: string) {`,
        `    try {`,
        `      return { text: await pages.read(path), ok: true };`,
        `    } catch (error) {`,
        `      return { text: \`could not read \${path}\`, ok: false };`,
        `    }`,
        `  }`,
        `  const read = await Promise.all(paths.map(readPage));`,
        `  return { isError: read.some((r) => !r.ok), content: [{ type: 'text', text: read.map((r) => r.text).join('\\n') }] };`,
        `});`,
      ),
    },
    {
      name: 'Promise.all over a map whose inline callback catches every error',
      code: lines(
        `server.registerTool('ping_all', {}, async ({ hosts }) => {`,
        `  const answers = await Promise.all(`,
        `    hosts.map(async (host: string) => {`,
        `      try {`,
        `        return await pinger.ping(host);`,
        `      } catch {`,
        `        return 'unreachable';`,
        `      }`,
        `    }),`,
        `  );`,
        `  return { content: [{ type: 'text', text: answers.join(', ') }] };`,
        `});`,
      ),
    },
    {
      name: "an imported builder named for the tool's output (toolErrorOutput) before the try",
      code: lines(
        `import toolErrorOutput from './lib/toolErrorOutput.js';`,
        `server.registerTool('rank', {}, async ({ file }) => {`,
        `  if (!file) return toolErrorOutput('file is required');`,
        `  try {`,
        `    return { content: [{ type: 'text', text: await ranker.rank(file) }] };`,
        `  } catch (error) {`,
        `    return toolErrorOutput(String(error));`,
        `  }`,
        `});`,
      ),
    },
  ],
  invalid: [],
});

describe('unguarded-handler: near misses still fire', () => {
  it('parsing with a schema that is not the registered one', () => {
    const found = messages(
      lines(
        ...schemaConfig,
        `const StrictShout = z.object({ words: z.string().max(5) });`,
        `server.registerTool('shout', config, async (args) => {`,
        `  const checked = StrictShout.parse(args);`,
        `  return { content: [{ type: 'text', text: checked.words }] };`,
        `});`,
      ),
    );
    assert.equal(found.length, 1);
    assert.match(found[0], /runs `StrictShout\.parse\(…\)`/);
  });

  it('Promise.all over a map whose callback can reject still counts', () => {
    const found = messages(
      lines(
        `server.registerTool('read_pages', {}, async ({ paths }) => {`,
        `  async function readPage(path: string) {`,
        `    return { text: await pages.read(path), ok: true };`,
        `  }`,
        `  const read = await Promise.all(paths.map(readPage));`,
        `  return { content: [{ type: 'text', text: read.map((r) => r.text).join('') }] };`,
        `});`,
      ),
    );
    assert.equal(found.length, 1);
    assert.match(found[0], /runs `await Promise\.all\(…\)`/);
  });

  it('an imported call named for output that does work (loadOutput) still counts', () => {
    const found = messages(
      lines(
        `import { loadOutput } from './lib/outputs.js';`,
        `server.registerTool('rank', {}, async ({ file }) => {`,
        `  const previous = loadOutput(file);`,
        `  return { content: [{ type: 'text', text: String(previous) }] };`,
        `});`,
      ),
    );
    assert.equal(found.length, 1);
    assert.match(found[0], /runs `loadOutput\(…\)`/);
  });

  it('parsing something other than the arguments with the registered schema', () => {
    const found = messages(
      lines(
        ...schemaConfig,
        `server.registerTool('shout', config, async (args) => {`,
        `  const checked = ShoutSchema.parse(JSON.parse(args.words));`,
        `  return { content: [{ type: 'text', text: checked.words }] };`,
        `});`,
      ),
    );
    assert.equal(found.length, 1);
  });

  it('names the await that can fail, not the builder chain written before it', () => {
    const found = messages(
      lines(
        `import { CliCommand, runner } from './cli.js';`,
        `server.registerTool('list_apps', {}, async ({ team }) => {`,
        `  const command = new CliCommand('apps').withFlag('team', team).build();`,
        `  const output = await runner.execute(command);`,
        `  return { content: [{ type: 'text', text: output }] };`,
        `});`,
      ),
    );
    assert.equal(found.length, 1);
    assert.match(found[0], /runs `await runner\.execute\(…\)`/);
  });

  it('a promise that can reject is not a timer', () => {
    const found = messages(
      lines(
        `server.registerTool('drain', {}, async ({ id }) => {`,
        `  await new Promise((resolve, reject) => pipes.get(id).on('close', resolve).on('error', reject));`,
        `  return { content: [{ type: 'text', text: 'drained' }] };`,
        `});`,
      ),
    );
    assert.equal(found.length, 1);
    assert.match(found[0], /await new Promise/);
  });

  it('names the await, not a helper whose only unguarded call is an unknown synchronous one', () => {
    const found = messages(
      lines(
        `import { registry, store } from './deps.js';`,
        `function pickName(raw: string) {`,
        `  return registry.normalise(raw);`,
        `}`,
        `server.registerTool('save', {}, async ({ raw }) => {`,
        `  const name = pickName(raw);`,
        `  await store.save(name);`,
        `  return { content: [{ type: 'text', text: name }] };`,
        `});`,
      ),
    );
    assert.equal(found.length, 1);
    assert.match(found[0], /runs `await store\.save\(…\)`/);
  });

  it('reading the file whose existence was tested still counts', () => {
    const found = messages(
      lines(
        `import * as fs from 'node:fs';`,
        `server.registerTool('read_report', {}, async ({ file }) => {`,
        `  if (!fs.existsSync(file)) return { content: [{ type: 'text', text: 'none' }] };`,
        `  return { content: [{ type: 'text', text: fs.readFileSync(file, 'utf8') }] };`,
        `});`,
      ),
    );
    assert.equal(found.length, 1);
    assert.match(found[0], /runs `fs\.readFileSync\(…\)`/);
  });

  it('a getter that takes arguments, or an awaited one, still counts', () => {
    const found = messages(
      lines(
        `import { vault } from './vault.js';`,
        `server.registerTool('secret', {}, async ({ name }) => {`,
        `  const value = vault.getSecret(name);`,
        `  const owner = await vault.getOwner();`,
        `  return { content: [{ type: 'text', text: value + owner }] };`,
        `});`,
      ),
    );
    assert.equal(found.length, 1);
    assert.match(found[0], /runs `await vault\.getOwner\(…\)`/);
  });

  it('an awaited lookup, or a lookup whose miss is not tested, still counts', () => {
    const awaited = messages(
      lines(
        `import { tunnels } from './tunnels.js';`,
        `server.registerTool('tunnel_info', {}, async ({ id }) => {`,
        `  const tunnel = await tunnels.getTunnel(id);`,
        `  if (!tunnel) return { isError: true, content: [{ type: 'text', text: 'no such tunnel' }] };`,
        `  return { content: [{ type: 'text', text: tunnel.name }] };`,
        `});`,
      ),
    );
    assert.equal(awaited.length, 1);
    const untested = messages(
      lines(
        `import { tunnels } from './tunnels.js';`,
        `server.registerTool('tunnel_info', {}, async ({ id }) => {`,
        `  const tunnel = tunnels.getTunnel(id);`,
        `  return { content: [{ type: 'text', text: tunnel.name }] };`,
        `});`,
      ),
    );
    assert.equal(untested.length, 1);
  });

  it('a synchronous result that is never checked still counts', () => {
    const found = messages(
      lines(
        `import { ledger } from './ledger.js';`,
        `server.registerTool('note', {}, async (args) => {`,
        `  const outcome = ledger.recordNote(args);`,
        `  return outcome;`,
        `});`,
      ),
    );
    assert.equal(found.length, 1);
    assert.match(found[0], /ledger\.recordNote/);
  });

  it('a parse whose result has an error field checked is still a parse that throws', () => {
    const found = messages(
      lines(
        `server.registerTool('decode', {}, async ({ raw }) => {`,
        `  const body = JSON.parse(raw);`,
        `  if (body.error) return { isError: true, content: [{ type: 'text', text: 'bad body' }] };`,
        `  return { content: [{ type: 'text', text: 'ok' }] };`,
        `});`,
      ),
    );
    assert.equal(found.length, 1);
    assert.match(found[0], /JSON\.parse/);
  });
});
