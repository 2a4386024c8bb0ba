/**
 * The probe over streamable HTTP (`--url`): an in-process SDK server on 127.0.0.1 whose tool refuses unknown
 * properties (zod `.strict()`, so the schema says additionalProperties: false) and answers every failure with a
 * full envelope. The headers given reach the server.
 */
import assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';
import { runProbe } from '../../../probe/src';
import { toolReport } from './probeHarness';

const invalid = (text: string) => ({
  isError: true,
  errorCategory: 'VALIDATION',
  isRetryable: false,
  content: [{ type: 'text' as const, text: `[VALIDATION, not retryable] ${text}` }],
});

void describe('probe over streamable HTTP', { timeout: 20_000 }, () => {
  let server: http.Server | undefined;
  let url = '';
  const seenHeaders: string[] = [];

  before(async () => {
    server = http.createServer((request, response) => {
      seenHeaders.push(String(request.headers['x-probe-test'] ?? ''));
      const mcp = new McpServer({ name: 'catalog', version: '1.0.0' });
      mcp.registerTool(
        'find_item',
        {
          inputSchema: z.object({ sku: z.string().min(1).max(12) }).strict(),
          annotations: { readOnlyHint: true },
        },
        ({ sku }) => invalid(`sku ${sku} is not a catalog item: no item with that sku exists.`),
      );
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      response.on('close', () => void transport.close());
      void mcp.connect(transport).then(() => transport.handleRequest(request, response));
    });
    const listening = server;
    await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(listening.address() as AddressInfo).port}/mcp`;
  });

  after(async () => {
    const listening = server;
    if (listening) await new Promise<void>((resolve) => listening.close(() => resolve()));
  });

  void it('probes the tools of a server it reaches by URL', async () => {
    const report = await runProbe({
      target: { kind: 'http', url, headers: { 'x-probe-test': 'yes' } },
      timeoutMs: 3000,
    });
    assert.match(report.server, /^127\.0\.0\.1:\d+\/mcp$/);
    const tool = toolReport(report, 'find_item');
    assert.deepEqual(
      tool.calls.map((call) => call.mistake),
      ['missing-required', 'wrong-type', 'unexpected-property', 'empty-string', 'oversized-string', 'nonexistent-id'],
    );
    const extra = tool.calls.find((call) => call.mistake === 'unexpected-property');
    assert.equal(extra?.outcome, 'tool-error', 'a strict schema refuses the extra property');
    assert.match(extra?.message ?? '', /unexpected_[0-9a-f]{4}/);
    const missing = tool.calls.find((call) => call.mistake === 'nonexistent-id');
    assert.equal(missing?.category, 'VALIDATION');
    assert.ok(missing?.findings.some((finding) => finding.check === 'unexpected-category'));
    assert.ok(seenHeaders.length > 0 && seenHeaders.every((value) => value === 'yes'), 'the header reaches the server');
    console.log(`  http: find_item ${tool.grade}/100`);
  });
});
