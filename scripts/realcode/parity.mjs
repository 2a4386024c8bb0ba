#!/usr/bin/env node
// Language server vs CLI on real code (docs/real-code-evaluation.md, "Editor and CLI agree").
//
// For each labelled repository (scripts/realcode/labels*.json), the labelled commit's sources are written to a
// temporary folder; `mcp-envelope tools` and `mcp-envelope check` run there (dist/cli.js), and the built language
// server (dist/server.js) is started on the same folder through a real LSP client: once it has indexed the
// workspace, its tool list (the `mcpEnvelope/tools` request) is compared with the CLI's, and every file with a CLI
// finding or a tool is opened and its published diagnostics compared with the CLI's findings for that file (check
// id, line and column). It is a measurement, not a test: it prints every difference and exits 0.
//
// Usage: node scripts/realcode/parity.mjs [--labels FILE]… [--repo owner/name]… [--mirror DIR] [--max-files N]
// Needs `npm run build` and `npx tsc -b` (the LSP client is the integration tests' compiled one).
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { extractSources, gitDirFor, hasCommit } from './lib.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const require = createRequire(import.meta.url);
const { LspTestClient } = require(path.join(root, 'out/test/integration/lsp/lspTestClient.js'));
const { WorkspaceToolsRequest } = require(path.join(root, 'out/shared/src/protocol.js'));

const { values } = parseArgs({
  options: {
    labels: { type: 'string', multiple: true },
    repo: { type: 'string', multiple: true },
    mirror: { type: 'string', default: '/work/.mirror' },
    'max-files': { type: 'string', default: '80' },
  },
});

const labelFiles =
  values.labels ??
  fs
    .readdirSync(here)
    .filter((f) => /^labels.*\.json$/.test(f) && !f.includes('silence'))
    .map((f) => path.join(here, f));
/** @type {Array<{ repo: string, commit: string, include: string[], exclude?: string[] }>} */
const entries = [];
for (const file of labelFiles) {
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  for (const entry of parsed.repos ?? []) if (!values.repo || values.repo.includes(entry.repo)) entries.push(entry);
}

/** @param {string} command @param {string} cwd */
function runCli(command, cwd) {
  const result = spawnSync(process.execPath, [path.join(root, 'dist/cli.js'), command, '--format', 'json', '.'], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  const text = result.stdout.trim();
  if (!text.startsWith('[')) throw new Error(`${command} printed no JSON: ${result.stderr.slice(0, 300)}`);
  return JSON.parse(text);
}

/** @param {string} dir @param {number} maxFiles */
async function compare(dir, maxFiles) {
  /** @type {Array<{ name: string | null, file: string, line: number }>} */
  const cliTools = runCli('tools', dir);
  /** @type {Array<{ file: string, line: number, column: number, check: string }>} */
  const cliFindings = runCli('check', dir);
  const client = new LspTestClient();
  const differences = [];
  try {
    await client.initialize(dir);
    await client.waitForLog((/** @type {string} */ line) => line.startsWith('Indexed '), 600_000);
    /** @type {Array<{ name: string | null, line: number, uri: string }>} */
    const lspTools = await client.connection.sendRequest(WorkspaceToolsRequest);
    const toolKey = (/** @type {{ name: string | null, file: string, line: number }} */ t) =>
      `${t.file}:${t.line} ${t.name ?? '(no name)'}`;
    const relative = (/** @type {string} */ uri) => path.relative(dir, fileURLToPath(uri)).split(path.sep).join('/');
    const lspKeys = new Set(lspTools.map((t) => toolKey({ ...t, file: relative(t.uri) })));
    const cliKeys = new Set(cliTools.map((t) => toolKey({ ...t, file: t.file.replace(/^\.\//, '') })));
    for (const key of cliKeys) if (!lspKeys.has(key)) differences.push(`tool only in the CLI: ${key}`);
    for (const key of lspKeys) if (!cliKeys.has(key)) differences.push(`tool only in the editor: ${key}`);

    const byFile = new Map();
    for (const finding of cliFindings) {
      const file = finding.file.replace(/^\.\//, '');
      if (!byFile.has(file)) byFile.set(file, []);
      byFile.get(file).push(`${finding.line}:${finding.column} ${finding.check}`);
    }
    for (const tool of cliTools) if (!byFile.has(tool.file.replace(/^\.\//, ''))) byFile.set(tool.file, []);
    const files = [...byFile.keys()].sort().slice(0, maxFiles);
    for (const file of files) {
      const uri = pathToFileURL(path.join(dir, file)).toString();
      const text = fs.readFileSync(path.join(dir, file), 'utf8');
      const languageId = /\.[cm]?jsx?$/.test(file) ? 'javascript' : 'typescript';
      await client.open(uri, text, languageId);
      const diagnostics = await client.waitForDiagnostics(uri, () => true, undefined, 120_000);
      const lsp = new Set(
        diagnostics
          .filter((/** @type {{ source?: string }} */ d) => d.source === undefined || d.source === 'mcp-envelope')
          .map(
            (/** @type {{ range: { start: { line: number, character: number } }, code?: string | number }} */ d) =>
              `${d.range.start.line + 1}:${d.range.start.character + 1} ${String(d.code)}`,
          ),
      );
      const cli = new Set(byFile.get(file));
      for (const key of cli) if (!lsp.has(key)) differences.push(`finding only in the CLI: ${file}:${key}`);
      for (const key of lsp) if (!cli.has(key)) differences.push(`finding only in the editor: ${file}:${key}`);
    }
    return { tools: cliTools.length, findings: cliFindings.length, files: files.length, differences };
  } finally {
    await client.dispose();
  }
}

let totalDifferences = 0;
let compared = 0;
for (const entry of entries) {
  const gitDir = gitDirFor(values.mirror, entry.repo);
  if (!gitDir || !hasCommit(gitDir, entry.commit)) {
    console.log(`${entry.repo}: not fetched at ${entry.commit.slice(0, 10)}, skipped`);
    continue;
  }
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'parity-')));
  try {
    extractSources(gitDir, entry.commit, entry.include, entry.exclude ?? [], dir);
    const result = await compare(dir, Number(values['max-files']));
    compared++;
    totalDifferences += result.differences.length;
    console.log(
      `${entry.repo}: ${result.tools} tools, ${result.findings} findings, ${result.files} files opened, ` +
        `${result.differences.length} differences`,
    );
    for (const line of result.differences.slice(0, 20)) console.log(`  ${line}`);
  } catch (error) {
    console.log(`${entry.repo}: failed: ${error instanceof Error ? error.message.slice(0, 300) : String(error)}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
console.log(`\n${compared} repositories compared, ${totalDifferences} differences`);
