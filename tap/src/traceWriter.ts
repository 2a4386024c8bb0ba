/**
 * Appends trace lines to a file created with mode 0600 (in a folder created 0700). Writes are asynchronous and
 * queued so forwarding never waits for the disk; a write that fails is reported once and recording stops.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

export type Reporter = (message: string) => void;

export class TraceWriter {
  private queue: string[] = [];
  private writing = false;
  private failed = false;
  private drained: (() => void)[] = [];

  private constructor(
    readonly file: string,
    private fd: number | undefined,
    private readonly report: Reporter,
  ) {}

  /** Opens (creating) the trace file; on failure reports why and returns a writer that records nothing. */
  static open(file: string, report: Reporter): TraceWriter {
    try {
      fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
      const fd = fs.openSync(file, 'a', 0o600);
      fs.fchmodSync(fd, 0o600);
      return new TraceWriter(file, fd, report);
    } catch (error) {
      report(`cannot write the trace ${file}: ${(error as Error).message}; forwarding continues without a trace`);
      const writer = new TraceWriter(file, undefined, report);
      writer.failed = true;
      return writer;
    }
  }

  get recording(): boolean {
    return !this.failed;
  }

  write(line: string): void {
    if (this.failed) return;
    this.queue.push(line);
    if (!this.writing) this.flushQueue();
  }

  private flushQueue(): void {
    if (this.fd === undefined || this.queue.length === 0) {
      this.writing = false;
      for (const resolve of this.drained.splice(0)) resolve();
      return;
    }
    this.writing = true;
    const data = Buffer.from(this.queue.join(''), 'utf8');
    this.queue = [];
    fs.write(this.fd, data, 0, data.length, null, (error) => {
      if (error) {
        this.failed = true;
        this.queue = [];
        this.report(`cannot write the trace ${this.file}: ${error.message}; forwarding continues without a trace`);
      }
      this.flushQueue();
    });
  }

  /** Waits for queued lines to reach the file, then closes it. */
  async close(): Promise<void> {
    if (this.writing) await new Promise<void>((resolve) => this.drained.push(resolve));
    if (this.fd !== undefined) {
      const fd = this.fd;
      this.fd = undefined;
      await new Promise<void>((resolve) => fs.close(fd, () => resolve()));
    }
  }
}
