/**
 * Turns forwarded bytes into trace entries: splits newline-delimited JSON-RPC, parses each line, redacts it and
 * hands it to the trace writer. A line that is not JSON is forwarded anyway and reported (a few times) on stderr.
 */
import { formatTraceLine, HOST_TO_SERVER, type TraceDirection } from '../../shared/src/trace';
import type { Redactor } from './redact';
import type { Reporter, TraceWriter } from './traceWriter';

const MAX_MALFORMED_REPORTS = 5;

export class TapRecorder {
  private malformed = 0;

  constructor(
    private readonly server: string,
    private readonly writer: TraceWriter,
    private readonly redactor: Redactor,
    private readonly report: Reporter,
  ) {}

  get redactions(): Redactor {
    return this.redactor;
  }

  /** Waits for the trace to reach the disk and closes it. */
  close(): Promise<void> {
    return this.writer.close();
  }

  /** Records one message as sent. */
  record(dir: TraceDirection, msg: unknown): void {
    if (!this.writer.recording) return;
    const entry = { ts: new Date().toISOString(), dir, server: this.server, msg: this.redactor.redactFields(msg) };
    this.writer.write(this.redactor.redactText(formatTraceLine(entry)));
  }

  /** Records one line of text that should hold a JSON-RPC message. */
  recordText(dir: TraceDirection, text: string, where: string): void {
    const trimmed = text.trim();
    if (trimmed === '') return;
    let msg: unknown;
    try {
      msg = JSON.parse(trimmed) as unknown;
    } catch {
      this.malformed++;
      if (this.malformed <= MAX_MALFORMED_REPORTS) {
        const from = dir === HOST_TO_SERVER ? 'the host' : 'the server';
        const sample = trimmed.length > 80 ? `${trimmed.slice(0, 80)}…` : trimmed;
        this.report(
          `${where} from ${from} is not JSON (forwarded unchanged, not recorded): ${sample}${
            this.malformed === MAX_MALFORMED_REPORTS ? ' (further malformed lines are not reported)' : ''
          }`,
        );
      }
      return;
    }
    this.record(dir, msg);
  }
}

/** Splits a byte stream into lines (UTF-8 safe across chunk boundaries). */
export class LineSplitter {
  private parts: Buffer[] = [];

  constructor(private readonly onLine: (line: string) => void) {}

  push(chunk: Buffer): void {
    let start = 0;
    let newline = chunk.indexOf(10, start);
    while (newline !== -1) {
      const piece = chunk.subarray(start, newline);
      if (this.parts.length > 0) {
        this.parts.push(piece);
        this.onLine(Buffer.concat(this.parts).toString('utf8'));
        this.parts = [];
      } else {
        this.onLine(piece.toString('utf8'));
      }
      start = newline + 1;
      newline = chunk.indexOf(10, start);
    }
    if (start < chunk.length) this.parts.push(Buffer.from(chunk.subarray(start)));
  }

  /** Emits what is left after the stream ended without a final newline. */
  end(): void {
    if (this.parts.length === 0) return;
    const rest = Buffer.concat(this.parts).toString('utf8');
    this.parts = [];
    this.onLine(rest);
  }
}
