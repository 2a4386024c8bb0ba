// The live-side benchmarks:
//  - decoder throughput: a JSONL trace parsed (shared/src/trace.ts parseTrace) and decoded into calls, per second;
//  - the tap's added latency on a stdio tools/call round trip to server-everything, direct and tapped interleaved;
//  - the tap's peak memory (its own maxRSS over that session, read inside the tap process);
//  - the tap's start time (`node dist/tap.js --help`, which loads the whole bundle) vs a bare `node -e 0`.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { median, percentile, timeNodeProcess } from './stats.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const require = createRequire(import.meta.url);

/** @param {string} t @returns {{ type: 'text', text: string }[]} */
const text = (t) => [{ type: 'text', text: t }];

/** A mix of tools/call results in every encoding the decoder reads. */
function sampleResults() {
  return [
    { content: text('Echo: hello') },
    {
      content: text('{"orders":[{"id":1,"total":12.5},{"id":2,"total":8}]}'),
      structuredContent: { orders: [{ id: 1 }, { id: 2 }] },
    },
    { content: text('No matches found.') },
    { content: [] },
    {
      isError: true,
      errorCategory: 'TRANSIENT',
      isRetryable: true,
      retryAfterMs: 1000,
      content: text('[TRANSIENT, retryable] upstream timed out'),
    },
    { isError: true, errorCategory: 'PERMISSION', isRetryable: false, content: text('Access to project 7 denied.') },
    {
      isError: true,
      content: text('{"errorCategory":"validation","isRetryable":false,"message":"limit must be at most 100"}'),
    },
    {
      isError: true,
      structuredContent: { errorCategory: 'NOT_FOUND', isRetryable: false },
      content: text('Order 9 does not exist.'),
    },
    {
      isError: true,
      content: text(
        '{"ok":false,"code":"UPSTREAM_UNAVAILABLE","message":"stock service down","retryable":true,"suggested_action":"wait 30 s"}',
      ),
    },
    { isError: true, content: text('db down at /srv/app/db.js:12') },
    { isError: true, content: text('MCP error -32602: Input validation error: Invalid arguments for tool get-sum') },
    { isError: true, content: text('Operation failed') },
  ];
}

/** The text of a trace file (JSON Lines) of `calls` request/response pairs cycling through the sample results. */
function sampleTraceText(/** @type {number} */ calls) {
  const samples = sampleResults();
  const lines = [];
  for (let i = 0; i < calls; i++) {
    const request = {
      jsonrpc: '2.0',
      id: i,
      method: 'tools/call',
      params: { name: `tool_${i % 7}`, arguments: { q: `query ${i % 97}`, page: i % 5 } },
    };
    const base = { server: 'bench', run: 'bench-run' };
    lines.push(
      JSON.stringify({ ts: new Date(1_700_000_000_000 + i).toISOString(), dir: 'host→server', ...base, msg: request }),
    );
    const response = { jsonrpc: '2.0', id: i, result: samples[i % samples.length] };
    lines.push(
      JSON.stringify({ ts: new Date(1_700_000_000_005 + i).toISOString(), dir: 'server→host', ...base, msg: response }),
    );
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Parses and decodes a trace of `perTrace` calls `rounds` times, from its text, as the CLI and the panel do per file.
 * Needs the compiled shared/ (npx tsc -b).
 */
export function benchDecoder({ perTrace = 10_000, rounds = 20 } = {}) {
  const { parseTrace } = require(path.join(root, 'out/shared/src/trace.js'));
  const { decodeCalls } = require(path.join(root, 'out/shared/src/decoder/index.js'));
  const traceText = sampleTraceText(perTrace);
  /** @returns {number} the calls decoded from the text */
  const parseAndDecode = () => decodeCalls(parseTrace(traceText).entries).length;
  parseAndDecode(); // warm-up
  const started = performance.now();
  for (let round = 0; round < rounds; round++) {
    const decoded = parseAndDecode();
    if (decoded !== perTrace) throw new Error(`expected ${perTrace} calls, decoded ${decoded}`);
  }
  const elapsedMs = performance.now() - started;
  const results = perTrace * rounds;
  return { results, traceBytes: Buffer.byteLength(traceText), perSecond: Math.round(results / (elapsedMs / 1000)) };
}

/**
 * A minimal JSON-RPC client over a child's stdio: one request at a time, answers matched by id.
 * @param {import('node:child_process').ChildProcessByStdio<import('node:stream').Writable, import('node:stream').Readable, null>} child
 */
function rpcClient(child) {
  let buffer = '';
  /** @type {Map<number, (message: unknown) => void>} */
  const waiting = new Map();
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (/** @type {string} */ chunk) => {
    buffer += chunk;
    let newline;
    while ((newline = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      if (!line.trim()) continue;
      const message = JSON.parse(line);
      const resolve = waiting.get(message.id);
      if (resolve) {
        waiting.delete(message.id);
        resolve(message);
      }
    }
  });
  let nextId = 1;
  return {
    /** @param {string} method @param {unknown} params @returns {Promise<unknown>} */
    request(method, params) {
      const id = nextId++;
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
      });
    },
    /** @param {string} method @param {unknown} params */
    notify(method, params) {
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method, params })}\n`);
    },
  };
}

/** @param {string[]} args Node arguments @param {NodeJS.ProcessEnv} env */
async function startSession(args, env) {
  const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'ignore'], env });
  const client = rpcClient(child);
  await client.request('initialize', {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'bench', version: '1' },
  });
  client.notify('notifications/initialized', {});
  return { child, client };
}

/**
 * A module preloaded with `node --require` into the tap's process: on exit it writes the process's peak resident
 * memory (process.resourceUsage().maxRSS, in KiB, on every platform Node runs on) to the file named by an
 * environment variable.
 */
const MAX_RSS_PRELOAD = `process.on('exit', () => require('node:fs').writeFileSync(process.env.BENCH_MAX_RSS_FILE, String(process.resourceUsage().maxRSS)));\n`;

/**
 * Round trips direct and through dist/tap.js, interleaved; the tap's peak memory over the whole session.
 * `tapOptions` go before `--` (`['--repair']`); `failing` sends calls the SDK rejects (an isError answer without a
 * category, which `tap --repair` rewrites) instead of successful echoes.
 */
export async function benchTap({
  calls = Number(process.env.BENCH_CALLS ?? 400),
  tapOptions = /** @type {string[]} */ ([]),
  failing = false,
} = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mcp-envelope-bench-tap-'));
  const server = path.join(root, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
  try {
    const preload = path.join(dir, 'max-rss.cjs');
    const maxRssFile = path.join(dir, 'tap-max-rss');
    writeFileSync(preload, MAX_RSS_PRELOAD);
    const env = { ...process.env, MCP_ENVELOPE_TRACE_DIR: path.join(dir, 'traces') };
    const direct = await startSession([server], env);
    const tapped = await startSession(
      [
        '--require',
        preload,
        path.join(root, 'dist/tap.js'),
        ...tapOptions,
        '--name',
        'bench',
        '--',
        process.execPath,
        server,
      ],
      { ...env, BENCH_MAX_RSS_FILE: maxRssFile },
    );
    /** @type {{ direct: number[], tapped: number[] }} */
    const times = { direct: [], tapped: [] };
    /** @param {typeof direct} session @param {number} index */
    const roundTrip = async (session, index) => {
      const started = process.hrtime.bigint();
      const args = failing ? { message: index } : { message: `ping ${index}` };
      const answer = await session.client.request('tools/call', { name: 'echo', arguments: args });
      if (failing && JSON.stringify(answer).includes('"isError":true') !== true) throw new Error('expected a failure');
      return Number(process.hrtime.bigint() - started) / 1e6;
    };
    for (let i = 0; i < 50; i++) {
      await roundTrip(direct, i);
      await roundTrip(tapped, i);
    }
    for (let i = 0; i < calls; i++) {
      // Alternate the order so neither side always goes first.
      if (i % 2 === 0) {
        times.direct.push(await roundTrip(direct, i));
        times.tapped.push(await roundTrip(tapped, i));
      } else {
        times.tapped.push(await roundTrip(tapped, i));
        times.direct.push(await roundTrip(direct, i));
      }
    }
    for (const session of [direct, tapped]) {
      session.child.stdin.end();
      await new Promise((resolve) => session.child.on('close', resolve));
    }
    return {
      calls,
      directMedianMs: median(times.direct),
      tappedMedianMs: median(times.tapped),
      addedMedianMs: median(times.tapped) - median(times.direct),
      directP90Ms: percentile(times.direct, 0.9),
      tappedP90Ms: percentile(times.tapped, 0.9),
      tapMaxRssMb: Number(readFileSync(maxRssFile, 'utf8')) / 1024,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The tap's start (`node dist/tap.js --help`: load the bundle, print usage, exit) vs `node -e 0`, interleaved. */
export function benchTapStart({ runs = Number(process.env.BENCH_START_RUNS ?? 21) } = {}) {
  const tap = path.join(root, 'dist/tap.js');
  /** @type {number[]} */
  const bare = [];
  /** @type {number[]} */
  const tapped = [];
  for (let run = -2; run < runs; run++) {
    const bareMs = timeNodeProcess(['-e', '0'], root);
    const tapMs = timeNodeProcess([tap, '--help'], root);
    if (run < 0) continue; // warm-up: file cache
    bare.push(bareMs);
    tapped.push(tapMs);
  }
  return { runs, bareMs: median(bare), tapMs: median(tapped) };
}
