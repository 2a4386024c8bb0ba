/**
 * The grade target of `tap --repair`: @modelcontextprotocol/server-filesystem probed directly and through the
 * repairing tap. Its failures carry evidence (SDK phrases, errno codes) but no category; through the tap every
 * failure reaches the probe as a complete envelope. Successes cannot be repaired (they pass byte for byte), so the
 * whole-server grade stays below the failures' mean: the test checks both, and the trace's repair records.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runProbe } from '../../../probe/src';
import type { ProbeReport } from '../../../shared/src/probeReport';
import { parseTrace } from '../../../shared/src/trace';
import { TAP_ENTRY } from '../tap/tapHarness';
import { REPO_ROOT, scratchDir } from './probeHarness';

const FILESYSTEM = path.join(REPO_ROOT, 'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js');

/** Scores of the calls the server answered with a failure (tool error or JSON-RPC error). */
function failureScores(report: ProbeReport): number[] {
  return report.tools
    .flatMap((tool) => tool.calls)
    .filter((call) => call.outcome === 'tool-error' || call.outcome === 'protocol-error')
    .map((call) => Number(/(\d+)\/100/.exec(call.verdict ?? '')?.[1] ?? Number.NaN));
}

const mean = (values: number[]): number => values.reduce((sum, value) => sum + value, 0) / values.length;

void describe('probe through tap --repair: @modelcontextprotocol/server-filesystem', { timeout: 60_000 }, () => {
  let dir = '';
  let allowed = '';

  before(() => {
    dir = scratchDir('probe-repair-');
    allowed = path.join(dir, 'allowed');
    fs.mkdirSync(allowed);
    fs.writeFileSync(path.join(allowed, 'notes.txt'), 'one\ntwo\n');
  });

  after(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  void it('grades the repaired failures at least 85 and records each repair with its original', async () => {
    const trace = path.join(dir, 'repair.mcptrace.jsonl');
    const direct = await runProbe({
      target: { kind: 'stdio', command: process.execPath, args: [FILESYSTEM, allowed] },
      label: 'filesystem',
      timeoutMs: 5000,
    });
    const repaired = await runProbe({
      target: {
        kind: 'stdio',
        command: process.execPath,
        args: [TAP_ENTRY, '--repair', '--trace', trace, '--', process.execPath, FILESYSTEM, allowed],
        // Only the entry switch: the probe counts every variable it passes as a value that must not leak.
        env: { MCP_ENVELOPE_TAP_ENTRY: '1' },
      },
      label: 'filesystem',
      timeoutMs: 5000,
    });
    const directFailures = mean(failureScores(direct));
    const repairedFailures = mean(failureScores(repaired));
    console.log(
      `  filesystem: direct ${direct.grade}/100 (failures ${directFailures.toFixed(1)}), ` +
        `through tap --repair ${repaired.grade}/100 (failures ${repairedFailures.toFixed(1)})`,
    );
    assert.ok(repairedFailures >= 85, `repaired failures average ${repairedFailures}`);
    assert.ok((repaired.grade ?? 0) >= (direct.grade ?? 0) + 15, `${repaired.grade} vs ${direct.grade}`);
    for (const call of repaired.tools.flatMap((tool) => tool.calls)) {
      if (call.outcome !== 'tool-error') continue;
      assert.notEqual(call.category, null, `${call.mistake}: ${call.message}`);
      assert.equal(call.retryable, false, `${call.mistake}: ${call.message}`);
      assert.match(call.message ?? '', /^\[[A-Z_]+, not retryable\] /);
    }
    const missing = repaired.tools
      .find((tool) => tool.name === 'read_file')
      ?.calls.find((call) => call.mistake === 'nonexistent-id');
    assert.equal(missing?.category, 'NOT_FOUND');

    const repairs = parseTrace(fs.readFileSync(trace, 'utf8')).entries.filter((entry) => entry.repair);
    assert.ok(repairs.length >= 20, `${repairs.length} repairs recorded`);
    const enoent = repairs.find((entry) => entry.repair?.evidence[0] === 'errno ENOENT');
    assert.ok(enoent, 'an ENOENT failure was repaired from its errno');
    assert.equal(enoent.repair?.category, 'NOT_FOUND');
    assert.match(JSON.stringify(enoent.repair?.original), /ENOENT: no such file or directory/);
    assert.doesNotMatch(JSON.stringify(enoent.msg), /errorCategory":null/);
  });
});
