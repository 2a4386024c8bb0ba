import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { LineSplitter, TapRecorder } from '../../../tap/src/recorder';
import { Redactor } from '../../../tap/src/redact';
import { SseDataReader } from '../../../tap/src/sse';
import { TraceWriter } from '../../../tap/src/traceWriter';
import { isLoopbackHost } from '../../../tap/src/httpTap';
import { labelForCommand } from '../../../shared/src/serverTarget';
import { parseTrace } from '../../../shared/src/trace';
import { defaultTraceDir, traceFileName } from '../../../shared/src/traceLocation';

void describe('tap building blocks', () => {
  void it('LineSplitter joins lines across chunks, including a split multi-byte character', () => {
    const lines: string[] = [];
    const splitter = new LineSplitter((line) => lines.push(line));
    const bytes = Buffer.from('{"a":"é"}\n{"b":1}\npartial', 'utf8');
    for (let index = 0; index < bytes.length; index += 3) splitter.push(bytes.subarray(index, index + 3));
    assert.deepEqual(lines, ['{"a":"é"}', '{"b":1}']);
    splitter.end();
    assert.deepEqual(lines, ['{"a":"é"}', '{"b":1}', 'partial']);
  });

  void it('SseDataReader yields the data of complete events (multi-line data, CRLF, comments)', () => {
    const events: string[] = [];
    const reader = new SseDataReader((data) => events.push(data));
    const stream =
      ': keep-alive\r\n\r\nevent: message\r\nid: 1\r\ndata: {"a":\r\ndata: 1}\r\n\r\ndata:{"b":2}\n\ndata: {"c":3}';
    const bytes = Buffer.from(stream);
    for (let index = 0; index < bytes.length; index += 4) reader.push(bytes.subarray(index, index + 4));
    assert.deepEqual(events, ['{"a":\n1}', '{"b":2}']);
    reader.end();
    assert.deepEqual(events, ['{"a":\n1}', '{"b":2}', '{"c":3}']);
  });

  void it('TraceWriter creates the file 0600 and the recorder writes redacted, parseable lines', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-envelope-writer-'));
    const file = path.join(dir, 'nested', 'trace.mcptrace.jsonl');
    const reports: string[] = [];
    const redactor = new Redactor();
    redactor.addSecret('hunter2-secret');
    const recorder = new TapRecorder(
      'demo',
      TraceWriter.open(file, (m) => reports.push(m)),
      redactor,
      (m) => reports.push(m),
    );
    recorder.recordText(
      'host→server',
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","arguments":{"p":"hunter2-secret"}}}',
      'line 1',
    );
    recorder.recordText('server→host', 'not json at all', 'line 1');
    recorder.record('server→host', { jsonrpc: '2.0', id: 1, result: { content: [] } });
    await recorder.close();
    assert.equal(fs.statSync(file).mode & 0o777, 0o600);
    const text = fs.readFileSync(file, 'utf8');
    assert.ok(!text.includes('hunter2-secret'));
    const parsed = parseTrace(text);
    assert.equal(parsed.entries.length, 2);
    assert.equal(parsed.entries[0].server, 'demo');
    assert.deepEqual(reports.length, 1);
    assert.match(reports[0], /line 1 from the server is not JSON/);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  void it('loopback hosts', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]']) assert.ok(isLoopbackHost(host), host);
    for (const host of ['0.0.0.0', '192.168.1.10', 'example.test', '::', '128.0.0.1'])
      assert.ok(!isLoopbackHost(host), host);
  });

  void it('labels name the script or package, not the launcher', () => {
    assert.equal(labelForCommand(['npx', '-y', '@modelcontextprotocol/server-everything']), 'server-everything');
    assert.equal(labelForCommand(['node', 'dist/server.js', '--port', '1']), 'server');
    assert.equal(labelForCommand(['node', '-e', 'console.log(1)']), 'node');
    assert.equal(labelForCommand(['/usr/local/bin/my-mcp', '--stdio']), 'my-mcp');
    assert.equal(labelForCommand(['uvx', 'mcp-server-git@1.2.0']), 'mcp-server-git');
  });

  void it('default trace folder and file name', () => {
    assert.equal(defaultTraceDir({}, '/home/me'), path.join('/home/me', '.mcp-envelope', 'traces'));
    assert.equal(defaultTraceDir({ MCP_ENVELOPE_TRACE_DIR: '/data/traces' }, '/home/me'), path.resolve('/data/traces'));
    assert.equal(
      traceFileName('my server/1', new Date('2026-11-30T10:20:30.456Z'), 77),
      'my-server-1-20261130T102030Z-77.mcptrace.jsonl',
    );
  });
});
