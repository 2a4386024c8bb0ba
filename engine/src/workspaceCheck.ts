/**
 * `check` over a whole workspace, with the results of indexWorkspace followed by Project.analyse on each file, but
 * without holding every parse at once: each file is analysed as soon as it is indexed and its parse released
 * (holding the parses of a large workspace costs more in garbage collection than parsing them). A file whose
 * scan is invalidated by what later files tell the project (a wrapper or base class defined further on, a
 * handler another file registers) is parsed and analysed again, exactly where the two passes would scan it again;
 * the parse of a file that imports a file indexed after it is kept until its analysis, as the two passes keep it.
 */
import * as path from 'node:path';
import { type AnalysisResult, analyseSourceFile, parseSource } from './engine';
import type { HandlerScan } from './discovery/handlers';
import { type Project, type SkipReason, type WorkspaceFile, knowledgeUse, normalisePath } from './discovery/project';
import type { EngineSettings } from './types';
import type ts from 'typescript';

export type WorkspaceFileCheck<T> =
  | { kind: 'analysed'; value: T }
  | { kind: 'skipped'; reason: SkipReason; detail?: string }
  /** The file could not be indexed (reported through onError); it is not analysed. */
  | { kind: 'failed' };

type Checked<T> = Exclude<WorkspaceFileCheck<T>, { kind: 'failed' }>;

/**
 * Indexes and checks every file; `summarise` turns a file's analysis into what the caller keeps (it must not keep
 * the analysis itself, whose nodes are released). Returns each file's outcome, in the order of `files`.
 */
export function checkWorkspace<T>(
  project: Project,
  files: readonly WorkspaceFile[],
  settings: EngineSettings,
  summarise: (result: AnalysisResult, fileName: string) => T,
  manifests: readonly string[] = [],
  onError?: (fileName: string, error: unknown) => void,
): Map<string, WorkspaceFileCheck<T>> {
  for (const manifest of manifests) project.scopes.addManifest(manifest);
  /** Files indexed with a parse (indexWorkspace's `parsed`), with the checks run on that parse. */
  const checked = new Map<string, Checked<T>>();
  const failed = new Set<string>();

  const analyseNow = (fileName: string, sourceFile: ts.SourceFile, scan: HandlerScan): Checked<T> => {
    try {
      return { kind: 'analysed', value: summarise(analyseSourceFile(sourceFile, settings, { scan }), fileName) };
    } catch (error) {
      const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
      return { kind: 'skipped', reason: 'error', detail };
    }
  };
  const index = (fileName: string, text: string, parsed?: ts.SourceFile): void => {
    const indexed = project.indexText(fileName, text, settings, parsed);
    if (indexed.sourceFile && indexed.scan) {
      checked.set(fileName, analyseNow(fileName, indexed.sourceFile, indexed.scan));
      project.releaseParse(fileName);
    }
  };
  /**
   * Parses kept until the analysis, as indexWorkspace keeps them all: those of files that import a file indexed
   * after them (what they import may change their scan, and a kept parse is scanned again without parsing).
   */
  const kept = new Map<string, ts.SourceFile>();
  const position = positionsOf(files);

  // First pass (as indexWorkspace's): every file indexed in order, checked at once unless its parse is kept.
  files.forEach(({ fileName, text }, at) => {
    try {
      const indexed = project.indexText(fileName, text, settings);
      if (!indexed.sourceFile || !indexed.scan) return;
      if (importsLaterFile(fileName, indexed.scan.facts.relativeImports, position, at)) {
        kept.set(fileName, indexed.sourceFile);
        return;
      }
      checked.set(fileName, analyseNow(fileName, indexed.sourceFile, indexed.scan));
      project.releaseParse(fileName);
    } catch (error) {
      failed.add(fileName);
      onError?.(fileName, error);
    }
  });
  // Second pass (as indexWorkspace's): files that use another file's wrappers or base classes, or whose exports
  // other files register, are indexed again; only those whose scan changed need a parse.
  const uses = knowledgeUse(project);
  for (const { fileName, text } of files) {
    const keptParse = kept.get(fileName);
    if (!checked.has(fileName) && !keptParse) continue;
    if (!(uses?.test(text) ?? false) && project.externalExportsFor(fileName).size === 0) continue;
    if (keptParse) {
      try {
        project.indexText(fileName, text, settings, keptParse);
      } catch (error) {
        kept.delete(fileName);
        failed.add(fileName);
        onError?.(fileName, error);
      }
      continue;
    }
    if (project.reindexReleased(fileName, text, settings)) continue;
    try {
      index(fileName, text, parseSource(normalisePath(fileName), text));
    } catch (error) {
      checked.delete(fileName);
      failed.add(fileName);
      onError?.(fileName, error);
    }
  }
  // Analysis (as Project.analyse on each file): the checks already run stand while the file's scan is still valid.
  const results = new Map<string, WorkspaceFileCheck<T>>();
  for (const { fileName, text } of files) {
    if (failed.has(fileName)) {
      results.set(fileName, { kind: 'failed' });
      continue;
    }
    const keptParse = kept.get(fileName);
    if (keptParse) {
      kept.delete(fileName);
      const outcome = project.analyse(fileName, text, settings, keptParse);
      results.set(
        fileName,
        outcome.kind === 'analysed' ? { kind: 'analysed', value: summarise(outcome.result, fileName) } : outcome,
      );
      project.releaseParse(fileName);
      continue;
    }
    const earlier = checked.get(fileName);
    const reuse = earlier ? project.analyseReleased(fileName, text, settings) : 'parse';
    if (reuse === 'reuse' && earlier) {
      results.set(fileName, earlier);
    } else if (reuse === 'parse') {
      const outcome = project.analyse(fileName, text, settings);
      results.set(
        fileName,
        outcome.kind === 'analysed' ? { kind: 'analysed', value: summarise(outcome.result, fileName) } : outcome,
      );
      project.releaseParse(fileName);
    } else if (typeof reuse !== 'string') {
      results.set(fileName, reuse);
    }
  }
  return results;
}

/** Each file's place in the workspace, by its path without extension (and its folder, for an index file). */
function positionsOf(files: readonly WorkspaceFile[]): Map<string, number> {
  const position = new Map<string, number>();
  files.forEach(({ fileName }, at) => {
    const base = withoutExtension(normalisePath(fileName));
    if (!position.has(base)) position.set(base, at);
    const folder = base.replace(/[\\/]index$/, '');
    if (folder !== base && !position.has(folder)) position.set(folder, at);
  });
  return position;
}

function withoutExtension(fileName: string): string {
  return fileName.replace(/\.[cm]?[jt]sx?$/i, '');
}

/** Whether a relative import of the file names a workspace file that comes after it (not indexed yet). */
function importsLaterFile(
  fileName: string,
  relativeImports: readonly string[],
  position: ReadonlyMap<string, number>,
  at: number,
): boolean {
  const folder = path.dirname(normalisePath(fileName));
  return relativeImports.some(
    (specifier) => (position.get(withoutExtension(path.resolve(folder, specifier))) ?? -1) > at,
  );
}
