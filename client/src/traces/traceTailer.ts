/**
 * Tails one trace file: each poll reads only the bytes appended since the last one, decodes UTF-8 across
 * chunk boundaries, and keeps an unfinished last line until its newline arrives. A file that shrank or was
 * replaced (another inode) is read again from the start; a deleted file reports `gone`. Node only, no `vscode`.
 */
import * as fs from 'node:fs';
import { TraceStreamReader, type TraceRecord } from '../../../shared/src/trace';

export type TailResult =
  | { kind: 'gone' }
  /** `restarted`: the file was truncated or replaced, and these entries are from its new start. */
  | { kind: 'read'; entries: TraceRecord[]; restarted: boolean };

/** Largest slice read in one go; a big backlog is read in several slices within one poll. */
const CHUNK_BYTES = 1 << 20;

export class TraceFileTailer {
  private offset: number;
  private startedAtZero: boolean;
  private identity: string | undefined;
  private decoder = new TextDecoder('utf-8');
  private reader = new TraceStreamReader();
  private malformed = 0;

  /**
   * @param startOffset where to begin reading: 0 for the whole file, or the current size to see only what is
   *   appended from now on.
   */
  constructor(
    readonly file: string,
    startOffset = 0,
  ) {
    this.offset = startOffset;
    this.startedAtZero = startOffset === 0;
  }

  /** Whether this tailer read the file from its beginning (so every call in it has been seen). */
  get fromStart(): boolean {
    return this.startedAtZero;
  }
  /** Bytes consumed so far. */
  get position(): number {
    return this.offset;
  }

  /** Lines that were not trace entries (malformed, or cut short and then continued by garbage). */
  get skippedLines(): number {
    return this.malformed + this.reader.problems.length;
  }

  /** Reads what was appended since the last poll. */
  async poll(): Promise<TailResult> {
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(this.file, 'r');
    } catch (error) {
      if (isMissing(error)) return { kind: 'gone' };
      throw error;
    }
    try {
      const stat = await handle.stat();
      const identity = `${stat.dev}:${stat.ino}`;
      let restarted = false;
      if ((this.identity !== undefined && identity !== this.identity) || stat.size < this.offset) {
        this.restart();
        restarted = true;
      }
      this.identity = identity;
      const entries: TraceRecord[] = [];
      const buffer = Buffer.alloc(Math.min(CHUNK_BYTES, Math.max(0, stat.size - this.offset)));
      while (this.offset < stat.size) {
        const wanted = Math.min(buffer.length, stat.size - this.offset);
        const { bytesRead } = await handle.read(buffer, 0, wanted, this.offset);
        if (bytesRead === 0) break;
        this.offset += bytesRead;
        const text = this.decoder.decode(buffer.subarray(0, bytesRead), { stream: true });
        entries.push(...this.reader.push(text));
      }
      return { kind: 'read', entries, restarted };
    } finally {
      await handle.close();
    }
  }

  /** Forgets everything read: the next poll reads the file from its first byte. */
  restart(): void {
    this.malformed += this.reader.problems.length;
    this.offset = 0;
    this.startedAtZero = true;
    this.decoder = new TextDecoder('utf-8');
    this.reader = new TraceStreamReader();
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
