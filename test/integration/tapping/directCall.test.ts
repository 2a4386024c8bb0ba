/**
 * "Call a Tool…" without VS Code: the direct-call session connects THROUGH the real tap (dist/cli.js, or the tap's
 * run() bundled into a temp folder when dist/ has no tap yet) to real servers, calls tools, and the tap's trace
 * records the calls the panel will show.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DirectSession, verdictSummary } from '../../../client/src/tapping/directCall';
import { argumentSkeleton, checkArguments } from '../../../client/src/tapping/toolArguments';
import { EVERYTHING_SERVER, readCalls, startEnvelopeServer, tapCli } from './tappingHarness';

void describe('direct tool calls through the tap', () => {
  let scratch: string;
  let cliPath: string;
  const sessions: DirectSession[] = [];

  before(async () => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-envelope-direct-'));
    cliPath = await tapCli(scratch);
  });

  after(async () => {
    for (const session of sessions) await session.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  void it('stdio: lists tools of server-everything, validates arguments, calls echo, and the trace records it', async () => {
    const session = await DirectSession.open(
      { kind: 'stdio', label: 'everything', command: process.execPath, args: [EVERYTHING_SERVER, 'stdio'] },
      { cliPath, traceDir: scratch },
    );
    sessions.push(session);
    const tools = await session.listTools();
    const echo = tools.find((tool) => tool.name === 'echo');
    assert.ok(echo, `echo is listed among ${tools.map((tool) => tool.name).join(', ')}`);

    assert.deepEqual(argumentSkeleton(echo.inputSchema), { message: '' });
    const wrong = checkArguments('{"message": 42}', echo.inputSchema);
    assert.equal(wrong.ok, false);
    assert.match(wrong.ok ? '' : wrong.message, /message/);
    const right = checkArguments('{"message": "hello tap"}', echo.inputSchema);
    assert.ok(right.ok);

    const verdict = await session.callTool('echo', right.value);
    assert.equal(verdict.decoded.outcome, 'success');
    assert.equal(verdictSummary(verdict), 'success');
    assert.deepEqual(verdict.raw, { content: [{ type: 'text', text: 'Echo: hello tap' }] });

    // The same session is reused: a second call goes over the same connection and the same trace.
    const again = await session.callTool('echo', { message: 'twice' });
    assert.equal(again.decoded.outcome, 'success');

    assert.equal(path.dirname(session.traceFile), scratch);
    const calls = await readCalls(session.traceFile, 2);
    assert.deepEqual(
      calls.map((call) => [call.server, call.tool, call.arguments, call.outcome]),
      [
        ['everything', 'echo', { message: 'hello tap' }, 'success'],
        ['everything', 'echo', { message: 'twice' }, 'success'],
      ],
    );
  });

  void it('stdio: a call the server rejects is decoded as an error, not thrown', async () => {
    const session = await DirectSession.open(
      { kind: 'stdio', label: 'everything-bad', command: process.execPath, args: [EVERYTHING_SERVER] },
      { cliPath, traceDir: scratch },
    );
    sessions.push(session);
    const verdict = await session.callTool('echo', { message: 7 });
    assert.ok(['tool-error', 'protocol-error'].includes(verdict.decoded.outcome), verdict.decoded.outcome);
    assert.notEqual(verdict.nextAction, '');
    const calls = await readCalls(session.traceFile, 1);
    assert.equal(calls[0].outcome, verdict.decoded.outcome);
  });

  void it('http: goes through a tap --http proxy on loopback; the envelope is decoded and traced', async () => {
    const server = await startEnvelopeServer();
    try {
      const session = await DirectSession.open(
        { kind: 'http', label: 'inventory', url: server.url },
        { cliPath, traceDir: scratch },
      );
      const tools = await session.listTools();
      assert.deepEqual(
        tools.map((tool) => tool.name),
        ['reserve'],
      );
      const verdict = await session.callTool('reserve', { sku: 'A-1' });
      assert.equal(verdict.decoded.outcome, 'tool-error');
      assert.equal(verdict.decoded.category, 'TRANSIENT');
      assert.equal(verdict.decoded.retryable, true);
      assert.equal(verdictSummary(verdict), 'tool-error · TRANSIENT · retryable');
      assert.match(verdict.nextAction, /backoff/);
      const calls = await readCalls(session.traceFile, 1);
      assert.deepEqual(
        calls.map((call) => [call.server, call.tool, call.outcome, call.category]),
        [['inventory', 'reserve', 'tool-error', 'TRANSIENT']],
      );
      await session.close();
      assert.equal(session.isOpen, false);
    } finally {
      await server.close();
    }
  });
});
