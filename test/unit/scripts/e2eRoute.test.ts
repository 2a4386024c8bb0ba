import assert from 'node:assert/strict';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';

/** The shapes of scripts/e2e/route.mjs (plain JavaScript run by node, loaded here by path). */
interface RouteFacts {
  platform: string;
  env: Record<string, string | undefined>;
  desktopVsCode: string | undefined;
  canDownload: boolean;
  xvfb: boolean;
  chromium: boolean;
  apt: boolean;
}
interface Route {
  route: 'electron' | 'code-server' | 'skip' | 'unavailable';
  reason: string;
  wrapper?: string[];
  executable?: string;
  hints?: string[];
}
interface RouteModule {
  chooseRoute(facts: RouteFacts): Route;
  installedVsCodeCandidates(platform: string, env: Record<string, string | undefined>): string[];
}

const root = path.resolve(__dirname, '../../../..');
const load = () => import(pathToFileURL(path.join(root, 'scripts/e2e/route.mjs')).href) as Promise<RouteModule>;

/** A machine with nothing: every case below says what it adds. */
const NOTHING: RouteFacts = {
  platform: 'linux',
  env: {},
  desktopVsCode: undefined,
  canDownload: false,
  xvfb: false,
  chromium: false,
  apt: false,
};

interface Case {
  name: string;
  facts: Partial<RouteFacts>;
  route: Route['route'];
  wrapper?: string[];
  executable?: string;
  hint?: RegExp;
}

const CASES: Case[] = [
  { name: 'macOS laptop online', facts: { platform: 'darwin', canDownload: true }, route: 'electron' },
  {
    name: 'macOS offline with VS Code installed',
    facts: { platform: 'darwin', desktopVsCode: '/Applications/Visual Studio Code.app/Contents/MacOS/Electron' },
    route: 'electron',
    executable: '/Applications/Visual Studio Code.app/Contents/MacOS/Electron',
  },
  {
    name: 'macOS offline, nothing installed',
    facts: { platform: 'darwin' },
    route: 'unavailable',
    hint: /brew install --cask visual-studio-code/,
  },
  { name: 'Windows laptop online', facts: { platform: 'win32', canDownload: true }, route: 'electron' },
  {
    name: 'Windows offline with VS Code installed',
    facts: { platform: 'win32', desktopVsCode: 'C:\\Users\\a\\AppData\\Local\\Programs\\Microsoft VS Code\\Code.exe' },
    route: 'electron',
    executable: 'C:\\Users\\a\\AppData\\Local\\Programs\\Microsoft VS Code\\Code.exe',
  },
  {
    name: 'Windows offline, nothing installed',
    facts: { platform: 'win32' },
    route: 'unavailable',
    hint: /winget install -e --id Microsoft\.VisualStudioCode/,
  },
  { name: 'Linux desktop (X11) online', facts: { env: { DISPLAY: ':0' }, canDownload: true }, route: 'electron' },
  {
    name: 'Linux desktop (Wayland) online',
    facts: { env: { WAYLAND_DISPLAY: 'wayland-0' }, canDownload: true },
    route: 'electron',
  },
  {
    name: 'Linux CI online, headless with xvfb-run',
    facts: { env: { CI: 'true' }, canDownload: true, xvfb: true, chromium: true, apt: true },
    route: 'electron',
    wrapper: ['xvfb-run', '-a'],
  },
  {
    name: 'Linux headless online without xvfb, apt available: code-server',
    facts: { canDownload: true, apt: true },
    route: 'code-server',
  },
  { name: 'this machine: Linux offline, Chromium and apt', facts: { chromium: true, apt: true }, route: 'code-server' },
  { name: 'Linux offline, apt but no Chromium yet', facts: { apt: true }, route: 'code-server' },
  { name: 'Linux offline, Chromium without apt', facts: { chromium: true }, route: 'code-server' },
  {
    name: 'Linux desktop offline without apt (Fedora, Arch)',
    facts: { env: { DISPLAY: ':0' } },
    route: 'unavailable',
    hint: /snap install code --classic/,
  },
  {
    name: 'Linux headless online without xvfb, Chromium or apt',
    facts: { canDownload: true },
    route: 'unavailable',
    hint: /dnf install xorg-x11-server-Xvfb/,
  },
  { name: 'an unknown platform', facts: { platform: 'aix', canDownload: true }, route: 'electron' },
  {
    name: 'an unknown platform offline',
    facts: { platform: 'freebsd' },
    route: 'unavailable',
    hint: /MCP_ENVELOPE_E2E=skip/,
  },
  {
    name: 'override: code-server even where desktop VS Code could run',
    facts: { platform: 'darwin', canDownload: true, env: { MCP_ENVELOPE_E2E: 'code-server' } },
    route: 'code-server',
  },
  {
    name: 'override: electron on headless Linux keeps xvfb-run',
    facts: { env: { MCP_ENVELOPE_E2E: 'electron' }, xvfb: true, chromium: true },
    route: 'electron',
    wrapper: ['xvfb-run', '-a'],
  },
  { name: 'override: skip', facts: { canDownload: true, env: { MCP_ENVELOPE_E2E: 'skip' } }, route: 'skip' },
  {
    name: 'legacy MCP_ENVELOPE_SKIP_E2E=1',
    facts: { chromium: true, env: { MCP_ENVELOPE_SKIP_E2E: '1' } },
    route: 'skip',
  },
  {
    name: 'a misspelt override is refused, not ignored',
    facts: { chromium: true, apt: true, env: { MCP_ENVELOPE_E2E: 'electon' } },
    route: 'unavailable',
    hint: /electron, code-server, skip/,
  },
];

describe('e2e route selection (scripts/e2e/route.mjs)', () => {
  for (const testCase of CASES) {
    it(testCase.name, async () => {
      const { chooseRoute } = await load();
      const facts: RouteFacts = { ...NOTHING, ...testCase.facts, env: { ...testCase.facts.env } };
      const route = chooseRoute(facts);
      assert.equal(route.route, testCase.route, route.reason);
      assert.ok(route.reason.length > 0, 'every route says why');
      assert.deepEqual(route.wrapper, testCase.wrapper);
      assert.equal(route.executable, testCase.executable);
      if (testCase.hint) {
        assert.match((route.hints ?? []).join('\n'), testCase.hint);
      } else {
        assert.equal(route.hints, undefined);
      }
    });
  }

  it('platform hints never name another platform’s package manager', async () => {
    const { chooseRoute } = await load();
    const hints = (platform: string) => (chooseRoute({ ...NOTHING, platform }).hints ?? []).join('\n');
    assert.doesNotMatch(hints('darwin'), /winget|apt-get/);
    assert.doesNotMatch(hints('win32'), /brew|apt-get/);
    assert.doesNotMatch(hints('linux'), /brew|winget/);
  });

  it('looks for desktop VS Code where each platform installs it', async () => {
    const { installedVsCodeCandidates } = await load();
    assert.ok(
      installedVsCodeCandidates('darwin', { HOME: '/Users/a' }).every((p) =>
        p.endsWith(path.join('MacOS', 'Electron')),
      ),
    );
    const windows = installedVsCodeCandidates('win32', { LOCALAPPDATA: 'C:\\Users\\a\\AppData\\Local' });
    assert.equal(windows.length, 1);
    assert.ok(windows[0]?.endsWith('Code.exe'));
    assert.ok(installedVsCodeCandidates('linux', {}).includes('/usr/share/code/code'));
  });
});
