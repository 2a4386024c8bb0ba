// The packaged extension's size: a production build packed with vsce into a temporary .vsix, then the development
// bundles rebuilt (the other benchmarks and the tests use them).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * The .vsix of commit 6bc255f, the last one before the restructure (one bundle each for the extension, the server
 * and the CLI), packed the same way: `node scripts/build.mjs --production && vsce package --no-dependencies`.
 */
export const BASELINE_VSIX_BYTES = 2_721_572;

/** @param {string} command @param {string[]} args */
function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8', shell: process.platform === 'win32' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout}${result.stderr}`);
}

/** @returns {{ vsixBytes: number }} */
export function benchPackageSize() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mcp-envelope-bench-vsix-'));
  const vsix = path.join(dir, 'mcp-envelope.vsix');
  try {
    run(process.execPath, ['scripts/build.mjs', '--production']);
    run(process.platform === 'win32' ? 'npx.cmd' : 'npx', ['vsce', 'package', '--no-dependencies', '-o', vsix]);
    return { vsixBytes: statSync(vsix).size };
  } finally {
    rmSync(dir, { recursive: true, force: true });
    run(process.execPath, ['scripts/build.mjs']);
  }
}
