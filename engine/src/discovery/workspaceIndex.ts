/**
 * Indexing a whole workspace before analysing any file: every file once, then the files that use
 * what others define, then — for chains of hand-offs — the files whose registered exports changed.
 */
import type ts from 'typescript';
import type { EngineSettings } from '../types';
import { type Project, normalisePath } from './project';

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
  for (const manifest of manifests) project.scopes.addManifest(manifest);
  // Every file's imports first, so a package's side (MCP server or client) does not depend on the order.
  for (const { fileName, text } of files) project.scopes.noteText(fileName, text);
  const parsed = new Map<string, ts.SourceFile>();
  // Contained: a file the parser cannot take (nesting too deep) is reported and left out; the others are indexed.
  const failed = new Set<string>();
  for (const { fileName, text } of files) {
    try {
      const indexed = project.indexText(fileName, text, settings);
      if (indexed.sourceFile) parsed.set(fileName, indexed.sourceFile);
    } catch (error) {
      failed.add(fileName);
      onError?.(fileName, error);
    }
  }
  const names = project.knowledgeNames().filter((name) => /^[\w$]+$/.test(name));
  const uses = names.length > 0 ? new RegExp(`\\b(?:${names.join('|')})\\b`) : undefined;
  const byKey = new Map(files.map((file) => [normalisePath(file.fileName), file]));
  let pending = new Set<string>();
  const reindex = ({ fileName, text }: WorkspaceFile, sourceFile: ts.SourceFile) => {
    try {
      for (const changed of project.indexText(fileName, text, settings, sourceFile).changed) {
        pending.add(normalisePath(changed));
      }
    } catch (error) {
      parsed.delete(fileName);
      if (!failed.has(fileName)) onError?.(fileName, error);
    }
  };
  for (const file of files) {
    const sourceFile = parsed.get(file.fileName);
    if (!sourceFile) continue;
    if ((uses && uses.test(file.text)) || project.externalExportsFor(file.fileName).size > 0) reindex(file, sourceFile);
  }
  // Chains of hand-offs (a list renamed in one file, built in a second from a third's tools): a few more rounds.
  for (let round = 0; round < 4 && pending.size > 0; round++) {
    const current = pending;
    pending = new Set();
    for (const key of current) {
      const file = byKey.get(key);
      const sourceFile = file && parsed.get(file.fileName);
      if (file && sourceFile) reindex(file, sourceFile);
    }
  }
  return parsed;
}
