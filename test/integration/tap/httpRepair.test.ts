/**
 * `tap --http --repair` in front of an SDK McpServer, SSE and JSON response modes: a thrown errno failure reaches the
 * client as a complete envelope, while declared envelopes and successes arrive exactly as without the tap; the
 * trace keeps the server's original beside the repaired answer.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { startHttpTap, type RunningHttpTap } from '../../../tap/src/httpTap';
import { TapRecorder } from '../../../tap/src/recorder';
import { Redactor } from '../../../tap/src/redact';
import { Repairer } from '../../../tap/src/repair';
import { TraceWriter } from '../../../tap/src/traceWriter';
import { startMcpHttpServer } from './httpServerHarness';
import { readTrace, tempDir } from './tapHarness';

function buildServer(): McpServer {
  const server = new McpServer({ name: 'repair-demo', version: '1.0.0' });
  server.registerTool('read', { inputSchema: { path: z.string() } }, ({ path: file }) => {
    throw Object.assign(new Error(`ENOENT: no such file or directory, open '/srv/data/${file}'`), { code: 'ENOENT' });
  });
  server.registerTool('lookup', { inputSchema: { id: z.string() } }, ({ id }) => ({
    isError: true,
    errorCategory: 'NOT_FOUND',
    isRetryable: false,
    content: [{ type: 'text', text: `Order ${id} not found.` }],
  }));
  server.registerTool('ok', {}, () => ({ content: [{ type: 'text', text: 'fine, thanks' }] }));
  return server;
}

async function session(url: URL): Promise<Record<string, unknown>[]> {
  const client = new Client({ name: 'repair-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(url);
  await client.connect(transport);
  const answers = [
    await client.callTool({ name: 'read', arguments: { path: 'notes.txt' } }),
    await client.callTool({ name: 'lookup', arguments: { id: 'A-17' } }),
    await client.callTool({ name: 'ok', arguments: {} }),
  ];
  await transport.terminateSession();
  await client.close();
  return answers;
}

for (const enableJsonResponse of [false, true]) {
  void describe(`HTTP tap --repair (${enableJsonResponse ? 'JSON' : 'SSE'} responses)`, () => {
    const dir = tempDir('http-repair');
    const traceFile = path.join(dir, 'repair.mcptrace.jsonl');
    let mcp: { url: URL; close: () => Promise<void> };
    let tap: RunningHttpTap;
    let recorder: TapRecorder;
    let direct: Record<string, unknown>[];
    let tapped: Record<string, unknown>[];

    before(async () => {
      mcp = await startMcpHttpServer(buildServer, enableJsonResponse);
      const report = (message: string): void => assert.fail(`unexpected tap report: ${message}`);
      recorder = new TapRecorder('repair-demo', TraceWriter.open(traceFile, report), new Redactor(), report);
      tap = await startHttpTap({
        target: mcp.url,
        listenHost: '127.0.0.1',
        listenPort: 0,
        recorder,
        report,
        repairer: new Repairer('top-level'),
      });
      direct = await session(mcp.url);
      tapped = await session(new URL('/mcp', tap.origin));
    });
    after(async () => {
      await tap.close();
      await recorder.close();
      await mcp.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    void it('repairs the thrown errno failure and leaves the rest as it was', () => {
      assert.equal(direct[0].errorCategory, undefined, 'the server itself declares nothing');
      assert.equal(tapped[0].isError, true);
      assert.equal(tapped[0].errorCategory, 'NOT_FOUND');
      assert.equal(tapped[0].isRetryable, false);
      assert.match(JSON.stringify(tapped[0].content), /\[NOT_FOUND, not retryable\] read failed: .*notes\.txt/);
      assert.deepEqual(tapped.slice(1), direct.slice(1));
    });

    void it('records the repair with the original and its evidence', async () => {
      const { calls, entries } = await readTrace(traceFile, 3);
      const repaired = entries.filter((entry) => entry.repair);
      assert.equal(repaired.length, 1);
      assert.deepEqual(repaired[0].repair?.evidence, ['errno ENOENT']);
      assert.match(JSON.stringify(repaired[0].repair?.original), /ENOENT: no such file or directory/);
      assert.equal(calls[0].repaired?.style, 'top-level');
      assert.equal(calls[0].category, null, 'the call shows what the server declared');
      assert.equal(calls[0].reading?.category, 'NOT_FOUND');
      assert.equal(calls[1].repaired, undefined);
    });
  });
}
