// `npm run fuzz`: the fuzz campaign of test/integration/fuzz at full size (100,000+ inputs), with its totals.
//   node scripts/fuzz.mjs [--seed N] [--scale K]      (K multiplies every budget; default 1)
// Builds the bundles and compiles the tests first; exits 1 when anything crashed, hung or was lost.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { parseArgs } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: { seed: { type: 'string', default: '20261130' }, scale: { type: 'string', default: '1' } },
});
const seed = Number(values.seed);
const scale = Number(values.scale);
if (!Number.isInteger(seed) || !(scale > 0)) {
  console.error('usage: node scripts/fuzz.mjs [--seed N] [--scale K]');
  process.exit(2);
}

for (const [command, args] of [
  [process.execPath, ['scripts/build.mjs']],
  [process.execPath, [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-b']],
]) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const require = createRequire(import.meta.url);
const { runCampaign, formatTotals } = require(path.join(root, 'out', 'test', 'fuzz', 'campaign.js'));
const budget = {
  seed,
  cliFiles: Math.round(20_000 * scale),
  batchSize: 500,
  lspDocuments: Math.round(2_000 * scale),
  // ~110,000 JSON-RPC messages (about 6.8 KB each on average): with the files and documents, 130,000+ inputs.
  tapBytes: Math.round(720 * 1024 * 1024 * scale),
  tapSessionBytes: 20 * 1024 * 1024,
  parallel: 2,
};
console.log(`fuzz campaign, seed ${seed}: ${JSON.stringify(budget)}`);
const totals = await runCampaign(budget);
console.log(formatTotals(totals));
for (const face of [totals.cli, totals.lsp, totals.tap])
  for (const problem of face.problems.slice(0, 20)) console.log(`  ! ${problem}`);
process.exit(totals.all.crashes + totals.all.hangs + totals.all.lost + totals.all.problems > 0 ? 1 : 0);
