import { describe, it, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { TraceFileTailer, type TailResult } from '../../../../client/src/traces/traceTailer';
import { formatTraceLine, isTraceMessage } from '../../../../shared/src/trace';
import { request, sampleText } from './traceSamples';

function entriesOf(result: TailResult) {
  assert.equal(result.kind, 'read');
  return result.kind === 'read' ? result.entries.filter(isTraceMessage) : [];
}

void describe('trace tailer', () => {
  let dir = '';
  let file = '';
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tailer-'));
    file = path.join(dir, 'a.mcptrace.jsonl');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  void it('reads only appended bytes and keeps a partial last line until it is completed', async () => {
    const line1 = formatTraceLine(request(1, 'a', {}, 0));
    const line2 = formatTraceLine(request(2, 'b', {}, 1));
    fs.writeFileSync(file, line1 + line2.slice(0, 25));
    const tailer = new TraceFileTailer(file);
    assert.deepEqual(
      entriesOf(await tailer.poll()).map((e) => (e.msg as { id: number }).id),
      [1],
    );
    assert.deepEqual(entriesOf(await tailer.poll()), [], 'nothing new, nothing reported twice');
    fs.appendFileSync(file, line2.slice(25));
    assert.deepEqual(
      entriesOf(await tailer.poll()).map((e) => (e.msg as { id: number }).id),
      [2],
    );
    assert.equal(tailer.position, Buffer.byteLength(line1 + line2));
  });

  void it('decodes a multi-byte character split between two appends', async () => {
    const line = formatTraceLine(request(1, 'café→注文', { note: '日本語' }, 0));
    const bytes = Buffer.from(line, 'utf8');
    const cut = bytes.indexOf(Buffer.from('本', 'utf8')) + 1;
    fs.writeFileSync(file, bytes.subarray(0, cut));
    const tailer = new TraceFileTailer(file);
    assert.deepEqual(entriesOf(await tailer.poll()), []);
    fs.appendFileSync(file, bytes.subarray(cut));
    const [entry] = entriesOf(await tailer.poll());
    assert.deepEqual((entry.msg as { params: unknown }).params, { name: 'café→注文', arguments: { note: '日本語' } });
  });

  void it('skips malformed lines and keeps reading', async () => {
    fs.writeFileSync(file, `not json\n${formatTraceLine(request(7, 'a', {}, 0))}{"dir":"nowhere"}\n`);
    const tailer = new TraceFileTailer(file);
    assert.equal(entriesOf(await tailer.poll()).length, 1);
    assert.equal(tailer.skippedLines, 2);
  });

  void it('reads a truncated file again from its start', async () => {
    fs.writeFileSync(file, sampleText());
    const tailer = new TraceFileTailer(file);
    assert.equal(entriesOf(await tailer.poll()).length, 11);
    fs.writeFileSync(file, formatTraceLine(request(9, 'z', {}, 0)));
    const result = await tailer.poll();
    assert.ok(result.kind === 'read' && result.restarted);
    assert.deepEqual(
      entriesOf(result).map((e) => (e.msg as { id: number }).id),
      [9],
    );
  });

  void it('notices a file replaced by another (rotation) even when it is larger', async () => {
    fs.writeFileSync(file, formatTraceLine(request(1, 'a', {}, 0)));
    const tailer = new TraceFileTailer(file);
    await tailer.poll();
    const replacement = path.join(dir, 'new.tmp');
    fs.writeFileSync(replacement, sampleText());
    fs.renameSync(replacement, file);
    const result = await tailer.poll();
    assert.ok(result.kind === 'read' && result.restarted);
    assert.equal(entriesOf(result).length, 11);
  });

  void it('reports a deleted file as gone', async () => {
    fs.writeFileSync(file, sampleText());
    const tailer = new TraceFileTailer(file);
    await tailer.poll();
    fs.rmSync(file);
    assert.deepEqual(await tailer.poll(), { kind: 'gone' });
  });

  void it('starting at the end sees only what is appended later', async () => {
    fs.writeFileSync(file, sampleText());
    const tailer = new TraceFileTailer(file, fs.statSync(file).size);
    assert.equal(tailer.fromStart, false);
    assert.deepEqual(entriesOf(await tailer.poll()), []);
    fs.appendFileSync(file, formatTraceLine(request(42, 'late', {}, 0)));
    assert.deepEqual(
      entriesOf(await tailer.poll()).map((e) => (e.msg as { id: number }).id),
      [42],
    );
  });

  void it('reads a backlog larger than one read slice', async () => {
    const lines: string[] = [];
    for (let i = 0; i < 12_000; i++) lines.push(formatTraceLine(request(i, 'bulk', { pad: 'x'.repeat(80) }, i)));
    fs.writeFileSync(file, lines.join(''));
    assert.ok(fs.statSync(file).size > 1 << 20);
    const tailer = new TraceFileTailer(file);
    assert.equal(entriesOf(await tailer.poll()).length, 12_000);
  });
});
