/** The tools a file registers, in the stable shape of `mcp-envelope tools --format json`. */
import type ts from 'typescript';
import type { EngineSettings } from '../types';
import type { HandlerScan, RegistrationKind, ToolRegistration } from './handlers';
import { LIST_ANSWER_EVIDENCE } from './listedDefinitions';
import { Project } from './project';
import { functionName } from './scanContext';

/** How a tool is registered, in the words of docs/tool-discovery.md. */
export type ToolStyle =
  'sdk' | 'wrapper' | 'definition' | 'class' | 'dispatcher' | 'factory' | 'tag' | 'file' | 'decorator';

const STYLE_OF: Record<RegistrationKind, ToolStyle> = {
  registerTool: 'sdk',
  tool: 'sdk',
  registerToolTask: 'sdk',
  addTool: 'sdk',
  setRequestHandler: 'dispatcher',
  dispatch: 'dispatcher',
  wrapper: 'wrapper',
  definition: 'definition',
  factory: 'factory',
  class: 'class',
  jsdoc: 'tag',
  fileConvention: 'file',
  decorator: 'decorator',
};

export interface FileTool {
  name: string | null;
  /** 1-based line of the registration site. */
  line: number;
  kind: RegistrationKind;
  style: ToolStyle;
  /** The name as written, when it is not a plain string literal. */
  nameExpression?: string;
  /** Why this counts as a tool, outermost first. */
  evidence: string[];
  /** The handler function: in the same file, or (`file`, an absolute path) in the file a registration imports it from. */
  handler?: { line: number; name?: string; file?: string };
}

function lineAt(sourceFile: ts.SourceFile, node: ts.Node): number {
  return sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1;
}

export function toolOf(sourceFile: ts.SourceFile, registration: ToolRegistration): FileTool {
  const tool: FileTool = {
    name: registration.name,
    line: lineAt(sourceFile, registration.node),
    kind: registration.kind,
    style: STYLE_OF[registration.kind],
    evidence: registration.evidence,
  };
  if (registration.nameExpression) tool.nameExpression = registration.nameExpression;
  if (registration.handler) {
    const name = functionName(registration.handler);
    tool.handler = { line: lineAt(sourceFile, registration.handler), ...(name ? { name } : {}) };
  }
  return tool;
}

/** The listed tools of a file already scanned (no second parse). */
export function toolsOf(sourceFile: ts.SourceFile, scan: HandlerScan): FileTool[] {
  return scan.registrations.filter((r) => r.listed).map((r) => toolOf(sourceFile, r));
}

/** The tools of one file on its own (no project around it). */
export function listTools(fileName: string, text: string, handlerFactories: readonly string[]): FileTool[] {
  const settings: EngineSettings = {
    handlerFactories,
    severities: {},
    categoryCase: 'upper',
    envelopeStyle: 'recommended',
  };
  const indexed = new Project().indexText(fileName, text, settings);
  return indexed.sourceFile && indexed.scan ? toolsOf(indexed.sourceFile, indexed.scan) : [];
}

/**
 * A definition object that a dispatcher branch of the same name (in another file) routes to is one tool,
 * listed once, at the branch; its handler is still checked where it is defined. A handler-less definition
 * that a tools/list answer returns is dropped when any other site names the same tool.
 */
export function withoutDispatchedDefinitions<T extends FileTool>(
  tools: readonly T[],
  fileOf: (tool: T) => string,
): T[] {
  const dispatched = filesByToolName(tools, (tool) => tool.kind === 'dispatch', fileOf);
  // A handler-less definition reached only from a tools/list answer is the same tool as any other site of its name.
  const fromListAnswer = (tool: T) => tool.evidence.some((step) => step.startsWith(LIST_ANSWER_EVIDENCE));
  const namedElsewhere = new Set(tools.filter((tool) => !fromListAnswer(tool)).map((tool) => tool.name));
  return tools.filter((tool) => {
    if (tool.style !== 'definition' || tool.name === null) return true;
    if (fromListAnswer(tool) && namedElsewhere.has(tool.name)) return false;
    return !servedOnlyElsewhere(tool, dispatched, fileOf);
  });
}

/** The files holding the named tools that `isSite` picks, by tool name. */
export function filesByToolName<T extends FileTool>(
  tools: readonly T[],
  isSite: (tool: T) => boolean,
  fileOf: (tool: T) => string,
): Map<string, Set<string>> {
  const byName = new Map<string, Set<string>>();
  for (const tool of tools) {
    if (tool.name === null || !isSite(tool)) continue;
    const files = byName.get(tool.name) ?? new Set<string>();
    files.add(fileOf(tool));
    byName.set(tool.name, files);
  }
  return byName;
}

/** Whether sites of a tool's name exist, all of them in files other than the tool's: it is listed there. */
export function servedOnlyElsewhere<T extends FileTool>(
  tool: T,
  sites: ReadonlyMap<string, ReadonlySet<string>>,
  fileOf: (tool: T) => string,
): boolean {
  const files = tool.name === null ? undefined : sites.get(tool.name);
  return files !== undefined && !files.has(fileOf(tool));
}
