/**
 * The probe against real servers from npm: the reference "everything" server and the filesystem server with a
 * scratch allowed folder. Destructive and non-read-only tools are skipped (and the folder proves nothing was
 * written); read-only tools are graded; a fixture reaches the filesystem's missing-file path.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runProbe } from '../../../probe/src';
import { REPO_ROOT, scratchDir, toolReport } from './probeHarness';

const EVERYTHING = path.join(REPO_ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
const FILESYSTEM = path.join(REPO_ROOT, 'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js');

void describe('probe: @modelcontextprotocol/server-everything', { timeout: 30_000 }, () => {
  void it('grades the read-only tools and skips the others', async () => {
    const report = await runProbe({
      target: { kind: 'stdio', command: process.execPath, args: [EVERYTHING, 'stdio'] },
      label: 'everything',
      timeoutMs: 3000,
      // Its long-running tool waits 10 s by default: a fixture keeps the baseline quick.
      fixtures: { 'trigger-long-running-operation': { duration: 0.1, steps: 1 } },
    });
    for (const name of ['toggle-simulated-logging', 'gzip-file-as-resource']) {
      assert.match(toolReport(report, name).skipped ?? '', /^not annotated read-only/);
    }
    const sum = toolReport(report, 'get-sum');
    assert.deepEqual(
      sum.calls.map((call) => call.mistake),
      ['missing-required', 'wrong-type', 'unexpected-property'],
    );
    const wrongType = sum.calls[1];
    assert.equal(wrongType.outcome, 'tool-error');
    assert.match(wrongType.message ?? '', /Input validation error/);
    assert.ok(wrongType.findings.some((finding) => finding.check === 'missing-error-category'));
    const enumCall = toolReport(report, 'get-structured-content').calls.find((call) => call.mistake === 'out-of-enum');
    assert.equal(enumCall?.outcome, 'tool-error');
    const unknown = report.tools.at(-1);
    assert.match(unknown?.name ?? '', /^no_such_tool_[0-9a-f]{6}$/);
    assert.equal(unknown?.calls[0].mistake, 'unknown-tool');
    assert.ok(report.tools.every((tool) => tool.calls.every((call) => call.outcome !== 'pending')));
    assert.ok(
      report.tools.flatMap((tool) => tool.calls).every((call) => !call.findings.some((f) => f.check === 'timeout')),
      'no call should time out with the fixture',
    );
    console.log(`  everything: ${report.grade}/100 over ${report.tools.filter((t) => t.grade !== null).length} tools`);
  });
});

void describe('probe: @modelcontextprotocol/server-filesystem', { timeout: 30_000 }, () => {
  let dir = '';
  let allowed = '';

  before(() => {
    dir = scratchDir('probe-filesystem-');
    allowed = path.join(dir, 'allowed');
    fs.mkdirSync(allowed);
    fs.writeFileSync(path.join(allowed, 'notes.txt'), 'one\ntwo\n');
  });

  after(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  void it('never writes without the opt-in, and reports a missing file from a fixture', async () => {
    const notes = path.join(allowed, 'notes.txt');
    const report = await runProbe({
      target: { kind: 'stdio', command: process.execPath, args: [FILESYSTEM, allowed] },
      label: 'filesystem',
      timeoutMs: 3000,
      fixtures: { read_text_file: { path: notes }, get_file_info: { path: notes } },
    });
    assert.deepEqual(fs.readdirSync(allowed), ['notes.txt'], 'nothing was created, moved or written');
    assert.equal(fs.readFileSync(notes, 'utf8'), 'one\ntwo\n');
    for (const name of ['write_file', 'edit_file', 'move_file']) {
      assert.match(toolReport(report, name).skipped ?? '', /^destructive/);
    }
    assert.match(toolReport(report, 'create_directory').skipped ?? '', /^not annotated read-only/);

    const read = toolReport(report, 'read_text_file');
    const fixture = read.calls.find((call) => call.mistake === 'fixture');
    assert.ok(fixture, 'the fixture mistake should be sent');
    assert.equal(path.dirname(fixture.arguments.path as string), allowed, 'the same folder, a file that cannot exist');
    assert.match(path.basename(fixture.arguments.path as string), /^nonexistent-[0-9a-f]{8}$/);
    assert.equal(fixture.outcome, 'tool-error');
    assert.ok(
      !fixture.findings.some((finding) => finding.check === 'fixture-control-failed'),
      'the control read works',
    );
    assert.ok(read.grade !== null && read.grade > 0);
    console.log(
      `  filesystem: ${report.grade}/100; read_text_file ${read.grade}/100; missing file: ${fixture.verdict}`,
    );
  });
});
