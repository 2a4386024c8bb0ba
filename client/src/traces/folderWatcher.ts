/**
 * Watches trace folders for `*.mcptrace.jsonl` files and tails each one. `fs.watch` makes new bytes show up
 * at once where the platform supports it; a poll catches everything else (network drives, folders created
 * later, missed events). Scans never overlap. Node only, no `vscode`: the extension wires it in traceService.ts.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isTraceFileName } from '../../../shared/src/traceLocation';
import type { TraceRecord } from '../../../shared/src/trace';
import { TraceFileTailer } from './traceTailer';

export interface FolderWatcherOptions {
  /** Entries read from a file; `restarted` when the file was truncated or replaced. */
  onEntries: (file: string, entries: TraceRecord[], restarted: boolean) => void;
  /** A tailed file disappeared (deleted or rotated away); the calls read from it stay valid. */
  onGone?: (file: string) => void;
  /** A file is about to be read again from its start (opened explicitly): drop what was read from it. */
  onReload?: (file: string) => void;
  onError?: (message: string) => void;
  /** Poll interval in ms (0: no timer; tests call scan()). */
  pollMs?: number;
  /** Files already present when a folder is first scanned are read whole only if modified this recently. */
  recentMs?: number;
  /** Whether to use fs.watch besides polling. */
  useFsWatch?: boolean;
  now?: () => number;
}

export const DEFAULT_POLL_MS = 1000;
export const DEFAULT_RECENT_MS = 30 * 60 * 1000;
const WATCH_DEBOUNCE_MS = 40;

export class TraceFolderWatcher {
  private folders: string[] = [];
  /** Folders whose files have been listed once (later files are new and read from the start). */
  private readonly listedFolders = new Set<string>();
  private readonly tailers = new Map<string, TraceFileTailer>();
  /** Files opened explicitly (outside the watched folders, or to be read whole). */
  private readonly pinned = new Set<string>();
  private readonly watchers = new Map<string, fs.FSWatcher>();
  private timer: NodeJS.Timeout | undefined;
  private debounce: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private disposed = false;
  private readonly reported = new Set<string>();

  constructor(private readonly options: FolderWatcherOptions) {
    const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
    if (pollMs > 0) {
      this.timer = setInterval(() => void this.scan(), pollMs);
      this.timer.unref?.();
    }
  }

  get watchedFolders(): readonly string[] {
    return this.folders;
  }

  get trackedFiles(): string[] {
    return [...this.tailers.keys()];
  }

  /** Replaces the watched folders; files of folders no longer watched stop being tailed. */
  setFolders(folders: readonly string[]): Promise<void> {
    const next = [...new Set(folders.map((folder) => path.resolve(folder)))];
    for (const folder of this.folders) {
      if (next.includes(folder)) continue;
      this.listedFolders.delete(folder);
      this.watchers.get(folder)?.close();
      this.watchers.delete(folder);
      for (const file of [...this.tailers.keys()]) {
        if (path.dirname(file) === folder && !this.pinned.has(file)) this.tailers.delete(file);
      }
    }
    this.folders = next;
    return this.scan();
  }

  /**
   * Reads a file from its start (the "open trace" command) and keeps tailing it. Returns true when the file was
   * already being read from the start, so nothing new is reported.
   */
  async addFile(file: string): Promise<boolean> {
    const resolved = path.resolve(file);
    this.pinned.add(resolved);
    const existing = this.tailers.get(resolved);
    if (existing?.fromStart) return true;
    if (existing) this.options.onReload?.(resolved);
    this.tailers.set(resolved, new TraceFileTailer(resolved, 0));
    await this.scan();
    return false;
  }

  /** One pass: list the folders, then read what every tailed file appended. Concurrent calls share a pass. */
  scan(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.scanOnce();
      } while (this.again && !this.disposed);
    })().finally(() => (this.running = undefined));
    return this.running;
  }

  private async scanOnce(): Promise<void> {
    for (const folder of this.folders) await this.listFolder(folder);
    for (const [file, tailer] of [...this.tailers]) {
      if (this.disposed) return;
      try {
        const result = await tailer.poll();
        if (result.kind === 'gone') {
          this.tailers.delete(file);
          this.pinned.delete(file);
          this.options.onGone?.(file);
        } else if (result.entries.length > 0 || result.restarted) {
          this.options.onEntries(file, result.entries, result.restarted);
        }
      } catch (error) {
        this.reportOnce(`read:${file}`, `Cannot read the trace ${file}: ${messageOf(error)}`);
      }
    }
  }

  private async listFolder(folder: string): Promise<void> {
    let names: string[];
    try {
      names = await fs.promises.readdir(folder);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // A folder that does not exist yet has no old traces: every file that appears in it later is new.
      if (code === 'ENOENT') this.listedFolders.add(folder);
      else if (code !== 'ENOTDIR') this.reportOnce(`list:${folder}`, `Cannot list ${folder}: ${messageOf(error)}`);
      this.watchers.get(folder)?.close();
      this.watchers.delete(folder);
      return;
    }
    this.watchFolder(folder);
    const firstListing = !this.listedFolders.has(folder);
    this.listedFolders.add(folder);
    const now = (this.options.now ?? Date.now)();
    const recentMs = this.options.recentMs ?? DEFAULT_RECENT_MS;
    for (const name of names) {
      if (!isTraceFileName(name)) continue;
      const file = path.join(folder, name);
      if (this.tailers.has(file)) continue;
      let start = 0;
      if (firstListing) {
        try {
          const stat = await fs.promises.stat(file);
          if (!stat.isFile()) continue;
          if (stat.mtimeMs < now - recentMs) start = stat.size;
        } catch {
          continue;
        }
      }
      this.tailers.set(file, new TraceFileTailer(file, start));
    }
  }

  private watchFolder(folder: string): void {
    if (this.options.useFsWatch === false || this.watchers.has(folder)) return;
    try {
      const watcher = fs.watch(folder, { persistent: false }, () => this.scheduleScan());
      watcher.on('error', () => {
        watcher.close();
        this.watchers.delete(folder);
      });
      this.watchers.set(folder, watcher);
    } catch {
      // Polling covers folders that cannot be watched.
    }
  }

  private scheduleScan(): void {
    if (this.debounce || this.disposed) return;
    this.debounce = setTimeout(() => {
      this.debounce = undefined;
      void this.scan();
    }, WATCH_DEBOUNCE_MS);
  }

  private reportOnce(key: string, message: string): void {
    if (this.reported.has(key)) return;
    this.reported.add(key);
    this.options.onError?.(message);
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer) clearInterval(this.timer);
    if (this.debounce) clearTimeout(this.debounce);
    for (const watcher of this.watchers.values()) watcher.close();
    this.watchers.clear();
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
