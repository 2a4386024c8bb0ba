/**
 * Where a project's imports lead: relative imports to files (remembered, and forgotten when a file they could not
 * find appears), bare imports of a workspace package to its sources, root aliases (`@/x`) to the folder holding x,
 * scope-shaped folder aliases (`@src/x`) to that folder.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { resolveRelativeImport } from './handlers';
import { resolveFolderAlias } from './folderAliases';
import { resolveRootAlias } from './pathAliases';
import { splitPackageSpecifier, workspacePackageSource } from './workspaceExports';

export function defaultFileExists(fileName: string): boolean {
  try {
    return fs.statSync(fileName).isFile();
  } catch {
    return false;
  }
}

/** Absolute paths already normalised (every scan and look-up normalises the same few paths again and again). */
const normalised = new Map<string, string>();

export function normalisePath(fileName: string): string {
  // Only absolute paths are remembered: a relative one depends on the working folder.
  if (!path.isAbsolute(fileName)) return path.resolve(fileName);
  let result = normalised.get(fileName);
  if (result === undefined) {
    if (normalised.size >= 50_000) normalised.clear();
    result = path.resolve(fileName);
    normalised.set(fileName, result);
  }
  return result;
}

export class ImportResolver {
  private readonly resolved = new Map<string, string | undefined>();
  /** Imports that resolved to nothing, by the path (without extension) they would resolve to. */
  private readonly unresolved = new Map<string, string[]>();
  /** Scope-shaped folder aliases looked up so far, by importing folder and specifier. */
  private readonly folderAliases = new Map<string, string | undefined>();
  /** Folder aliases that resolved to nothing, by the path tail (`src/tools/base`) a new file could end with. */
  private readonly unresolvedAliases = new Map<string, string[]>();

  constructor(
    private readonly fileExists: (fileName: string) => boolean,
    /** The folder of a workspace package known by its manifest's name. */
    private readonly packageDir: (name: string) => string | undefined,
  ) {}

  /** A new file may be what an earlier import could not resolve to. */
  forgetUnresolved(fileName: string): void {
    const base = normalisePath(fileName).replace(/\.[cm]?[jt]sx?$/i, '');
    this.forgetFolderAliasesTo(base);
    for (const candidate of [base, base.replace(/[\\/]index$/, '')]) {
      for (const key of this.unresolved.get(candidate) ?? []) this.resolved.delete(key);
      this.unresolved.delete(candidate);
    }
  }

  resolve(specifier: string, fromFile: string): string | undefined {
    if (!specifier.startsWith('.')) return this.resolveWorkspacePackage(specifier, fromFile);
    const key = `${path.dirname(fromFile)}\0${specifier}`;
    if (this.resolved.has(key)) return this.resolved.get(key);
    const target = resolveRelativeImport(specifier, fromFile, this.fileExists);
    this.resolved.set(key, target);
    if (target === undefined) {
      const base = path.resolve(path.dirname(fromFile), specifier).replace(/\.[cm]?jsx?$/i, '');
      this.unresolved.set(base, [...(this.unresolved.get(base) ?? []), key]);
    }
    return target;
  }

  /** A bare import of a package of this workspace: its sources, when they are in the workspace. */
  private resolveWorkspacePackage(specifier: string, fromFile: string): string | undefined {
    const { name, subpath } = splitPackageSpecifier(specifier);
    const dir = this.packageDir(name);
    if (dir) return workspacePackageSource(dir, subpath, this.fileExists);
    return resolveRootAlias(specifier, fromFile, this.fileExists) ?? this.folderAlias(specifier, fromFile);
  }

  /** `@src/x`: remembered by folder (scoped package imports are many and resolve to nothing). */
  private folderAlias(specifier: string, fromFile: string): string | undefined {
    const key = `${path.dirname(fromFile)}\0${specifier}`;
    if (this.folderAliases.has(key)) return this.folderAliases.get(key);
    const target = resolveFolderAlias(specifier, fromFile, this.fileExists);
    this.folderAliases.set(key, target);
    if (target === undefined) {
      const tail = specifier.slice(1).replace(/\.[cm]?[jt]sx?$/i, '');
      this.unresolvedAliases.set(tail, [...(this.unresolvedAliases.get(tail) ?? []), key]);
    }
    return target;
  }

  /** Unresolved folder aliases the new file (path without extension) could be the target of: by its path's tails. */
  private forgetFolderAliasesTo(base: string): void {
    if (this.unresolvedAliases.size === 0) return;
    const parts = base.split(/[\\/]/);
    if (parts[parts.length - 1] === 'index') parts.pop();
    for (let i = parts.length - 1; i > 0; i--) {
      const tail = parts.slice(i).join('/');
      for (const key of this.unresolvedAliases.get(tail) ?? []) this.folderAliases.delete(key);
      this.unresolvedAliases.delete(tail);
    }
  }
}
