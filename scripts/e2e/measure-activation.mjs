// Measures the extension's activation cost at the Node level, outside VS Code: loads dist/extension.js with a stand-in
// `vscode` module (every API a no-op that returns disposables), calls activate() for a workspace WITHOUT MCP code
// (no package.json depending on an MCP package, no open file importing one) and reports the load and activate times,
// the memory the extension holds afterwards, and whether a language server process was started (it must not be).
// With --mcp, the workspace has a package.json that depends on @modelcontextprotocol/sdk: the server must start.
// Usage: node scripts/e2e/measure-activation.mjs [--mcp] [--runs N]   (prints JSON)
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { REPO } from './host.mjs';

const mcp = process.argv.includes('--mcp');
const runsIndex = process.argv.indexOf('--runs');
const runs = runsIndex > 0 ? Number(process.argv[runsIndex + 1]) : 5;

/** One measurement in a fresh Node process (so module loading is cold each time). */
const child = `
const Module = require('node:module');
const childProcess = require('node:child_process');
const path = require('node:path');
const forks = [];
const originalFork = childProcess.fork;
childProcess.fork = (modulePath, ...rest) => { forks.push(modulePath); return originalFork(process.execPath, ['-e', ''], { stdio: 'ignore' }); };
const manifest = ${JSON.stringify(JSON.stringify({ dependencies: mcp ? { '@modelcontextprotocol/sdk': '^1.0.0' } : { express: '^5.0.0' } }))};
function stub(name) {
  const target = function () {};
  return new Proxy(target, {
    get(_, key) {
      if (key === 'then') return undefined;
      if (key === Symbol.iterator) return function* () {};
      if (key === Symbol.toPrimitive) return () => name;
      if (key === 'dispose') return () => undefined;
      return stub(name + '.' + String(key));
    },
    apply() { return stub(name + '()'); },
    construct() { return stub('new ' + name); },
  });
}
const scratch = require('node:fs').mkdtempSync(path.join(require('node:os').tmpdir(), 'mcp-envelope-activation-'));
process.on('exit', () => require('node:fs').rmSync(scratch, { recursive: true, force: true }));
const fileUri = (name) => { const p = path.join(scratch, name); return { fsPath: p, path: p, scheme: 'file', toString: () => 'file://' + p }; };
const folder = { uri: { fsPath: '/workspace', path: '/workspace', scheme: 'file', toString: () => 'file:///workspace' }, name: 'w', index: 0 };
const event = () => () => ({ dispose() {} });
// The value exports of the vscode API (from @types/vscode), so that esbuild's namespace import copies them all.
const names = [...new Set([...require('node:fs').readFileSync(require.resolve('@types/vscode/index.d.ts', { paths: [${JSON.stringify(REPO)}] }), 'utf8')
  .matchAll(/^\\s*export (?:namespace|class|enum|const|let|function) (\\w+)/gm)].map((m) => m[1]))];
const vscode = new Proxy({}, {
  ownKeys() { return names; },
  getOwnPropertyDescriptor(_, key) { return { configurable: true, enumerable: true, value: vscode[key] }; },
  get(_, key) {
    if (key === 'workspace') return new Proxy({}, { get(_, k) {
      if (k === 'workspaceFolders') return [folder];
      if (k === 'textDocuments') return [];
      if (k === 'findFiles') return async () => [{ path: '/workspace/package.json', fsPath: '/workspace/package.json', scheme: 'file' }];
      if (k === 'fs') return { readFile: async () => new TextEncoder().encode(manifest) };
      if (k === 'getConfiguration') return () => ({ get: (_k, d) => d, has: () => false, inspect: () => undefined, update: async () => undefined });
      if (String(k).startsWith('onDid') || String(k).startsWith('onWill')) return event();
      return stub('workspace.' + String(k));
    } });
    if (key === 'version') return '1.99.0';
    if (key === 'EventEmitter') return class { constructor() { this.event = event(); } fire() {} dispose() {} };
    if (key === 'Disposable') return class { constructor(f) { this.f = f; } dispose() { this.f?.(); } static from() { return { dispose() {} }; } };
    return stub(String(key));
  },
});
const originalLoad = Module._load;
Module._load = function (request, ...rest) { return request === 'vscode' ? vscode : originalLoad.call(this, request, ...rest); };
global.gc?.();
const heapBefore = process.memoryUsage().heapUsed;
const t0 = performance.now();
const extension = require(${JSON.stringify(fileURLToPath(new URL('../../dist/extension.js', import.meta.url)))});
const t1 = performance.now();
const context = { subscriptions: [], asAbsolutePath: (p) => path.join(${JSON.stringify(REPO)}, p), extensionPath: ${JSON.stringify(REPO)},
  extensionUri: fileUri(''), globalState: { get: (_k, d) => d, update: async () => undefined, keys: () => [], setKeysForSync() {} },
  workspaceState: { get: (_k, d) => d, update: async () => undefined, keys: () => [], setKeysForSync() {} }, globalStorageUri: fileUri('global'), storageUri: fileUri('workspace'), logUri: fileUri('log') };
Promise.resolve(extension.activate(context)).then(async () => {
  const t2 = performance.now();
  await new Promise((r) => setTimeout(r, 300)); // let the workspace scan finish
  global.gc?.();
  const heapAfter = process.memoryUsage().heapUsed;
  console.log(JSON.stringify({ loadMs: t1 - t0, activateMs: t2 - t1, heapMB: (heapAfter - heapBefore) / 1048576,
    rssMB: process.memoryUsage().rss / 1048576, serverForks: forks.map((f) => path.basename(String(f))) }));
  process.exit(0);
}, (error) => { console.log(JSON.stringify({ error: String(error && error.stack || error) })); process.exit(1); });
`;

const samples = [];
for (let i = 0; i < runs; i++) {
  const result = spawnSync(process.execPath, ['--expose-gc', '-e', child], { encoding: 'utf8', timeout: 30_000 });
  const line = result.stdout.trim().split('\n').at(-1) ?? '';
  samples.push(JSON.parse(line || JSON.stringify({ error: result.stderr })));
}
const median = (key) => {
  const values = samples
    .map((s) => s[key])
    .filter((v) => typeof v === 'number')
    .sort((a, b) => a - b);
  return values.length ? Number(values[Math.floor(values.length / 2)].toFixed(1)) : undefined;
};
const baseline = spawnSync(process.execPath, ['-e', 'console.log(process.memoryUsage().rss / 1048576)'], {
  encoding: 'utf8',
});
console.log(
  JSON.stringify(
    {
      workspace: mcp ? 'package.json depends on @modelcontextprotocol/sdk' : 'no MCP code',
      runs,
      loadMs: median('loadMs'),
      activateMs: median('activateMs'),
      heapMB: median('heapMB'),
      rssMB: median('rssMB'),
      emptyNodeRssMB: Number(Number(baseline.stdout).toFixed(1)),
      serverStarted: samples.map((s) => (s.serverForks ?? []).length > 0),
      errors: samples.filter((s) => s.error).map((s) => s.error.slice(0, 300)),
    },
    null,
    2,
  ),
);
