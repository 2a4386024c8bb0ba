// Sets up, once, what the real-VS-Code harness needs on this machine, under <repo>/.cache/e2e/:
//   - Chromium from the distribution (/usr/bin/chromium), plus the kerberos headers a native module of
//     code-server builds against;
//   - Node 24 (npm package `node@24`) in its own folder: code-server 4.139.1 needs it, and it must never
//     become a dependency of the extension (its .bin/node would take over every npm script);
//   - code-server, installed with that Node first on PATH and npm_config_nodedir pointing at its headers.
// A marker file records success, so later runs return at once. Usage: node scripts/e2e/setup.mjs
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, closeSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CACHE_DIR, CHROMIUM, EXIT, log } from './host.mjs';

export const CODE_SERVER_VERSION = '4.139.1';
export const NODE_MAJOR = 24;

const NODE_DIR = join(CACHE_DIR, 'node24');
const CODE_SERVER_DIR = join(CACHE_DIR, 'code-server');
const MARKER = join(CACHE_DIR, 'host.json');

/** Thrown when the host cannot be prepared; `message` says plainly what is missing. */
export class HostMissingError extends Error {}

function hostPaths() {
  return {
    node: join(NODE_DIR, 'node_modules', 'node', 'bin', 'node'),
    nodeHeaders: join(NODE_DIR, 'node_modules', 'node', 'node_modules', `node-linux-${process.arch}`),
    codeServer: join(CODE_SERVER_DIR, 'node_modules', 'code-server'),
    chromium: CHROMIUM,
  };
}

function readMarker() {
  try {
    return JSON.parse(readFileSync(MARKER, 'utf8'));
  } catch {
    return undefined;
  }
}

function cachedHost() {
  const marker = readMarker();
  const host = hostPaths();
  const complete =
    marker?.codeServerVersion === CODE_SERVER_VERSION &&
    existsSync(host.node) &&
    existsSync(join(host.codeServer, 'lib', 'vscode', 'out', 'server-main.js')) &&
    existsSync(CHROMIUM);
  return complete ? host : undefined;
}

function isRoot() {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

function debPackageInstalled(name) {
  const result = spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' });
  return result.status === 0 && result.stdout.includes('install ok installed');
}

function ensureSystemPackages() {
  const missing = [];
  if (!existsSync(CHROMIUM)) missing.push('chromium');
  if (!debPackageInstalled('libkrb5-dev')) missing.push('libkrb5-dev');
  if (missing.length === 0) return;
  if (!isRoot()) {
    throw new HostMissingError(
      `missing system packages: ${missing.join(' ')}\n` +
        `install them with:  sudo apt-get install -y ${missing.join(' ')}\n` +
        'then run this script again.',
    );
  }
  log(`installing ${missing.join(' ')} with apt (first run, ~2-3 min)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
  const install = spawnSync('apt-get', ['install', '-y', ...missing], {
    stdio: 'inherit',
    env,
  });
  if (update.status !== 0 || install.status !== 0 || !existsSync(CHROMIUM)) {
    throw new HostMissingError(`apt-get could not install ${missing.join(' ')}; install them by hand and run again.`);
  }
}

/**
 * npm 11 warns about dependencies' install scripts not listed in a project's allowScripts, and with
 * strict-allow-scripts refuses to run them. Both pinned installs here need them, including in nested
 * installs that an allowScripts field cannot reach: node@24's preinstall installs the platform binary;
 * code-server's postinstall installs its bundled VS Code, whose native modules (spdlog, sqlite,
 * kerberos, watcher, node-pty…) must build. So these two installs, and only they, allow all install
 * scripts; ignore-scripts is forced off. Older npm versions ignore the unknown setting.
 */
const ALLOW_INSTALL_SCRIPTS = { npm_config_ignore_scripts: 'false', npm_config_dangerously_allow_all_scripts: 'true' };

/**
 * When set-up runs under `npm test`, the outer npm exported its own `npm_*` variables; the inner npm would
 * read them as its configuration, e.g. `npm_config_user_agent` naming Node 20, which code-server's
 * postinstall reads to refuse anything but Node 24. Keep only the settings this script chose.
 */
function withoutOuterNpmEnvironment(env) {
  const chosen = new Set(['npm_config_nodedir', 'npm_config_yes', ...Object.keys(ALLOW_INSTALL_SCRIPTS)]);
  return Object.fromEntries(Object.entries(env).filter(([key]) => !/^npm_/i.test(key) || chosen.has(key)));
}

/** npm install into `folder` (its own package.json), output to a log file. */
function npmInstall(folder, spec, env, logName) {
  mkdirSync(folder, { recursive: true });
  const manifest = { name: `e2e-${logName}`, private: true };
  writeFileSync(join(folder, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const logFile = join(CACHE_DIR, `install-${logName}.log`);
  const fd = openSync(logFile, 'w');
  const result = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--foreground-scripts', spec], {
    cwd: folder,
    env: withoutOuterNpmEnvironment(env),
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  if (result.status !== 0) {
    throw new HostMissingError(`npm install ${spec} failed (exit ${result.status}); see ${logFile}`);
  }
}

function ensureNode24() {
  const host = hostPaths();
  if (existsSync(host.node) && nodeMajor(host.node) === NODE_MAJOR) return;
  log(`installing Node ${NODE_MAJOR} (npm package node@${NODE_MAJOR}) into ${NODE_DIR}…`);
  rmSync(NODE_DIR, { recursive: true, force: true });
  // Its preinstall runs a nested `npm install` of the platform binary (see ALLOW_INSTALL_SCRIPTS).
  npmInstall(NODE_DIR, `node@${NODE_MAJOR}`, { ...process.env, ...ALLOW_INSTALL_SCRIPTS }, 'node24');
  if (nodeMajor(host.node) !== NODE_MAJOR)
    throw new HostMissingError(`Node ${NODE_MAJOR} did not install at ${host.node}`);
}

function nodeMajor(nodeBinary) {
  const result = spawnSync(nodeBinary, ['-p', 'process.versions.node'], { encoding: 'utf8' });
  return result.status === 0 ? Number(result.stdout.trim().split('.')[0]) : undefined;
}

function ensureCodeServer() {
  const host = hostPaths();
  log(
    `installing code-server ${CODE_SERVER_VERSION} (first run, ~2-3 min; log: ${join(CACHE_DIR, 'install-code-server.log')})…`,
  );
  rmSync(CODE_SERVER_DIR, { recursive: true, force: true });
  const env = {
    ...process.env,
    PATH: `${join(host.node, '..')}:${process.env.PATH ?? ''}`,
    npm_config_nodedir: host.nodeHeaders,
    npm_config_yes: 'true', // node-pty's build runs `npx node-gyp`
    ...ALLOW_INSTALL_SCRIPTS,
  };
  const started = Date.now();
  npmInstall(CODE_SERVER_DIR, `code-server@${CODE_SERVER_VERSION}`, env, 'code-server');
  log(`code-server installed in ${Math.round((Date.now() - started) / 1000)} s`);
}

/** Starts code-server's VS Code server once and checks that it answers. */
async function verifyCodeServer() {
  const { freePort, makeScratch, removeScratch, startVsCodeServer, stopGroup } = await import('./host.mjs');
  const host = hostPaths();
  const dirs = makeScratch('mcp-envelope-e2e-verify-');
  const port = await freePort();
  const output = [];
  let server;
  try {
    server = await startVsCodeServer(host, dirs, { port, onLine: (line) => output.push(line) });
    const version = await (await fetch(`http://127.0.0.1:${port}/version`)).text();
    log(`code-server's VS Code server answers (commit ${version.slice(0, 12)})`);
  } catch (error) {
    throw new HostMissingError(
      `code-server was installed but does not start: ${error instanceof Error ? error.message : String(error)}\n${output.slice(-20).join('\n')}`,
    );
  } finally {
    await stopGroup(server);
    removeScratch(dirs);
  }
}

/** Returns the host's paths, installing what is missing first. Throws HostMissingError. */
export async function ensureHost() {
  const cached = cachedHost();
  if (cached) return cached;
  mkdirSync(CACHE_DIR, { recursive: true });
  rmSync(MARKER, { force: true });
  ensureSystemPackages();
  ensureNode24();
  const host = hostPaths();
  if (!existsSync(join(host.codeServer, 'lib', 'vscode', 'out', 'server-main.js')) || readMarker() === undefined) {
    const installed = readInstalledVersion(host.codeServer);
    if (installed !== CODE_SERVER_VERSION || !nativeModulesBuilt(host.codeServer)) ensureCodeServer();
  }
  await verifyCodeServer();
  writeFileSync(
    MARKER,
    `${JSON.stringify({ codeServerVersion: CODE_SERVER_VERSION, node: host.node, verifiedAt: new Date().toISOString() }, null, 2)}\n`,
  );
  log(`host ready (marker ${MARKER})`);
  return host;
}

function readInstalledVersion(codeServer) {
  try {
    return JSON.parse(readFileSync(join(codeServer, 'package.json'), 'utf8')).version;
  } catch {
    return undefined;
  }
}

/** Native builds (spdlog here) are what is skipped when npm blocks install scripts. */
function nativeModulesBuilt(codeServer) {
  return existsSync(
    join(codeServer, 'lib', 'vscode', 'node_modules', '@vscode', 'spdlog', 'build', 'Release', 'spdlog.node'),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const host = await ensureHost();
    log(`node: ${host.node}`);
    log(`code-server: ${host.codeServer}`);
    log(`chromium: ${host.chromium}`);
  } catch (error) {
    if (error instanceof HostMissingError) {
      process.stderr.write(`[e2e] cannot set up the VS Code host:\n${error.message}\n`);
      process.exit(EXIT.hostMissing);
    }
    throw error;
  }
}
