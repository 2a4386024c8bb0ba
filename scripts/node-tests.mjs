// Runs node:test on the test files under the given folders (default: unit and integration tests).
//   node scripts/node-tests.mjs out/test/unit                     every unit test
//   node scripts/node-tests.mjs out/test/unit/engine/checks       one folder
//   node scripts/node-tests.mjs out/test/unit/shared/decoder/calls.test.js   one file
// Files are listed here rather than left to `node --test <folder>`: since Node 21 a folder argument is read as a
// module path, and Node 20 does not expand globs. The same list works on Node 20, 22 and 24.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(import.meta.dirname, '..');

/** The `*.test.js` / `*.test.mjs` files under each folder (or the file itself), sorted. @param {string[]} targets */
export function listTestFiles(targets) {
  return targets
    .filter((target) => existsSync(path.resolve(root, target)))
    .flatMap((target) => {
      const absolute = path.resolve(root, target);
      if (statSync(absolute).isFile()) return [target];
      return readdirSync(absolute, { recursive: true, encoding: 'utf8' })
        .filter((file) => /\.test\.m?js$/.test(file))
        .map((file) => path.join(target, file));
    })
    .sort();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const targets = process.argv.slice(2);
  const files = listTestFiles(targets.length > 0 ? targets : ['out/test/unit', 'out/test/integration']);
  if (files.length === 0) {
    console.error(`No test files under ${targets.join(', ')} (compile them first: npm run compile-tests).`);
    process.exit(2);
  }
  const result = spawnSync(process.execPath, ['--test', ...files], { cwd: root, stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
