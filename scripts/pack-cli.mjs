// Packs the CLI as its own npm package `mcp-envelope` (packages/cli): the bundles `check`, `tools`, `calls`, `probe`
// and `tap` need (dist/cli.js, engine.js, probe.js, tap.js: everything bundled, no dependencies), its README, the
// licence, and the extension's version.
// Usage: node scripts/pack-cli.mjs [--no-build] [--stage <dir>] [--out <dir>]
//   --no-build     use the bundles already in dist/ (default: node scripts/build.mjs --production first)
//   --stage <dir>  where the package is assembled (default packages/cli; tests use a temporary folder)
//   --out <dir>    where `npm pack` writes the .tgz (default: the stage folder)
// Prints the tarball's path on the last line.
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
const source = path.join(root, 'packages', 'cli');
export const CLI_BUNDLES = ['cli.js', 'engine.js', 'probe.js', 'tap.js'];

const { values } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    stage: { type: 'string', default: source },
    out: { type: 'string' },
  },
});
const stage = path.resolve(values.stage);
const out = path.resolve(values.out ?? stage);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(command, args) {
  const shell = process.platform === 'win32' && command.endsWith('.cmd'); // batch files need a shell (Node ≥ 20.12)
  const result = spawnSync(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8', shell });
  if (result.status !== 0) {
    process.stderr.write(result.stdout ?? '');
    throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status})`);
  }
  return result.stdout;
}

if (!values['no-build']) run(process.execPath, ['scripts/build.mjs', '--production']);

const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const manifest = JSON.parse(readFileSync(path.join(source, 'package.json'), 'utf8'));
mkdirSync(path.join(stage, 'dist'), { recursive: true });
if (stage !== source) copyFileSync(path.join(source, 'README.md'), path.join(stage, 'README.md'));
writeFileSync(path.join(stage, 'package.json'), `${JSON.stringify({ ...manifest, version }, null, 2)}\n`);
copyFileSync(path.join(root, 'LICENSE'), path.join(stage, 'LICENSE'));
for (const bundle of CLI_BUNDLES) {
  // A development build links a source map that the package does not ship: drop the link.
  const code = readFileSync(path.join(root, 'dist', bundle), 'utf8').replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n');
  writeFileSync(path.join(stage, 'dist', bundle), code);
}
chmodSync(path.join(stage, 'dist', 'cli.js'), 0o755);

mkdirSync(out, { recursive: true });
const packed = JSON.parse(run(npm, ['pack', '--json', '--pack-destination', out, stage]));
const tarball = path.join(out, packed[0].filename);
if (stage === source) rmSync(path.join(stage, 'LICENSE'), { force: true });
console.log(`${packed[0].entryCount} files, ${packed[0].size} bytes packed, ${packed[0].unpackedSize} bytes unpacked`);
console.log(tarball);
