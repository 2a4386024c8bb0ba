/** `mcp-envelope tap` arguments (node:util parseArgs): one-line messages, exit code 2 for usage errors, `--` kept. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { run } from '../../../tap/src/tapCommand';
import { TapRecorder } from '../../../tap/src/recorder';
import { Redactor } from '../../../tap/src/redact';
import { TraceWriter } from '../../../tap/src/traceWriter';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

async function tapWithStderr(argv: string[]): Promise<{ code: number; firstLine: string }> {
  const original = process.stderr.write.bind(process.stderr);
  let text = '';
  process.stderr.write = ((chunk: string | Uint8Array) => {
    text += String(chunk);
    return true;
  }) as typeof process.stderr.write;
  try {
    const code = await run(argv);
    return { code, firstLine: text.split('\n')[0] };
  } finally {
    process.stderr.write = original;
  }
}

void describe('tap arguments', () => {
  for (const [argv, message] of [
    [
      ['--bogus', '--', 'node', 's.js'],
      "mcp-envelope tap: unknown option '--bogus' (the server command goes after --)",
    ],
    [['--name'], 'mcp-envelope tap: --name needs a value'],
    [['--trace='], 'mcp-envelope tap: --trace needs a value'],
    [['--http=yes'], 'mcp-envelope tap: --http takes no value'],
    [['--repair=yes'], 'mcp-envelope tap: --repair takes no value'],
    [['--repair-style'], 'mcp-envelope tap: --repair-style needs a value'],
    [
      ['--repair-style', 'pretty', '--', 'node', 's.js'],
      "mcp-envelope tap: --repair-style must be one of top-level, structured, json-text, meta, ok-code (got 'pretty')",
    ],
    [['node', 's.js'], "mcp-envelope tap: unexpected 'node' (the server command goes after --)"],
    [['--name', 'x'], 'mcp-envelope tap: no server command: put it after --'],
    [['--http', '--listen', '127.0.0.1:1'], 'mcp-envelope tap: --http needs --target URL and --listen HOST:PORT'],
    [
      ['--http', '--target', 'http://127.0.0.1:9/mcp', '--listen', '10.0.0.1:80'],
      'mcp-envelope tap: refusing --listen 10.0.0.1:80: the tap listens on loopback only',
    ],
  ] as const) {
    void it(`${argv.join(' ')} → exit 2, "${message}"`, async () => {
      const { code, firstLine } = await tapWithStderr([...argv]);
      assert.equal(code, 2);
      assert.equal(firstLine, message);
    });
  }

  void it('options after -- belong to the server command', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tap-args-'));
    const trace = path.join(dir, 't.jsonl');
    try {
      const script = 'process.exit(process.argv.slice(1).join(" ") === "--name --http" ? 7 : 1)';
      const { code } = await tapWithStderr([
        '--trace',
        trace,
        '--',
        process.execPath,
        '-e',
        script,
        '--',
        '--name',
        '--http',
      ]);
      assert.equal(code, 7);
      const start = JSON.parse(fs.readFileSync(trace, 'utf8').split('\n')[0]) as { command: string[] };
      assert.deepEqual(start.command.slice(-2), ['--name', '--http']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  void it('a message nested too deep to record is forwarded and reported, not a crash', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tap-deep-'));
    const reports: string[] = [];
    const recorder = new TapRecorder(
      'deep',
      TraceWriter.open(path.join(dir, 't.jsonl'), (m) => reports.push(m)),
      new Redactor(),
      (m) => reports.push(m),
    );
    recorder.recordText('host→server', `${'['.repeat(200_000)}${']'.repeat(200_000)}`, 'line 1');
    assert.equal(reports.length, 1);
    assert.match(reports[0], /cannot be recorded .* from the host was forwarded unchanged, not recorded/);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
