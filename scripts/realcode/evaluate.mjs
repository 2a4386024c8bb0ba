#!/usr/bin/env node
// Real-code evaluation of tool discovery (docs/real-code-evaluation.md).
//
// Measures how well `mcp-envelope tools` finds the tool registrations of public TypeScript MCP
// servers, against labels made by reading their code (scripts/realcode/labels.json: file, line,
// name and registration style of every tool, per repository and commit), and checks that
// `mcp-envelope check` stays silent on large non-MCP TypeScript codebases that have their own
// tool and isError APIs. It is a measurement, not a test: it exits 0 whatever the numbers are.
//
// The repositories are not vendored. They are read from fetched snapshots (bare git directories
// under <mirror>/<owner>+<name>/repo, default mirror /work/.mirror); for each one the labelled
// commit's source files under the labelled `include` paths (minus `exclude` globs) are written to
// a temporary folder and the built CLI (../../dist/cli.js; run `npm run build` first) is run there.
//
// Usage:
//   node scripts/realcode/evaluate.mjs [--mirror DIR] [--repo owner/name]… [--verbose]
//                                      [--no-unrelated] [--held-out] [--round N] [--write]
//   --verbose   list misses, false positives and matches made in another file
//   --held-out  evaluate only the held-out repositories (entries marked `"heldOut": true`, labelled
//               after discovery was built, without a `round` field); without it they are left out,
//               unless named by --repo
//   --round N   evaluate only the entries labelled in round N (`"round": N`, held out too; round 3 is
//               the set labelled before any discovery change was made for it)
//   --write     replace the results in docs/real-code-evaluation.md (between the results markers,
//               the held-out-results markers with --held-out, or round-N-results with --round N)
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  extractSources,
  gitDirFor,
  globToRegExp,
  hasCommit,
  isMcpFile,
  matchTools,
  ratio,
  replaceBetweenMarkers,
} from './lib.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const cli = path.join(root, 'dist', 'cli.js');
const docPath = path.join(root, 'docs', 'real-code-evaluation.md');

/** @typedef {import('./lib.mjs').LabelledRepo} LabelledRepo */
/** @typedef {import('./lib.mjs').UnrelatedRepo} UnrelatedRepo */
/** @typedef {import('./lib.mjs').FoundTool} FoundTool */
/**
 * @typedef {{ repo: string, commit: string, expected: number, found: number, neutral: number,
 *             matched: number, elsewhere: number, fp: number, siteOnly: number, byStyle: Record<string, [number, number]> }} RepoRow
 * @typedef {{ repo: string, commit: string, mcpClient: boolean, files: number, findings: number, filesWithFindings: number,
 *             nonMcpFindings: number, nonMcpFiles: number, checks: Record<string, number>,
 *             tools: number, nonMcpTools: number }} SilenceRow
 */

const { values } = parseArgs({
  options: {
    mirror: { type: 'string', default: '/work/.mirror' },
    repo: { type: 'string', multiple: true },
    labels: { type: 'string', default: path.join(here, 'labels.json') },
    verbose: { type: 'boolean', default: false },
    write: { type: 'boolean', default: false },
    'no-unrelated': { type: 'boolean', default: false },
    'held-out': { type: 'boolean', default: false },
    round: { type: 'string' },
  },
});

/**
 * Runs the CLI in `cwd` on `.` and returns its parsed JSON output (an array).
 * @param {string} command
 * @param {string} cwd
 * @returns {any[]}
 */
function runCli(command, cwd) {
  const result = spawnSync(process.execPath, [cli, command, '--format', 'json', '.'], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  if (result.error) throw result.error;
  const text = result.stdout.trim();
  if (!text.startsWith('['))
    throw new Error(`${command} printed no JSON (exit ${result.status}): ${result.stderr.slice(0, 500)}`);
  return JSON.parse(text);
}

/**
 * Extracts one labelled commit into a fresh temporary folder, or explains why it cannot.
 * @param {{ repo: string, commit: string, include: string[], exclude?: string[] }} entry
 * @returns {{ dir: string, files: number, missing: number } | undefined}
 */
function checkout(entry) {
  const gitDir = gitDirFor(values.mirror, entry.repo);
  if (!gitDir) {
    console.log(`missing: fetch github:${entry.repo}`);
    return undefined;
  }
  if (!hasCommit(gitDir, entry.commit)) {
    console.log(
      `missing commit ${entry.commit.slice(0, 12)} in ${gitDir}: fetch github:${entry.repo} again or relabel`,
    );
    return undefined;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'realcode-'));
  const { files, missing } = extractSources(gitDir, entry.commit, entry.include, entry.exclude ?? [], dir);
  return { dir, files, missing };
}

/** @param {FoundTool | import('./lib.mjs').Label} t */
const where = (t) => `${t.file}:${t.line} ${t.name ?? '(no name)'}`;

/** @param {LabelledRepo} entry @returns {RepoRow | undefined} */
function evaluateRepo(entry) {
  const tree = checkout(entry);
  if (!tree) return undefined;
  try {
    /** @type {FoundTool[]} */
    const found = runCli('tools', tree.dir).map((t) => ({
      name: t.name ?? null,
      file: String(t.file).split(path.sep).join('/').replace(/^\.\//, ''),
      line: Number(t.line),
      kind: t.kind,
    }));
    const result = matchTools(entry.tools, found, entry.generic ?? []);
    /** @type {Record<string, [number, number]>} */
    const byStyle = {};
    for (const label of entry.tools) (byStyle[label.style] ??= [0, 0])[1]++;
    for (const m of result.matches) byStyle[m.label.style][0]++;
    const row = {
      repo: entry.repo,
      commit: entry.commit,
      expected: entry.tools.length,
      found: found.length,
      neutral: result.neutral.length,
      matched: result.matches.length,
      elsewhere: result.matches.filter((m) => m.elsewhere).length,
      fp: result.falsePositives.length,
      siteOnly: result.siteOnly.length,
      byStyle,
    };
    if (values.verbose) {
      console.log(
        `\n## ${entry.repo} (${tree.files} files${tree.missing ? `, ${tree.missing} absent from the snapshot` : ''})`,
      );
      const site = new Map(result.siteOnly.map((p) => [p.label, p.found]));
      for (const miss of result.misses)
        console.log(
          `  miss  ${where(miss)}  [${miss.style}]${site.has(miss) ? '  (site found, name not resolved)' : ''}`,
        );
      for (const fp of result.falsePositives) console.log(`  false ${where(fp)}  [${fp.kind ?? ''}]`);
      for (const m of result.matches.filter((x) => x.elsewhere))
        console.log(`  elsewhere ${where(m.label)} ← ${where(m.found)}`);
      for (const n of result.neutral) console.log(`  neutral ${where(n)}  [${n.kind ?? ''}]`);
    }
    return row;
  } finally {
    fs.rmSync(tree.dir, { recursive: true, force: true });
  }
}

/** @param {UnrelatedRepo} entry @returns {SilenceRow | undefined} */
function silenceRepo(entry) {
  const tree = checkout(entry);
  if (!tree) return undefined;
  try {
    const findings = runCli('check', tree.dir);
    const tools = runCli('tools', tree.dir);
    /** @type {Map<string, boolean>} */
    const mcp = new Map();
    // In an MCP client's folders every file is client code: nothing there is an MCP tool or a server's envelope.
    // With `mcpServer` (globs) only the files it names are MCP server code; the rest (hosts, clients) is not.
    const serverGlobs = entry.mcpServer?.map(globToRegExp);
    const isMcp = (/** @type {string} */ file) => {
      if (entry.mcpClient) return false;
      if (serverGlobs) return serverGlobs.some((re) => re.test(file));
      if (!mcp.has(file)) mcp.set(file, isMcpFile(file, fs.readFileSync(path.join(tree.dir, file), 'utf8')));
      return /** @type {boolean} */ (mcp.get(file));
    };
    const files = new Set(findings.map((f) => String(f.file)));
    const nonMcp = findings.filter((f) => !isMcp(String(f.file)));
    /** @type {Record<string, number>} */
    const checks = {};
    for (const f of nonMcp) checks[f.check] = (checks[f.check] ?? 0) + 1;
    if (values.verbose) {
      console.log(`\n## ${entry.repo} (${tree.files} files)`);
      for (const f of findings)
        console.log(`  ${isMcp(String(f.file)) ? 'mcp    ' : 'non-mcp'} ${f.file}:${f.line} ${f.check}`);
      for (const t of tools)
        console.log(
          `  ${isMcp(String(t.file)) ? 'mcp    ' : 'non-mcp'} ${t.file}:${t.line} tool ${t.name ?? '(no name)'} [${t.kind}]`,
        );
    }
    return {
      repo: entry.repo,
      commit: entry.commit,
      mcpClient: Boolean(entry.mcpClient),
      files: tree.files,
      findings: findings.length,
      filesWithFindings: files.size,
      nonMcpFindings: nonMcp.length,
      nonMcpFiles: new Set(nonMcp.map((f) => String(f.file))).size,
      checks,
      tools: tools.length,
      nonMcpTools: tools.filter((t) => !isMcp(String(t.file))).length,
    };
  } finally {
    fs.rmSync(tree.dir, { recursive: true, force: true });
  }
}

/** @param {RepoRow[]} rows @param {SilenceRow[]} silence */
function renderTables(rows, silence) {
  /** @type {string[]} */
  const lines = [];
  if (rows.length === 0) return renderSilence(lines, silence);
  lines.push(
    '| Repository | Commit | Expected | Found | Matched | Elsewhere | False pos. | Site only | Neutral | Recall | Precision |',
  );
  lines.push('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  const sum = { expected: 0, found: 0, matched: 0, elsewhere: 0, fp: 0, siteOnly: 0, neutral: 0 };
  for (const r of rows) {
    for (const k of /** @type {(keyof typeof sum)[]} */ (Object.keys(sum))) sum[k] += r[k];
    lines.push(
      `| ${r.repo} | \`${r.commit.slice(0, 10)}\` | ${r.expected} | ${r.found} | ${r.matched} | ${r.elsewhere} | ${r.fp} | ${r.siteOnly} | ${r.neutral} | ${ratio(r.matched, r.expected)} | ${ratio(r.matched, r.matched + r.fp)} |`,
    );
  }
  const macro = (/** @type {(r: RepoRow) => number} */ f) =>
    rows.length ? (rows.reduce((a, r) => a + f(r), 0) / rows.length).toFixed(2) : '—';
  lines.push(
    `| **Total** (${rows.length} repositories) | | **${sum.expected}** | **${sum.found}** | **${sum.matched}** | **${sum.elsewhere}** | **${sum.fp}** | **${sum.siteOnly}** | **${sum.neutral}** | **${ratio(sum.matched, sum.expected)}** | **${ratio(sum.matched, sum.matched + sum.fp)}** |`,
  );
  lines.push(
    `| Mean per repository | | | | | | | | | ${macro((r) => (r.expected ? r.matched / r.expected : 0))} | ${macro((r) => (r.matched + r.fp ? r.matched / (r.matched + r.fp) : 1))} |`,
  );
  /** @type {Record<string, [number, number]>} */
  const styles = {};
  for (const r of rows)
    for (const [style, [m, e]] of Object.entries(r.byStyle)) {
      const s = (styles[style] ??= [0, 0]);
      s[0] += m;
      s[1] += e;
    }
  lines.push('', 'Recall by registration style (labels pooled over all repositories):', '');
  lines.push('| Style | Expected | Matched | Recall |', '| --- | ---: | ---: | ---: |');
  for (const [style, [m, e]] of Object.entries(styles).sort((a, b) => b[1][1] - a[1][1]))
    lines.push(`| ${style} | ${e} | ${m} | ${ratio(m, e)} |`);
  return renderSilence(lines, silence);
}

/** @param {string[]} lines @param {SilenceRow[]} silence */
function renderSilence(lines, silence) {
  if (silence.length) {
    if (lines.length) lines.push('');
    lines.push(
      'Silence on non-MCP codebases (`check` findings; target: none in files unrelated to MCP; in MCP clients (†), where every file is client code, none at all):',
      '',
    );
    lines.push(
      '| Repository | Commit | Files | Findings | Files with findings | Findings in non-MCP files | Non-MCP files with findings | Checks (non-MCP) | Tools listed (in non-MCP files) |',
    );
    lines.push('| --- | --- | ---: | ---: | ---: | ---: | ---: | --- | ---: |');
    for (const s of silence)
      lines.push(
        `| ${s.repo}${s.mcpClient ? ' †' : ''} | \`${s.commit.slice(0, 10)}\` | ${s.files} | ${s.findings} | ${s.filesWithFindings} | ${s.nonMcpFindings} | ${s.nonMcpFiles} | ${
          Object.entries(s.checks)
            .map(([c, n]) => `${c} ×${n}`)
            .join(', ') || '—'
        } | ${s.tools} (${s.nonMcpTools}) |`,
      );
  }
  return lines.join('\n');
}

function main() {
  if (!fs.existsSync(cli)) {
    console.error(`no built CLI at ${cli}: run npm run build first`);
    process.exit(1);
  }
  const labels = JSON.parse(fs.readFileSync(values.labels, 'utf8'));
  const wanted = values.repo ? new Set(values.repo) : undefined;
  const round = values.round === undefined ? undefined : Number(values.round);
  const heldOut = values['held-out'] || round !== undefined;
  /** @param {LabelledRepo} entry */
  const selected = (entry) => {
    if (wanted) return wanted.has(entry.repo);
    if (round !== undefined) return entry.round === round;
    // Without --round: the development set, or with --held-out the held-out entries of earlier rounds.
    return Boolean(entry.heldOut) === heldOut && entry.round === undefined;
  };
  /** @type {RepoRow[]} */
  const rows = [];
  for (const entry of /** @type {LabelledRepo[]} */ (labels.repos)) {
    if (!selected(entry)) continue;
    const row = evaluateRepo(entry);
    if (row) rows.push(row);
  }
  /** @type {SilenceRow[]} */
  const silence = [];
  if (!values['no-unrelated'] && !heldOut)
    for (const entry of /** @type {UnrelatedRepo[]} */ (labels.unrelated ?? [])) {
      if (wanted && !wanted.has(entry.repo)) continue;
      const row = silenceRepo(entry);
      if (row) silence.push(row);
    }
  const table = renderTables(rows, silence);
  console.log(`\n${table}`);
  if (values.write) {
    if (wanted || (values['no-unrelated'] && !heldOut))
      console.log('\n(--write skipped: only a full run updates the document)');
    else {
      const stamp = `Measured on ${new Date().toISOString().slice(0, 10)} with mcp-envelope ${JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).version} (commit ${gitHead()}).`;
      const marker = round !== undefined ? `round-${round}-results` : heldOut ? 'held-out-results' : 'results';
      fs.writeFileSync(
        docPath,
        replaceBetweenMarkers(fs.readFileSync(docPath, 'utf8'), `${stamp}\n\n${table}`, marker),
      );
      // Keep the document in the repository's Prettier style (it aligns table columns), when Prettier is installed.
      const prettier = path.join(root, 'node_modules', '.bin', 'prettier');
      if (fs.existsSync(prettier)) spawnSync(prettier, ['--write', docPath], { stdio: 'ignore' });
      console.log(`\nwrote ${path.relative(process.cwd(), docPath)}`);
    }
  }
}

function gitHead() {
  const r = spawnSync('git', ['-C', root, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : 'unknown';
}

try {
  main();
} catch (error) {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
}
