/**
 * Where a tool lives in the source, from the language server's `mcpEnvelope/tools` answer: the lines that get a
 * live-calls CodeLens, and the places Go to handler offers. Every registration style counts (SDK calls, wrappers,
 * definition objects, classes, dispatcher branches, `mcpEnvelope.handlerFactories`, `@mcpToolHandler`).
 * Pure: no `vscode`.
 */
import type { WorkspaceTool } from '../../../shared/src/protocol';

/** A live-calls lens of one tool on one 1-based line. */
export interface LensPlacement {
  tool: string;
  line: number;
  /** 'registration' at the registration site, 'handler' on the handler function defined elsewhere. */
  at: 'registration' | 'handler';
  /** Other tools have a lens on the same line (a shared handler): the title must name the tool. */
  shared: boolean;
}

/**
 * The 1-based line of a tool's handler when that is a named function of its own, away from the registration: a
 * dispatcher's per-tool function wherever it is, or a function defined above the registration that refers to it.
 * Undefined for an inline handler, or a class's method or property handler just below its registration line: the
 * registration is where the tool shows.
 */
export function separateHandlerLine(tool: WorkspaceTool): number | undefined {
  const handler = tool.handler;
  if (handler?.uri !== undefined && handler.uri !== tool.uri) return undefined;
  if (!handler?.name || handler.line < 1 || handler.line === tool.line) return undefined;
  return tool.style === 'dispatcher' || handler.line < tool.line ? handler.line : undefined;
}

/**
 * The live-calls lenses of one file: one on each registration of a tool with a static name, and one on its
 * handler when that is a named function of its own elsewhere in the file (a dispatcher's per-tool function, a
 * handler defined above the factory call that takes it), so that the count shows where the work is done.
 * A handler function imported from this file by a registration elsewhere gets its tool's lens here.
 * Inline handlers (`registerTool(…, async () => …)`) get no second lens. Tools whose name is computed at run
 * time (`NAMES.search`, `this.name`, an untitled `@mcpToolHandler` function) get none: calls are matched by
 * name, so no count could be shown. Sorted by line; never twice the same tool on a line.
 */
export function lensPlacements(tools: readonly WorkspaceTool[], sameFile: (uri: string) => boolean): LensPlacement[] {
  const placements: LensPlacement[] = [];
  const seen = new Set<string>();
  const add = (tool: string, line: number, at: LensPlacement['at']) => {
    const key = `${line}\u0000${tool}`;
    if (line < 1 || seen.has(key)) return;
    seen.add(key);
    placements.push({ tool, line, at, shared: false });
  };
  for (const tool of tools) {
    if (tool.name === null || !sameFile(tool.uri)) continue;
    add(tool.name, tool.line, 'registration');
  }
  for (const tool of tools) {
    const handlerLine = separateHandlerLine(tool);
    if (tool.name === null || !sameFile(tool.uri) || handlerLine === undefined) continue;
    add(tool.name, handlerLine, 'handler');
  }
  // A handler function imported by a registration of another file: the count shows above the function.
  for (const tool of tools) {
    const handler = tool.handler;
    if (tool.name === null || handler?.uri === undefined || handler.uri === tool.uri || !sameFile(handler.uri))
      continue;
    add(tool.name, handler.line, 'handler');
  }
  const perLine = new Map<number, number>();
  for (const placement of placements) perLine.set(placement.line, (perLine.get(placement.line) ?? 0) + 1);
  for (const placement of placements) placement.shared = (perLine.get(placement.line) ?? 0) > 1;
  return placements.sort((a, b) => a.line - b.line || a.tool.localeCompare(b.tool));
}

/** One place Go to handler can open. */
export interface HandlerTarget {
  uri: string;
  /** 1-based line: the handler function when known, else the registration. */
  line: number;
  /** 1-based line of the registration. */
  registrationLine: number;
  /** The registration's file, when the handler is imported from another file. */
  registrationUri?: string;
  /** The handler function's name, when it has one. */
  handlerName?: string;
  style: string;
}

/**
 * The places `name` is handled, for Go to handler: each registration of that name, at its handler function when
 * the language server knows it (a dispatcher branch opens the per-tool function, not the `case`), else at the
 * registration; a handler imported from another file opens there. Two registrations with the same handler line are one
 * target. Sorted by file, then line.
 */
export function handlerTargets(tools: readonly WorkspaceTool[], name: string): HandlerTarget[] {
  const targets: HandlerTarget[] = [];
  const seen = new Set<string>();
  for (const tool of tools) {
    if (tool.name !== name) continue;
    const known = tool.handler !== undefined && tool.handler.line >= 1;
    const line = known && tool.handler ? tool.handler.line : tool.line;
    const uri = (known && tool.handler?.uri) || tool.uri;
    const key = `${uri}\u0000${line}`;
    if (seen.has(key)) continue;
    seen.add(key);
    targets.push({
      uri,
      line,
      registrationLine: tool.line,
      ...(uri !== tool.uri ? { registrationUri: tool.uri } : {}),
      ...(tool.handler?.name ? { handlerName: tool.handler.name } : {}),
      style: tool.style ?? tool.kind,
    });
  }
  return targets.sort((a, b) => a.uri.localeCompare(b.uri) || a.line - b.line);
}

/** The QuickPick description of a target: `handleSearch · dispatcher, registered at line 42`. */
export function targetDescription(target: HandlerTarget): string {
  const parts = [target.handlerName, target.style].filter((part): part is string => part !== undefined && part !== '');
  const registered = target.registrationUri
    ? `, registered at ${target.registrationUri.slice(target.registrationUri.lastIndexOf('/') + 1)}:${target.registrationLine}`
    : target.registrationLine !== target.line
      ? `, registered at line ${target.registrationLine}`
      : '';
  return `${parts.join(' · ')}${registered}`;
}

/** The message when no registration has that name: what was looked for, and what might explain it. */
export function noTargetMessage(name: string, tools: readonly WorkspaceTool[]): string {
  const computed = tools.filter((tool) => tool.name === null).length;
  const hint =
    computed > 0
      ? ` ${computed} registration${computed === 1 ? ' has' : 's have'} a name computed at run time, which could be it.`
      : '';
  return `MCP Envelope: no handler of the tool "${name}" was found in this workspace.${hint}`;
}
