/**
 * The tap's fault cases against real servers from npm (server-everything over streamable HTTP and stdio,
 * server-filesystem over stdio), on loopback, each bounded in time:
 * overlapping HTTP sessions, runs appended to one trace, a server exiting during a call, a server killed
 * mid-stream, a busy --listen port, malformed tools/call requests, and `calls` on a folder of such traces.
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as net from 'node:net';
import * as path from 'node:path';
import { run as runCalls } from '../../../cli/src/calls';
import { decodeCalls } from '../../../shared/src/decoder';
import { parseTrace } from '../../../shared/src/trace';
import { startHttpTap } from '../../../tap/src/httpTap';
import { TapRecorder } from '../../../tap/src/recorder';
import { Redactor } from '../../../tap/src/redact';
import { TraceWriter } from '../../../tap/src/traceWriter';
import {
  freePort,
  INITIALIZE,
  killLeftoverSessions,
  openHttpSession,
  post,
  RawStdioSession,
  startEverythingHttp,
  stopChild,
  within,
} from './faultHarness';
import { EVERYTHING_SERVER, FILESYSTEM_SERVER, TAP_ENTRY, tapEnvironment, tempDir } from './tapHarness';

const LONG_RUNNING = 'trigger-long-running-operation';

function recorderFor(file: string, label: string): TapRecorder {
  const report = (message: string): void => assert.fail(`unexpected tap report: ${message}`);
  return new TapRecorder(label, TraceWriter.open(file, report), new Redactor(), report);
}

/** An HTTP tap on a free local port in front of `target`, recording to `file`; `close` stops tap and recorder. */
async function tapInFront(target: URL, file: string, label: string): Promise<{ url: URL; close: () => Promise<void> }> {
  const recorder = recorderFor(file, label);
  const tap = await startHttpTap({ target, listenHost: '127.0.0.1', listenPort: 0, recorder, report: () => undefined });
  return {
    url: new URL('/mcp', tap.origin),
    close: async () => {
      await tap.close();
    },
  };
}

void describe('tap faults with real servers', { timeout: 60_000 }, () => {
  const dir = tempDir('faults');
  after(() => {
    killLeftoverSessions();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  void it('1. overlapping HTTP sessions using the same id each get their own answer', { timeout: 20_000 }, async () => {
    const everything = await startEverythingHttp();
    const traceFile = path.join(dir, 'sessions.jsonl');
    const tap = await tapInFront(everything.url, traceFile, 'everything-http');
    try {
      const url = tap.url;
      const [a, b] = await Promise.all([openHttpSession(url), openHttpSession(url)]);
      const call = (session: string, duration: number) =>
        post(
          url,
          {
            jsonrpc: '2.0',
            id: 3,
            method: 'tools/call',
            params: { name: LONG_RUNNING, arguments: { duration, steps: 1 } },
          },
          session,
        );
      const slow = call(a, 1.5);
      await new Promise((resolve) => setTimeout(resolve, 400));
      const quick = call(b, 0.5);
      const answers = await within(10_000, 'both long-running calls', Promise.all([slow, quick]));
      assert.match(
        JSON.stringify(answers[0].messages),
        /Duration: 1\.5 seconds/,
        'the host of session A got A’s answer',
      );
      await tap.close();
      const calls = decodeCalls(parseTrace(fs.readFileSync(traceFile, 'utf8')).records);
      assert.equal(calls.length, 2);
      const [first, second] = calls;
      assert.deepEqual([first.session, second.session], [a, b], 'each call carries its Mcp-Session-Id');
      assert.deepEqual([first.outcome, second.outcome], ['success', 'success']);
      assert.match(JSON.stringify(first.response), /Duration: 1\.5 seconds/);
      assert.match(JSON.stringify(second.response), /Duration: 0\.5 seconds/);
      assert.ok((first.durationMs ?? 0) >= 1400, `A took its own 1.5 s (${first.durationMs} ms)`);
      // B did not wait behind A: it was answered before A, however slow the machine.
      const endOf = (c: typeof first): number => Date.parse(c.startedAt) + (c.durationMs ?? Infinity);
      assert.ok(
        endOf(second) < endOf(first),
        `B was answered first (${second.durationMs} ms vs ${first.durationMs} ms)`,
      );
    } finally {
      await tap.close();
      await stopChild(everything.child);
    }
  });

  const runsFolder = path.join(dir, 'runs');
  const runsTrace = path.join(runsFolder, 'x.jsonl');
  const allowed = path.join(dir, 'allowed');

  void it(
    '2. runs appended to one trace pair apart and keep their own retry-storm history',
    { timeout: 20_000 },
    async () => {
      fs.mkdirSync(allowed, { recursive: true });
      fs.mkdirSync(runsFolder, { recursive: true });
      const outside = { name: 'read_text_file', arguments: { path: path.join(dir, 'outside.txt') } };
      const server = [process.execPath, FILESYSTEM_SERVER, allowed];
      for (const repeats of [1, 2]) {
        const session = new RawStdioSession(runsTrace, 'files', server);
        await session.initialize();
        for (let index = 0; index < repeats; index++) {
          await session.request(1 + index, { jsonrpc: '2.0', method: 'tools/call', params: outside });
        }
        session.child.stdin.end();
        await within(5000, 'the filesystem server to exit', session.exited);
      }
      const records = parseTrace(fs.readFileSync(runsTrace, 'utf8')).records;
      const starts = records.filter((record) => 'event' in record && record.event === 'start');
      assert.equal(starts.length, 2, 'one start record per run');
      const calls = decodeCalls(records);
      assert.deepEqual(
        calls.map((call) => [call.id, call.outcome, call.findings.some((finding) => finding.check === 'retry-storm')]),
        [
          [1, 'tool-error', false],
          [1, 'tool-error', false],
          [2, 'tool-error', true],
        ],
        'the second run’s first call is not a retry of the first run’s; its own repeat is',
      );
      assert.notEqual(calls[0].run, calls[1].run);
      assert.equal(calls[1].run, calls[2].run);
      assert.match(calls[2].findings.find((f) => f.check === 'retry-storm')?.message ?? '', /as call 1,/);
    },
  );

  void it('7. calls reads a folder of --trace x.jsonl traces and says what it read and skipped, once', async () => {
    fs.writeFileSync(path.join(runsFolder, 'server.log.jsonl'), 'started\n'.repeat(200));
    fs.appendFileSync(runsTrace, '{"ts":"2026-11-30T10:00:00Z","run":"cut","dir":"host→se');
    let stdout = '';
    let stderr = '';
    const code = await runCalls([runsFolder], {
      stdout: (text) => (stdout += `${text}\n`),
      stderr: (text) => (stderr += `${text}\n`),
      cwd: process.cwd(),
      isTty: false,
      version: 'test',
    });
    assert.equal(code, 0);
    const runs = [...new Set([...stdout.matchAll(/call \d+, run (\w+)/g)].map((match) => match[1]))];
    assert.equal(runs.length, 2, `the pretty output names both runs:\n${stdout}`);
    assert.equal([...stdout.matchAll(/read_text_file/g)].length, 3);
    assert.match(stderr, /x\.jsonl: skipped its last line, cut short/);
    assert.match(stderr, /skipped .*server\.log\.jsonl: not a trace \(none of its 200 lines is a trace record\)/);
    assert.match(stderr, /read 1 trace \(2 tap runs, 3 tool calls\)/);
    assert.equal(stderr.trim().split('\n').length, 3, `once each:\n${stderr}`);
  });

  void it(
    '3. a server that exits during a call leaves the call "no answer", not pending',
    { timeout: 20_000 },
    async () => {
      const traceFile = path.join(dir, 'exit.jsonl');
      // The real server, in a process that exits with code 3 half a second into the 5-second call (the listener is
      // added once the server has attached its own, so no line is read before the server listens).
      const exitsWithThree = [
        `import(require('node:url').pathToFileURL(process.argv[1]).href).then(() => process.stdin.on('data', (d) => {`,
        `if (String(d).includes('tools/call')) setTimeout(() => process.exit(3), 500); }));`,
      ].join(' ');
      const session = new RawStdioSession(traceFile, 'everything', [
        process.execPath,
        '-e',
        exitsWithThree,
        EVERYTHING_SERVER,
        'stdio',
      ]);
      let exit: { code: number | null };
      try {
        await session.initialize();
        session.send({
          jsonrpc: '2.0',
          id: 7,
          method: 'tools/call',
          params: { name: LONG_RUNNING, arguments: { duration: 5, steps: 5 } },
        });
        exit = await within(8000, 'the tap to exit with the server', session.exited);
      } finally {
        session.child.kill('SIGKILL');
      }
      assert.equal(exit.code, 3, 'the tap exits with the server’s code');
      const records = parseTrace(fs.readFileSync(traceFile, 'utf8')).records;
      assert.deepEqual(
        records.filter((record) => 'event' in record).map((record) => ('event' in record ? record.event : '')),
        ['start', 'exit'],
      );
      const [call] = decodeCalls(records);
      assert.equal(call.outcome, 'no-answer');
      assert.equal(call.message, 'no answer: the server exited (code 3)');
      assert.match(call.nextAction, /do not wait; the server must be restarted/);
    },
  );

  void it(
    '4. a server killed mid-stream ends the host’s stream promptly through the tap',
    { timeout: 20_000 },
    async () => {
      const everything = await startEverythingHttp();
      const tap = await tapInFront(everything.url, path.join(dir, 'killed.jsonl'), 'everything-http');
      try {
        const url = tap.url;
        const session = await openHttpSession(url);
        const response = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            'mcp-session-id': session,
            'mcp-protocol-version': '2025-06-18',
          },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 2,
            method: 'tools/call',
            params: { name: LONG_RUNNING, arguments: { duration: 30, steps: 30 }, _meta: { progressToken: 'p' } },
          }),
        });
        assert.match(response.headers.get('content-type') ?? '', /text\/event-stream/);
        const reading = response.text().then(
          () => 'ended',
          () => 'failed',
        );
        await new Promise((resolve) => setTimeout(resolve, 300));
        const killedAt = Date.now();
        everything.child.kill('SIGKILL');
        const how = await within(10_000, 'the host’s SSE stream to end after the server was killed', reading);
        const elapsed = Date.now() - killedAt;
        // The stream would otherwise stay open for the call's 30 s; a busy machine may take a few seconds.
        assert.ok(elapsed < 10_000, `the host learned within ${elapsed} ms (${how})`);
      } finally {
        await tap.close();
        await stopChild(everything.child);
      }
    },
  );

  void it('4. a host that aborts a call closes the request to the server', { timeout: 10_000 }, async () => {
    let upstreamClosed: () => void = () => undefined;
    const closed = new Promise<void>((resolve) => (upstreamClosed = resolve));
    const upstream = http.createServer((request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.flushHeaders();
      request.socket.on('close', () => upstreamClosed());
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const { port } = upstream.address() as net.AddressInfo;
    const tap = await tapInFront(new URL(`http://127.0.0.1:${port}/mcp`), path.join(dir, 'abort.jsonl'), 'abort');
    try {
      const controller = new AbortController();
      const response = await fetch(tap.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify({ ...INITIALIZE, id: 1 }),
        signal: controller.signal,
      });
      assert.equal(response.status, 200);
      const abortedAt = Date.now();
      controller.abort();
      await within(3000, 'the server to see the host’s abort', closed);
      assert.ok(Date.now() - abortedAt < 1500);
    } finally {
      await tap.close();
      upstream.closeAllConnections();
      upstream.close();
    }
  });

  void it(
    '5. a busy --listen port gives one line that says what to do, exit 1, and no empty trace',
    { timeout: 10_000 },
    async () => {
      const blocker = net.createServer();
      const port = await freePort();
      await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve));
      const traceFile = path.join(dir, 'busy.jsonl');
      try {
        const child = spawn(
          process.execPath,
          [
            TAP_ENTRY,
            '--http',
            '--target',
            'http://127.0.0.1:9/mcp',
            '--listen',
            `127.0.0.1:${port}`,
            '--trace',
            traceFile,
          ],
          { env: tapEnvironment(), stdio: ['ignore', 'pipe', 'pipe'] },
        );
        let stderr = '';
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
        const code = await within(
          5000,
          'the tap to give up',
          new Promise<number | null>((resolve) => child.on('close', resolve)),
        );
        assert.equal(code, 1);
        assert.deepEqual(stderr.trim().split('\n'), [
          `mcp-envelope tap: cannot listen on 127.0.0.1:${port}: the port is in use (EADDRINUSE); choose another --listen port`,
        ]);
        assert.ok(!fs.existsSync(traceFile), 'no empty trace left behind');
      } finally {
        blocker.close();
      }
    },
  );

  void it(
    '6. a malformed tools/call rejected before any tool ran is the request’s fault',
    { timeout: 20_000 },
    async () => {
      const traceFile = path.join(dir, 'malformed.jsonl');
      const session = new RawStdioSession(traceFile, 'everything', [process.execPath, EVERYTHING_SERVER, 'stdio']);
      try {
        await session.initialize();
        const noName = await session.request(2, { jsonrpc: '2.0', method: 'tools/call', params: { arguments: {} } });
        const stringArguments = await session.request(3, {
          jsonrpc: '2.0',
          method: 'tools/call',
          params: { name: 'echo', arguments: '{"message":"hi"}' },
        });
        assert.deepEqual([noName.error?.code, stringArguments.error?.code], [-32603, -32603], 'what the SDK answers');
      } finally {
        session.child.stdin.end();
        await within(5000, 'the server to exit', session.exited);
      }
      const calls = decodeCalls(parseTrace(fs.readFileSync(traceFile, 'utf8')).records);
      assert.deepEqual(
        calls.map((call) => [call.outcome, call.findings.map((finding) => finding.check)]),
        [
          ['protocol-error', []],
          ['protocol-error', []],
        ],
      );
      assert.match(calls[0].nextAction, /malformed \(no tool name\), so the tool never ran/);
      assert.match(calls[1].nextAction, /malformed \(arguments is not an object\), so the tool never ran/);
    },
  );
});
