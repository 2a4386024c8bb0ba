/**
 * The extension-side model of the Tool Calls panel: every decoded call seen (capped, oldest dropped first),
 * its row summary, and per-tool counts for the CodeLens. Pure: no `vscode`, no file system.
 */
import * as path from 'node:path';
import type { DecodedCall } from '../../../shared/src/decodedCall';
import type { CallUpdate } from '../traces/callFeed';
import { isErrorOutcome, toCallRow, type CallRow } from '../../../shared/src/panel/callRow';

export interface StoredCall {
  row: CallRow;
  call: DecodedCall;
  file: string;
}

export interface ToolStats {
  calls: number;
  errors: number;
  /** Errors per category; protocol errors under `protocol`, unclassified failures under `UNKNOWN`. */
  errorsByKind: Record<string, number>;
}

export const MAX_STORED_CALLS = 50_000;

export class CallStore {
  private readonly byUid = new Map<string, StoredCall>();
  private statsCache: Map<string, ToolStats> | undefined;
  private readonly listeners = new Set<(rows: CallRow[]) => void>();
  private readonly resetListeners = new Set<() => void>();

  constructor(private readonly maxCalls = MAX_STORED_CALLS) {}

  get size(): number {
    return this.byUid.size;
  }

  /** Every row, oldest first. */
  rows(): CallRow[] {
    return [...this.byUid.values()].map((stored) => stored.row);
  }

  get(uid: string): StoredCall | undefined {
    return this.byUid.get(uid);
  }

  /** Stores new and changed calls; returns their fresh rows (and tells listeners). */
  apply(updates: readonly CallUpdate[]): CallRow[] {
    if (updates.length === 0) return [];
    const rows: CallRow[] = [];
    for (const update of updates) {
      const row = toCallRow(update.uid, update.seq, path.basename(update.file), update.call);
      const existing = this.byUid.get(update.uid);
      if (existing) existing.row = row;
      else this.byUid.set(update.uid, { row, call: update.call, file: update.file });
      rows.push(row);
    }
    let dropped = false;
    while (this.byUid.size > this.maxCalls) {
      const oldest = this.byUid.keys().next().value;
      if (oldest === undefined) break;
      this.byUid.delete(oldest);
      dropped = true;
    }
    this.statsCache = undefined;
    if (dropped) this.emitReset();
    else for (const listener of this.listeners) listener(rows);
    return rows;
  }

  /** Removes every call read from `file` (it is about to be read again). */
  removeFile(file: string): void {
    let removed = false;
    for (const [uid, stored] of this.byUid) {
      if (stored.file === file) {
        this.byUid.delete(uid);
        removed = true;
      }
    }
    if (removed) {
      this.statsCache = undefined;
      this.emitReset();
    }
  }

  clear(): void {
    this.byUid.clear();
    this.statsCache = undefined;
    this.emitReset();
  }

  /** Calls per tool name (across servers) with their errors by kind. */
  statsFor(tool: string): ToolStats {
    return this.allStats().get(tool) ?? { calls: 0, errors: 0, errorsByKind: {} };
  }

  /** How many calls have each outcome (for the test-only state query and the status line). */
  outcomeCounts(): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const { row } of this.byUid.values()) counts[row.outcome] = (counts[row.outcome] ?? 0) + 1;
    return counts;
  }

  private allStats(): Map<string, ToolStats> {
    if (this.statsCache) return this.statsCache;
    const stats = new Map<string, ToolStats>();
    for (const { row } of this.byUid.values()) {
      let entry = stats.get(row.tool);
      if (!entry) {
        entry = { calls: 0, errors: 0, errorsByKind: {} };
        stats.set(row.tool, entry);
      }
      entry.calls++;
      if (isErrorOutcome(row.outcome)) {
        entry.errors++;
        const kind = row.outcome === 'protocol-error' ? 'protocol' : (row.category ?? 'UNKNOWN');
        entry.errorsByKind[kind] = (entry.errorsByKind[kind] ?? 0) + 1;
      }
    }
    this.statsCache = stats;
    return stats;
  }

  /** Called with the changed rows after each apply(). */
  onDidChangeRows(listener: (rows: CallRow[]) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /** Called when rows were removed (clear, reload, cap): views should reload every row. */
  onDidReset(listener: () => void): { dispose(): void } {
    this.resetListeners.add(listener);
    return { dispose: () => this.resetListeners.delete(listener) };
  }

  private emitReset(): void {
    for (const listener of this.resetListeners) listener();
  }
}
