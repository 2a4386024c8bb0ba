import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { decodeToolResult } from '../../../shared/src/decoder';
import { readForeignFailure } from '../../../shared/src/classifier';
import { parseTrace } from '../../../shared/src/trace';
import { TapRecorder } from '../../../tap/src/recorder';
import { Redactor } from '../../../tap/src/redact';
import { Repairer } from '../../../tap/src/repair';
import { REPAIR_STYLES, repairedResult } from '../../../tap/src/repairEnvelope';
import { repairJsonBody, RepairingSseWriter } from '../../../tap/src/repairHttp';
import { runStdioTap } from '../../../tap/src/stdioTap';
import { TraceWriter } from '../../../tap/src/traceWriter';

const NOW = Date.parse('2026-01-01T00:00:00Z');

function call(id: number | string, name: string, args: Record<string, unknown> = {}): unknown {
  return { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } };
}

function failure(id: number | string, text: string, extra: Record<string, unknown> = {}): unknown {
  return { jsonrpc: '2.0', id, result: { content: [{ type: 'text', text }], isError: true, ...extra } };
}

void describe('Repairer', () => {
  void it('rewrites an isError text without a category from its evidence, naming the tool', () => {
    const repairer = new Repairer('top-level', () => NOW);
    repairer.noteRequest('', call(7, 'read_file', { path: 'missing.txt' }));
    const original = failure(7, "ENOENT: no such file or directory, open '/srv/data/missing.txt'");
    const repaired = repairer.repair('', original);
    assert.ok(repaired);
    assert.deepEqual(repaired.record.evidence, ['errno ENOENT']);
    assert.equal(repaired.record.category, 'NOT_FOUND');
    assert.deepEqual(repaired.record.original, original);
    assert.equal(repaired.message.id, 7);
    const decoded = decodeToolResult(repaired.message.result);
    assert.equal(decoded.category, 'NOT_FOUND');
    assert.equal(decoded.retryable, false);
    assert.match(decoded.message ?? '', /^\[NOT_FOUND, not retryable\] read_file failed: .*missing\.txt/);
    assert.deepEqual(decoded.findings, []);
  });

  void it('leaves successes, declared categories, request errors and unpaired answers alone', () => {
    const repairer = new Repairer('top-level', () => NOW);
    for (const id of [1, 2, 3, 4, 5]) repairer.noteRequest('', call(id, 'tool'));
    assert.equal(
      repairer.repair('', { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'ok' }] } }),
      undefined,
    );
    assert.equal(
      repairer.repair('', failure(2, 'ENOENT: gone', { errorCategory: 'NOT_FOUND', isRetryable: false })),
      undefined,
    );
    const foreign = failure(3, 'busy', {
      _meta: { 'io.modelcontextprotocol/toolFailure': { class: 'transient', retryable: true } },
    });
    assert.equal(repairer.repair('', foreign), undefined);
    assert.equal(
      repairer.repair('', { jsonrpc: '2.0', id: 4, error: { code: -32602, message: 'Invalid params' } }),
      undefined,
    );
    assert.equal(repairer.repair('', failure(99, 'ENOENT: never asked')), undefined, 'no tools/call with this id');
    assert.equal(repairer.repair('other-session', failure(5, 'ENOENT: other scope')), undefined, 'ids pair per scope');
    assert.ok(repairer.repair('', failure(5, 'ENOENT: same scope')), 'the call is still open in its own scope');
  });

  void it('turns a -32603 error for a failure while the tool ran into an isError result', () => {
    const repairer = new Repairer('top-level', () => NOW);
    repairer.noteRequest('s', call('a', 'fetch_page', { url: 'https://example.com/x' }));
    const repaired = repairer.repair('s', {
      jsonrpc: '2.0',
      id: 'a',
      error: { code: -32603, message: 'Request failed with status code 503' },
    });
    assert.ok(repaired);
    assert.equal('error' in repaired.message, false);
    const decoded = decodeToolResult(repaired.message.result);
    assert.equal(decoded.outcome, 'tool-error');
    assert.equal(decoded.category, 'TRANSIENT');
    assert.equal(decoded.retryable, true);
  });

  void it('writes top-level fields instead of structuredContent for a tool that declared an outputSchema', () => {
    const repairer = new Repairer('structured', () => NOW);
    repairer.noteRequest('', { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    repairer.repair('', {
      jsonrpc: '2.0',
      id: 1,
      result: { tools: [{ name: 'typed', outputSchema: { type: 'object' } }, { name: 'plain' }] },
    });
    repairer.noteRequest('', call(2, 'typed'));
    repairer.noteRequest('', call(3, 'plain'));
    const typed = repairer.repair('', failure(2, 'EACCES: permission denied'))?.message.result as Record<
      string,
      unknown
    >;
    const plain = repairer.repair('', failure(3, 'EACCES: permission denied'))?.message.result as Record<
      string,
      unknown
    >;
    assert.equal(typed.structuredContent, undefined);
    assert.equal(typed.errorCategory, 'PERMISSION');
    assert.deepEqual(plain.structuredContent, { errorCategory: 'PERMISSION', isRetryable: false });
  });
});

void describe('repairedResult styles', () => {
  const classification = {
    category: 'TRANSIENT' as const,
    isRetryable: true,
    retryAfterMs: 30_000,
    evidence: ['HTTP 429', 'Retry-After: 30'],
    message: 'search failed: rate limited (HTTP 429). Retry after 30 s.',
  };

  void it('every style decodes back to the same facts, and the text carries them too', () => {
    for (const style of REPAIR_STYLES) {
      const result = repairedResult({ classification, style, hasOutputSchema: false, now: NOW });
      const foreign = readForeignFailure(result, NOW);
      const decoded = decodeToolResult(result);
      const category = decoded.category ?? foreign?.category;
      const retryable = decoded.retryable ?? foreign?.isRetryable;
      assert.equal(category, 'TRANSIENT', style);
      assert.equal(retryable, true, style);
      assert.match(JSON.stringify(result.content), /\[TRANSIENT, retryable\] search failed/, style);
    }
  });

  void it('meta writes the proposed _meta key with class, code and retryNotBefore, keeping other _meta keys', () => {
    const result = repairedResult({
      classification: { ...classification, evidence: ['errno ECONNRESET'] },
      style: 'meta',
      hasOutputSchema: false,
      meta: { 'example.com/trace': 'abc' },
      now: NOW,
    });
    assert.deepEqual(result._meta, {
      'example.com/trace': 'abc',
      'io.modelcontextprotocol/toolFailure': {
        class: 'transient',
        code: 'ECONNRESET',
        retryable: true,
        retryNotBefore: '2026-01-01T00:00:30.000Z',
      },
    });
    assert.equal(readForeignFailure(result, NOW)?.retryAfterMs, 30_000);
  });
});

void describe('repair over HTTP bodies', () => {
  const replace = (text: string): object | undefined => (text.includes('"fix"') ? { fixed: true } : undefined);

  void it('a JSON body is kept byte for byte unless repaired', () => {
    const body = Buffer.from('{ "id": 1,\t"result": {} }');
    assert.equal(repairJsonBody(body, replace), body);
    assert.equal(repairJsonBody(Buffer.from('{"fix":1}'), replace).toString(), '{"fixed":true}');
  });

  void it('SSE events are re-framed one by one, the others pass as they came', () => {
    const writer = new RepairingSseWriter(replace);
    const stream =
      ': ping\r\n\r\nevent: message\r\nid: 4\r\ndata: {"fix":\r\ndata: 1}\r\n\r\ndata: {"keep":1}\n\ndata: {"fi';
    let out = '';
    const bytes = Buffer.from(stream);
    for (let index = 0; index < bytes.length; index += 5) out += writer.push(bytes.subarray(index, index + 5));
    out += writer.end();
    assert.equal(
      out,
      ': ping\r\n\r\nevent: message\r\nid: 4\r\ndata: {"fixed":true}\r\n\r\ndata: {"keep":1}\n\ndata: {"fi',
    );
  });
});

void describe('stdio tap with --repair', () => {
  void it('forwards every other line byte for byte and records the repair with the original', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-envelope-repair-'));
    const file = path.join(dir, 'trace.jsonl');
    const recorder = new TapRecorder(
      'demo',
      TraceWriter.open(file, () => undefined),
      new Redactor(),
      () => undefined,
    );
    // A server that answers each request line with a canned line: a success with odd spacing, then a raw failure.
    const script = [
      "const rl = require('node:readline').createInterface({ input: process.stdin });",
      'let n = 0;',
      'rl.on("line", (line) => {',
      '  const id = JSON.parse(line).id; n++;',
      '  if (n === 1) process.stdout.write(`{"jsonrpc":"2.0",  "id":${id},"result":{"content":[{"type":"text","text":"é ok"}]}}\\r\\n`);',
      '  else { process.stdout.write(`{"jsonrpc":"2.0","id":${id},"result":{"isError":true,"content":[{"type":"text","text":"EACCES: permission denied, open \'/etc/shadow\'"}]}}\\n`); rl.close(); }',
      '});',
    ].join('\n');
    const input = new PassThrough();
    const output = new PassThrough();
    const received: Buffer[] = [];
    output.on('data', (chunk: Buffer) => received.push(chunk));
    const done = runStdioTap({
      command: process.execPath,
      args: ['-e', script],
      recorder,
      report: () => undefined,
      repairer: new Repairer('top-level'),
      input,
      output,
    });
    input.write(`${JSON.stringify(call(1, 'read'))}\n`);
    input.write(`${JSON.stringify(call(2, 'read', { path: '/etc/shadow' }))}\n`);
    input.end();
    await done;
    await recorder.close();
    const lines = Buffer.concat(received).toString('utf8').split('\n');
    assert.equal(lines[0], '{"jsonrpc":"2.0",  "id":1,"result":{"content":[{"type":"text","text":"é ok"}]}}\r');
    const repaired = JSON.parse(lines[1]) as { id: number; result: Record<string, unknown> };
    assert.equal(repaired.id, 2);
    assert.equal(repaired.result.errorCategory, 'PERMISSION');
    assert.equal(lines[2], '');
    const entries = parseTrace(fs.readFileSync(file, 'utf8')).entries;
    const record = entries.find((entry) => entry.repair);
    assert.ok(record?.repair);
    assert.deepEqual(record.repair.evidence, ['errno EACCES']);
    assert.match(JSON.stringify(record.repair.original), /EACCES: permission denied/);
    assert.deepEqual(record.msg, repaired);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
