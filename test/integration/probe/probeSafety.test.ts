/**
 * The probe against a tiny SDK server written here: destructive and unannotated tools are never called without
 * the per-tool opt-in (every call is counted in a log the server writes), a tool that hangs and a tool that exits
 * the process are reported and the probe goes on with a restarted server, the server gets only the environment
 * given, the same seed sends the same calls, and the command line prints docs/probe.md's json.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { run } from '../../../cli/src/probe';
import { runProbe, type ProbeOptions } from '../../../probe/src';
import type { CliIo } from '../../../cli/src/usage';
import { scratchDir, sentCalls, toolReport, writeServer } from './probeHarness';

/** A CliIo whose lines (newline-terminated) land in the given arrays. */
function captureIo(out: string[], err: string[]): CliIo {
  return {
    stdout: (text) => out.push(`${text}\n`),
    stderr: (text) => err.push(`${text}\n`),
    cwd: process.cwd(),
    isTty: false,
    version: 'test',
  };
}

const SERVER = `
const fs = require('node:fs');
const { McpServer } = require('@modelcontextprotocol/sdk/server/mcp.js');
const { StdioServerTransport } = require('@modelcontextprotocol/sdk/server/stdio.js');
const { z } = require('zod');
const server = new McpServer({ name: 'probe-safety', version: '1.0.0' });
const log = (tool) => fs.appendFileSync(process.env.CALLS_LOG, tool + '\\n');
const readOnly = { readOnlyHint: true };
const notFound = (id) => ({
  isError: true, errorCategory: 'NOT_FOUND', isRetryable: false,
  content: [{ type: 'text', text: '[NOT_FOUND, not retryable] There is no record ' + id + '.' }],
});
server.registerTool('lookup', { inputSchema: { id: z.string() }, annotations: readOnly }, async ({ id }) => {
  log('lookup');
  return notFound(id);
});
server.registerTool('purge', { inputSchema: { id: z.string() }, annotations: { readOnlyHint: false, destructiveHint: true } },
  async ({ id }) => { log('purge'); return notFound(id); });
server.registerTool('touch', { inputSchema: { id: z.string() } }, async ({ id }) => { log('touch'); return notFound(id); });
server.registerTool('hang', { inputSchema: { id: z.string() }, annotations: readOnly }, async () => {
  log('hang');
  return new Promise(() => {});
});
server.registerTool('crash', { inputSchema: { id: z.string() }, annotations: readOnly }, async () => {
  log('crash');
  process.exit(3);
});
server.registerTool('environment', { inputSchema: {}, annotations: readOnly }, async () => ({
  content: [{ type: 'text', text: JSON.stringify(Object.keys(process.env).sort()) }],
}));
server.registerTool('after', { inputSchema: { id: z.string() }, annotations: readOnly }, async ({ id }) => {
  log('after');
  return notFound(id);
});
server.connect(new StdioServerTransport());
`;

void describe('probe: safety, hangs and crashes', { timeout: 40_000 }, () => {
  let dir = '';
  let script = '';
  let callsLog = '';

  before(() => {
    dir = scratchDir('probe-safety-');
    script = writeServer(dir, 'server.js', SERVER);
    callsLog = path.join(dir, 'calls.log');
  });

  after(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const options = (extra: Partial<ProbeOptions> = {}): ProbeOptions => ({
    target: { kind: 'stdio', command: process.execPath, args: [script], env: { CALLS_LOG: callsLog } },
    timeoutMs: 1000,
    ...extra,
  });
  const loggedCalls = (): string[] =>
    fs.existsSync(callsLog) ? fs.readFileSync(callsLog, 'utf8').split('\n').filter(Boolean) : [];

  void it('never calls a destructive or unannotated tool without the opt-in; reports hangs and crashes', async () => {
    fs.rmSync(callsLog, { force: true });
    const progress: number[] = [];
    let total = 0;
    const report = await runProbe(
      options({
        onProgress: ({ done, total: all }) => {
          progress.push(done);
          total = all;
        },
      }),
    );
    const calls = loggedCalls();
    assert.ok(!calls.includes('purge') && !calls.includes('touch'), `unsafe tools were called: ${calls.join(',')}`);
    assert.match(toolReport(report, 'purge').skipped ?? '', /^destructive/);
    assert.match(toolReport(report, 'touch').skipped ?? '', /^not annotated read-only/);
    assert.equal(toolReport(report, 'purge').grade, null);

    const hang = toolReport(report, 'hang');
    const timedOut = hang.calls.find((call) => call.findings.some((finding) => finding.check === 'timeout'));
    assert.ok(timedOut, 'the hanging call should be reported with a timeout finding');
    assert.equal(timedOut.outcome, 'protocol-error');
    const afterHang = hang.calls.slice(hang.calls.indexOf(timedOut) + 1);
    assert.ok(afterHang.length > 0, 'the hang tool should have calls after the hanging one');
    for (const call of afterHang) {
      assert.equal(call.outcome, 'protocol-error');
      assert.match(call.message ?? '', /^Not sent/);
    }

    const crash = toolReport(report, 'crash');
    const crashed = crash.calls.find((call) => call.findings.some((finding) => finding.check === 'server-crashed'));
    assert.ok(crashed, 'the crashing call should be reported');
    assert.match(crashed.message ?? '', /exit code 3/);

    // The server was restarted after the hang and after the crash: later tools are graded as usual.
    const later = toolReport(report, 'after');
    assert.ok(later.grade !== null && later.grade > 50, `after: ${later.grade}`);
    assert.ok(calls.includes('after'));
    assert.equal(progress.at(-1), total);
    assert.deepEqual(
      progress,
      progress.map((_, index) => index + 1),
    );
    console.log(
      `  hang ${hang.grade}/100, crash ${crash.grade}/100, after ${later.grade}/100, server ${report.grade}/100`,
    );
  });

  void it('calls a destructive tool only when that tool is allowed', async () => {
    fs.rmSync(callsLog, { force: true });
    const report = await runProbe(options({ allow: (tool) => tool === 'purge' }));
    const calls = loggedCalls();
    assert.ok(calls.includes('purge'), 'the allowed tool should be called');
    assert.ok(!calls.includes('touch'), 'a tool not allowed should not be called');
    assert.equal(toolReport(report, 'purge').skipped, null);
  });

  void it('starts the server with PATH, HOME and the given variables only', async () => {
    const report = await runProbe(options());
    const environment = toolReport(report, 'environment');
    const answered = environment.calls.find((call) => call.decoded?.response !== undefined);
    assert.ok(answered, 'the environment tool should have answered a call');
    const response = answered.decoded?.response as { content: Array<{ text: string }> };
    const names = JSON.parse(response.content[0].text) as string[];
    for (const name of names) assert.ok(['CALLS_LOG', 'HOME', 'PATH'].includes(name), `unexpected variable ${name}`);
    assert.ok(names.includes('CALLS_LOG'));
  });

  void it('sends the same calls for the same seed, and different ones for another', async () => {
    const quick = (seed: number) =>
      runProbe(options({ seed, allow: () => false, timeoutMs: 1000 })).then((report) => ({
        ...report,
        tools: report.tools.filter((tool) => tool.name === 'lookup' || tool.name.startsWith('no_such_tool')),
      }));
    const [first, again, other] = [await quick(3), await quick(3), await quick(4)];
    assert.equal(sentCalls(first), sentCalls(again));
    assert.notEqual(sentCalls(first), sentCalls(other));
  });

  void it('stops and rejects when aborted', async () => {
    const controller = new AbortController();
    await assert.rejects(
      runProbe(options({ signal: controller.signal, onProgress: () => controller.abort(new Error('stop')) })),
      /stop/,
    );
  });

  void it("--scaffold-fixtures writes each tool's baseline and calls no tool", async () => {
    fs.rmSync(callsLog, { force: true });
    const file = path.join(dir, 'fixtures.json');
    const err: string[] = [];
    const code = await run(
      ['--scaffold-fixtures', file, '--env', `CALLS_LOG=${callsLog}`, '--', process.execPath, script],
      captureIo([], err),
    );
    assert.equal(code, 0, err.join(''));
    const written = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    assert.equal(typeof written.$comment, 'string');
    assert.deepEqual(written.purge, { id: 'example' });
    assert.deepEqual(written.environment, {});
    assert.deepEqual(loggedCalls(), [], 'scaffolding only lists the tools');
  });

  void it('the command line prints the documented json and exits 1 under --fail-under', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await run(
      [
        '--format',
        'json',
        '--timeout',
        '1000',
        '--fail-under',
        '100',
        '--env',
        `CALLS_LOG=${callsLog}`,
        '--',
        process.execPath,
        script,
      ],
      captureIo(out, err),
    );
    assert.equal(code, 1, err.join(''));
    const json = JSON.parse(out.join('')) as { server: string; seed: number; tools: Array<Record<string, unknown>> };
    assert.deepEqual(Object.keys(json), ['server', 'seed', 'tools']);
    assert.match(json.server, /^probe-safety-/, 'server.js is named by its folder');
    assert.equal(json.seed, 1);
    for (const tool of json.tools) assert.deepEqual(Object.keys(tool), ['name', 'grade', 'skipped', 'calls']);
    assert.match(err.join(''), /graded below 100/);
  });
});
