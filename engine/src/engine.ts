/**
 * The one engine behind the language server and `mcp-envelope check`: parse a file once,
 * find its handlers and envelopes once, run every enabled check, drop suppressed findings.
 */
import ts from 'typescript';
import { CHECKS } from './checks';
import { isInNonToolRequestHandler } from './checks/analysis/requestHandlers';
import { findErrorEnvelopes, type ErrorEnvelope } from './envelopes/envelopes';
import {
  type ExternalInfo,
  type HandlerScan,
  type ProjectKnowledge,
  type ToolHandler,
  namedFunctions,
  scanHandlers,
} from './discovery/handlers';
import { jsDocParsingModeFor } from './parse/jsDocParsing';
import { NodeIndex } from './parse/nodeIndex';
import { suppressedLines } from './parse/suppression';
import { type FunctionLike, isFunctionLike, lineIndentAt } from './parse/syntax';
import type { AnalysisContext, EngineSettings, Finding, MessageData, Severity } from './types';

export const MCP_IMPORT_PATTERN = /@modelcontextprotocol\/|\bisError\b|@mcpToolHandler/;

/**
 * Whether a file's text alone marks it as MCP code (for loose files, outside any project). Projects decide
 * by their package.json instead: see Project.
 */
export function isRelevant(text: string, settings: EngineSettings, registeredElsewhere: boolean): boolean {
  if (registeredElsewhere || MCP_IMPORT_PATTERN.test(text)) return true;
  return settings.handlerFactories.some((name) => text.includes(name + '('));
}

/** Heuristic for binary files renamed `.ts`: NUL bytes near the start. */
export function looksBinary(text: string): boolean {
  return text.slice(0, 8192).includes('\u0000');
}

export function scriptKindFor(fileName: string): ts.ScriptKind {
  if (/\.tsx$/i.test(fileName)) return ts.ScriptKind.TSX;
  if (/\.jsx$/i.test(fileName)) return ts.ScriptKind.JSX;
  if (/\.[cm]?js$/i.test(fileName)) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

/** The file's parse, with parent pointers and its node index (built in one walk). */
export function parseSource(fileName: string, text: string): ts.SourceFile {
  return NodeIndex.parse(fileName, text, scriptKindFor(fileName));
}

/**
 * The parse of `text` made from the parse of an earlier text of the same file: TypeScript's incremental
 * parser reuses the nodes outside the changed range (found by comparing the texts' common prefix and
 * suffix), so an edit re-parses little of a large file. The earlier parse must not be used afterwards:
 * the nodes it shares with the new one now carry the new positions.
 */
export function reparseSource(previous: ts.SourceFile, text: string): ts.SourceFile {
  // The incremental parser keeps the earlier parse's JSDoc parsing: a text that now needs another is parsed afresh.
  // (TypeScript keeps the mode on the source file without declaring it.)
  const previousMode = (previous as { jsDocParsingMode?: ts.JSDocParsingMode }).jsDocParsingMode;
  if (previousMode !== jsDocParsingModeFor(text)) return parseSource(previous.fileName, text);
  const before = previous.text;
  const shorter = Math.min(before.length, text.length);
  let prefix = 0;
  while (prefix < shorter && before.charCodeAt(prefix) === text.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  while (
    suffix < shorter - prefix &&
    before.charCodeAt(before.length - 1 - suffix) === text.charCodeAt(text.length - 1 - suffix)
  ) {
    suffix++;
  }
  const replaced = ts.createTextSpan(prefix, before.length - prefix - suffix);
  return ts.updateSourceFile(previous, text, ts.createTextChangeRange(replaced, text.length - prefix - suffix));
}

export interface AnalyseOptions {
  /** Exports of this file that other files register as handlers. */
  externalExports?: ReadonlyMap<string, ExternalInfo>;
  resolveImport?: (specifier: string, fromFile: string) => string | undefined;
  knowledge?: ProjectKnowledge;
  /** The file's scan, when the caller has made it already. */
  scan?: HandlerScan;
  /** A function another workspace file exports, for checks that follow calls across files. */
  importedFunction?: AnalysisContext['importedFunction'];
}

/** A check that threw on this file: its findings are dropped, every other check's are kept. */
export interface CheckFailure {
  check: string;
  reason: string;
}

/** Checks that a higher-order wrapper's own try/catch answers for (it turns the throw into a result). */
const GUARDED_BY_WRAPPER = new Set(['throw-in-handler', 'unguarded-handler']);

export interface AnalysisResult {
  findings: Finding[];
  /** Checks that could not run on this file (contained: the other checks still ran). */
  failures: CheckFailure[];
  scan: HandlerScan;
  sourceFile: ts.SourceFile;
}

function nearestFunction(node: ts.Node): ts.Node | undefined {
  let current = node.parent;
  while (current && !isFunctionLike(current) && !ts.isClassLike(current)) current = current.parent;
  return current;
}

class Context implements AnalysisContext {
  private helperCache = new Map<ToolHandler, FunctionLike[]>();
  private ownerCache?: Map<ts.Node, ToolHandler>;
  private lazyEnvelopes?: ErrorEnvelope[];

  constructor(
    readonly sourceFile: ts.SourceFile,
    readonly settings: EngineSettings,
    private readonly scan: HandlerScan,
    readonly nodes: NodeIndex,
    readonly importedFunction?: AnalysisContext['importedFunction'],
  ) {}

  get text(): string {
    return this.sourceFile.text;
  }
  get handlers(): readonly ToolHandler[] {
    return this.scan.handlers;
  }
  get registrations() {
    return this.scan.registrations;
  }
  /** Error envelopes, except those answering a request that is not a tool call (resources/read, prompts/get). */
  get envelopes(): readonly ErrorEnvelope[] {
    this.lazyEnvelopes ??= findErrorEnvelopes(this.nodes).filter(
      (envelope) => this.handlerOf(envelope.object) !== undefined || !isInNonToolRequestHandler(envelope.object),
    );
    return this.lazyEnvelopes;
  }

  helpersOf(handler: ToolHandler): readonly FunctionLike[] {
    const cached = this.helperCache.get(handler);
    if (cached) return cached;
    const names = new Set<string>();
    for (const node of this.nodes.within(handler.fn, [ts.SyntaxKind.CallExpression])) {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && nearestFunction(node) === handler.fn) {
        names.add(node.expression.text);
      }
    }
    const functions = namedFunctions(this.nodes);
    const helpers: FunctionLike[] = [];
    for (const name of names) {
      const helper = functions.get(name);
      if (helper && helper !== handler.fn && !helpers.includes(helper)) helpers.push(helper);
    }
    this.helperCache.set(handler, helpers);
    return helpers;
  }

  handlerOf(node: ts.Node): ToolHandler | undefined {
    if (!this.ownerCache) {
      this.ownerCache = new Map();
      for (const handler of this.scan.handlers) this.ownerCache.set(handler.fn, handler);
      for (const handler of this.scan.handlers) {
        for (const helper of this.helpersOf(handler)) {
          if (!this.ownerCache.has(helper)) this.ownerCache.set(helper, handler);
        }
      }
    }
    let current: ts.Node | undefined = node;
    while (current) {
      if (isFunctionLike(current)) {
        const owner = this.ownerCache.get(current);
        if (owner) return owner;
      }
      current = current.parent;
    }
    return undefined;
  }

  indentOf(node: ts.Node): string {
    return lineIndentAt(this.sourceFile.text, node.getStart(this.sourceFile));
  }
}

/** A message template with its `{{name}}` placeholders filled from `data` (unknown names stay as written). */
export function formatMessage(template: string, data: MessageData = {}): string {
  if (!template.includes('{{')) return template;
  const parts = templateParts(template);
  let message = parts[0];
  for (let i = 1; i < parts.length; i += 3) {
    const name = parts[i];
    message += (Object.prototype.hasOwnProperty.call(data, name) ? String(data[name]) : parts[i + 1]) + parts[i + 2];
  }
  return message;
}

/** Templates split once: text, then (placeholder name, placeholder as written, text) for each placeholder. */
const TEMPLATE_PARTS = new Map<string, string[]>();

function templateParts(template: string): string[] {
  const known = TEMPLATE_PARTS.get(template);
  if (known) return known;
  const matches = [...template.matchAll(/\{\{\s*(\w+)\s*\}\}/g)];
  const parts = [template.slice(0, matches.length > 0 ? matches[0].index : template.length)];
  matches.forEach((match, k) => {
    const next = k + 1 < matches.length ? matches[k + 1].index : template.length;
    parts.push(match[1], match[0], template.slice(match.index + match[0].length, next));
  });
  if (TEMPLATE_PARTS.size < 10_000) TEMPLATE_PARTS.set(template, parts);
  return parts;
}

/** The ranges of guarded handlers and of the same-file helpers they call. */
function guardedRanges(context: Context, scan: HandlerScan): Array<{ pos: number; end: number }> {
  const ranges: Array<{ pos: number; end: number }> = [];
  for (const handler of scan.handlers) {
    if (!handler.guarded) continue;
    ranges.push(handler.fn);
    for (const helper of context.helpersOf(handler)) ranges.push(helper);
  }
  return ranges;
}

/** Runs every enabled check on a parsed source file. */
export function analyseSourceFile(
  sourceFile: ts.SourceFile,
  settings: EngineSettings,
  options: AnalyseOptions = {},
): AnalysisResult {
  const nodes = NodeIndex.of(sourceFile);
  const scan =
    options.scan ??
    scanHandlers(sourceFile, {
      handlerFactories: settings.handlerFactories,
      externalExports: options.externalExports,
      resolveImport: options.resolveImport,
      knowledge: options.knowledge,
      index: nodes,
    });
  let guarded: Array<{ pos: number; end: number }> | undefined;
  const context = new Context(sourceFile, settings, scan, nodes, options.importedFunction);
  const findings: Finding[] = [];
  const lineOf = (offset: number): number => sourceFile.getLineAndCharacterOfPosition(offset).line;
  const suppressed = suppressedLines(sourceFile.text, lineOf);
  const noFixes = () => [];
  const failures: CheckFailure[] = [];
  // One location is reported once per check, however many tools reach it (a helper shared by several handlers).
  const reportedAt = new Set<string>();

  for (const check of CHECKS) {
    const setting = settings.severities[check.meta.id] ?? 'default';
    if (setting === 'off') continue;
    const before = findings.length;
    // Contained: a check that throws (a bug, or a stack overflow on deep nesting) loses only its own findings.
    try {
      check.run(context, (report) => {
        const start = report.start ?? report.node?.getStart(sourceFile) ?? 0;
        const end = report.end ?? report.node?.getEnd() ?? start;
        const ids = suppressed.size > 0 ? suppressed.get(lineOf(start)) : undefined;
        if (ids && (ids.has('*') || ids.has(check.meta.id))) return;
        if (GUARDED_BY_WRAPPER.has(check.meta.id)) {
          guarded ??= guardedRanges(context, scan);
          if (guarded.some((range) => range.pos <= start && start < range.end)) return;
        }
        const location = `${check.meta.id}:${start}:${end}`;
        if (reportedAt.has(location)) return;
        reportedAt.add(location);
        const severity: Severity = setting === 'default' ? (report.severity ?? check.meta.defaultSeverity) : setting;
        findings.push({
          check: check.meta.id,
          severity,
          messageId: report.messageId,
          data: report.data ?? {},
          message: formatMessage(check.meta.messages[report.messageId] ?? report.messageId, report.data),
          start,
          end,
          fixable: check.meta.fixable && report.fixes !== undefined,
          computeFixes: report.fixes ?? noFixes,
        });
      });
    } catch (error) {
      findings.length = before;
      failures.push({ check: check.meta.id, reason: error instanceof Error ? error.message : String(error) });
    }
  }
  findings.sort((a, b) => a.start - b.start || a.check.localeCompare(b.check));
  return { findings, failures, scan, sourceFile };
}
