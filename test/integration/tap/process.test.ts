/**
 * The tap as a process: bytes pass unchanged both ways, the server's exit code, stderr and signals pass through,
 * a malformed line or an unwritable trace is reported on stderr while forwarding continues.
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseTrace } from '../../../shared/src/trace';
import { TAP_ENTRY, tapEnvironment, tempDir } from './tapHarness';

interface Finished {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: Buffer;
  stderr: string;
}

/** Runs the tap around a small node script, feeding `input` (in chunks) to its stdin. */
function tapAround(script: string, tapArgs: string[], input: Buffer[] = []): Promise<Finished> {
  const child = spawn(process.execPath, [TAP_ENTRY, ...tapArgs, '--', process.execPath, '-e', script], {
    env: tapEnvironment(),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const stdout: Buffer[] = [];
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  void (async () => {
    for (const chunk of input) {
      child.stdin.write(chunk);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    child.stdin.end();
  })();
  return new Promise((resolve) => {
    child.on('close', (code, signal) => resolve({ code, signal, stdout: Buffer.concat(stdout), stderr }));
  });
}

const ECHO_STDIN = `process.stdin.pipe(process.stdout)`;

void describe('tap process behaviour', () => {
  const dir = tempDir('process');
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  void it('forwards bytes unchanged (lines split across chunks, multi-byte characters, non-JSON) and records JSON lines', async () => {
    const trace = path.join(dir, 'echo.mcptrace.jsonl');
    const message = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'échø', arguments: { q: '日本語' } },
    });
    const whole = Buffer.from(
      `${message}\nthis line is not JSON\n${JSON.stringify({ jsonrpc: '2.0', method: 'x' })}\n`,
      'utf8',
    );
    const cut = whole.indexOf(Buffer.from('日')) + 1; // inside a multi-byte character
    const finished = await tapAround(
      ECHO_STDIN,
      ['--name', 'echo', '--trace', trace],
      [whole.subarray(0, cut), whole.subarray(cut)],
    );
    assert.equal(finished.code, 0);
    assert.ok(finished.stdout.equals(whole), 'stdout must equal stdin byte for byte');
    assert.match(finished.stderr, /line 2 from the host is not JSON \(forwarded unchanged, not recorded\)/);
    const entries = parseTrace(fs.readFileSync(trace, 'utf8')).entries;
    assert.deepEqual(
      entries.map((entry) => [entry.dir, (entry.msg as { method: string }).method]),
      [
        ['host→server', 'tools/call'],
        ['host→server', 'x'],
        ['server→host', 'tools/call'],
        ['server→host', 'x'],
      ],
    );
    assert.deepEqual(entries[0].msg, JSON.parse(message));
  });

  void it('passes the exit code and stderr through, and keeps forwarding when the trace cannot be written', async () => {
    const blocker = path.join(dir, 'a-file');
    fs.writeFileSync(blocker, '');
    const finished = await tapAround(
      `process.stderr.write('server says boom\\n'); process.stdout.write('{"jsonrpc":"2.0","id":1,"result":{}}\\n'); process.exitCode = 3;`,
      ['--trace', path.join(blocker, 'cannot', 'trace.jsonl')],
    );
    assert.equal(finished.code, 3);
    assert.match(finished.stderr, /server says boom/);
    assert.match(finished.stderr, /cannot write the trace .*forwarding continues without a trace/);
    assert.equal(finished.stdout.toString(), '{"jsonrpc":"2.0","id":1,"result":{}}\n');
  });

  void it('passes a signal that ends the server through', async () => {
    const finished = await tapAround(`process.kill(process.pid, 'SIGTERM'); setTimeout(() => {}, 5000);`, [
      '--trace',
      path.join(dir, 'signal.mcptrace.jsonl'),
    ]);
    assert.equal(finished.signal, 'SIGTERM');
  });

  void it('forwards a signal sent to the tap to the server', async () => {
    const trace = path.join(dir, 'forward.mcptrace.jsonl');
    const child = spawn(
      process.execPath,
      [
        TAP_ENTRY,
        '--trace',
        trace,
        '--',
        process.execPath,
        '-e',
        `process.on('SIGTERM', () => { process.stderr.write('got SIGTERM\\n'); process.exit(42); }); process.stderr.write('server-ready\\n'); setInterval(() => {}, 1000);`,
      ],
      { env: tapEnvironment(), stdio: ['pipe', 'pipe', 'pipe'] },
    );
    let stderr = '';
    await new Promise<void>((resolve) =>
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        if (/^server-ready$/m.test(stderr)) resolve();
      }),
    );
    child.kill('SIGTERM');
    const code = await new Promise<number | null>((resolve) => child.on('close', (exitCode) => resolve(exitCode)));
    assert.equal(code, 42);
    assert.match(stderr, /got SIGTERM/);
  });

  void it('creates the trace folder and file privately, named label-timestamp-pid in MCP_ENVELOPE_TRACE_DIR', async () => {
    const traceDir = path.join(dir, 'default-folder');
    const child = spawn(process.execPath, [TAP_ENTRY, '--name', 'my server', '--', process.execPath, '-e', ''], {
      env: tapEnvironment({ MCP_ENVELOPE_TRACE_DIR: traceDir }),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    child.stdin.end();
    await new Promise((resolve) => child.on('close', resolve));
    const [name] = fs.readdirSync(traceDir);
    assert.match(name, new RegExp(`^my-server-\\d{8}T\\d{6}Z-${child.pid}\\.mcptrace\\.jsonl$`));
    assert.equal(fs.statSync(path.join(traceDir, name)).mode & 0o777, 0o600);
    assert.equal(fs.statSync(traceDir).mode & 0o777, 0o700);
  });
});
