/**
 * A set of files analysed together: keeps the cross-file index of handlers that one file registers
 * and another defines (`registerTool('x', cfg, importedHandler)`), so both faces — the language
 * server and the CLI — check imported handlers the same way.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type ts from 'typescript';
import { type AnalysisResult, analyseSourceFile, isRelevant, looksBinary, parseSource } from '../engine';
import { type ExternalHandlerRef, type HandlerScan, resolveRelativeImport, scanHandlers } from './handlers';
import type { EngineSettings } from '../types';

type ExternalInfo = Omit<ExternalHandlerRef, 'fileName' | 'exportName'>;

export type SkipReason = 'binary' | 'not-mcp' | 'error';

export type ProjectAnalysis =
  | { kind: 'analysed'; result: AnalysisResult; /** Files whose registered handlers changed. */ changed: string[] }
  | { kind: 'skipped'; reason: SkipReason; detail?: string };

export interface IndexedFile {
  /** Files whose registered handlers changed. */
  changed: string[];
  /** The parse and scan, when the file is MCP code (so callers need not parse it again). */
  sourceFile?: ts.SourceFile;
  scan?: HandlerScan;
}

export const SOURCE_FILE_PATTERN = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/i;
const DECLARATION_FILE = /\.d\.[cm]?ts$/i;
const IGNORED_DIRECTORIES = new Set([
  'node_modules',
  '.git',
  'dist',
  'out',
  'build',
  'coverage',
  '.cache',
  '.vscode-test',
]);

function defaultFileExists(fileName: string): boolean {
  try {
    return fs.statSync(fileName).isFile();
  } catch {
    return false;
  }
}

export function normalisePath(fileName: string): string {
  return path.resolve(fileName);
}

export class Project {
  /** registering file → handlers it registers from other files */
  private readonly registered = new Map<string, ExternalHandlerRef[]>();

  constructor(private readonly fileExists: (fileName: string) => boolean = defaultFileExists) {}

  readonly resolveImport = (specifier: string, fromFile: string): string | undefined =>
    resolveRelativeImport(specifier, fromFile, this.fileExists);

  /** Exports of `fileName` that files of this project register as tool handlers. */
  externalExportsFor(fileName: string): Map<string, ExternalInfo> {
    const target = normalisePath(fileName);
    const result = new Map<string, ExternalInfo>();
    for (const refs of this.registered.values()) {
      for (const ref of refs) {
        if (ref.fileName === target) result.set(ref.exportName, { kind: ref.kind, toolName: ref.toolName });
      }
    }
    return result;
  }

  /** Records which external handlers `fileName` registers; returns the files whose handler set changed. */
  setRegistrations(fileName: string, refs: readonly ExternalHandlerRef[]): string[] {
    const key = normalisePath(fileName);
    const before = this.registered.get(key) ?? [];
    const signature = (list: readonly ExternalHandlerRef[]) =>
      list
        .map((r) => `${r.fileName}#${r.exportName}#${r.kind}`)
        .sort()
        .join('|');
    if (signature(before) === signature(refs)) return [];
    if (refs.length === 0) this.registered.delete(key);
    else this.registered.set(key, [...refs]);
    return [...new Set([...before, ...refs].map((r) => r.fileName))];
  }

  forget(fileName: string): string[] {
    return this.setRegistrations(fileName, []);
  }

  /**
   * Cheap pre-pass: records a file's cross-file registrations without running checks. Pass the parsed
   * file when the caller will analyse it too, so it is parsed once.
   */
  indexText(fileName: string, text: string, settings: EngineSettings, parsed?: ts.SourceFile): IndexedFile {
    if (looksBinary(text) || !isRelevant(text, settings, false)) return { changed: this.forget(fileName) };
    const sourceFile = parsed ?? parseSource(normalisePath(fileName), text);
    const scan = scanHandlers(sourceFile, {
      handlerFactories: settings.handlerFactories,
      resolveImport: this.resolveImport,
    });
    return { changed: this.setRegistrations(fileName, scan.external), sourceFile, scan };
  }

  /** Runs the checks on one file's text (or its parse of that text). Never throws: a failure is reported as skipped. */
  analyse(
    fileName: string,
    text: string,
    settings: EngineSettings,
    parsed?: ts.SourceFile,
    /** false for hypothetical text (fix-all passes): its registrations are not recorded. */
    record = true,
  ): ProjectAnalysis {
    const skip = (reason: SkipReason): ProjectAnalysis => {
      if (record) this.forget(fileName);
      return { kind: 'skipped', reason };
    };
    if (looksBinary(text)) return skip('binary');
    const externalExports = this.externalExportsFor(fileName);
    if (!isRelevant(text, settings, externalExports.size > 0)) return skip('not-mcp');
    try {
      const sourceFile = parsed ?? parseSource(normalisePath(fileName), text);
      const result = analyseSourceFile(sourceFile, settings, { externalExports, resolveImport: this.resolveImport });
      const changed = record ? this.setRegistrations(fileName, result.scan.external) : [];
      return { kind: 'analysed', result, changed };
    } catch (error) {
      const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
      return { kind: 'skipped', reason: 'error', detail };
    }
  }
}

/** Whether a file reported by a file watcher is a source file worth indexing (not a declaration, not in dependencies or build output). */
export function isIndexable(fileName: string): boolean {
  if (!SOURCE_FILE_PATTERN.test(fileName) || DECLARATION_FILE.test(fileName)) return false;
  return !fileName.split(/[\\/]/).some((part) => IGNORED_DIRECTORIES.has(part));
}

/** Source files under the given paths (files as given; directories walked, skipping build output and dependencies). */
export function collectSourceFiles(paths: readonly string[]): { files: string[]; unreadable: string[] } {
  const files: string[] = [];
  const unreadable: string[] = [];
  const walkDirectory = (directory: string): void => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(directory, { withFileTypes: true });
    } catch {
      unreadable.push(directory);
      return;
    }
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(directory, entry.name);
      if (entry.isDirectory()) {
        if (!IGNORED_DIRECTORIES.has(entry.name) && !entry.name.startsWith('.')) walkDirectory(full);
      } else if (entry.isFile() && SOURCE_FILE_PATTERN.test(entry.name) && !DECLARATION_FILE.test(entry.name)) {
        files.push(full);
      }
    }
  };
  for (const given of paths) {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(given);
    } catch {
      unreadable.push(given);
      continue;
    }
    if (stat.isDirectory()) walkDirectory(given);
    else if (stat.isFile()) files.push(given);
    else unreadable.push(given);
  }
  return { files, unreadable };
}
