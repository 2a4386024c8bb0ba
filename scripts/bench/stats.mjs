// Small helpers shared by the benchmarks.
import { spawnSync } from 'node:child_process';

/** @param {number[]} values @returns {number} the middle value (the upper one of an even count) */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** @param {number[]} values @param {number} p a fraction, 0.9 for the 90th percentile @returns {number} */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
}

/**
 * Runs a Node process to its end and returns its wall-clock time in ms. Exit codes 0 and 1 count as runs (a check
 * with findings exits 1); anything else is an error.
 * @param {string[]} args arguments after the Node executable
 * @param {string} cwd
 * @returns {number}
 */
export function timeNodeProcess(args, cwd) {
  const started = performance.now();
  const result = spawnSync(process.execPath, args, { cwd, encoding: 'utf8', maxBuffer: 1 << 28 });
  const elapsed = performance.now() - started;
  if (result.status !== 0 && result.status !== 1) throw new Error(`node ${args.join(' ')}: ${result.stderr}`);
  return elapsed;
}
