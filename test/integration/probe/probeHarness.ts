/**
 * Shared set-up for the probe's integration tests: scratch folders inside the repository (so that emitted
 * JavaScript resolves the SDK from its node_modules), the orders example transpiled file by file (as
 * examplesRun.test.ts does), and small SDK servers written by the tests themselves.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ProbeReport, ProbeToolReport } from '../../../shared/src/probeReport';

export const REPO_ROOT = path.resolve(__dirname, '../../../..');

/** A fresh scratch folder under out/, removed by the caller. */
export function scratchDir(prefix: string): string {
  const root = path.join(REPO_ROOT, 'out');
  fs.mkdirSync(root, { recursive: true });
  return fs.mkdtempSync(path.join(root, prefix));
}

export { buildOrdersExample } from '../ordersExampleBuild';

/** Writes a CommonJS server script into `dir` and returns its path. */
export function writeServer(dir: string, name: string, source: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, source);
  return file;
}

export function toolReport(report: ProbeReport, name: string): ProbeToolReport {
  const tool = report.tools.find((candidate) => candidate.name === name);
  assert.ok(tool, `the report should list ${name}: ${report.tools.map((t) => t.name).join(', ')}`);
  return tool;
}

/** The calls as sent (mistake and arguments), for determinism checks. */
export function sentCalls(report: ProbeReport): string {
  return JSON.stringify(report.tools.map((tool) => [tool.name, tool.calls.map((c) => [c.mistake, c.arguments])]));
}
