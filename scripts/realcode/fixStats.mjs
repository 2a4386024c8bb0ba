// What `check --fix` decides on real servers: for each labelled repository (scripts/realcode/labels.json,
// snapshots under <mirror>/<owner>+<name>/repo) the labelled files are extracted to a temporary folder with
// a package.json, `node <cli> check --fix --format json` runs on it, and the fixed files are compared with
// the originals. Counted in the text the fixes added:
//   decided places  = literal `errorCategory: '<X>'` + `toolError(` calls + `classifyError(…).errorCategory`
//                     (or `errorCategory: classified.errorCategory`, read from one shared `classifyError(…)`)
//   hard-coded UNKNOWN = literal `errorCategory: 'UNKNOWN'`; helper calls = the run-time ones
//   repeated texts = a guard nested in its own twin (`e instanceof Error ? e.message : (e instanceof Error …`)
// Usage: node scripts/realcode/fixStats.mjs [--cli dist/cli.js] [--mirror DIR] [--repo owner/name]… [--show-unknown]
//        [--keep DIR]
// --show-unknown prints each fixed file's hard-coded UNKNOWN lines with the lines before them, to see what remains.
// --keep DIR writes each fixed file to DIR/<owner>+<name>/<path>, so two runs (before and after a change) can be
// compared with `diff -r`.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { extractSources, gitDirFor, hasCommit } from './lib.mjs';

const { values } = parseArgs({
  options: {
    cli: { type: 'string', default: 'dist/cli.js' },
    mirror: { type: 'string', default: '/work/.mirror' },
    repo: { type: 'string', multiple: true },
    'show-unknown': { type: 'boolean', default: false },
    keep: { type: 'string' },
  },
});

/** @param {string} text @param {RegExp} pattern */
const count = (text, pattern) => (text.match(pattern) ?? []).length;

const PATTERNS = {
  literal: /errorCategory: ['"][A-Z_]+['"]/g,
  unknown: /errorCategory: ['"]UNKNOWN['"]/g,
  toolError: /\btoolError\([^)]/g,
  classified: /\bclassifyError\([\w$.]+\)\.errorCategory|errorCategory: classified\d*\.errorCategory\b/g,
  twin: /(\w+) instanceof Error \? \1\.message : \(\1 instanceof Error/g,
};

/** @param {string} dir @returns {string[]} */
function filesUnder(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(full));
    else if (/\.(ts|tsx|mts|cts|js|mjs)$/.test(entry.name)) out.push(full);
  }
  return out;
}

/** Prints the UNKNOWN lines the fixes added to a file, each with the four lines before it. */
function showUnknown(/** @type {string} */ name, /** @type {string} */ original, /** @type {string} */ fixed) {
  const lines = fixed.split('\n');
  const originalLines = new Set(original.split('\n'));
  lines.forEach((line, index) => {
    if (!PATTERNS.unknown.test(line) || originalLines.has(line)) return;
    PATTERNS.unknown.lastIndex = 0;
    console.log(`--- ${name}:${index + 1}\n${lines.slice(Math.max(0, index - 4), index + 1).join('\n')}`);
  });
  PATTERNS.unknown.lastIndex = 0;
}

const labels = JSON.parse(fs.readFileSync(new URL('./labels.json', import.meta.url), 'utf8'));
const cli = path.resolve(values.cli);
const totals = { files: 0, literal: 0, unknown: 0, toolError: 0, classified: 0, twin: 0 };
const rows = [];
for (const entry of labels.repos) {
  if (values.repo && !values.repo.includes(entry.repo)) continue;
  const gitDir = gitDirFor(values.mirror, entry.repo);
  if (!gitDir || !hasCommit(gitDir, entry.commit)) {
    rows.push(`${entry.repo}: snapshot missing`);
    continue;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fixstats-'));
  extractSources(gitDir, entry.commit, entry.include, entry.exclude ?? [], dir);
  if (!fs.existsSync(path.join(dir, 'package.json'))) fs.writeFileSync(path.join(dir, 'package.json'), '{}\n');
  const before = new Map(filesUnder(dir).map((file) => [file, fs.readFileSync(file, 'utf8')]));
  spawnSync(process.execPath, [cli, 'check', '--fix', '--format', 'json', dir], {
    encoding: 'utf8',
    maxBuffer: 2 ** 28,
  });
  const row = { files: 0, literal: 0, unknown: 0, toolError: 0, classified: 0, twin: 0 };
  for (const [file, original] of before) {
    const fixed = fs.readFileSync(file, 'utf8');
    if (fixed === original) continue;
    row.files++;
    if (values['show-unknown']) showUnknown(path.relative(dir, file), original, fixed);
    if (values.keep) {
      const kept = path.join(values.keep, entry.repo.replace('/', '+'), path.relative(dir, file));
      fs.mkdirSync(path.dirname(kept), { recursive: true });
      fs.writeFileSync(kept, fixed);
    }
    for (const [key, pattern] of Object.entries(PATTERNS)) {
      row[key] += Math.max(0, count(fixed, pattern) - count(original, pattern));
    }
  }
  for (const key of Object.keys(totals)) totals[key] += row[key];
  const decided = row.literal + row.toolError + row.classified;
  rows.push(
    `${entry.repo}: ${row.files} files fixed, ${decided} decided, ${row.unknown} hard-coded UNKNOWN, ` +
      `${row.toolError + row.classified} helper calls, ${row.twin} twin guards`,
  );
  fs.rmSync(dir, { recursive: true, force: true });
}
const decided = totals.literal + totals.toolError + totals.classified;
console.log(rows.join('\n'));
console.log(
  `\nTotal: ${totals.files} files fixed; ${decided} places decided: ${totals.literal} literal categories ` +
    `(${totals.unknown} hard-coded UNKNOWN = ${decided ? ((100 * totals.unknown) / decided).toFixed(1) : '—'}%), ` +
    `${totals.toolError} toolError calls, ${totals.classified} classifyError fields; ${totals.twin} twin guards.`,
);
