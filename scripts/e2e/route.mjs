// Which real VS Code runs the end-to-end suite on this machine. `chooseRoute` is a pure function of the
// facts (test/unit/scripts/e2eRoute.test.ts covers every platform case); `gatherFacts` finds those facts.
//   electron:    desktop VS Code through @vscode/test-electron (scripts/e2e/run-electron.mjs): an installed or
//                cached VS Code, or one it can download; on Linux it also needs a display, or xvfb-run.
//   code-server: code-server's VS Code driven by a local headless Chromium (scripts/e2e/run.mjs), for Linux
//                machines that cannot get desktop VS Code but have Chromium or apt to install it.
// MCP_ENVELOPE_E2E=electron|code-server|skip overrides the choice (MCP_ENVELOPE_SKIP_E2E=1 still means skip).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';

export const ROUTES = ['electron', 'code-server', 'skip'];

/** Where test-electron's download answers; a HEAD request with a short timeout tells whether it can download. */
export const DOWNLOAD_PROBE_URL = 'https://update.code.visualstudio.com/api/releases/stable';

/**
 * @typedef {object} RouteFacts
 * @property {string} platform process.platform
 * @property {Record<string, string | undefined>} env CI, DISPLAY, WAYLAND_DISPLAY, MCP_ENVELOPE_E2E, MCP_ENVELOPE_SKIP_E2E
 * @property {string | undefined} desktopVsCode an installed or cached desktop VS Code executable
 * @property {boolean} canDownload whether the VS Code download service answered
 * @property {boolean} xvfb whether `xvfb-run` is on PATH (Linux)
 * @property {boolean} chromium whether the local Chromium code-server's route drives is installed
 * @property {boolean} apt whether apt-get is on PATH (it can install Chromium)
 *
 * @typedef {object} Route
 * @property {'electron' | 'code-server' | 'skip' | 'unavailable'} route
 * @property {string} reason why, in one sentence
 * @property {string[]} [wrapper] a command that runs the runner (xvfb-run on a Linux without display)
 * @property {string} [executable] the desktop VS Code to use instead of downloading one
 * @property {string[]} [hints] what to install, in the platform's own words, when the route is unavailable
 */

/** @param {RouteFacts} facts @returns {Route} */
export function chooseRoute(facts) {
  const { env } = facts;
  const override = env.MCP_ENVELOPE_E2E?.trim();
  if (override) {
    if (!ROUTES.includes(override)) {
      return {
        route: 'unavailable',
        reason: `MCP_ENVELOPE_E2E=${override} is not one of ${ROUTES.join(', ')}`,
        hints: [`set MCP_ENVELOPE_E2E to ${ROUTES.join(', ')}, or unset it to choose by this machine`],
      };
    }
    if (override === 'skip') return { route: 'skip', reason: 'MCP_ENVELOPE_E2E=skip' };
    if (override === 'code-server') return { route: 'code-server', reason: 'MCP_ENVELOPE_E2E=code-server' };
    return { ...electronRoute(facts), reason: 'MCP_ENVELOPE_E2E=electron' };
  }
  if (env.MCP_ENVELOPE_SKIP_E2E === '1') return { route: 'skip', reason: 'MCP_ENVELOPE_SKIP_E2E=1' };

  const vsCode = facts.desktopVsCode !== undefined || facts.canDownload;
  const screen = facts.platform !== 'linux' || hasDisplay(env) || facts.xvfb;
  if (vsCode && screen) {
    const source = facts.desktopVsCode ? `desktop VS Code at ${facts.desktopVsCode}` : 'desktop VS Code (downloaded)';
    const display = facts.platform === 'linux' && !hasDisplay(env) ? ' under xvfb-run' : '';
    return { ...electronRoute(facts), reason: `${source}${display}` };
  }
  if (facts.platform === 'linux' && (facts.chromium || facts.apt)) {
    const why = vsCode ? 'no display and no xvfb-run' : 'desktop VS Code cannot be downloaded and none is installed';
    return { route: 'code-server', reason: `${why}; code-server with a local Chromium instead` };
  }
  return { route: 'unavailable', reason: unavailableReason(facts, vsCode), hints: installHints(facts, vsCode) };
}

/** @param {Record<string, string | undefined>} env */
function hasDisplay(env) {
  return Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
}

/** @param {RouteFacts} facts @returns {Route} */
function electronRoute(facts) {
  const wrapper = facts.platform === 'linux' && !hasDisplay(facts.env) && facts.xvfb ? ['xvfb-run', '-a'] : undefined;
  return {
    route: 'electron',
    reason: '',
    ...(wrapper ? { wrapper } : {}),
    ...(facts.desktopVsCode ? { executable: facts.desktopVsCode } : {}),
  };
}

/** @param {RouteFacts} facts @param {boolean} vsCode */
function unavailableReason(facts, vsCode) {
  if (!vsCode) return 'desktop VS Code cannot be downloaded here and no installed VS Code was found';
  return 'this Linux has no display, no xvfb-run, no Chromium and no apt-get';
}

/** What to install, in the words of the platform's package manager. @param {RouteFacts} facts @param {boolean} vsCode */
function installHints(facts, vsCode) {
  const skip = 'or skip the real-VS-Code tests: MCP_ENVELOPE_E2E=skip npm test';
  const setPath = 'or point VSCODE_EXECUTABLE_PATH at an installed VS Code';
  if (facts.platform === 'darwin') return ['brew install --cask visual-studio-code', setPath, skip];
  if (facts.platform === 'win32') return ['winget install -e --id Microsoft.VisualStudioCode', setPath, skip];
  if (facts.platform === 'linux') {
    const hints = vsCode
      ? ['install xvfb-run (Fedora: sudo dnf install xorg-x11-server-Xvfb; Arch: sudo pacman -S xorg-server-xvfb)']
      : [
          'install VS Code (https://code.visualstudio.com/docs/setup/linux, or sudo snap install code --classic)',
          setPath,
        ];
    return [...hints, 'on Debian or Ubuntu: sudo apt-get install chromium libkrb5-dev (code-server route)', skip];
  }
  return [`no real-VS-Code route is known for ${facts.platform}`, skip];
}

// ---- facts of this machine (impure) ----

/** Known install places of desktop VS Code's executable, per platform. @param {string} platform @param {Record<string, string | undefined>} env */
export function installedVsCodeCandidates(platform, env) {
  if (platform === 'darwin') {
    return ['/Applications/Visual Studio Code.app', join(env.HOME ?? '', 'Applications', 'Visual Studio Code.app')].map(
      (app) => join(app, 'Contents', 'MacOS', 'Electron'),
    );
  }
  if (platform === 'win32') {
    const roots = [env.LOCALAPPDATA && join(env.LOCALAPPDATA, 'Programs'), env.ProgramFiles].filter(Boolean);
    return roots.map((root) => join(/** @type {string} */ (root), 'Microsoft VS Code', 'Code.exe'));
  }
  return ['/usr/share/code/code', '/snap/code/current/usr/share/code/code', '/opt/visual-studio-code/code'];
}

/** A VS Code that test-electron downloaded before (its cache folder `.vscode-test` in the repo). @param {string} repo */
function cachedVsCode(repo) {
  const cache = join(repo, '.vscode-test');
  if (!existsSync(cache)) return undefined;
  return readdirSync(cache).some((name) => name.startsWith('vscode-')) ? cache : undefined;
}

/** @param {string} command */
function onPath(command) {
  return (process.env.PATH ?? '').split(delimiter).some((folder) => folder && existsSync(join(folder, command)));
}

/** Whether the VS Code download service answers within `timeoutMs`. */
export async function canReachDownload(timeoutMs = 3000) {
  try {
    const response = await fetch(DOWNLOAD_PROBE_URL, { method: 'HEAD', signal: AbortSignal.timeout(timeoutMs) });
    return response.status < 500;
  } catch {
    return false;
  }
}

/** @param {string} repo @param {string} chromiumPath @returns {Promise<RouteFacts>} */
export async function gatherFacts(repo, chromiumPath) {
  const env = process.env;
  const explicit = env.VSCODE_EXECUTABLE_PATH;
  const installed = installedVsCodeCandidates(process.platform, env).find((candidate) => existsSync(candidate));
  const cached = cachedVsCode(repo);
  // A cached download is used through test-electron's own cache, so it counts as "can download" without a probe.
  const desktopVsCode = explicit && existsSync(explicit) ? explicit : installed;
  const wanted = env.MCP_ENVELOPE_E2E?.trim();
  const needProbe = !wanted && env.MCP_ENVELOPE_SKIP_E2E !== '1' && !cached;
  return {
    platform: process.platform,
    env: {
      CI: env.CI,
      DISPLAY: env.DISPLAY,
      WAYLAND_DISPLAY: env.WAYLAND_DISPLAY,
      MCP_ENVELOPE_E2E: env.MCP_ENVELOPE_E2E,
      MCP_ENVELOPE_SKIP_E2E: env.MCP_ENVELOPE_SKIP_E2E,
    },
    desktopVsCode,
    canDownload: Boolean(cached) || (needProbe ? await canReachDownload() : false),
    xvfb: process.platform === 'linux' && onPath('xvfb-run'),
    chromium: existsSync(chromiumPath),
    apt: process.platform === 'linux' && onPath('apt-get') && spawnSync('apt-get', ['--version']).status === 0,
  };
}
