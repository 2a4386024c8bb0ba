/**
 * Indexing a whole workspace before analysing any file: every file once, then the files that use
 * what others define, then — for chains of hand-offs — the files whose registered exports changed.
 */
import type ts from 'typescript';
import type { AnalysisResult } from '../engine';
import type { EngineSettings } from '../types';
import { type EarlyDepends, type IndexedFile, type Project, type SkipReason, normalisePath } from './project';

/** A file of a workspace, read once. */
export interface WorkspaceFile {
  fileName: string;
  text: string;
}

/**
 * Indexes a workspace's files in two passes (the second only for files that use wrappers or tool base
 * classes that other files define), so cross-file wrappers, base classes and handlers are known before
 * any file is analysed. Returns each indexed file's parse.
 */
export function indexWorkspace(
  project: Project,
  files: readonly WorkspaceFile[],
  settings: EngineSettings,
  manifests: readonly string[] = [],
  onError?: (fileName: string, error: unknown) => void,
): Map<string, ts.SourceFile> {
  return indexFiles(project, files, () => settings, manifests, { onError }).parsed;
}

/** What the indexing passes tell their caller, file by file. */
export interface IndexHooks {
  onError?: (fileName: string, error: unknown) => void;
  /**
   * Sees each file's parse as soon as the first pass has scanned it; returning false drops the parse (the project
   * releases it), and a later pass that must scan the file again parses it again.
   */
  afterIndex?: (file: WorkspaceFile, sourceFile: ts.SourceFile) => boolean;
  /** Sees what every indexing of a file gave, in any pass (the language server keeps each file's tools from it). */
  onIndexed?: (file: WorkspaceFile, indexed: IndexedFile) => void;
}

/** The parses kept by the passes, and the files indexed. */
interface IndexState {
  parsed: Map<string, ts.SourceFile>;
  indexed: Set<string>;
}

/** The indexing passes, synchronously (the CLI). */
function indexFiles(
  project: Project,
  files: readonly WorkspaceFile[],
  settingsOf: (fileName: string) => EngineSettings,
  manifests: readonly string[],
  hooks: IndexHooks,
): IndexState {
  const state: IndexState = { parsed: new Map(), indexed: new Set() };
  for (const step of indexPasses(project, files, settingsOf, manifests, hooks, state)) void step;
  return state;
}

/**
 * The same passes as `indexWorkspace`, giving the event loop a turn every `filesPerTurn` files (the language
 * server, which must keep answering while it indexes). `settingsOf` gives each file's settings (per resource).
 */
export async function indexWorkspaceGradually(
  project: Project,
  files: readonly WorkspaceFile[],
  settingsOf: (fileName: string) => EngineSettings,
  manifests: readonly string[],
  hooks: IndexHooks,
  filesPerTurn = 50,
): Promise<void> {
  const state: IndexState = { parsed: new Map(), indexed: new Set() };
  let count = 0;
  for (const step of indexPasses(project, files, settingsOf, manifests, hooks, state)) {
    void step;
    if (++count % filesPerTurn === 0) await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * The indexing passes: every file once, then the files that use what others define (or whose exports other files
 * register), then a few rounds for chains of hand-offs. Yields after each file indexed.
 */
function* indexPasses(
  project: Project,
  files: readonly WorkspaceFile[],
  settingsOf: (fileName: string) => EngineSettings,
  manifests: readonly string[],
  hooks: IndexHooks,
  { parsed, indexed }: IndexState,
): Generator<void> {
  const { onError, afterIndex, onIndexed } = hooks;
  for (const manifest of manifests) project.scopes.addManifest(manifest);
  // Every file's imports first, so a package's side (MCP server or client) does not depend on the order.
  for (const { fileName, text } of files) project.scopes.noteText(fileName, text);
  // Contained: a file the parser cannot take (nesting too deep) is reported and left out; the others are indexed.
  const failed = new Set<string>();
  for (const file of files) {
    try {
      const result = project.indexText(file.fileName, file.text, settingsOf(file.fileName));
      onIndexed?.(file, result);
      const sourceFile = result.sourceFile;
      if (!sourceFile) continue;
      indexed.add(file.fileName);
      if (!afterIndex || afterIndex(file, sourceFile)) parsed.set(file.fileName, sourceFile);
    } catch (error) {
      failed.add(file.fileName);
      onError?.(file.fileName, error);
    }
    yield;
  }
  const names = project.knowledgeNames().filter((name) => /^[\w$]+$/.test(name));
  const uses = names.length > 0 ? new RegExp(`\\b(?:${names.join('|')})\\b`) : undefined;
  const byKey = new Map(files.map((file) => [normalisePath(file.fileName), file]));
  let pending = new Set<string>();
  const reindex = (file: WorkspaceFile) => {
    const { fileName, text } = file;
    try {
      const again = project.indexText(fileName, text, settingsOf(fileName), parsed.get(fileName));
      onIndexed?.(file, again);
      // A released parse made again (the file's scan changed): kept for its analysis.
      if (again.sourceFile && !parsed.has(fileName)) parsed.set(fileName, again.sourceFile);
      for (const changed of again.changed) pending.add(normalisePath(changed));
    } catch (error) {
      parsed.delete(fileName);
      indexed.delete(fileName);
      if (!failed.has(fileName)) onError?.(fileName, error);
    }
  };
  for (const file of files) {
    if (!indexed.has(file.fileName)) continue;
    if ((uses && uses.test(file.text)) || project.externalExportsFor(file.fileName).size > 0) {
      reindex(file);
      yield;
    }
  }
  // Chains of hand-offs (a list renamed in one file, built in a second from a third's tools): a few more rounds.
  for (let round = 0; round < 4 && pending.size > 0; round++) {
    const current = pending;
    pending = new Set();
    for (const key of current) {
      const file = byKey.get(key);
      if (file && indexed.has(file.fileName)) {
        reindex(file);
        yield;
      }
    }
  }
}

/** What checking one file of a workspace gave. */
export type WorkspaceOutcome<T> =
  | { kind: 'analysed'; value: T }
  | { kind: 'skipped'; reason: SkipReason; detail?: string }
  | { kind: 'failed'; error: unknown };

/**
 * `check` over a workspace: the same results as `indexWorkspace` followed by `Project.analyse` of each file, with
 * each parse short-lived. A file is analysed as soon as the first pass has indexed it, its result kept as
 * `summarise` makes it (plain data: no nodes), and its parse released; once every file is indexed, a result that
 * files indexed later could have changed (its scan, whether it is checked, the functions its checks followed into
 * other files) is made again. Parses that die young cost the garbage collector far less than a workspace of them
 * kept to the end. Outcomes come in the order of `files`.
 */
export function analyseWorkspace<T>(
  project: Project,
  files: readonly WorkspaceFile[],
  settings: EngineSettings,
  manifests: readonly string[],
  summarise: (file: WorkspaceFile, result: AnalysisResult) => T,
): Map<string, WorkspaceOutcome<T>> {
  const failures = new Map<string, unknown>();
  const early = new Map<string, { value: T; depends: EarlyDepends }>();
  // Files not indexed yet: a file that imports one waits for the end (what it imports may change its scan).
  const later = new Set(files.map((file) => normalisePath(file.fileName)));
  let next = 0;
  const { parsed } = indexFiles(project, files, () => settings, manifests, {
    onError: (fileName, error) => failures.set(fileName, error),
    afterIndex: (file, sourceFile) => {
      while (next < files.length && files[next] !== file) later.delete(normalisePath(files[next++].fileName));
      if (next < files.length) later.delete(normalisePath(files[next++].fileName));
      if (project.importedFiles(file.fileName).some((imported) => later.has(imported))) return true;
      const analysis = project.analyseEarly(file.fileName, file.text, settings, sourceFile);
      if (!analysis) return true;
      const { generation, imports } = analysis;
      early.set(file.fileName, { value: summarise(file, analysis.result), depends: { generation, imports } });
      project.release(file.fileName);
      return false;
    },
  });
  const outcomes = new Map<string, WorkspaceOutcome<T>>();
  for (const file of files) {
    const { fileName, text } = file;
    if (failures.has(fileName)) {
      outcomes.set(fileName, { kind: 'failed', error: failures.get(fileName) });
      continue;
    }
    const earlier = early.get(fileName);
    const verdict = earlier ? project.reuseEarly(fileName, text, settings, earlier.depends) : 'rescan';
    if (earlier && verdict === 'same') outcomes.set(fileName, { kind: 'analysed', value: earlier.value });
    else if (verdict === 'not-mcp') outcomes.set(fileName, { kind: 'skipped', reason: 'not-mcp' });
    else {
      const analysis = project.analyse(fileName, text, settings, parsed.get(fileName), verdict === 'rescan');
      outcomes.set(
        fileName,
        analysis.kind === 'analysed' ? { kind: 'analysed', value: summarise(file, analysis.result) } : analysis,
      );
    }
  }
  return outcomes;
}
