/**
 * Turns forwarded bytes into trace entries: splits newline-delimited JSON-RPC, parses each line, redacts it and
 * hands it to the trace writer. A line that is not JSON is forwarded anyway and reported (a few times) on stderr.
 */
import { randomBytes } from 'node:crypto';
import {
  formatTraceLine,
  HOST_TO_SERVER,
  TRACE_FORMAT_VERSION,
  type TraceDirection,
  type TraceRecord,
  type TraceRepair,
} from '../../shared/src/trace';
import type { Redactor } from './redact';
import type { Reporter, TraceWriter } from './traceWriter';

const MAX_MALFORMED_REPORTS = 5;

/** A new id for one tap process: runs appended to one trace file stay apart. */
export function newRunId(): string {
  return randomBytes(6).toString('hex');
}

/** What a tap forwards to, for its start record. */
export type TapTarget = { command: string[] } | { target: string };

export class TapRecorder {
  private malformed = 0;
  readonly run = newRunId();

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

  private write(record: TraceRecord): void {
    if (this.writer.recording) this.writer.write(this.redactor.redactText(formatTraceLine(record)));
  }

  /** Records that this run starts, and what it forwards to (the format version travels with it). */
  recordStart(target: TapTarget): void {
    const ts = new Date().toISOString();
    this.write({ ts, event: 'start', run: this.run, version: TRACE_FORMAT_VERSION, server: this.server, ...target });
  }

  /** Records that the server exited: calls of this run still open will never be answered. */
  recordExit(code: number | null, signal: string | null): void {
    this.write({ ts: new Date().toISOString(), event: 'exit', run: this.run, code, signal });
  }

  /**
   * Records one message as sent (`session`: the HTTP session it belongs to); `repair` when `tap --repair`
   * rewrote it (then `msg` is the repaired message and `repair.original` the server's).
   */
  record(dir: TraceDirection, msg: unknown, session?: string, repair?: TraceRepair): void {
    if (!this.writer.recording) return;
    try {
      this.write({
        ts: new Date().toISOString(),
        run: this.run,
        ...(session !== undefined && { session }),
        dir,
        server: this.server,
        msg: this.redactor.redactFields(msg),
        ...(repair !== undefined && {
          repair: { ...repair, original: this.redactor.redactFields(repair.original) },
        }),
      });
    } catch (error) {
      // JSON nested deeper than the stack allows parses but cannot be redacted or written: forwarding goes on.
      this.reportMalformed(dir, `a message that cannot be recorded (${(error as Error).message})`);
    }
  }

  private reportMalformed(dir: TraceDirection, what: string): void {
    this.malformed++;
    if (this.malformed > MAX_MALFORMED_REPORTS) return;
    const from = dir === HOST_TO_SERVER ? 'the host' : 'the server';
    const last = this.malformed === MAX_MALFORMED_REPORTS ? ' (further malformed messages are not reported)' : '';
    this.report(`${what} from ${from} was forwarded unchanged, not recorded${last}`);
  }

  /** Records one line of text that should hold a JSON-RPC message; returns the message parsed, if it is JSON. */
  recordText(dir: TraceDirection, text: string, where: string, session?: string): unknown {
    const msg = this.parseText(dir, text, where);
    if (msg !== undefined) this.record(dir, msg, session);
    return msg;
  }

  /** Parses a line of text that should hold a JSON-RPC message; reports (a few times) a line that is not JSON. */
  parseText(dir: TraceDirection, text: string, where: string): unknown {
    const trimmed = text.trim();
    if (trimmed === '') return undefined;
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
      return undefined;
    }
    return msg;
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
