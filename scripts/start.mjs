// `npm start`: a VS Code with MCP Envelope, opened on examples/.
//   - With a desktop `code` on PATH: builds, then `code --extensionDevelopmentPath=<repo> <repo>/examples`.
//   - Otherwise: sets up code-server (cached, see scripts/e2e/setup.mjs), packages the extension, installs
//     the .vsix into a scratch extensions folder, serves VS Code on 127.0.0.1 and prints the URL; runs
//     until Ctrl+C. PORT picks the port (default: a free one). START_VERBOSE=1 shows the server's output.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import {
  EXIT,
  REPO,
  freePort,
  installVsix,
  log,
  makeScratch,
  removeScratch,
  runStep,
  startCodeServer,
  stopGroup,
} from './e2e/host.mjs';
import { HostMissingError, ensureHost } from './e2e/setup.mjs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const examples = join(REPO, 'examples');

function desktopCode() {
  const probe = spawnSync(process.platform === 'win32' ? 'where' : 'which', ['code'], { encoding: 'utf8' });
  return probe.status === 0 ? probe.stdout.split('\n')[0].trim() : undefined;
}

function startDesktop(code) {
  if (!runStep('build', npm, ['run', 'build'])) return EXIT.buildFailed;
  log(`opening desktop VS Code (${code}) with the extension from ${REPO}`);
  const result = spawnSync(code, [`--extensionDevelopmentPath=${REPO}`, examples], { stdio: 'inherit' });
  return result.status ?? EXIT.fail;
}

async function startBrowserVsCode() {
  let host;
  try {
    host = await ensureHost();
  } catch (error) {
    if (!(error instanceof HostMissingError)) throw error;
    process.stderr.write(
      `[start] no desktop \`code\` on PATH, and code-server cannot be set up here:\n${error.message}\n`,
    );
    return EXIT.hostMissing;
  }
  if (!runStep('package the extension', npm, ['run', 'package'])) return EXIT.buildFailed;

  const dirs = makeScratch('mcp-envelope-start-');
  const port = process.env.PORT ? Number(process.env.PORT) : await freePort();
  if (!Number.isInteger(port) || port <= 0 || port > 65535) {
    process.stderr.write(`[start] PORT must be a port number, not ${process.env.PORT}\n`);
    return EXIT.usage;
  }
  const verbose = process.env.START_VERBOSE === '1';
  const recent = [];
  let server;
  try {
    installVsix(host, dirs, join(REPO, 'mcp-envelope.vsix'));
    server = await startCodeServer(host, dirs, {
      port,
      folder: examples,
      onLine: (line) => {
        if (verbose) process.stdout.write(`  | ${line}\n`);
        recent.push(line);
        if (recent.length > 40) recent.shift();
      },
    });
  } catch (error) {
    process.stderr.write(
      `[start] code-server did not start: ${error instanceof Error ? error.message : String(error)}\n${recent.join('\n')}\n`,
    );
    await stopGroup(server);
    removeScratch(dirs);
    return EXIT.fail;
  }

  const url = `http://127.0.0.1:${port}/?folder=${encodeURIComponent(examples)}`;
  const rule = '─'.repeat(Math.min(100, url.length + 4));
  process.stdout.write(
    `\n${rule}\n  MCP Envelope is running in VS Code (code-server, extension installed from mcp-envelope.vsix).\n\n` +
      `  Open:  ${url}\n\n` +
      '  It listens on 127.0.0.1 only (forward the port to reach it from another machine).\n' +
      `  Press Ctrl+C to stop.\n${rule}\n\n`,
  );

  return new Promise((resolve) => {
    let stopping = false;
    const stop = async (signal) => {
      if (stopping) return;
      stopping = true;
      log(`${signal}: stopping code-server…`);
      await stopGroup(server);
      removeScratch(dirs);
      resolve(EXIT.pass);
    };
    process.on('SIGINT', () => void stop('SIGINT'));
    process.on('SIGTERM', () => void stop('SIGTERM'));
    server.once('exit', (code) => {
      if (stopping) return;
      stopping = true;
      process.stderr.write(`[start] code-server exited (${code}):\n${recent.join('\n')}\n`);
      void stopGroup(server).then(() => {
        removeScratch(dirs);
        resolve(EXIT.fail);
      });
    });
  });
}

const code = desktopCode();
process.exitCode = code ? startDesktop(code) : await startBrowserVsCode();
