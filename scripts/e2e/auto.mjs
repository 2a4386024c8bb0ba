// Runs the end-to-end suite in the real VS Code this machine can have (scripts/e2e/route.mjs decides):
// desktop VS Code through @vscode/test-electron, or code-server with a local Chromium.
// Usage: node scripts/e2e/auto.mjs [--dry-run] [--no-build]
//   --dry-run   print the chosen route, the facts it was chosen from and the command, and run nothing
//   --no-build  the bundles, compiled tests and .vsix are already built (scripts/test-all.mjs built them)
// Environment: MCP_ENVELOPE_E2E=electron|code-server|skip forces a route.
// Exit codes: those of the chosen runner (0 pass, 1 fail, 3 host missing, …); 3 when no route is possible.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CHROMIUM, EXIT, REPO, log } from './host.mjs';
import { chooseRoute, gatherFacts } from './route.mjs';

/**
 * The command that runs `route` (undefined for skip and unavailable). @param {import('./route.mjs').Route} route
 * @param {{ build: boolean }} options
 */
export function routeCommand(route, options) {
  const noBuild = options.build ? [] : ['--no-build'];
  if (route.route === 'code-server') {
    return { command: process.execPath, args: [join(REPO, 'scripts', 'e2e', 'run.mjs'), ...noBuild], env: {} };
  }
  if (route.route === 'electron') {
    const runner = [process.execPath, join(REPO, 'scripts', 'e2e', 'run-electron.mjs'), ...noBuild];
    const [command, ...args] = [...(route.wrapper ?? []), ...runner];
    return { command, args, env: route.executable ? { VSCODE_EXECUTABLE_PATH: route.executable } : {} };
  }
  return undefined;
}

async function main() {
  const dryRun = process.argv.includes('--dry-run');
  const build = !process.argv.includes('--no-build');
  const facts = await gatherFacts(REPO, CHROMIUM);
  const route = chooseRoute(facts);
  const command = routeCommand(route, { build });
  if (dryRun) {
    process.stdout.write(`${JSON.stringify({ route, facts, command }, null, 2)}\n`);
    return route.route === 'unavailable' ? EXIT.hostMissing : EXIT.pass;
  }
  log(`real VS Code route: ${route.route} (${route.reason})`);
  if (route.route === 'skip') return EXIT.pass;
  if (!command) {
    process.stderr.write(`[e2e] no real VS Code can run here: ${route.reason}.\n`);
    for (const hint of route.hints ?? []) process.stderr.write(`  ${hint}\n`);
    return EXIT.hostMissing;
  }
  const result = spawnSync(command.command, command.args, {
    cwd: REPO,
    stdio: 'inherit',
    env: { ...process.env, ...command.env },
  });
  return result.status ?? EXIT.fail;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = await main();
