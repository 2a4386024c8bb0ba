/**
 * Where tap records (the backups untap restores from) are kept: in a store the extension provides (its
 * globalState) AND in `<config file>.mcp-envelope-backup.json` beside the configuration, so either one is enough
 * to untap. No host is asked to tolerate unknown keys in its entries. Node file system only, no `vscode`.
 */
import * as fs from 'node:fs';
import type { JSONPath } from 'jsonc-parser';
import { entryKey } from './serverEntries';
import type { TapRecord } from './tapRewrite';

export const BACKUP_SUFFIX = '.mcp-envelope-backup.json';

const BACKUP_NOTE =
  "Written by MCP Envelope's 'Tap a Server' command: the original server entries, restored by 'Untap a Server'. " +
  'Removed when the last entry is untapped.';

/** The state the extension keeps records in (its globalState in VS Code; a Map in tests). */
export interface RecordStore {
  read(): readonly TapRecord[];
  write(records: readonly TapRecord[]): Promise<void>;
}

export function backupFileFor(configFile: string): string {
  return configFile + BACKUP_SUFFIX;
}

function isTapRecord(value: unknown): value is TapRecord {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Partial<TapRecord>;
  return (
    record.version === 1 &&
    typeof record.file === 'string' &&
    Array.isArray(record.path) &&
    typeof record.name === 'string' &&
    typeof record.originalText === 'string' &&
    (record.transport === 'stdio' || record.transport === 'http')
  );
}

/** The records in a configuration file's backup file; none when it is missing or unreadable. */
export function readBackupFile(configFile: string): TapRecord[] {
  let text: string;
  try {
    text = fs.readFileSync(backupFileFor(configFile), 'utf8');
  } catch {
    return [];
  }
  try {
    const parsed: unknown = JSON.parse(text);
    const entries = (parsed as { entries?: unknown }).entries;
    return Array.isArray(entries) ? entries.filter(isTapRecord) : [];
  } catch {
    return [];
  }
}

/** Writes a configuration file's records beside it (mode 0600: entries may hold secrets); removes the file when none. */
export function writeBackupFile(configFile: string, records: readonly TapRecord[]): void {
  const backup = backupFileFor(configFile);
  if (records.length === 0) {
    fs.rmSync(backup, { force: true });
    return;
  }
  const text = JSON.stringify({ note: BACKUP_NOTE, entries: records }, null, 2) + '\n';
  fs.writeFileSync(backup, text, { encoding: 'utf8', mode: 0o600 });
}

function keyOf(record: { file: string; path: JSONPath }): string {
  return entryKey(record.file, record.path);
}

/** Tap records from both places, one per entry; the store wins when both have one. */
export class TapRecords {
  constructor(private readonly store: RecordStore) {}

  /** Every known record: the store's, plus those in the backup files of the given configuration files. */
  all(configFiles: Iterable<string> = []): TapRecord[] {
    const byKey = new Map<string, TapRecord>();
    const files = new Set(configFiles);
    for (const record of this.store.read().filter(isTapRecord)) {
      byKey.set(keyOf(record), record);
      files.add(record.file);
    }
    for (const file of files) {
      for (const record of readBackupFile(file)) if (!byKey.has(keyOf(record))) byKey.set(keyOf(record), record);
    }
    return [...byKey.values()];
  }

  find(file: string, path: JSONPath): TapRecord | undefined {
    const key = entryKey(file, path);
    return (
      this.store.read().find((record) => isTapRecord(record) && keyOf(record) === key) ??
      readBackupFile(file).find((record) => keyOf(record) === key)
    );
  }

  /** Saves a new record in both places (the backup file first: it is the one that survives a lost state). */
  async add(record: TapRecord): Promise<void> {
    const key = keyOf(record);
    writeBackupFile(record.file, [...readBackupFile(record.file).filter((item) => keyOf(item) !== key), record]);
    await this.store.write([...this.store.read().filter((item) => keyOf(item) !== key), record]);
  }

  /** Forgets a record in both places. */
  async remove(record: TapRecord): Promise<void> {
    const key = keyOf(record);
    writeBackupFile(
      record.file,
      readBackupFile(record.file).filter((item) => keyOf(item) !== key),
    );
    await this.store.write(this.store.read().filter((item) => keyOf(item) !== key));
  }
}
