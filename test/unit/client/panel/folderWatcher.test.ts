import { describe, it, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { TraceFolderWatcher } from '../../../../client/src/traces/folderWatcher';
import { formatTraceLine, type TraceRecord } from '../../../../shared/src/trace';
import { request, sampleText } from './traceSamples';

interface Event {
  kind: 'entries' | 'gone' | 'reload';
  file: string;
  count?: number;
  restarted?: boolean;
}

void describe('trace folder watcher', () => {
  let root = '';
  let events: Event[] = [];
  let watcher: TraceFolderWatcher;
  const now = Date.parse('2026-11-30T12:00:00Z');

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'watcher-'));
    events = [];
    watcher = new TraceFolderWatcher({
      pollMs: 0,
      useFsWatch: false,
      now: () => now,
      recentMs: 60_000,
      onEntries: (file: string, entries: TraceRecord[], restarted: boolean) =>
        events.push({ kind: 'entries', file: path.basename(file), count: entries.length, restarted }),
      onGone: (file) => events.push({ kind: 'gone', file: path.basename(file) }),
      onReload: (file) => events.push({ kind: 'reload', file: path.basename(file) }),
    });
  });
  afterEach(() => {
    watcher.dispose();
    fs.rmSync(root, { recursive: true, force: true });
  });

  function write(name: string, text: string, mtime?: number): string {
    const file = path.join(root, name);
    fs.writeFileSync(file, text);
    if (mtime !== undefined) fs.utimesSync(file, mtime / 1000, mtime / 1000);
    return file;
  }

  void it('reads recent traces whole, starts old ones at their end, and ignores other files', async () => {
    write('recent.mcptrace.jsonl', sampleText(), now - 1000);
    const old = write('old.mcptrace.jsonl', sampleText(), now - 3_600_000);
    write('notes.jsonl', sampleText(), now);
    await watcher.setFolders([root]);
    assert.deepEqual(events, [{ kind: 'entries', file: 'recent.mcptrace.jsonl', count: 11, restarted: false }]);
    events = [];
    fs.appendFileSync(old, formatTraceLine(request(99, 'late', {}, 0)));
    await watcher.scan();
    assert.deepEqual(events, [{ kind: 'entries', file: 'old.mcptrace.jsonl', count: 1, restarted: false }]);
  });

  void it('reads files created after the first listing from their start, whatever their age', async () => {
    await watcher.setFolders([root]);
    write('later.mcptrace.jsonl', sampleText(), now - 3_600_000);
    await watcher.scan();
    assert.deepEqual(events, [{ kind: 'entries', file: 'later.mcptrace.jsonl', count: 11, restarted: false }]);
  });

  void it('waits for a folder that does not exist yet', async () => {
    const later = path.join(root, 'later');
    await watcher.setFolders([later]);
    assert.deepEqual(events, []);
    fs.mkdirSync(later);
    fs.writeFileSync(path.join(later, 'x.mcptrace.jsonl'), sampleText());
    await watcher.scan();
    assert.equal(events.length, 1);
  });

  void it('reports deleted files and stops tailing them', async () => {
    const file = write('a.mcptrace.jsonl', sampleText(), now);
    await watcher.setFolders([root]);
    fs.rmSync(file);
    events = [];
    await watcher.scan();
    assert.deepEqual(events, [{ kind: 'gone', file: 'a.mcptrace.jsonl' }]);
    assert.deepEqual(watcher.trackedFiles, []);
  });

  void it('addFile reads an old or outside file from its start once, and keeps tailing it', async () => {
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'outside-'));
    try {
      const file = path.join(outside, 'saved.mcptrace.jsonl');
      fs.writeFileSync(file, sampleText());
      assert.equal(await watcher.addFile(file), false);
      assert.deepEqual(events, [{ kind: 'entries', file: 'saved.mcptrace.jsonl', count: 11, restarted: false }]);
      assert.equal(await watcher.addFile(file), true, 'already read whole');
      fs.appendFileSync(file, formatTraceLine(request(50, 'more', {}, 0)));
      events = [];
      await watcher.scan();
      assert.deepEqual(events, [{ kind: 'entries', file: 'saved.mcptrace.jsonl', count: 1, restarted: false }]);
    } finally {
      fs.rmSync(outside, { recursive: true, force: true });
    }
  });

  void it('addFile on a trace tailed from its end asks to drop it and reads it whole', async () => {
    const file = write('old.mcptrace.jsonl', sampleText(), now - 3_600_000);
    await watcher.setFolders([root]);
    await watcher.addFile(file);
    assert.deepEqual(events, [
      { kind: 'reload', file: 'old.mcptrace.jsonl' },
      { kind: 'entries', file: 'old.mcptrace.jsonl', count: 11, restarted: false },
    ]);
  });

  void it('stops tailing the files of a folder removed from the list', async () => {
    write('a.mcptrace.jsonl', sampleText(), now);
    await watcher.setFolders([root]);
    assert.equal(watcher.trackedFiles.length, 1);
    await watcher.setFolders([]);
    assert.deepEqual(watcher.trackedFiles, []);
  });

  void it('concurrent scans share one pass and never report an entry twice', async () => {
    write('a.mcptrace.jsonl', sampleText(), now);
    await Promise.all([watcher.setFolders([root]), watcher.scan(), watcher.scan()]);
    const total = events.reduce((sum, event) => sum + (event.count ?? 0), 0);
    assert.equal(total, 11);
  });
});
