// What `check --fix` decides on real servers: for each labelled repository (scripts/realcode/labels.json,
// labels-round4.json to labels-round12.json; snapshots under <mirror>/<owner>+<name>/repo) the labelled files are extracted to a temporary folder with
// a package.json, `node <cli> check --fix --format json` runs on it, and the fixed files are compared with
// the originals. Counted in the text the fixes added:
//   decided places  = literal `errorCategory: '<X>'` + `toolError(` calls + `classifyError(…).errorCategory`
//                     (or `errorCategory: classified.errorCategory`, read from one shared `classifyError(…)`)
//   hard-coded UNKNOWN = literal `errorCategory: 'UNKNOWN'`; helper calls = the run-time ones
//   repeated texts = a guard nested in its own twin (`e instanceof Error ? e.message : (e instanceof Error …`)
// Usage: node scripts/realcode/fixStats.mjs [--cli dist/cli.js] [--mirror DIR] [--repo owner/name]… [--show-unknown]
//        [--set dev|new|fresh|fresh2|all] [--keep DIR] [--keep-original DIR]
// Four sets, counted apart:
//   dev = the entries of labels.json without a `round` (the servers the fixes were developed on);
//   new = the round 3 and 4 entries of labels.json, labels-round4.json and labels-round5.json: servers never used
//         for fix work (a repository listed twice is measured once, with the labels.json entry);
//   fresh = labels-round6.json and labels-round7.json: servers first read in fix review round 5 (a repository already
//         in dev or new is measured there only);
//   fresh2 = labels-round8.json to labels-round12.json: servers first read in fix review round 6 (a repository
//         already in an earlier set is measured there only).
// --set picks one of them (default all: the four, each with its own total, then the sum).
// --typecheck compiles every changed file before and after the fixes (with the helper file, the MCP SDK, zod and
// Node's types resolvable from this repository's node_modules; other packages stay unresolved alike) and counts the
// diagnostics the fixes add: a message in a file after the fixes that the same file did not have before.
// --show-typecheck prints them.
// --show-unknown prints each fixed file's hard-coded UNKNOWN lines with the lines before them, to see what remains.
// --keep DIR writes each fixed file to DIR/<owner>+<name>/<path>, so two runs (before and after a change) can be
// compared with `diff -r`; --keep-original DIR writes the same files as they were before the fixes, so
// `git diff --no-index ORIGINAL/<owner>+<name> KEPT/<owner>+<name>` shows every fix as a diff.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import ts from 'typescript';
import { extractSources, gitDirFor, hasCommit } from './lib.mjs';

const MODULES = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..', 'node_modules');
const TYPECHECK_OPTIONS = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
  types: ['node'],
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  allowJs: false,
  jsx: ts.JsxEmit.Preserve,
  experimentalDecorators: true,
  esModuleInterop: true,
  resolveJsonModule: true,
  allowImportingTsExtensions: true,
};

/**
 * Diagnostics of `files` (absolute paths under `root`), as "relative path: message" strings, one per diagnostic.
 * @param {string} root @param {string[]} files
 */
function diagnosticsOf(root, files) {
  const link = path.join(root, 'node_modules');
  if (!fs.existsSync(link)) fs.symlinkSync(MODULES, link, 'dir');
  const program = ts.createProgram({ rootNames: files, options: TYPECHECK_OPTIONS });
  const wanted = new Set(files);
  const out = [];
  for (const diagnostic of [...program.getSyntacticDiagnostics(), ...program.getSemanticDiagnostics()]) {
    const file = diagnostic.file?.fileName;
    if (!file || !wanted.has(file)) continue;
    const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ').replace(/\s+/g, ' ').slice(0, 300);
    out.push(`${path.relative(root, file)}: TS${diagnostic.code} ${text}`);
  }
  fs.rmSync(link, { force: true });
  return out;
}

/**
 * The diagnostics the fixes added: those of the fixed files minus those of the originals (as multisets).
 * @param {string} dir the fixed tree @param {Map<string, string>} before originals by path @param {string[]} changed
 */
function addedDiagnostics(dir, before, changed) {
  const typed = changed.filter((file) => /\.(ts|tsx|mts|cts)$/.test(file) && !/\.d\.[cm]?ts$/.test(file));
  if (typed.length === 0) return [];
  const originals = `${dir}-original`;
  for (const [file, text] of before) {
    const copy = path.join(originals, path.relative(dir, file));
    fs.mkdirSync(path.dirname(copy), { recursive: true });
    fs.writeFileSync(copy, text);
  }
  const was = new Map();
  for (const line of diagnosticsOf(
    originals,
    typed.map((file) => path.join(originals, path.relative(dir, file))),
  )) {
    was.set(line, (was.get(line) ?? 0) + 1);
  }
  fs.rmSync(originals, { recursive: true, force: true });
  const added = [];
  for (const line of diagnosticsOf(dir, typed)) {
    const left = was.get(line) ?? 0;
    if (left > 0) was.set(line, left - 1);
    else added.push(line);
  }
  return added;
}

const { values } = parseArgs({
  options: {
    cli: { type: 'string', default: 'dist/cli.js' },
    mirror: { type: 'string', default: '/work/.mirror' },
    repo: { type: 'string', multiple: true },
    'show-unknown': { type: 'boolean', default: false },
    keep: { type: 'string' },
    'keep-original': { type: 'string' },
    set: { type: 'string', default: 'all' },
    typecheck: { type: 'boolean', default: false },
    'show-typecheck': { type: 'boolean', default: false },
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

/** @param {string} name */
const readLabels = (name) => JSON.parse(fs.readFileSync(new URL(`./${name}`, import.meta.url), 'utf8')).repos;

/** The labelled repositories of each set, in file order, each repository once. */
function labelledSets() {
  const main = readLabels('labels.json');
  const seen = new Set(main.map((/** @type {{ repo: string }} */ entry) => entry.repo));
  const later = [...readLabels('labels-round4.json'), ...readLabels('labels-round5.json')].filter(
    (/** @type {{ repo: string }} */ entry) => !seen.has(entry.repo) && Boolean(seen.add(entry.repo)),
  );
  const fresh = [...readLabels('labels-round6.json'), ...readLabels('labels-round7.json')].filter(
    (/** @type {{ repo: string }} */ entry) => !seen.has(entry.repo) && Boolean(seen.add(entry.repo)),
  );
  const fresh2 = [8, 9, 10, 11, 12]
    .flatMap((round) => readLabels(`labels-round${round}.json`))
    .filter((/** @type {{ repo: string }} */ entry) => !seen.has(entry.repo) && Boolean(seen.add(entry.repo)));
  return {
    dev: main.filter((/** @type {{ round?: number }} */ entry) => entry.round === undefined),
    new: [...main.filter((/** @type {{ round?: number }} */ entry) => entry.round !== undefined), ...later],
    fresh,
    fresh2,
  };
}

const KEYS = ['files', 'literal', 'unknown', 'toolError', 'classified', 'twin', 'typeErrors'];
const emptyCounts = () => Object.fromEntries(KEYS.map((key) => [key, 0]));

/** @param {string} dir @param {string} repo @param {string} file @param {string} root @param {string} text */
function keepFile(dir, repo, file, root, text) {
  const kept = path.join(dir, repo.replace('/', '+'), path.relative(root, file));
  fs.mkdirSync(path.dirname(kept), { recursive: true });
  fs.writeFileSync(kept, text);
}

/** Runs `check --fix` on one labelled repository; its counts, or undefined when the snapshot is missing. */
function measureRepo(/** @type {{ repo: string, commit: string, include: string[], exclude?: string[] }} */ entry) {
  const gitDir = gitDirFor(values.mirror, entry.repo);
  if (!gitDir || !hasCommit(gitDir, entry.commit)) return undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fixstats-'));
  extractSources(gitDir, entry.commit, entry.include, entry.exclude ?? [], dir);
  if (!fs.existsSync(path.join(dir, 'package.json'))) fs.writeFileSync(path.join(dir, 'package.json'), '{}\n');
  const before = new Map(filesUnder(dir).map((file) => [file, fs.readFileSync(file, 'utf8')]));
  spawnSync(process.execPath, [cli, 'check', '--fix', '--format', 'json', dir], {
    encoding: 'utf8',
    maxBuffer: 2 ** 28,
  });
  const row = emptyCounts();
  const changed = [];
  for (const file of filesUnder(dir)) {
    const original = before.get(file);
    const fixed = fs.readFileSync(file, 'utf8');
    // A file the fixes added (the toolErrors helper) is kept for reading and type-checking, not counted.
    if (original === undefined) {
      if (values.keep) keepFile(values.keep, entry.repo, file, dir, fixed);
      continue;
    }
    if (fixed === original) continue;
    row.files++;
    changed.push(file);
    if (values['show-unknown']) showUnknown(path.relative(dir, file), original, fixed);
    if (values.keep) keepFile(values.keep, entry.repo, file, dir, fixed);
    if (values['keep-original']) keepFile(values['keep-original'], entry.repo, file, dir, original);
    for (const [key, pattern] of Object.entries(PATTERNS)) {
      row[key] += Math.max(0, count(fixed, pattern) - count(original, pattern));
    }
  }
  if (values.typecheck) {
    const added = addedDiagnostics(dir, before, changed);
    row.typeErrors = added.length;
    if (values['show-typecheck']) for (const line of added) console.log(`  ${entry.repo}: ${line}`);
  }
  fs.rmSync(dir, { recursive: true, force: true });
  return row;
}

/** @param {Record<string, number>} counts */
function totalLine(counts) {
  const decided = counts.literal + counts.toolError + counts.classified;
  return (
    `${counts.files} files fixed; ${decided} places decided: ${counts.literal} literal categories ` +
    `(${counts.unknown} hard-coded UNKNOWN = ${decided ? ((100 * counts.unknown) / decided).toFixed(1) : '—'}%), ` +
    `${counts.toolError} toolError calls, ${counts.classified} classifyError fields; ${counts.twin} twin guards` +
    (values.typecheck ? `; ${counts.typeErrors} type errors added by the fixes.` : '.')
  );
}

const sets = labelledSets();
const cli = path.resolve(values.cli);
const chosen = values.set === 'all' ? ['dev', 'new', 'fresh', 'fresh2'] : [values.set];
if (!chosen.every((name) => name in sets)) {
  console.error(`--set must be dev, new, fresh, fresh2 or all (got ${values.set})`);
  process.exit(2);
}
const totals = emptyCounts();
const summaries = [];
for (const name of chosen) {
  const setTotals = emptyCounts();
  let repos = 0;
  console.log(`== ${name} set`);
  for (const entry of sets[name]) {
    if (values.repo && !values.repo.includes(entry.repo)) continue;
    const row = measureRepo(entry);
    if (!row) {
      console.log(`${entry.repo}: snapshot missing`);
      continue;
    }
    repos++;
    for (const key of KEYS) setTotals[key] += row[key];
    const decided = row.literal + row.toolError + row.classified;
    console.log(
      `${entry.repo}: ${row.files} files fixed, ${decided} decided, ${row.unknown} hard-coded UNKNOWN, ` +
        `${row.toolError + row.classified} helper calls, ${row.twin} twin guards` +
        (values.typecheck ? `, ${row.typeErrors} type errors added` : ''),
    );
  }
  for (const key of KEYS) totals[key] += setTotals[key];
  summaries.push(`${name} set (${repos} repositories): ${totalLine(setTotals)}`);
}
console.log(`\n${summaries.join('\n')}`);
if (chosen.length > 1) console.log(`Total: ${totalLine(totals)}`);
