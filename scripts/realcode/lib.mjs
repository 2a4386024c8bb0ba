// Helpers for scripts/realcode/evaluate.mjs: finding a fetched snapshot, extracting the
// labelled files from it, matching the tools the CLI found against the labels, and
// rendering the results as markdown. Plain Node, no dependencies.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

/** Source files the CLI reads (declaration files are skipped, as the CLI does). */
const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/i;
const DECLARATION = /\.d\.[cm]?ts$/i;

/**
 * @typedef {{ file: string, line: number, name: string | null, style: string }} Label
 * @typedef {{ file: string, from: number, to: number, why?: string }} Generic
 * @typedef {{ repo: string, commit: string, include: string[], exclude?: string[], styles?: string[],
 *             tools: Label[], generic?: Generic[], notes?: string, heldOut?: boolean,
 *             round?: number }} LabelledRepo
 * @typedef {{ repo: string, commit: string, include: string[], exclude?: string[], notes?: string,
 *             mcpClient?: boolean, mcpServer?: string[] }} UnrelatedRepo (mcpClient: the folders hold MCP client code only, so every file counts as non-MCP;
 *             mcpServer: globs of the files that are MCP server code, every other file counts as non-MCP even when it imports the MCP SDK)
 * @typedef {{ name: string | null, file: string, line: number, kind?: string }} FoundTool
 * @typedef {{ label: Label, found: FoundTool, elsewhere: boolean }} Match
 * @typedef {{ matches: Match[], misses: Label[], falsePositives: FoundTool[], neutral: FoundTool[],
 *             siteOnly: Array<{ label: Label, found: FoundTool }> }} MatchResult
 */

/**
 * The git directory of a fetched snapshot: `<mirror>/<owner>+<name>/repo`, or its `.git` when the
 * snapshot was a clone with a work tree.
 * @param {string} mirror
 * @param {string} repo owner/name
 * @returns {string | undefined}
 */
export function gitDirFor(mirror, repo) {
  const base = path.join(mirror, repo.replace('/', '+'), 'repo');
  for (const candidate of [path.join(base, '.git'), base]) {
    if (fs.existsSync(path.join(candidate, 'HEAD')) && fs.existsSync(path.join(candidate, 'objects'))) return candidate;
  }
  return undefined;
}

/**
 * @param {string[]} args
 * @param {{ input?: string | Buffer, encoding?: BufferEncoding | 'buffer' }} [options]
 */
function git(args, options = {}) {
  const result = spawnSync('git', args, {
    input: options.input,
    encoding: options.encoding === 'buffer' ? undefined : (options.encoding ?? 'utf8'),
    maxBuffer: 2 ** 31 - 1,
  });
  if (result.error) throw result.error;
  return result;
}

/** Whether the snapshot holds the labelled commit. @param {string} gitDir @param {string} commit */
export function hasCommit(gitDir, commit) {
  return git(['--git-dir', gitDir, 'cat-file', '-e', `${commit}^{commit}`]).status === 0;
}

/**
 * A glob (`**`, `*`, `?`) as a regular expression over a repository-relative path.
 * @param {string} glob
 */
export function globToRegExp(glob) {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      i++;
      if (glob[i + 1] === '/') {
        i++;
        out += '(?:.*/)?';
      } else out += '.*';
    } else if (c === '*') out += '[^/]*';
    else if (c === '?') out += '[^/]';
    else out += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${out}$`);
}

/**
 * Writes the source files of `commit` under the `include` paths (minus `exclude` globs) into `into`.
 * Uses `ls-tree` + `cat-file --batch` instead of `git archive`: snapshots lack blobs of 4 MiB and
 * more, and `git archive` aborts on the first missing blob even outside the requested paths.
 * @param {string} gitDir
 * @param {string} commit
 * @param {string[]} include
 * @param {string[]} exclude
 * @param {string} into
 * @returns {{ files: number, missing: number }}
 */
export function extractSources(gitDir, commit, include, exclude, into) {
  const excluded = exclude.map(globToRegExp);
  // package.json files too (in the folders and above them): MCP Envelope decides what is MCP code by project.
  const manifests = new Set(['package.json']);
  for (const folder of include) {
    const parts = folder.split('/');
    for (let i = 1; i <= parts.length; i++) manifests.add([...parts.slice(0, i), 'package.json'].join('/'));
  }
  const listing = git([
    '--git-dir',
    gitDir,
    'ls-tree',
    '-r',
    '-z',
    '--full-tree',
    commit,
    '--',
    ...include,
    ...manifests,
  ]);
  if (listing.status !== 0) throw new Error(`git ls-tree failed: ${listing.stderr}`);
  /** @type {{ oid: string, file: string }[]} */
  const wanted = [];
  for (const entry of String(listing.stdout).split('\0')) {
    const tab = entry.indexOf('\t');
    if (tab < 0) continue;
    const [, type, oid] = entry.slice(0, tab).split(' ');
    const file = entry.slice(tab + 1);
    const manifest = file === 'package.json' || file.endsWith('/package.json');
    if (type !== 'blob' || (!manifest && (!SOURCE.test(file) || DECLARATION.test(file)))) continue;
    if (excluded.some((re) => re.test(file))) continue;
    wanted.push({ oid, file });
  }
  const batch = git(['--git-dir', gitDir, 'cat-file', '--batch'], {
    input: wanted.map((w) => w.oid).join('\n') + '\n',
    encoding: 'buffer',
  });
  const out = /** @type {Buffer} */ (batch.stdout);
  let at = 0;
  let missing = 0;
  let files = 0;
  for (const { file } of wanted) {
    const eol = out.indexOf(0x0a, at);
    const header = out.subarray(at, eol).toString('utf8').split(' ');
    at = eol + 1;
    if (header[1] === 'missing' || header.length < 3) {
      missing++;
      continue;
    }
    const size = Number(header[2]);
    const target = path.join(into, file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, out.subarray(at, at + size));
    at += size + 1;
    files++;
  }
  return { files, missing };
}

/**
 * Matches the tools found in one repository against its labels.
 * 1. same file and same name (closest line first); 2. a label without a name takes an unmatched
 * found tool in its file within ±5 lines; 3. a named label with no same-file candidate takes a
 * same-name found tool from another file ("matched elsewhere"). Found tools left over inside a
 * `generic` range (a loop or forwarding wrapper that registers tools defined elsewhere) are neutral;
 * the rest are false positives. `siteOnly` pairs a missed named label with a nameless false positive
 * within ±5 lines of it (the site was found, its name was not); they stay a miss and a false positive.
 * @param {Label[]} labels
 * @param {FoundTool[]} found
 * @param {Generic[]} generic
 * @returns {MatchResult}
 */
export function matchTools(labels, found, generic = []) {
  /** @type {Map<Label, Match>} */
  const byLabel = new Map();
  const taken = new Set();
  /** @param {Array<[Label, FoundTool, number]>} pairs @param {boolean} elsewhere */
  const assign = (pairs, elsewhere) => {
    pairs.sort((a, b) => a[2] - b[2]);
    for (const [label, tool] of pairs) {
      if (byLabel.has(label) || taken.has(tool)) continue;
      byLabel.set(label, { label, found: tool, elsewhere });
      taken.add(tool);
    }
  };
  const same = (/** @type {string | null} */ a, /** @type {string | null} */ b) =>
    a !== null && b !== null && String(a) === String(b);
  /** @type {Array<[Label, FoundTool, number]>} */
  const exact = [];
  for (const label of labels)
    for (const tool of found)
      if (tool.file === label.file && same(tool.name, label.name))
        exact.push([label, tool, Math.abs(tool.line - label.line)]);
  assign(exact, false);
  /** @type {Array<[Label, FoundTool, number]>} */
  const near = [];
  for (const label of labels)
    if (label.name === null)
      for (const tool of found)
        if (!taken.has(tool) && tool.file === label.file && Math.abs(tool.line - label.line) <= 5)
          near.push([label, tool, Math.abs(tool.line - label.line)]);
  assign(near, false);
  /** @type {Array<[Label, FoundTool, number]>} */
  const elsewhere = [];
  for (const label of labels) {
    if (byLabel.has(label) || label.name === null) continue;
    if (found.some((t) => t.file === label.file && same(t.name, label.name))) continue;
    for (const tool of found)
      if (!taken.has(tool) && tool.file !== label.file && same(tool.name, label.name)) elsewhere.push([label, tool, 0]);
  }
  assign(elsewhere, true);
  /** @type {FoundTool[]} */
  const neutral = [];
  /** @type {FoundTool[]} */
  const falsePositives = [];
  for (const tool of found) {
    if (taken.has(tool)) continue;
    const inGeneric = generic.some((g) => g.file === tool.file && tool.line >= g.from - 2 && tool.line <= g.to + 2);
    (inGeneric ? neutral : falsePositives).push(tool);
  }
  const misses = labels.filter((l) => !byLabel.has(l));
  /** @type {Array<{ label: Label, found: FoundTool }>} */
  const siteOnly = [];
  const paired = new Set();
  for (const label of misses) {
    if (label.name === null) continue;
    const tool = falsePositives.find(
      (t) => !paired.has(t) && t.name === null && t.file === label.file && Math.abs(t.line - label.line) <= 5,
    );
    if (tool) {
      paired.add(tool);
      siteOnly.push({ label, found: tool });
    }
  }
  return { matches: [...byLabel.values()], misses, falsePositives, neutral, siteOnly };
}

/** @param {number} part @param {number} whole */
export const ratio = (part, whole) => (whole === 0 ? '—' : (part / whole).toFixed(2));

/**
 * Whether a file is MCP code (for the silence check): its path names MCP, or it imports the MCP SDK
 * or a module whose name contains "mcp".
 * @param {string} text
 * @param {string} file
 */
export function isMcpFile(file, text) {
  if (/(^|[/_.-])mcp([/_.-]|$)/i.test(file)) return true;
  return /from\s+['"][^'"]*(@modelcontextprotocol|mcp)[^'"]*['"]|require\(\s*['"][^'"]*(@modelcontextprotocol|mcp)/i.test(
    text,
  );
}

/**
 * Replaces the text between `<!-- <marker>:start -->` and `<!-- <marker>:end -->`.
 * @param {string} doc
 * @param {string} body
 * @param {string} [marker] `results` (development set) or `held-out-results`
 */
export function replaceBetweenMarkers(doc, body, marker = 'results') {
  const start = `<!-- ${marker}:start -->`;
  const end = `<!-- ${marker}:end -->`;
  const i = doc.indexOf(start);
  const j = doc.indexOf(end);
  if (i < 0 || j < i) throw new Error(`${marker} markers not found`);
  return `${doc.slice(0, i + start.length)}\n${body.trim()}\n${doc.slice(j)}`;
}
