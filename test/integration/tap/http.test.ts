/**
 * The streamable-HTTP tap in front of an SDK McpServer (StreamableHTTPServerTransport on 127.0.0.1), driven by the
 * SDK's Client: answers are identical with and without the tap, in SSE and in JSON response mode, and the trace
 * records the messages from JSON bodies and SSE events, each with its Mcp-Session-Id.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { run as runTapCommand } from '../../../tap/src/tapCommand';
import { startHttpTap, type RunningHttpTap } from '../../../tap/src/httpTap';
import { TapRecorder } from '../../../tap/src/recorder';
import { Redactor } from '../../../tap/src/redact';
import { TraceWriter } from '../../../tap/src/traceWriter';
import { startMcpHttpServer } from './httpServerHarness';
import { readTrace, tempDir } from './tapHarness';

const TOKEN = 'http-secret-token-0c4e1d';

function buildServer(): McpServer {
  const server = new McpServer({ name: 'http-demo', version: '1.0.0' });
  server.registerTool('lookup', { inputSchema: { id: z.string() } }, ({ id }) => ({
    isError: true,
    errorCategory: 'NOT_FOUND',
    isRetryable: false,
    content: [{ type: 'text', text: `Order ${id} not found.` }],
  }));
  server.registerTool('search', { inputSchema: { q: z.string() } }, () => ({
    content: [{ type: 'text', text: 'No matches found.' }],
  }));
  server.registerTool('boom', {}, () => {
    throw new Error('db down at /srv/app/db.js:12');
  });
  server.registerTool('slow', {}, async (extra) => {
    const token = extra._meta?.progressToken;
    if (token !== undefined) {
      for (const progress of [1, 2]) {
        await extra.sendNotification({
          method: 'notifications/progress',
          params: { progressToken: token, progress, total: 2 },
        });
      }
    }
    return { content: [{ type: 'text', text: 'done' }] };
  });
  return server;
}

async function session(url: URL): Promise<unknown[]> {
  const client = new Client({ name: 'http-tap-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(url, {
    requestInit: { headers: { Authorization: `Bearer ${TOKEN}` } },
  });
  await client.connect(transport);
  const answers: unknown[] = [await client.listTools()];
  answers.push(await client.callTool({ name: 'lookup', arguments: { id: 'A-17' } }));
  answers.push(await client.callTool({ name: 'search', arguments: { q: 'thermostat' } }));
  answers.push(await client.callTool({ name: 'boom', arguments: {} }));
  answers.push(await client.callTool({ name: 'slow', arguments: {} }, undefined, { onprogress: () => undefined }));
  await transport.terminateSession();
  await client.close();
  return answers;
}

for (const enableJsonResponse of [false, true]) {
  void describe(`HTTP tap (${enableJsonResponse ? 'JSON' : 'SSE'} responses)`, () => {
    const dir = tempDir('http');
    const traceFile = path.join(dir, 'http.mcptrace.jsonl');
    let mcp: { url: URL; close: () => Promise<void> };
    let tap: RunningHttpTap;
    let recorder: TapRecorder;
    let direct: unknown[];
    let tapped: unknown[];

    before(async () => {
      mcp = await startMcpHttpServer(buildServer, enableJsonResponse);
      const report = (message: string): void => assert.fail(`unexpected tap report: ${message}`);
      recorder = new TapRecorder('http-demo', TraceWriter.open(traceFile, report), new Redactor(), report);
      tap = await startHttpTap({ target: mcp.url, listenHost: '127.0.0.1', listenPort: 0, recorder, report });
      direct = await session(mcp.url);
      tapped = await session(new URL('/mcp', tap.origin));
    });
    after(async () => {
      await tap.close();
      await recorder.close();
      await mcp.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    void it('answers identically through the tap', () => {
      assert.equal(tapped.length, 5);
      assert.deepEqual(tapped, direct);
    });

    void it('records the calls from bodies and SSE events, decoded', async () => {
      const { calls, entries } = await readTrace(traceFile, 4);
      assert.ok(entries.some((entry) => (entry.msg as { method?: string }).method === 'initialize'));
      assert.deepEqual(
        calls.map((call) => [call.tool, call.outcome, call.category, call.encoding]),
        [
          ['lookup', 'tool-error', 'NOT_FOUND', 'top-level'],
          ['search', 'empty', null, 'plain-text'],
          ['boom', 'tool-error', null, 'plain-text'],
          ['slow', 'success', null, 'plain-text'],
        ],
      );
      assert.ok(calls[2].findings.some((finding) => finding.check === 'leaked-internals'));
      if (!enableJsonResponse) assert.deepEqual(calls[3].progress, { updates: 2, progress: 2, total: 2 });
      assert.ok(
        calls.every((call) => typeof call.session === 'string' && call.session === calls[0].session),
        'every call carries the session the server assigned',
      );
    });

    // This server never echoes the header, so this proves little about redaction: redaction.test.ts does, with a
    // server that echoes it back and a run without redaction that must leak it.
    void it('writes a private trace (0600) without the Authorization token', () => {
      assert.ok(!fs.readFileSync(traceFile, 'utf8').includes(TOKEN));
      assert.equal(fs.statSync(traceFile).mode & 0o777, 0o600);
    });
  });
}

void describe('HTTP tap refuses to listen beyond loopback', () => {
  void it('startHttpTap rejects 0.0.0.0', async () => {
    const recorder = new TapRecorder(
      'x',
      TraceWriter.open(path.join(tempDir('refuse'), 't.jsonl'), () => {}),
      new Redactor(),
      () => {},
    );
    await assert.rejects(
      startHttpTap({
        target: new URL('http://127.0.0.1:9/mcp'),
        listenHost: '0.0.0.0',
        listenPort: 0,
        recorder,
        report: () => {},
      }),
      /loopback only/,
    );
    await recorder.close();
  });

  void it('serves only loopback Host names and forwards only to the target', async () => {
    const dir = tempDir('host');
    const recorder = new TapRecorder(
      'x',
      TraceWriter.open(path.join(dir, 't.jsonl'), () => {}),
      new Redactor(),
      () => {},
    );
    const seen: string[] = [];
    const target = http.createServer((request, response) => {
      seen.push(request.url ?? '');
      response.end('ok');
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    const { port } = target.address() as AddressInfo;
    const tap = await startHttpTap({
      target: new URL(`http://127.0.0.1:${port}/mcp`),
      listenHost: '127.0.0.1',
      listenPort: 0,
      recorder,
      report: () => {},
    });
    const get = (requestPath: string, host?: string) =>
      new Promise<number>((resolve, reject) => {
        const url = new URL(tap.origin);
        const request = http.get(
          { host: url.hostname, port: url.port, path: requestPath, headers: host ? { host } : {} },
          (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          },
        );
        request.on('error', reject);
      });
    assert.equal(await get('/mcp', 'rebound.example:80'), 403);
    assert.equal(await get('http://elsewhere.example/steal?x=1'), 200);
    assert.deepEqual(seen, ['/steal?x=1']);
    await tap.close();
    await recorder.close();
    target.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  void it('the tap command exits 2 for a non-loopback --listen', async () => {
    const code = await runTapCommand(['--http', '--target', 'http://127.0.0.1:9/mcp', '--listen', '192.168.1.10:8080']);
    assert.equal(code, 2);
  });
});
