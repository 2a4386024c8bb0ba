#!/usr/bin/env node
// SARIF for GitHub, used by this repository's action (action.yml):
//   annotate <file.sarif> [--limit N]  prints one `::error|warning|notice file=…,line=…::message` workflow command per
//                                      result (at most N, default 200), so findings show on the pull request's lines
//                                      with or without code scanning, then a count line;
//   rebase <file.sarif> <dir>          prefixes relative artifact URIs with <dir> in place, for a check run inside a
//                                      sub-folder: code scanning and annotations read paths from the repository root.
import { readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, posix, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const LEVEL = { error: 'error', warning: 'warning', note: 'notice', none: 'notice' };

/** Escapes a workflow command's data (the message). @param {string} text */
export function escapeData(text) {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Escapes a workflow command's property value (file, title). @param {string} text */
export function escapeProperty(text) {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** The file path GitHub expects (relative to the workspace) from a SARIF artifact URI. @param {string} uri */
export function uriToPath(uri, workspace = process.env.GITHUB_WORKSPACE) {
  if (!uri.startsWith('file:')) return decodeURIComponent(uri);
  const file = fileURLToPath(uri);
  const inside = workspace ? relative(workspace, file) : '';
  return inside && !inside.startsWith('..') && !isAbsolute(inside) ? inside.split(sep).join('/') : file;
}

/** @param {unknown} log the parsed SARIF log @returns {string[]} the workflow commands */
export function sarifToAnnotations(log, limit = 200) {
  const lines = [];
  const runsField = log && typeof log === 'object' && 'runs' in log ? log.runs : undefined;
  /** @type {any[]} */
  const runs = Array.isArray(runsField) ? runsField : [];
  for (const run of runs) {
    for (const result of Array.isArray(run.results) ? run.results : []) {
      const level = LEVEL[result.level ?? 'warning'] ?? 'warning';
      const physical = result.locations?.[0]?.physicalLocation;
      const properties = [];
      if (typeof physical?.artifactLocation?.uri === 'string') {
        properties.push(`file=${escapeProperty(uriToPath(physical.artifactLocation.uri))}`);
        const region = physical.region ?? {};
        for (const [name, key] of [
          ['line', 'startLine'],
          ['endLine', 'endLine'],
          ['col', 'startColumn'],
          ['endColumn', 'endColumn'],
        ]) {
          if (Number.isInteger(region[key])) properties.push(`${name}=${region[key]}`);
        }
      }
      if (result.ruleId) properties.push(`title=${escapeProperty(`mcp-envelope: ${result.ruleId}`)}`);
      const message = escapeData(String(result.message?.text ?? result.ruleId ?? 'finding'));
      lines.push(`::${level} ${properties.join(',')}::${message}`);
    }
  }
  return lines.slice(0, limit);
}

/** Prefixes the relative artifact URIs of every result location with `dir` (a relative folder). */
export function rebaseSarif(log, dir) {
  const prefix = dir
    .split('\\')
    .join('/')
    .replace(/^\.\/?/, '')
    .replace(/\/+$/, '');
  if (!prefix) return log;
  const encoded = prefix.split('/').map(encodeURIComponent).join('/');
  for (const run of Array.isArray(log?.runs) ? log.runs : []) {
    for (const result of Array.isArray(run.results) ? run.results : []) {
      for (const location of Array.isArray(result.locations) ? result.locations : []) {
        const artifact = location.physicalLocation?.artifactLocation;
        if (typeof artifact?.uri !== 'string' || /^[a-z][a-z0-9+.-]+:/i.test(artifact.uri)) continue;
        artifact.uri = posix.normalize(`${encoded}/${artifact.uri}`);
      }
    }
  }
  return log;
}

function readLog(file) {
  return JSON.parse(readFileSync(file, 'utf8').replace(/^\uFEFF/, ''));
}

function main(argv) {
  const [command, file, ...rest] = argv;
  if (command === 'annotate' && file) {
    const limitIndex = rest.indexOf('--limit');
    const limit = limitIndex >= 0 ? Number(rest[limitIndex + 1]) : 200;
    const log = readLog(file);
    const total = (log.runs ?? []).reduce((sum, run) => sum + (run.results?.length ?? 0), 0);
    const lines = sarifToAnnotations(log, limit);
    process.stdout.write(lines.map((line) => `${line}\n`).join(''));
    process.stdout.write(`mcp-envelope: ${total} finding${total === 1 ? '' : 's'} (${lines.length} annotated)\n`);
    return 0;
  }
  if (command === 'rebase' && file && rest[0] !== undefined) {
    writeFileSync(file, `${JSON.stringify(rebaseSarif(readLog(file), rest[0]), null, 2)}\n`);
    return 0;
  }
  process.stderr.write('usage: node sarif-github.mjs annotate <file.sarif> [--limit N] | rebase <file.sarif> <dir>\n');
  return 2;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = main(process.argv.slice(2));
