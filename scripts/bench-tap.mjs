// Benchmarks for the live side (measured, not asserted):
//  1. decoder throughput: tools/call results decoded per second (target ≥ 50,000/s), exported as benchDecoder()
//     so `scripts/bench.mjs` can call it;
//  2. tap latency: tools/call round trip over stdio to server-everything, direct vs through the tap, interleaved
//     in one run; the median added latency (target < 1 ms).
// Run: node scripts/bench-tap.mjs   (BENCH_CALLS=N to change the number of round trips per side)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);

/** Bundles a TypeScript entry (given as source) into a CommonJS file in `dir`. */
async function bundle(dir, name, contents) {
  const outfile = path.join(dir, `${name}.cjs`);
  await esbuild.build({
    stdin: { contents, resolveDir: root, loader: 'ts', sourcefile: `${name}.ts` },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    outfile,
    logLevel: 'warning',
  });
  return outfile;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const percentile = (values, p) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];

/** A mix of results in every encoding the decoder reads. */
function sampleResults() {
  const text = (t) => [{ type: 'text', text: t }];
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

/** A trace of `calls` request/response pairs cycling through the sample results. */
function sampleTrace(calls) {
  const samples = sampleResults();
  const entries = [];
  for (let i = 0; i < calls; i++) {
    const args = { q: `query ${i % 97}`, page: i % 5 };
    const request = { jsonrpc: '2.0', id: i, method: 'tools/call', params: { name: `tool_${i % 7}`, arguments: args } };
    entries.push({
      ts: new Date(1_700_000_000_000 + i).toISOString(),
      dir: 'host→server',
      server: 'bench',
      msg: request,
    });
    const response = { jsonrpc: '2.0', id: i, result: samples[i % samples.length] };
    entries.push({
      ts: new Date(1_700_000_000_005 + i).toISOString(),
      dir: 'server→host',
      server: 'bench',
      msg: response,
    });
  }
  return entries;
}

/** Decodes traces of `perTrace` calls `rounds` times (each round a fresh decode, as the CLI does per file). */
export async function benchDecoder({ perTrace = 10_000, rounds = 20 } = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mcp-envelope-bench-'));
  try {
    const file = await bundle(dir, 'decoder', `export { decodeCalls, decodeToolResult } from './shared/src/decoder';`);
    const { decodeCalls, decodeToolResult } = require(file);
    const entries = sampleTrace(perTrace);
    const samples = sampleResults();
    decodeCalls(entries); // warm up
    let started = performance.now();
    for (let round = 0; round < rounds; round++) {
      const calls = decodeCalls(entries);
      if (calls.length !== perTrace) throw new Error(`expected ${perTrace} calls, decoded ${calls.length}`);
    }
    const pairedMs = performance.now() - started;
    const results = perTrace * rounds;
    started = performance.now();
    for (let i = 0; i < results; i++) decodeToolResult(samples[i % samples.length]);
    const resultOnlyMs = performance.now() - started;
    return {
      results,
      pairedPerSecond: Math.round(results / (pairedMs / 1000)),
      resultOnlyPerSecond: Math.round(results / (resultOnlyMs / 1000)),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A minimal JSON-RPC client over a child's stdio: one request at a time, answers matched by id. */
function rpcClient(child) {
  let buffer = '';
  const waiting = new Map();
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk) => {
    buffer += chunk;
    let newline;
    while ((newline = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      if (!line.trim()) continue;
      const message = JSON.parse(line);
      if (message.id !== undefined && waiting.has(message.id)) {
        waiting.get(message.id)(message);
        waiting.delete(message.id);
      }
    }
  });
  let nextId = 1;
  return {
    request(method, params) {
      const id = nextId++;
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
      });
    },
    notify(method, params) {
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method, params })}\n`);
    },
  };
}

async function startSession(command, args, env) {
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'ignore'], env });
  const client = rpcClient(child);
  await client.request('initialize', {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'bench', version: '1' },
  });
  client.notify('notifications/initialized', {});
  return { child, client };
}

export async function benchTap({ calls = Number(process.env.BENCH_CALLS ?? 400) } = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mcp-envelope-bench-tap-'));
  const server = path.join(root, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
  try {
    const tapEntry = path.join(root, 'dist/tap.js');
    const env = { ...process.env, MCP_ENVELOPE_TRACE_DIR: path.join(dir, 'traces') };
    const direct = await startSession(process.execPath, [server], env);
    const tapped = await startSession(
      process.execPath,
      [tapEntry, '--name', 'bench', '--', process.execPath, server],
      env,
    );
    const times = { direct: [], tapped: [] };
    const roundTrip = async (session, index) => {
      const started = process.hrtime.bigint();
      await session.client.request('tools/call', { name: 'echo', arguments: { message: `ping ${index}` } });
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
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const decoder = await benchDecoder();
  console.log(
    `decoder: ${decoder.pairedPerSecond.toLocaleString('en')} results/s paired from a trace, ` +
      `${decoder.resultOnlyPerSecond.toLocaleString('en')} results/s decodeToolResult alone ` +
      `(${decoder.results.toLocaleString('en')} results in traces of 10,000 calls; target ≥ 50,000/s)`,
  );
  const tap = await benchTap();
  const ms = (value) => `${value.toFixed(3)} ms`;
  console.log(
    `tap: tools/call round trip over stdio (${tap.calls} per side, interleaved): direct median ${ms(tap.directMedianMs)} ` +
      `(p90 ${ms(tap.directP90Ms)}), through the tap median ${ms(tap.tappedMedianMs)} (p90 ${ms(tap.tappedP90Ms)}); ` +
      `added median ${ms(tap.addedMedianMs)} (target < 1 ms)`,
  );
}
