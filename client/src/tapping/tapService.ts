/**
 * Tapping and untapping on disk: finds the configuration files that exist, reads their server entries, and
 * writes the rewritten text back in place (same file, same mode) after checking nobody changed it meanwhile.
 * Node only, no `vscode`.
 */
import * as fs from 'node:fs';
import { candidateConfigFiles, type ConfigFileCandidate, type DiscoveryContext } from './hostConfigs';
import { parseConfig, type ServerEntry } from './serverEntries';
import { TapRecords } from './tapRecords';
import {
  locateEntry,
  recordedCliPath,
  retargetCliPath,
  sameJson,
  TapEditError,
  tapHttpEntry,
  tapStdioEntry,
  untapEntry,
  type TapRecord,
  type UntapStatus,
} from './tapRewrite';

export interface DiscoveredFile {
  candidate: ConfigFileCandidate;
  entries: ServerEntry[];
  errors: string[];
}

function readText(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** The configuration files that exist, with their entries. A file listed twice (same path) is read once. */
export function discoverServers(context: DiscoveryContext): DiscoveredFile[] {
  const seen = new Set<string>();
  const found: DiscoveredFile[] = [];
  for (const candidate of candidateConfigFiles(context)) {
    if (seen.has(candidate.file)) continue;
    seen.add(candidate.file);
    const text = readText(candidate.file);
    if (text === undefined) continue;
    const { entries, errors } = parseConfig(text, candidate);
    found.push({ candidate, entries, errors });
  }
  return found;
}

/** Marks HTTP entries that a record says run through a tap proxy (their URL alone cannot tell). */
export function isTappedHttp(entry: ServerEntry, records: readonly TapRecord[]): TapRecord | undefined {
  if (entry.transport !== 'http') return undefined;
  return records.find(
    (record) =>
      record.transport === 'http' &&
      record.file === entry.file &&
      JSON.stringify(record.path) === JSON.stringify(entry.path) &&
      record.http !== undefined &&
      entry.url !== undefined &&
      entry.url.startsWith(`http://${record.http.listen}`),
  );
}

/** Writes new text over a file only when it still holds `expected`; keeps the file (and its mode) in place. */
function replaceFileText(file: string, expected: string, text: string): void {
  const now = readText(file);
  if (now !== expected) throw new TapEditError(`${file} changed while it was being edited; try again`);
  fs.writeFileSync(file, text, 'utf8');
}

export type TapRequest =
  | { kind: 'stdio'; cliPath: string; nodeCommand?: string; label?: string; repair?: boolean }
  | { kind: 'http'; port: number; label?: string; repair?: boolean };

/** Rewrites an entry in its file and records the backup. Throws TapEditError with a reason people can read. */
export async function tapServer(entry: ServerEntry, request: TapRequest, records: TapRecords): Promise<TapRecord> {
  const text = readText(entry.file);
  if (text === undefined) throw new TapEditError(`${entry.file} cannot be read`);
  const current = locateEntry(text, entry.path);
  if (!current || !sameJson(current.value, entry.value)) {
    throw new TapEditError(`${entry.name} in ${entry.file} changed since it was listed; pick it again`);
  }
  if (records.find(entry.file, entry.path)) {
    throw new TapEditError(`${entry.name} in ${entry.file} is already tapped (a backup of it exists); untap it first`);
  }
  const result =
    request.kind === 'stdio'
      ? tapStdioEntry(text, entry, {
          cliPath: request.cliPath,
          nodeCommand: request.nodeCommand,
          label: request.label,
          repair: request.repair,
        })
      : tapHttpEntry(text, entry, { port: request.port, label: request.label, repair: request.repair });
  await records.add(result.record);
  try {
    replaceFileText(entry.file, text, result.text);
  } catch (error) {
    await records.remove(result.record);
    throw error;
  }
  return result.record;
}

/** Restores an entry from its record and forgets the record when the entry is back (or gone). */
export async function untapServer(
  record: TapRecord,
  records: TapRecords,
  options: { force?: boolean } = {},
): Promise<UntapStatus> {
  if (!fs.existsSync(record.file)) {
    // The whole file is gone, and the entry with it.
    await records.remove(record);
    return 'entry-missing';
  }
  const text = readText(record.file);
  if (text === undefined) throw new TapEditError(`${record.file} cannot be read`);
  const result = untapEntry(text, record, options);
  if (result.status === 'restored') replaceFileText(record.file, text, result.text);
  if (result.status !== 'changed-since-tap') await records.remove(record);
  return result.status;
}

/** Tapped stdio records whose `dist/cli.js` is gone (an older install of the extension) and is not `cliPath`. */
export function staleCliRecords(records: readonly TapRecord[], cliPath: string): TapRecord[] {
  return records.filter((record) => {
    const recorded = recordedCliPath(record);
    return record.transport === 'stdio' && recorded !== undefined && recorded !== cliPath && !fs.existsSync(recorded);
  });
}

/** Points stale tapped entries at the current `dist/cli.js`; returns the names it updated and those it left. */
export async function refreshCliPaths(
  stale: readonly TapRecord[],
  cliPath: string,
  records: TapRecords,
): Promise<{ updated: string[]; left: string[] }> {
  const updated: string[] = [];
  const left: string[] = [];
  for (const record of stale) {
    const text = readText(record.file);
    const result = text !== undefined ? retargetCliPath(text, record, cliPath) : undefined;
    if (text === undefined || !result) {
      left.push(record.name);
      continue;
    }
    await records.add(result.record);
    replaceFileText(record.file, text, result.text);
    updated.push(record.name);
  }
  return { updated, left };
}
