/**
 * A set of files analysed together: keeps the cross-file index of handlers that one file registers
 * and another defines (`registerTool('x', cfg, importedHandler)`), so both faces — the language
 * server and the CLI — check imported handlers the same way.
 */
import * as fs from 'node:fs';
import type ts from 'typescript';
import { type AnalysisResult, analyseSourceFile, looksBinary, parseSource } from '../engine';
import {
  type ExternalHandlerRef,
  type ExternalInfo,
  type FileFacts,
  type HandlerScan,
  type ProjectKnowledge,
  namedFunctions,
  scanHandlers,
} from './handlers';
import { NodeIndex } from '../parse/nodeIndex';
import type { ConstValue } from './names';
import { ProjectScopes, importsMcpServer, optedIn } from './relevance';
import { type ExportFacts, readExportFacts } from './workspaceExports';
import { ImportResolver, defaultFileExists, normalisePath } from './importResolver';
import type { ClassFact, Renamer, ToolBaseClass, WrapperSignature } from './scanContext';
import type { EngineSettings, ForeignFunction } from '../types';
import { SharedKnowledge } from './sharedKnowledge';
import { DECLARATION_FILE, SOURCE_FILE_PATTERN } from './sourceFiles';
import {
  type CachedScan,
  type EarlyAnalysis,
  type EarlyDepends,
  type EarlyReuse,
  exportsRegisteredElsewhere,
  exportsSignature,
  externalSignature,
} from './projectRecords';

export type { EarlyAnalysis, EarlyDepends, EarlyReuse } from './projectRecords';

export { normalisePath };

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

/** Text that marks a file without a package.json (a loose file) as MCP code, as before projects were read. */
const LOOSE_MCP_TEXT = /@modelcontextprotocol\/|\bisError\b|@mcpToolHandler/;

function defaultReadText(fileName: string): string | undefined {
  try {
    return fs.readFileSync(fileName, 'utf8');
  } catch {
    return undefined;
  }
}

export class Project implements ProjectKnowledge {
  /** registering file → handlers it registers from other files */
  private readonly registered = new Map<string, ExternalHandlerRef[]>();
  private readonly facts = new Map<string, FileFacts>();
  /** What files tell each other's scans (wrappers, base classes…), merged. */
  private readonly knowledge = new SharedKnowledge(this.facts);
  /** The last scan of each file, reused while nothing it depends on has changed. */
  private readonly scans = new Map<string, CachedScan>();
  /** file → stamp of its last change of constants, re-exports or exported names */
  private readonly exportStamps = new Map<string, number>();
  private stampCounter = 0;
  /** Files whose exports the scan under way has read. */
  private reading?: Set<string>;
  /** tool code file → the files it imports */
  private readonly toolImports = new Map<string, Set<string>>();
  readonly scopes: ProjectScopes;

  /** Constants and re-exports of files that are not scanned (a workspace package without MCP code), read on demand. */
  private readonly borrowed = new Map<string, ExportFacts | null>();
  private readonly readText: (fileName: string) => string | undefined;

  constructor(
    fileExists: (fileName: string) => boolean = defaultFileExists,
    readFile?: (fileName: string) => string | undefined,
  ) {
    this.scopes = new ProjectScopes(readFile, undefined, {
      resolveImport: (specifier, fromFile) => this.resolveImport(specifier, normalisePath(fromFile)),
      definingFile: (fileName, exportName) => this.resolveExport(normalisePath(fileName), exportName).fileName,
    });
    this.readText = readFile ?? defaultReadText;
    this.imports = new ImportResolver(fileExists, (name) => this.scopes.packageDir(name));
  }

  /** What a file exports, from its scan, or read on demand when it is not scanned (constants only). */
  private exportsOf(fileName: string): ExportFacts | undefined {
    const scanned = this.facts.get(fileName);
    if (scanned) return scanned;
    if (!SOURCE_FILE_PATTERN.test(fileName) || DECLARATION_FILE.test(fileName)) return undefined;
    let found = this.borrowed.get(fileName);
    if (found === undefined) {
      const text = this.readText(fileName);
      found = text === undefined || looksBinary(text) ? null : readExportFacts(fileName, text);
      this.borrowed.set(fileName, found);
    }
    return found ?? undefined;
  }

  /** Relative and workspace-package imports, resolved to files and remembered. */
  private readonly imports: ImportResolver;

  /** A new file may be what an earlier import could not resolve to. */
  private forgetUnresolved(fileName: string): void {
    this.imports.forgetUnresolved(fileName);
  }

  readonly resolveImport = (specifier: string, fromFile: string): string | undefined =>
    this.imports.resolve(specifier, fromFile);

  // ProjectKnowledge: what other files tell one file's scan.
  wrapper(name: string): WrapperSignature | undefined {
    return this.knowledge.wrapper(name);
  }
  toolBase(name: string): ToolBaseClass | undefined {
    return this.knowledge.toolBase(name);
  }
  classFact(name: string): ClassFact | undefined {
    return this.knowledge.classFact(name);
  }
  guardedKey(key: string): boolean {
    return this.knowledge.guardedKey(key);
  }
  recordShape(shape: string): boolean {
    return this.knowledge.recordShape(shape);
  }
  renamer(name: string): Renamer | undefined {
    return this.knowledge.renamer(name);
  }
  guardingWrapper(name: string): boolean {
    return this.knowledge.guardingWrapper(name);
  }
  constant(specifier: string, fromFile: string, exportName: string): ConstValue | undefined {
    const target = this.resolveImport(specifier, fromFile);
    if (!target) return undefined;
    if (exportName === '*') return this.namespaceConstants(normalisePath(target));
    const found = this.resolveExport(normalisePath(target), exportName);
    this.reading?.add(normalisePath(target));
    this.reading?.add(found.fileName);
    return this.exportsOf(found.fileName)?.constants.get(found.exportName);
  }

  /**
   * `import * as Greet from './greet'`: the module's exported constants as one object, so that
   * `Greet.name` resolves (declared exports and named re-exports; `export *` is not followed).
   */
  private namespaceConstants(fileName: string): ConstValue | undefined {
    this.reading?.add(fileName);
    const facts = this.exportsOf(fileName);
    if (!facts) return undefined;
    const members: Record<string, ConstValue> = {};
    for (const exportName of facts.declared) {
      const value = facts.constants.get(exportName);
      if (value !== undefined) members[exportName] = value;
    }
    for (const reexport of facts.reexports) {
      if (reexport.exportName === '*' || reexport.exportName in members) continue;
      const found = this.resolveExport(fileName, reexport.exportName);
      this.reading?.add(found.fileName);
      const value = this.exportsOf(found.fileName)?.constants.get(found.exportName);
      if (value !== undefined) members[reexport.exportName] = value;
    }
    return Object.keys(members).length > 0 ? members : undefined;
  }

  /** Follows re-exports (`export { x } from`, `export * from`) to the file that defines an export. */
  resolveExport(fileName: string, exportName: string, depth = 0): { fileName: string; exportName: string } {
    const facts = this.exportsOf(fileName);
    if (!facts || depth > 5 || facts.declared.has(exportName)) return { fileName, exportName };
    for (const reexport of facts.reexports) {
      if (reexport.exportName !== exportName && reexport.exportName !== '*') continue;
      const target = this.resolveImport(reexport.specifier, fileName);
      if (!target) continue;
      const next = reexport.exportName === '*' ? exportName : reexport.importedName;
      const resolved = this.resolveExport(normalisePath(target), next, depth + 1);
      if (reexport.exportName !== '*' || this.exportsOf(resolved.fileName)?.declared.has(resolved.exportName)) {
        return resolved;
      }
    }
    return { fileName, exportName };
  }

  /** Names that make another file's scan depend on this project's facts (wrappers, tool base classes). */
  knowledgeNames(): string[] {
    return this.knowledge.names();
  }

  private setFacts(fileName: string, facts: FileFacts | undefined): void {
    const key = normalisePath(fileName);
    const before = this.facts.get(key);
    this.knowledge.update(key, before, facts);
    if (exportsSignature(before) !== exportsSignature(facts)) this.exportStamps.set(key, ++this.stampCounter);
    if (facts) this.facts.set(key, facts);
    else this.facts.delete(key);
  }

  /** Exports of `fileName` that files of this project register as tool handlers. */
  externalExportsFor(fileName: string): Map<string, ExternalInfo> {
    return exportsRegisteredElsewhere(normalisePath(fileName), this.registered.values(), (ref) =>
      this.facts.get(ref.fileName)?.reexports.length ? this.resolveExport(ref.fileName, ref.exportName) : ref,
    );
  }

  /** Records which external handlers `fileName` registers; returns the files whose handler set changed. */
  setRegistrations(fileName: string, refs: readonly ExternalHandlerRef[]): string[] {
    const key = normalisePath(fileName);
    const before = this.registered.get(key) ?? [];
    const signature = (list: readonly ExternalHandlerRef[]) =>
      list
        .map(
          (r) =>
            `${r.fileName}#${r.exportName}#${r.kind}#${r.role ?? ''}#${r.namePattern ? `${r.namePattern.prefix}|${r.namePattern.suffix}` : ''}#${r.executorMethod ?? ''}#${r.guarded ? 'g' : ''}#${r.guardedBy ?? ''}#${r.member ?? ''}`,
        )
        .sort()
        .join('|');
    if (signature(before) === signature(refs)) return [];
    if (refs.length === 0) this.registered.delete(key);
    else this.registered.set(key, [...refs]);
    return [...new Set([...before, ...refs].map((r) => r.fileName))];
  }

  forget(fileName: string): string[] {
    this.scans.delete(normalisePath(fileName));
    // A file read on demand may have changed: files that read its constants scan again.
    if (this.borrowed.delete(normalisePath(fileName)))
      this.exportStamps.set(normalisePath(fileName), ++this.stampCounter);
    this.setFacts(fileName, undefined);
    this.toolImports.delete(normalisePath(fileName));
    return this.setRegistrations(fileName, []);
  }

  /** A function that `fromFile` imports, from the last parse of the file that exports it (checks follow calls into it). */
  importedFunction(specifier: string, fromFile: string, exportName: string): ForeignFunction | undefined {
    const target = this.resolveImport(specifier, fromFile);
    if (!target) return undefined;
    const found = this.resolveExport(normalisePath(target), exportName);
    const cached = this.scans.get(found.fileName);
    if (cached && !cached.sourceFile) {
      // Released (see `release`): parsed again, and kept for the other files that call into it.
      cached.sourceFile = parseSource(found.fileName, cached.text);
      cached.pinned = true;
    }
    const sourceFile = cached?.sourceFile;
    const fn = sourceFile && namedFunctions(NodeIndex.of(sourceFile)).get(found.exportName);
    return fn && sourceFile ? { fn, sourceFile } : undefined;
  }

  /** Where `importedFunction` would look now: the scanned file and its export, or undefined. */
  private importTarget(specifier: string, fromFile: string, exportName: string): string | undefined {
    const target = this.resolveImport(specifier, fromFile);
    if (!target) return undefined;
    const found = this.resolveExport(normalisePath(target), exportName);
    return this.scans.has(found.fileName) ? `${found.fileName}\0${found.exportName}` : undefined;
  }

  /**
   * The checks run on a file just indexed (its parse is the one scanned), before later files are indexed; with
   * what the result depends on, for `reuseEarly`. Undefined when the file gets no checks now or they fail.
   */
  analyseEarly(
    fileName: string,
    text: string,
    settings: EngineSettings,
    sourceFile: ts.SourceFile,
  ): EarlyAnalysis | undefined {
    const key = normalisePath(fileName);
    const cached = this.scans.get(key);
    if (!cached?.scan || cached.sourceFile !== sourceFile) return undefined;
    const options = this.scanOptions(fileName, settings);
    const elsewhere = options.externalExports.size > 0;
    if (!this.mayScan(fileName, text, settings, elsewhere)) return undefined;
    if (!this.wantsChecks(fileName, text, settings, elsewhere, cached.toolCode)) return undefined;
    const imports: EarlyAnalysis['imports'] = [];
    const importedFunction = (specifier: string, exportName: string, fromFile: string) => {
      const from = normalisePath(fromFile);
      imports.push({ specifier, exportName, fromFile: from, target: this.importTarget(specifier, from, exportName) });
      return this.importedFunction(specifier, from, exportName);
    };
    try {
      const result = analyseSourceFile(sourceFile, settings, { scan: cached.scan, importedFunction });
      return { generation: cached.generation, imports, result };
    } catch {
      return undefined;
    }
  }

  /**
   * Whether `analyse` would now give what `analyseEarly` gave: 'same'; 'not-mcp' (it would skip the file);
   * 'recheck' (same scan, but calls followed into other files would find other functions: analyse without
   * recording); 'rescan' (analyse, recording).
   */
  reuseEarly(fileName: string, text: string, settings: EngineSettings, early: EarlyDepends): EarlyReuse {
    if (looksBinary(text)) return 'rescan';
    const options = this.scanOptions(fileName, settings);
    const elsewhere = options.externalExports.size > 0;
    if (!this.mayScan(fileName, text, settings, elsewhere)) return 'rescan';
    const cached = this.scans.get(normalisePath(fileName));
    if (!cached || cached.generation !== early.generation || cached.text !== text) return 'rescan';
    if (!this.currentFor(cached, settings, options)) return 'rescan';
    if (!this.wantsChecks(fileName, text, settings, elsewhere, cached.toolCode)) return 'not-mcp';
    const moved = early.imports.some((i) => this.importTarget(i.specifier, i.fromFile, i.exportName) !== i.target);
    return moved ? 'recheck' : 'same';
  }

  /** The files a scanned file imports by relative path. */
  importedFiles(fileName: string): string[] {
    const key = normalisePath(fileName);
    const imported: string[] = [];
    for (const specifier of this.facts.get(key)?.relativeImports ?? []) {
      const target = this.resolveImport(specifier, key);
      if (target) imported.push(normalisePath(target));
    }
    return imported;
  }

  /** Drops a file's parse and scan (its facts and registrations stay); parsed again if another file's checks need it. */
  release(fileName: string): void {
    const cached = this.scans.get(normalisePath(fileName));
    if (!cached || cached.pinned) return;
    cached.sourceFile = undefined;
    cached.scan = undefined;
  }

  /** Whether the file is MCP code worth scanning for tools (before any scan). */
  mayScan(fileName: string, text: string, settings: EngineSettings, registeredElsewhere: boolean): boolean {
    const { scope, mcpImport } = this.scopes.relevanceOf(fileName, text);
    if (registeredElsewhere || optedIn(text, settings.handlerFactories) || mcpImport) return true;
    return scope === 'mcp' || (scope === 'loose' && LOOSE_MCP_TEXT.test(text));
  }

  /** Whether a scanned file gets findings: it is MCP code by project, import, tools or an explicit opt-in. */
  private wantsChecks(
    fileName: string,
    text: string,
    settings: EngineSettings,
    registeredElsewhere: boolean,
    toolCode: boolean,
  ): boolean {
    const { scope, mcpImport } = this.scopes.relevanceOf(fileName, text);
    if (registeredElsewhere || optedIn(text, settings.handlerFactories) || mcpImport) return true;
    if (toolCode) return true;
    // In an MCP project, other files with error envelopes count when tool code imports them (helpers).
    return scope === 'loose' || (scope === 'mcp' && /\bisError\b/.test(text) && this.importedByToolCode(fileName));
  }

  private importedByToolCode(fileName: string): boolean {
    const key = normalisePath(fileName);
    for (const imported of this.toolImports.values()) if (imported.has(key)) return true;
    return false;
  }

  /** Remembers the files that tool code (a file with tools, handlers or an MCP import) imports. */
  private noteToolImports(fileName: string, text: string, scan: HandlerScan): void {
    const key = normalisePath(fileName);
    const toolCode = scan.registrations.length > 0 || scan.handlers.length > 0 || importsMcpServer(text);
    if (!toolCode) {
      this.toolImports.delete(key);
      return;
    }
    const resolved = new Set<string>();
    for (const specifier of scan.facts.relativeImports) {
      const target = this.resolveImport(specifier, key);
      if (target) resolved.add(normalisePath(target));
    }
    this.toolImports.set(key, resolved);
  }

  /** Scans a parsed file, or reuses its last scan when neither the parse nor the project changed since. */
  private scanOf(
    fileName: string,
    sourceFile: ts.SourceFile,
    settings: EngineSettings,
    options: ReturnType<Project['scanOptions']>,
  ): HandlerScan {
    const key = normalisePath(fileName);
    const factories = settings.handlerFactories.join('\n');
    const external = externalSignature(options.externalExports);
    const cached = this.scans.get(key);
    if (cached?.scan && cached.sourceFile === sourceFile && this.stillCurrent(cached, factories, external)) {
      return cached.scan;
    }
    this.reading = new Set();
    this.knowledge.startRecording();
    const scan = scanHandlers(sourceFile, options);
    const looked = this.knowledge.stopRecording();
    const reads = new Map([...this.reading].map((file) => [file, this.exportStamps.get(file) ?? 0]));
    this.reading = undefined;
    this.setFacts(fileName, scan.facts);
    this.noteToolImports(fileName, sourceFile.text, scan);
    const changed = this.setRegistrations(fileName, scan.external);
    const generation = ++this.scanCounter;
    const toolCode = scan.handlers.length > 0 || scan.registrations.length > 0;
    const text = sourceFile.text;
    this.scans.set(key, { sourceFile, text, looked, factories, external, reads, scan, generation, toolCode });
    this.lastChanged = changed;
    return scan;
  }

  private lastChanged: string[] = [];
  private scanCounter = 0;

  private currentFor(
    cached: CachedScan,
    settings: EngineSettings,
    options: ReturnType<Project['scanOptions']>,
  ): boolean {
    return this.stillCurrent(cached, settings.handlerFactories.join('\n'), externalSignature(options.externalExports));
  }

  /** Whether a scan made earlier is what scanning the same text again would give, the project being as it is now. */
  private stillCurrent(cached: CachedScan, factories: string, external: string): boolean {
    return (
      this.knowledge.sameAs(cached.looked) &&
      cached.factories === factories &&
      cached.external === external &&
      [...cached.reads].every(([file, stamp]) => (this.exportStamps.get(file) ?? 0) === stamp)
    );
  }

  private scanOptions(fileName: string, settings: EngineSettings) {
    return {
      handlerFactories: settings.handlerFactories,
      resolveImport: this.resolveImport,
      knowledge: this,
      externalExports: this.externalExportsFor(fileName),
      inConventionToolsFolder: this.scopes.inConventionToolsFolder(fileName),
      listFolder: (directory: string) => this.scopes.filesIn(directory),
    };
  }

  /**
   * Cheap pre-pass: records a file's cross-file registrations and facts without running checks. Pass the
   * parsed file when the caller will analyse it too, so it is parsed once.
   */
  indexText(fileName: string, text: string, settings: EngineSettings, parsed?: ts.SourceFile): IndexedFile {
    // A file seen for the first time may be what an earlier import could not resolve to.
    if (!this.scans.has(normalisePath(fileName))) this.forgetUnresolved(fileName);
    const options = this.scanOptions(fileName, settings);
    if (looksBinary(text) || !this.mayScan(fileName, text, settings, options.externalExports.size > 0)) {
      return { changed: this.forget(fileName) };
    }
    const cached = this.scans.get(normalisePath(fileName));
    if (!parsed && cached && !cached.scan && cached.text === text && this.currentFor(cached, settings, options)) {
      // Released, and its scan still holds: nothing to record again (as scanOf's reuse of a scan).
      return { changed: [] };
    }
    // A released file's parse kept for other files' checks (pinned) serves again.
    const pinned = cached && !cached.scan && cached.text === text ? cached.sourceFile : undefined;
    const sourceFile = parsed ?? pinned ?? parseSource(normalisePath(fileName), text);
    this.lastChanged = [];
    const scan = this.scanOf(fileName, sourceFile, settings, options);
    return { changed: this.lastChanged, sourceFile, scan };
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
    const options = this.scanOptions(fileName, settings);
    const elsewhere = options.externalExports.size > 0;
    if (!this.mayScan(fileName, text, settings, elsewhere)) return skip('not-mcp');
    try {
      const sourceFile = parsed ?? parseSource(normalisePath(fileName), text);
      let scan: HandlerScan;
      let changed: string[] = [];
      if (record) {
        this.lastChanged = [];
        scan = this.scanOf(fileName, sourceFile, settings, options);
        changed = this.lastChanged;
      } else scan = scanHandlers(sourceFile, options);
      const toolCode = scan.handlers.length > 0 || scan.registrations.length > 0;
      if (!this.wantsChecks(fileName, text, settings, elsewhere, toolCode))
        return { kind: 'skipped', reason: 'not-mcp' };
      const importedFunction = (specifier: string, exportName: string, fromFile: string) =>
        this.importedFunction(specifier, normalisePath(fromFile), exportName);
      const result = analyseSourceFile(sourceFile, settings, { scan, importedFunction });
      return { kind: 'analysed', result, changed };
    } catch (error) {
      const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
      return { kind: 'skipped', reason: 'error', detail };
    }
  }
}
