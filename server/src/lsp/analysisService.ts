/**
 * Analyses open documents with the shared engine and keeps the workspace's cross-file handler
 * index; caches one result per document version so diagnostics and code actions agree.
 */
import * as fs from 'node:fs';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { URI } from 'vscode-uri';
import type { WorkspaceTool } from '../../../shared/src/protocol';
import {
  type AnalysisResult,
  DEFAULT_SETTINGS,
  Project,
  collectSourceFiles,
  type FileTool,
  type FileToolShare,
  NO_HANDLER_LINKS,
  joinWorkspaceTools,
  toolOf,
  toolShareOf,
  type Finding,
  type Settings,
  type EngineSettings,
  type WorkspaceFile,
  engineSettings,
  indexWorkspaceGradually,
  reparseSource,
} from '../../../engine/src';

type SourceFile = AnalysisResult['sourceFile'];

const NO_TOOLS: FileToolShare = { tools: [], links: NO_HANDLER_LINKS };

export interface DocumentAnalysis {
  version: number;
  settings: Settings;
  findings: readonly Finding[];
  result?: AnalysisResult;
  /** Why this document (or one check on it) could not be analysed; shown as one `analysis-error` diagnostic. */
  failure?: string;
  /** Other files whose handler set changed with this analysis (to re-validate). */
  changedFiles: readonly string[];
}

export type { WorkspaceTool };

export function uriToPath(uri: string): string | undefined {
  const parsed = URI.parse(uri);
  return parsed.scheme === 'file' ? parsed.fsPath : undefined;
}

/** The file name the engine uses for a document: its path on disk, or the URI's path for other schemes. */
export function fileNameOf(uri: string): string {
  return uriToPath(uri) ?? URI.parse(uri).path;
}

/** One line saying why analysis failed (the message, not the stack; a stack overflow named for what it is). */
export function failureReason(detail: string | undefined): string {
  const text = (detail ?? '').split('\n')[0].replace(/^\w*Error: /, '') || 'unknown error';
  return /Maximum call stack size exceeded/.test(text) ? `nesting too deep for the parser (${text})` : text;
}

export class AnalysisService {
  readonly project = new Project();
  private readonly cache = new Map<string, DocumentAnalysis>();
  private readonly tools = new Map<string, FileToolShare>();
  /** The last parse of each open document, which the next version's parse starts from (incremental parsing). */
  private readonly parses = new Map<string, SourceFile>();

  constructor(private readonly log: (message: string) => void) {}

  /** Analyses a document (cached per version and settings). */
  analyse(document: TextDocument, settings: Settings): DocumentAnalysis {
    const cached = this.cache.get(document.uri);
    // A cache hit changed nothing in other files: do not ask for their re-validation again.
    if (cached && cached.version === document.version && cached.settings === settings) {
      return { ...cached, changedFiles: [] };
    }
    const fileName = fileNameOf(document.uri);
    const text = document.getText();
    const engine = engineSettings(settings);
    const decisions = this.project.scopes.decisionCount;
    const outcome = this.project.analyse(fileName, text, engine, this.reparse(document.uri, text));
    // The edit changed which packages are MCP code (a server import added or removed): other documents may too.
    const rescoped = this.project.scopes.decisionCount !== decisions ? this.openFilesOtherThan(document.uri) : [];
    let analysis: DocumentAnalysis;
    if (outcome.kind === 'analysed') {
      const failures = outcome.result.failures.map((failure) => `check ${failure.check} failed: ${failure.reason}`);
      for (const failure of failures) this.log(`Could not fully analyse ${fileName}: ${failure}`);
      analysis = {
        version: document.version,
        settings,
        findings: outcome.result.findings,
        result: outcome.result,
        ...(failures.length > 0 && { failure: failures.join('; ') }),
        changedFiles: [...outcome.changed, ...rescoped],
      };
    } else {
      if (outcome.reason === 'binary') this.log(`Skipped ${fileName}: it looks like a binary file.`);
      if (outcome.reason === 'error') this.log(`Could not analyse ${fileName}: ${outcome.detail ?? 'unknown error'}`);
      analysis = { version: document.version, settings, findings: [], changedFiles: rescoped };
      if (outcome.reason === 'error') analysis.failure = failureReason(outcome.detail);
    }
    if (analysis.result) this.parses.set(document.uri, analysis.result.sourceFile);
    else this.parses.delete(document.uri);
    this.tools.set(
      document.uri,
      analysis.result ? toolShareOf(analysis.result.sourceFile, analysis.result.scan) : NO_TOOLS,
    );
    this.cache.set(document.uri, analysis);
    return analysis;
  }

  /**
   * The new text's parse, made incrementally from the document's last parse (which is handed over: only the
   * new parse is kept). Undefined when there is none, or the incremental parse fails: the engine parses afresh.
   */
  private reparse(uri: string, text: string): SourceFile | undefined {
    const previous = this.parses.get(uri);
    if (!previous) return undefined;
    this.parses.delete(uri);
    try {
      return reparseSource(previous, text);
    } catch {
      return undefined;
    }
  }

  private openFilesOtherThan(uri: string): string[] {
    return [...this.cache.keys()].filter((other) => other !== uri).map(fileNameOf);
  }

  forget(uri: string): void {
    this.cache.delete(uri);
    this.parses.delete(uri);
  }

  /** A file deleted from disk: its tools and the handlers it registered are gone. */
  forgetFile(uri: string): string[] {
    this.cache.delete(uri);
    this.parses.delete(uri);
    this.tools.delete(uri);
    const fileName = uriToPath(uri);
    if (fileName) this.project.scopes.forgetText(fileName);
    return fileName ? this.project.forget(fileName) : [];
  }

  /** Findings for another version of a document's text (fix-all passes), without caching. */
  analyseText(document: TextDocument, text: string, settings: Settings): readonly Finding[] {
    const outcome = this.project.analyse(fileNameOf(document.uri), text, engineSettings(settings), undefined, false);
    return outcome.kind === 'analysed' ? outcome.result.findings : [];
  }

  clear(): void {
    this.cache.clear();
    this.parses.clear();
  }

  /**
   * A package.json changed (a dependency on an MCP package added or removed, a package renamed): which files are
   * MCP code is decided again, and the folders are indexed again so files that became MCP code get their tools.
   */
  async manifestsChanged(folders: readonly string[], settingsFor: (uri: string) => Promise<Settings>): Promise<void> {
    this.project.scopes.forgetManifests();
    this.clear();
    await this.indexFolders(folders, settingsFor);
  }

  /**
   * Indexes every source file under the folders (cross-file handlers, wrappers, base classes, tool list) with the
   * passes `mcp-envelope check` and `tools` make (engine: `indexWorkspaceGradually`), each file with its own
   * settings, giving the event loop a turn between chunks of files.
   */
  async indexFolders(
    folders: readonly string[],
    settingsFor: (uri: string) => Promise<Settings>,
    /** Files indexed so far (first pass) of all files found, every 50 files and at the end. */
    onProgress?: (done: number, total: number) => void,
  ): Promise<Set<string>> {
    const changed = new Set<string>();
    const { files, manifests } = collectSourceFiles(folders);
    const workspace: WorkspaceFile[] = [];
    const settings = new Map<string, EngineSettings>();
    for (const file of files) {
      try {
        const text = await fs.promises.readFile(file, 'utf8');
        settings.set(file, engineSettings(await settingsFor(URI.file(file).toString())));
        workspace.push({ fileName: file, text });
      } catch (error) {
        this.log(`Could not read ${file}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    const fallback = engineSettings(DEFAULT_SETTINGS);
    const seen = new Set<string>();
    await indexWorkspaceGradually(this.project, workspace, (file) => settings.get(file) ?? fallback, manifests, {
      onError: (file, error) =>
        this.log(`Could not index ${file}: ${error instanceof Error ? error.message : String(error)}`),
      onIndexed: (file, indexed) => {
        if (onProgress && !seen.has(file.fileName)) {
          seen.add(file.fileName);
          if (seen.size % 50 === 0) onProgress(seen.size, workspace.length);
        }
        for (const target of indexed.changed) changed.add(target);
        const uri = URI.file(file.fileName).toString();
        // Open documents keep the tools of their own (newer) text.
        if (!this.cache.has(uri)) {
          this.tools.set(
            uri,
            indexed.sourceFile && indexed.scan ? toolShareOf(indexed.sourceFile, indexed.scan) : NO_TOOLS,
          );
        }
      },
    });
    onProgress?.(workspace.length, workspace.length);
    return changed;
  }

  /** The registration (or handler) at an offset of an analysed document, with why it counts as a tool. */
  toolAt(document: TextDocument, offset: number): { tool: FileTool; start: number; end: number } | undefined {
    const result = this.cache.get(document.uri)?.result;
    if (!result) return undefined;
    const sourceFile = result.sourceFile;
    for (const registration of result.scan.registrations) {
      const targets = [registration.nameNode, registration.handler?.name].filter(
        (n): n is NonNullable<typeof n> => !!n,
      );
      for (const target of targets) {
        if (target.pos < 0 || !target.parent) continue;
        const start = target.getStart(sourceFile);
        if (offset >= start && offset <= target.getEnd()) {
          return { tool: toolOf(sourceFile, registration), start, end: target.getEnd() };
        }
      }
    }
    return undefined;
  }

  /** Every registered tool known in the workspace. */
  workspaceTools(): WorkspaceTool[] {
    const shares = new Map<string, FileToolShare<FileTool & { uri: string }>>();
    for (const [uri, file] of this.tools) {
      shares.set(fileNameOf(uri), { ...file, tools: file.tools.map((tool) => ({ ...tool, uri })) });
    }
    // A handler imported from another file is shown (and opened by Go to handler) where it is defined.
    return joinWorkspaceTools(
      shares,
      (tool) => tool.uri,
      (fileName, exportName) => this.project.resolveExport(fileName, exportName),
    ).map(({ handler, ...tool }): WorkspaceTool & FileTool => {
      if (!handler) return tool;
      const { file, ...where } = handler;
      return { ...tool, handler: file ? { ...where, uri: URI.file(file).toString() } : where };
    });
  }
}
