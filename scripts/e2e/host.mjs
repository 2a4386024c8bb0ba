// Shared pieces of the real-VS-Code harness: paths, free ports, process groups, the two kinds of
// server (the bundled VS Code server for the mocha suite, code-server for the UI flow) and the
// headless browser. Used by run.mjs, ui-flow.mjs and ../start.mjs.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Where setup.mjs installs the host; MCP_ENVELOPE_E2E_CACHE moves it (for a CI cache, say). */
export const CACHE_DIR = process.env.MCP_ENVELOPE_E2E_CACHE
  ? resolve(process.env.MCP_ENVELOPE_E2E_CACHE)
  : join(REPO, '.cache', 'e2e');
export const CHROMIUM = '/usr/bin/chromium';

/** Exit codes shared by the e2e scripts (documented in docs/testing.md). */
export const EXIT = { pass: 0, fail: 1, usage: 2, hostMissing: 3, timeout: 4, buildFailed: 5 };

export const BROWSER_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export function log(message) {
  process.stdout.write(`[e2e] ${message}\n`);
}

/** Runs a command in the repo, inheriting stdio; returns true when it exits 0. */
export function runStep(label, command, args, options = {}) {
  log(`${label}: ${command} ${args.join(' ')}`);
  // npm.cmd is a batch file: since Node 20.12 Windows runs those only through a shell.
  const shell = process.platform === 'win32' && command.endsWith('.cmd');
  const result = spawnSync(command, args, { cwd: REPO, stdio: 'inherit', shell, ...options });
  return result.status === 0;
}

export function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A fresh scratch folder with the sub-folders a VS Code server needs. */
export function makeScratch(prefix) {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const dirs = { root };
  for (const name of ['user-data', 'server-data', 'extensions', 'xdg-config', 'xdg-data', 'workspace']) {
    dirs[name.replace(/-(\w)/g, (_, c) => c.toUpperCase())] = join(root, name);
    mkdirSync(join(root, name), { recursive: true });
  }
  return dirs;
}

/**
 * Copies examples/ (without node_modules, out, dist) into `target` and returns `target`. A symlink to
 * the repo's node_modules lets TypeScript resolve the SDK and zod imports, as in a real project.
 */
export function copyExamples(target) {
  const source = join(REPO, 'examples');
  if (!existsSync(source)) throw new Error(`examples/ is missing at ${source}`);
  const skipped = new Set(['node_modules', 'out', 'dist', '.cache']);
  cpSync(source, target, {
    recursive: true,
    filter: (path) => !skipped.has(path.slice(path.lastIndexOf('/') + 1)),
  });
  const modules = join(REPO, 'node_modules');
  if (existsSync(modules) && !existsSync(join(target, 'node_modules')))
    symlinkSync(modules, join(target, 'node_modules'), 'dir');
  return target;
}

export function removeScratch(dirs) {
  if (process.env.E2E_KEEP_SCRATCH) {
    log(`kept scratch folder ${dirs.root}`);
    return;
  }
  rmSync(dirs.root, { recursive: true, force: true });
}

/** Environment for a server: the host's Node first on PATH, XDG folders inside the scratch. */
export function serverEnv(host, dirs) {
  return {
    ...process.env,
    PATH: `${dirname(host.node)}:${process.env.PATH ?? ''}`,
    XDG_CONFIG_HOME: dirs.xdgConfig,
    XDG_DATA_HOME: dirs.xdgData,
    VSCODE_CLI_DISABLE_TELEMETRY: '1',
  };
}

/**
 * Starts a process in its own process group (setsid) so that stopGroup() can end it together with
 * every child it spawned (the extension host, the language server, the agent host).
 */
export function startGroup(command, args, { env, onLine, cwd = REPO }) {
  const child = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const relay = (stream) => {
    let pending = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) onLine?.(line);
    });
  };
  relay(child.stdout);
  relay(child.stderr);
  return child;
}

export async function stopGroup(child) {
  if (!child || child.pid === undefined) return;
  const signalGroup = (signal) => {
    try {
      process.kill(-child.pid, signal);
      return true;
    } catch {
      return false;
    }
  };
  if (!signalGroup('SIGTERM')) return;
  const deadline = Date.now() + 3000;
  while (Date.now() < deadline) {
    await sleep(100);
    if (!signalGroup(0)) return;
  }
  signalGroup('SIGKILL');
}

export function sleep(ms) {
  return new Promise((done) => setTimeout(done, ms));
}

/** Polls `url` until it answers 2xx, the child exits, or `timeoutMs` passes. */
export async function waitForHttp(url, child, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode} before answering ${url}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`no answer from ${url} within ${timeoutMs / 1000} s`);
}

/**
 * Settings for a quiet, offline workbench: no gallery queries, no update checks, no welcome page,
 * no AI features. Written as machine (and for code-server, user) settings of the scratch server.
 */
const QUIET_SETTINGS = {
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'update.mode': 'none',
  'telemetry.telemetryLevel': 'off',
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'chat.disableAIFeatures': true,
  'security.workspace.trust.enabled': false,
  'git.enabled': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'files.exclude': { '**/node_modules': true },
};

export function writeMachineSettings(folder, extra = {}) {
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'settings.json'), `${JSON.stringify({ ...QUIET_SETTINGS, ...extra }, null, 2)}\n`);
}

/** The bundled VS Code server with the smoke-test driver (needed for extensionTestsPath). */
export async function startVsCodeServer(host, dirs, { port, onLine, env = {} }) {
  writeMachineSettings(join(dirs.serverData, 'data', 'Machine'));
  const args = [
    join(host.codeServer, 'lib', 'vscode', 'out', 'server-main.js'),
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
    '--without-connection-token',
    '--accept-server-license-terms',
    '--enable-smoke-test-driver',
    '--server-data-dir',
    dirs.serverData,
    '--user-data-dir',
    dirs.userData,
    '--extensions-dir',
    dirs.extensions,
    '--disable-workspace-trust',
    '--telemetry-level',
    'off',
  ];
  const child = startGroup(host.node, args, { env: { ...serverEnv(host, dirs), ...env }, onLine });
  await waitForHttp(`http://127.0.0.1:${port}/version`, child).catch(async (error) => {
    await stopGroup(child);
    throw error;
  });
  return child;
}

/** code-server's own CLI (installs extensions, serves the full product with --auth none). */
export function codeServerArgs(host, extra) {
  return [join(host.codeServer, 'out', 'node', 'entry.js'), ...extra];
}

export function installVsix(host, dirs, vsix) {
  const args = codeServerArgs(host, [
    '--user-data-dir',
    dirs.userData,
    '--extensions-dir',
    dirs.extensions,
    '--install-extension',
    vsix,
    '--force',
  ]);
  const result = spawnSync(host.node, args, { env: serverEnv(host, dirs), encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`installing ${vsix} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
  const installed = readdirSync(dirs.extensions).filter((name) => !name.startsWith('.') && name !== 'extensions.json');
  log(`installed ${installed.join(', ')} into ${dirs.extensions}`);
}

export async function startCodeServer(host, dirs, { port, folder, onLine }) {
  writeMachineSettings(join(dirs.userData, 'Machine'));
  writeMachineSettings(join(dirs.userData, 'User'));
  const args = codeServerArgs(host, [
    '--bind-addr',
    `127.0.0.1:${port}`,
    '--auth',
    'none',
    '--user-data-dir',
    dirs.userData,
    '--extensions-dir',
    dirs.extensions,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    '--ignore-last-opened',
    folder,
  ]);
  const child = startGroup(host.node, args, { env: serverEnv(host, dirs), onLine });
  await waitForHttp(`http://127.0.0.1:${port}/healthz`, child).catch(async (error) => {
    await stopGroup(child);
    throw error;
  });
  return child;
}

export async function launchBrowser() {
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: BROWSER_ARGS });
}
