/**
 * Which files are MCP code, decided by project rather than by file text: the nearest package.json
 * depends on an MCP server package (directly or through a workspace package that does), or the file
 * imports one. Files of a project without such a dependency get no findings. A package whose MCP server
 * dependencies are the combined SDK or development-only ones (test servers), and whose files import the
 * client side but no server entry, is an MCP client (an agent, a host, an SDK with its own tool API): its
 * files are not MCP code either.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  type McpSide,
  combinedSide,
  importSideOf,
  folderSourceFiles,
  isTestFile,
  packageSourceFiles,
  REEXPORT_MARK,
  workspaceImportsOf,
} from './mcpSides';
import {
  MCP_SERVER_NAMED_IMPORT,
  MCP_SERVER_PACKAGES,
  MCP_SERVER_SUBPATHS,
  packageAlternation,
} from '../../../shared/src/mcpServerPackages';
import { developmentOnlyDependencies, serverDependenciesAllowClient } from './clientPackageDependencies';

export { MCP_SERVER_PACKAGES };

/** Frameworks that make every file of a project's `src/tools/` folder a tool, named after the file. */
const FILE_CONVENTION_PACKAGES = ['xmcp'];

/** Whether an import specifier names an MCP server package (or a subpath of one). */
export function isMcpServerModule(specifier: string): boolean {
  return MCP_SERVER_PACKAGES.some((pkg) => specifier === pkg || specifier.startsWith(pkg + '/'));
}

/** An import (or require) of an MCP server package. */
const MCP_SERVER_PACKAGE_IMPORT = new RegExp(
  `(?:from\\s*|import\\s*\\(\\s*|require\\s*\\(\\s*|import\\s+)['"](?:${packageAlternation([
    ...MCP_SERVER_PACKAGES,
    ...MCP_SERVER_SUBPATHS,
  ])})(?:['"/])`,
);

/** Whether a file's text imports an MCP server package, or the server class of a package with both sides. */
export function importsMcpServer(text: string): boolean {
  return MCP_SERVER_PACKAGE_IMPORT.test(text) || MCP_SERVER_NAMED_IMPORT.test(text);
}

/** Explicit opt-ins that make a file MCP code whatever its project. */
export function optedIn(text: string, handlerFactories: readonly string[]): boolean {
  return text.includes('@mcpToolHandler') || handlerFactories.some((name) => text.includes(name + '('));
}

/**
 * Where a file stands: in an MCP server project, in another project, in an MCP client project (or a
 * loose file that only uses the SDK's client), or in no project at all (loose files).
 */
export type FileScope = 'mcp' | 'unrelated' | 'client' | 'loose';

/** How the files of the workspace connect: where an import leads, and which file defines an export. */
export interface ImportLinks {
  resolveImport(specifier: string, fromFile: string): string | undefined;
  definingFile(fileName: string, exportName: string): string;
}

/** Where a file stands, and whether its own imports make it MCP server code whatever its project. */
export interface FileRelevance {
  scope: FileScope;
  mcpImport: boolean;
}

interface Manifest {
  dir: string;
  name?: string;
  dependencies: string[];
  /** Whether the manifest lists dependencies at all (a monorepo's project manifests often leave them to the root). */
  declaresDependencies: boolean;
  /** The dependencies listed under `devDependencies` only (test and build tooling). */
  developmentOnly: ReadonlySet<string>;
}

/**
 * How many files' last readings `noteText` keeps: a workspace's files are handed over again when they are checked
 * after indexing. The texts kept are mostly the ones the project keeps for its scans anyway; the bound caps the rest.
 */
const RECENT_READINGS = 1024;

const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'];

export class ProjectScopes {
  private readonly nearest = new Map<string, Manifest | null>();
  private readonly byName = new Map<string, Manifest>();
  private readonly mcp = new Map<Manifest, boolean>();
  /** The side and the workspace imports of each file read or handed over (tests count as 'none', without imports). */
  private readonly fileSides = new Map<string, McpSide>();
  private readonly fileImports = new Map<string, string>();
  /** The files of each package whose side is known, and whether its folder has been read. */
  private readonly members = new Map<Manifest, Set<string>>();
  private readonly walked = new Set<Manifest>();
  private readonly packageSides = new Map<Manifest, McpSide>();
  /** Files of client packages that MCP server code imports (directly or through them), while nothing changes. */
  private reached?: Set<string>;

  constructor(
    private readonly readFile: (fileName: string) => string | undefined = defaultReadFile,
    private readonly listPackage: (dir: string) => string[] = packageSourceFiles,
    private readonly links: ImportLinks = { resolveImport: () => undefined, definingFile: (fileName) => fileName },
  ) {}

  /**
   * Records a file's current text (the editor's or the CLI's copy), so a package's side follows its
   * imports: a change of side or of imports clears the decisions that depended on it.
   */
  noteText(fileName: string, text: string): McpSide {
    const key = path.resolve(fileName);
    const { side, imports } = this.readImports(key, text);
    if (this.fileSides.get(key) === side && this.fileImports.get(key) === imports) return side;
    if (this.fileImports.get(key) !== imports) this.forgetReach();
    this.fileImports.set(key, imports);
    if (this.fileSides.get(key) === side) return side;
    this.fileSides.set(key, side);
    this.forgetReach();
    const manifest = this.manifestFor(path.dirname(key));
    if (manifest) {
      this.membersOf(manifest).add(key);
      if (this.packageSides.delete(manifest)) {
        this.mcp.clear();
        this.decisions++;
      }
    }
    return side;
  }

  /**
   * A file's side and workspace imports, read from its text. The same text is handed over several times while a
   * file is indexed and checked: the last few readings are kept (by the text itself, so a file's new text is
   * always read again), which spares the regular expressions over the whole text each time.
   */
  private readImports(key: string, text: string): { side: McpSide; imports: string } {
    const recent = this.recentReadings.get(key);
    if (recent && recent.text === text) return recent;
    const test = isTestFile(key);
    const reading = {
      text,
      side: test ? ('none' as const) : importSideOf(text),
      imports: test ? '' : workspaceImportsOf(text).join('\n'),
    };
    this.recentReadings.delete(key);
    this.recentReadings.set(key, reading);
    if (this.recentReadings.size > RECENT_READINGS) {
      const oldest = this.recentReadings.keys().next().value;
      if (oldest !== undefined) this.recentReadings.delete(oldest);
    }
    return reading;
  }

  private readonly recentReadings = new Map<string, { text: string; side: McpSide; imports: string }>();

  /**
   * A package.json was created, edited or deleted: every decision read from manifests (which package a file is
   * in, its dependencies, whether it is an MCP server or client package) is read again when next asked. What
   * each file imports is kept: it comes from the files' own texts.
   */
  forgetManifests(): void {
    this.nearest.clear();
    this.byName.clear();
    this.byDir.clear();
    this.mcp.clear();
    this.members.clear();
    this.walked.clear();
    this.packageSides.clear();
    this.reached = undefined;
    this.decisions++;
  }

  /** A file deleted from disk: it no longer counts for its package's side. */
  forgetText(fileName: string): void {
    this.noteText(fileName, '');
  }

  /**
   * Counts the changes of a package's side or of what server code reaches: when it moves, files other than
   * the one just handed over may have changed scope (the editor checks its open documents again).
   */
  get decisionCount(): number {
    return this.decisions;
  }

  private decisions = 0;

  private forgetReach(): void {
    if (!this.reached) return;
    this.reached = undefined;
    this.decisions++;
  }

  /** Where a file stands and whether its imports alone make it MCP server code (records its text). */
  relevanceOf(fileName: string, text: string): FileRelevance {
    const side = this.noteText(fileName, text);
    let scope = this.scopeOf(fileName);
    if (scope === 'loose' && side === 'client') scope = 'client';
    if (scope === 'client' && this.reachedByServerCode(path.resolve(fileName))) scope = 'mcp';
    return { scope, mcpImport: side === 'server' || (side === 'neutral' && scope !== 'client') };
  }

  /**
   * Whether MCP server code of the workspace imports a file of a client package, directly or through
   * the files it imports (a server package serving an agent's tool definitions): then it is MCP code.
   * Every known MCP package is read first, so the answer does not depend on the order files come in.
   */
  private reachedByServerCode(fileName: string): boolean {
    if (!this.reached) {
      // Server packages by their own manifest: an app that is MCP code only because it depends on a package
      // that serves (a framework's serving kit) uses the framework's classes, it does not serve them as tools.
      const serverPackages = [...this.byDir.values()].filter(
        (manifest): manifest is Manifest =>
          manifest !== null && this.isMcp(manifest, 0) && this.servesByItself(manifest),
      );
      for (const manifest of serverPackages) this.sideOfPackage(manifest);
      const reached = new Set<string>();
      const roots = [...this.fileImports.keys()].filter((file) => {
        const manifest = this.manifestFor(path.dirname(file));
        return this.fileSides.get(file) === 'server' || (manifest !== null && serverPackages.includes(manifest));
      });
      const rootSet = new Set(roots);
      // Server code → the client files defining what it imports → the files those import (one step; what a
      // reached file only re-exports is not used by it: a barrel reached for one name does not bring the package).
      let frontier = roots;
      for (let step = 0; step < 2 && frontier.length > 0; step++) {
        const next: string[] = [];
        for (const file of frontier) {
          for (const target of this.importedDefinitions(file, step > 0)) {
            if (rootSet.has(target) || reached.has(target)) continue;
            reached.add(target);
            next.push(target);
          }
        }
        frontier = next;
      }
      this.reached = reached;
    }
    return this.reached.has(fileName);
  }

  /**
   * The files of client packages that define what a file imports (through re-exports), by name; with
   * `importsOnly`, what the file itself re-exports is left out.
   */
  private importedDefinitions(file: string, importsOnly: boolean): string[] {
    const found: string[] = [];
    for (const line of (this.fileImports.get(file) ?? '').split('\n')) {
      const [specifier, names, mark] = line.split('\t');
      if (importsOnly && mark === REEXPORT_MARK) continue;
      const target = specifier ? this.links.resolveImport(specifier, file) : undefined;
      if (!target || !names) continue;
      for (const name of names.split(',')) {
        const defining = path.resolve(name === '*' ? target : this.links.definingFile(target, name));
        const manifest = this.manifestFor(path.dirname(defining));
        if (!manifest || !this.clientPackage(manifest)) continue;
        if (!this.fileImports.has(defining)) this.noteRead(defining);
        found.push(defining);
      }
    }
    return found;
  }

  /**
   * Whether a package is an MCP server package by its own manifest: it depends on an MCP server package itself,
   * or lists no dependencies and takes them from the enclosing package. Not when it is MCP code only through a
   * workspace or installed dependency that is.
   */
  private servesByItself(manifest: Manifest): boolean {
    return !manifest.declaresDependencies || manifest.dependencies.some((d) => MCP_SERVER_PACKAGES.includes(d));
  }

  /** Records a file read from disk (not handed over), once. */
  private noteRead(key: string): void {
    const text = this.readFile(key);
    this.fileSides.set(key, text === undefined || isTestFile(key) ? 'none' : importSideOf(text));
    this.fileImports.set(key, text === undefined || isTestFile(key) ? '' : workspaceImportsOf(text).join('\n'));
  }

  /** Manifests found while walking the workspace, so workspace dependencies resolve by name. */
  addManifest(fileName: string): void {
    this.manifestAt(path.dirname(path.resolve(fileName)));
  }

  /** The folder of a workspace package known by its manifest's name (`"name": "shared-lib"`). */
  packageDir(name: string): string | undefined {
    return this.byName.get(name)?.dir;
  }

  /**
   * Whether a file lies in the tools folder of a file-convention framework's project: under `src/tools/`
   * beside the nearest package.json, which depends on xmcp itself (xmcp registers every file there).
   */
  inConventionToolsFolder(fileName: string): boolean {
    const resolved = path.resolve(fileName);
    const manifest = this.manifestFor(path.dirname(resolved));
    if (!manifest || !manifest.dependencies.some((d) => FILE_CONVENTION_PACKAGES.includes(d))) return false;
    const relative = path.relative(path.join(manifest.dir, 'src', 'tools'), resolved);
    return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
  }

  /** The source files directly in a folder: those handed over or read so far, and those on disk. */
  filesIn(directory: string): string[] {
    const folder = path.resolve(directory);
    const found = new Set<string>();
    for (const key of this.fileSides.keys()) if (path.dirname(key) === folder) found.add(key);
    for (const fileName of folderSourceFiles(folder)) found.add(fileName);
    return [...found].sort();
  }

  scopeOf(fileName: string): FileScope {
    const manifest = this.manifestFor(path.dirname(path.resolve(fileName)));
    if (!manifest) return 'loose';
    if (this.isMcp(manifest, 0)) return 'mcp';
    return this.clientPackage(manifest) ? 'client' : 'unrelated';
  }

  /**
   * A package whose MCP server dependencies are the combined SDK or development-only ones (test servers) and whose
   * files use the client side only.
   */
  private clientPackage(manifest: Manifest): boolean {
    const serverDependencies = [...new Set(manifest.dependencies.filter((d) => MCP_SERVER_PACKAGES.includes(d)))];
    if (!serverDependenciesAllowClient(serverDependencies, manifest.developmentOnly)) return false;
    return this.sideOfPackage(manifest) === 'client';
  }

  private membersOf(manifest: Manifest): Set<string> {
    let files = this.members.get(manifest);
    if (!files) {
      files = new Set();
      this.members.set(manifest, files);
    }
    return files;
  }

  /** The side of a package's source files: read from its folder once, then kept up to date by noteText. */
  private sideOfPackage(manifest: Manifest): McpSide {
    const known = this.packageSides.get(manifest);
    if (known !== undefined) return known;
    const files = this.membersOf(manifest);
    if (!this.walked.has(manifest)) {
      this.walked.add(manifest);
      for (const file of this.listPackage(manifest.dir)) {
        const key = path.resolve(file);
        if (files.has(key) || this.manifestFor(path.dirname(key)) !== manifest) continue;
        if (!this.fileSides.has(key)) this.noteRead(key);
        files.add(key);
      }
    }
    const side = combinedSide([...files].map((file) => this.fileSides.get(file) ?? 'none'));
    this.packageSides.set(manifest, side);
    return side;
  }

  /** One manifest object per folder, so decisions cached per package hold whichever way it was reached. */
  private readonly byDir = new Map<string, Manifest | null>();

  private manifestAt(dir: string): Manifest | null {
    const known = this.byDir.get(dir);
    if (known !== undefined) return known;
    const manifest = this.readManifest(dir);
    this.byDir.set(dir, manifest);
    return manifest;
  }

  private readManifest(dir: string): Manifest | null {
    const text = this.readFile(path.join(dir, 'package.json'));
    if (text === undefined) return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return null;
    }
    const record = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
    const dependencies: string[] = [];
    for (const field of DEPENDENCY_FIELDS) {
      const value = record[field];
      if (value && typeof value === 'object') dependencies.push(...Object.keys(value));
    }
    const name = typeof record.name === 'string' ? record.name : undefined;
    const manifest: Manifest = {
      dir,
      name,
      dependencies,
      declaresDependencies: dependencies.length > 0,
      developmentOnly: developmentOnlyDependencies(record),
    };
    if (manifest.name && !this.byName.has(manifest.name)) this.byName.set(manifest.name, manifest);
    return manifest;
  }

  private manifestFor(dir: string): Manifest | null {
    const cached = this.nearest.get(dir);
    if (cached !== undefined) return cached;
    let manifest = this.manifestAt(dir);
    if (!manifest) {
      const parent = path.dirname(dir);
      manifest = parent !== dir ? this.manifestFor(parent) : null;
    }
    this.nearest.set(dir, manifest);
    return manifest;
  }

  private isMcp(manifest: Manifest, depth: number): boolean {
    const known = this.mcp.get(manifest);
    if (known !== undefined) return known;
    this.mcp.set(manifest, false); // cycle guard
    let result = manifest.dependencies.some((d) => MCP_SERVER_PACKAGES.includes(d));
    if (result && this.clientPackage(manifest)) result = false;
    else if (!result && !manifest.declaresDependencies && depth < 4) {
      // A project manifest without dependencies (an integrated monorepo installs them all at the root): the
      // enclosing package's dependencies are the ones its files use.
      const parentDir = path.dirname(manifest.dir);
      const enclosing = parentDir !== manifest.dir ? this.manifestFor(parentDir) : null;
      result = enclosing !== null && this.isMcp(enclosing, depth + 1);
    } else if (!result && depth < 4) {
      for (const dependency of manifest.dependencies) {
        const other = this.byName.get(dependency) ?? this.installed(manifest.dir, dependency);
        if (other && other !== manifest && this.isMcp(other, depth + 1)) {
          result = true;
          break;
        }
      }
    }
    this.mcp.set(manifest, result);
    return result;
  }

  /** A dependency's manifest under node_modules (workspace packages are linked there). */
  private installed(fromDir: string, name: string): Manifest | undefined {
    if (!name.includes('mcp') && !name.startsWith('@')) return undefined;
    let dir = fromDir;
    for (let i = 0; i < 6; i++) {
      const found = this.manifestAt(path.join(dir, 'node_modules', name));
      if (found) return found;
      const parent = path.dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
    return undefined;
  }
}

function defaultReadFile(fileName: string): string | undefined {
  try {
    return fs.readFileSync(fileName, 'utf8');
  } catch {
    return undefined;
  }
}
