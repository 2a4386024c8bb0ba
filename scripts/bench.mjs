// `npm run bench`: every speed figure of the README, measured (never asserted: a slow machine does not fail a test),
// each printed beside its target, then a summary of which targets are met. Run after `npm run build` and
// `npx tsc -b` (the npm script does both). BENCH_FILES, BENCH_CALLS and BENCH_START_RUNS change the sizes.
// `node scripts/bench.mjs --check-only` measures only the check cost (in one process and as processes).
import { benchInProcess, benchLsp, benchProcesses, makeCorpus } from './bench/editor.mjs';
import { benchDecoder, benchTap, benchTapStart } from './bench/live.mjs';
import { BASELINE_VSIX_BYTES, benchPackageSize } from './bench/packageSize.mjs';

/** @type {{ what: string, met: boolean }[]} */
const targets = [];
/** @param {string} what @param {boolean} met */
const target = (what, met) => targets.push({ what, met });
/** @param {number} value */
const ms = (value) => `${value.toFixed(value < 10 ? 3 : 0)} ms`;
/** @param {number} value */
const number = (value) => Math.round(value).toLocaleString('en');

console.log(`Node ${process.version}, ${process.platform}/${process.arch}`);

makeCorpus();
const inProcess = benchInProcess();
console.log(
  `corpus: ${inProcess.files} handler files (eight registration styles: SDK calls, wrappers, definition objects, classes, dispatchers, decorators, computed names, handler tables), ${number(inProcess.lines)} lines, ${inProcess.tools} tools found, ${inProcess.findings} findings`,
);
const inProcessRatio = inProcess.check / inProcess.parse;
console.log(
  `check, in one process (median of 9 after 2 warm-up rounds): bare ts.createSourceFile ${ms(inProcess.parse)}, ` +
    `parse + all checks ${ms(inProcess.check)} → ${inProcessRatio.toFixed(2)}× (target ≤ 1.5×)`,
);
target('check cost ≤ 1.5× parsing, in one process', inProcessRatio <= 1.5);

const processes = benchProcesses();
const processRatio = processes.check / processes.parse;
console.log(
  `check, as processes (median of 5): node + bare parse ${ms(processes.parse)}, mcp-envelope check ` +
    `${ms(processes.check)} → ${processRatio.toFixed(2)}× (target ≤ 1.5×)`,
);
target('check cost ≤ 1.5× parsing, as processes', processRatio <= 1.5);

if (process.argv.includes('--check-only')) {
  printTargets();
  process.exit(0);
}

const lsp = await benchLsp();
console.log(
  `LSP: edit of a ${number(lsp.lines)}-line file → diagnostics re-published: median ${ms(lsp.median)}, ` +
    `max ${ms(lsp.max)} over 35 edits (target < 50 ms median)`,
);
target('LSP re-publish < 50 ms median', lsp.median < 50);

const decoder = benchDecoder();
console.log(
  `decoder: ${number(decoder.perSecond)} calls/s parsed from JSONL trace text and decoded ` +
    `(${number(decoder.results)} calls, traces of 10,000 calls, ${(decoder.traceBytes / 1e6).toFixed(1)} MB each; target ≥ 50,000/s)`,
);
target('decoder ≥ 50,000 calls/s from trace text', decoder.perSecond >= 50_000);

const tap = await benchTap();
console.log(
  `tap: tools/call round trip over stdio (${tap.calls} per side, interleaved): direct median ${ms(tap.directMedianMs)} ` +
    `(p90 ${ms(tap.directP90Ms)}), tapped median ${ms(tap.tappedMedianMs)} (p90 ${ms(tap.tappedP90Ms)}); ` +
    `added median ${ms(tap.addedMedianMs)} (target < 1 ms)`,
);
target('tap adds < 1 ms median to a round trip', tap.addedMedianMs < 1);
console.log(
  `tap: peak memory (maxRSS of the tap process over that session) ${tap.tapMaxRssMb.toFixed(1)} MB (target < 55 MB)`,
);
target('tap peak memory < 55 MB', tap.tapMaxRssMb < 55);

/** @type {[string, { tapOptions: string[], failing?: boolean }][]} */
const repairRuns = [
  ['tap --repair, successes passed through', { tapOptions: ['--repair'] }],
  ['tap --repair, failures repaired', { tapOptions: ['--repair'], failing: true }],
];
for (const [title, options] of repairRuns) {
  const repair = await benchTap(options);
  console.log(
    `${title}: direct median ${ms(repair.directMedianMs)}, tapped median ${ms(repair.tappedMedianMs)} ` +
      `(p90 ${ms(repair.tappedP90Ms)}); added median ${ms(repair.addedMedianMs)} (target < 1 ms), ` +
      `peak memory ${repair.tapMaxRssMb.toFixed(1)} MB`,
  );
  target(`${title}: adds < 1 ms median`, repair.addedMedianMs < 1);
}

const start = benchTapStart();
const startRatio = start.tapMs / start.bareMs;
console.log(
  `tap start (median of ${start.runs}): node -e 0 ${ms(start.bareMs)}, node dist/tap.js --help ${ms(start.tapMs)} ` +
    `→ ${startRatio.toFixed(2)}× (target ≤ 1.5×)`,
);
target('tap starts within 1.5× bare Node', startRatio <= 1.5);

const size = benchPackageSize();
console.log(
  `package: mcp-envelope.vsix ${number(size.vsixBytes)} bytes, before the restructure (6bc255f) ` +
    `${number(BASELINE_VSIX_BYTES)} bytes (target: no growth)`,
);
target('the packaged extension does not grow', size.vsixBytes <= BASELINE_VSIX_BYTES);

printTargets();

function printTargets() {
  console.log('\ntargets:');
  for (const { what, met } of targets) console.log(`  ${met ? 'met   ' : 'MISSED'}  ${what}`);
  console.log(`${targets.filter((t) => t.met).length} of ${targets.length} targets met`);
}
