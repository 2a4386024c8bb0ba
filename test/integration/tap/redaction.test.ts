/**
 * Redaction proven against a server that echoes secrets back (results, credential-named fields, isError results,
 * JSON-RPC errors), over stdio and over streamable HTTP. Each transport also runs once with redaction switched
 * off, which must put the secret in the trace: otherwise the redacted run would prove nothing.
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { PassThrough } from 'node:stream';
import { startHttpTap } from '../../../tap/src/httpTap';
import { TapRecorder } from '../../../tap/src/recorder';
import { REDACTED, Redactor } from '../../../tap/src/redact';
import { runStdioTap } from '../../../tap/src/stdioTap';
import { TraceWriter } from '../../../tap/src/traceWriter';
import { startEchoingHttpServer } from './echoSecretsServer';
import { within } from './faultHarness';
import { tempDir } from './tapHarness';

const SECRET = 'echoed-secret-7d41c0ffee';
const TOKEN = 'bearer-token-93ab55e1';

/** Redaction switched off: what the tap would write if it redacted nothing. */
class NoRedaction extends Redactor {
  override addSecret(): void {}
  override redactFields(value: unknown): unknown {
    return value;
  }
  override redactText(text: string): string {
    return text;
  }
}

const CALLS = ['echo_secret', 'fail_with_secret', 'rpc_error_with_secret'].map((name, index) => ({
  jsonrpc: '2.0',
  id: index + 2,
  method: 'tools/call',
  params: { name, arguments: {} },
}));
const INITIALIZE = { jsonrpc: '2.0', id: 1, method: 'initialize', params: {} };

async function stdioTrace(file: string, redactor: Redactor): Promise<string> {
  const recorder = new TapRecorder('echo', TraceWriter.open(file, assert.fail), redactor, assert.fail);
  const input = new PassThrough();
  const output = new PassThrough();
  let answers = 0;
  output.on('data', (chunk: Buffer) => {
    answers += chunk.toString('utf8').split('\n').length - 1;
    if (answers >= 1 + CALLS.length) input.end();
  });
  const exited = runStdioTap({
    command: process.execPath,
    args: [path.join(__dirname, 'echoSecretsServer.js')],
    env: { ...process.env, ECHO_SECRETS_SERVER: '1', ECHO_SECRET: SECRET },
    recorder,
    report: assert.fail,
    input,
    output,
  });
  for (const message of [INITIALIZE, ...CALLS]) input.write(`${JSON.stringify(message)}\n`);
  await within(8000, 'the echoing server to answer and exit', exited);
  await recorder.close();
  return fs.readFileSync(file, 'utf8');
}

async function httpTrace(file: string, redactor: Redactor): Promise<string> {
  const server = await startEchoingHttpServer();
  const recorder = new TapRecorder('echo', TraceWriter.open(file, assert.fail), redactor, assert.fail);
  const tap = await startHttpTap({
    target: server.url,
    listenHost: '127.0.0.1',
    listenPort: 0,
    recorder,
    report: assert.fail,
  });
  try {
    const url = new URL('/mcp', tap.origin);
    await within(5000, 'the initialize answer', postWithToken(url, INITIALIZE));
    for (const message of CALLS) {
      const answer = await within(5000, 'an answer', postWithToken(url, message));
      assert.ok(JSON.stringify(answer).includes(TOKEN), 'the host still gets the real bytes');
    }
  } finally {
    await tap.close();
    await recorder.close();
    await server.close();
  }
  return fs.readFileSync(file, 'utf8');
}

async function postWithToken(url: URL, message: object): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
    body: JSON.stringify(message),
  });
  return response.json();
}

void describe('redaction against a server that echoes secrets', () => {
  const dir = tempDir('redaction');
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  void it('stdio: the environment secret never reaches the trace (and would without redaction)', async () => {
    const redacted = await stdioTrace(path.join(dir, 'stdio.jsonl'), Redactor.fromEnvironment({ ECHO_SECRET: SECRET }));
    const plain = await stdioTrace(path.join(dir, 'stdio-plain.jsonl'), new NoRedaction());
    for (const where of ['signed in with', 'refused credential', 'Login failed for', '"header"']) {
      assert.ok(plain.includes(where), `the unredacted trace holds "${where}"`);
    }
    assert.equal(plain.split(SECRET).length - 1, 6, 'the secret, echoed six times, is in the unredacted trace');
    assert.ok(!redacted.includes(SECRET), 'the secret leaked into the redacted trace');
    assert.equal(redacted.split(REDACTED).length - 1, 6, 'each echo is replaced by the marker');
  });

  void it('HTTP: the Authorization token never reaches the trace (and would without redaction)', async () => {
    const redacted = await httpTrace(path.join(dir, 'http.jsonl'), new Redactor());
    const plain = await httpTrace(path.join(dir, 'http-plain.jsonl'), new NoRedaction());
    assert.equal(plain.split(TOKEN).length - 1, 6, 'the token, echoed six times, is in the unredacted trace');
    assert.ok(!redacted.includes(TOKEN), 'the token leaked into the redacted trace');
    assert.ok(!redacted.includes('Bearer'), 'nor the header value with its scheme');
    assert.equal(fs.statSync(path.join(dir, 'http.jsonl')).mode & 0o777, 0o600);
  });
});
