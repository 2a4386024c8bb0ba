/**
 * Incremental decoding of many traces at once: one CallTracker per trace file (JSON-RPC ids repeat between
 * sessions, so pairing never crosses files), a panel-wide unique id and sequence number per call, and a clear
 * watermark so that a call cleared from the panel does not come back when its late response arrives.
 * Pure: no `vscode`, no file system.
 */
import type { DecodedCall } from '../../../shared/src/decodedCall';
import { CallTracker } from '../../../shared/src/decoder';
import type { TraceRecord } from '../../../shared/src/trace';

/** Where the trace service delivers decoded calls (the panel's call store): the traces never import the panel. */
export interface CallSink {
  apply(updates: readonly CallUpdate[]): unknown;
  removeFile(file: string): void;
  clear(): void;
}

export interface CallUpdate {
  uid: string;
  seq: number;
  /** The trace file the call was read from. */
  file: string;
  call: DecodedCall;
}

interface CallIdentity {
  uid: string;
  seq: number;
  file: string;
}

export class CallFeed {
  private nextSeq = 1;
  private clearedBelow = 0;
  private readonly trackers = new Map<string, CallTracker>();
  private readonly identities = new WeakMap<DecodedCall, CallIdentity>();

  /**
   * Feeds entries read from `file`; returns the calls they created or changed, each once, in sequence order.
   * `restarted`: the file was truncated or replaced, so pairing starts afresh (earlier calls stay as they were).
   */
  ingest(file: string, entries: readonly TraceRecord[], restarted = false): CallUpdate[] {
    if (restarted) this.trackers.delete(file);
    let tracker = this.trackers.get(file);
    if (!tracker) {
      tracker = new CallTracker();
      this.trackers.set(file, tracker);
    }
    const changed = new Map<DecodedCall, CallIdentity>();
    for (const entry of entries) {
      for (const call of tracker.add(entry)) {
        let identity = this.identities.get(call);
        if (!identity) {
          const seq = this.nextSeq++;
          identity = { uid: `c${seq}`, seq, file };
          this.identities.set(call, identity);
        }
        if (identity.seq >= this.clearedBelow) changed.set(call, identity);
      }
    }
    return [...changed].map(([call, identity]) => ({ ...identity, call })).sort((a, b) => a.seq - b.seq);
  }

  /** Stops reporting every call seen so far (their late responses included). */
  clear(): void {
    this.clearedBelow = this.nextSeq;
  }

  /** Forgets a file's pairing state (the file is gone or will be read again from its start). */
  forget(file: string): void {
    this.trackers.delete(file);
  }

  /** Files with pairing state. */
  get files(): string[] {
    return [...this.trackers.keys()];
  }
}
