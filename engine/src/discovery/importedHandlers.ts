/**
 * Where the handler of a tool registered with an imported function lives. A file that registers
 * `server.registerTool('x', schema, handleX)` with `handleX` imported hands the handler over to the file that
 * defines it (an `ExternalHandlerRef` with role 'handler'); that file's scan finds the function. Each file is
 * scanned on its own, so the tool (first file) and its handler (second file) are joined here, across the
 * workspace, for `mcp-envelope tools --explain`, Go to handler and the CodeLens counts above the function.
 */
import type ts from 'typescript';
import type { HandlerScan } from './handlers';
import { functionName } from './scanContext';
import type { FileTool } from './toolList';

/** A handler function of a file, found because another file registers it under `toolName`. */
interface HandedOverHandler {
  toolName: string;
  line: number;
  name?: string;
  /** The export the registering file imports, when it is not the function's own name (a factory's export). */
  exportName?: string;
}

/** A tool of a file whose handler another file defines. */
interface ImportedHandlerRef {
  toolName: string;
  /** Absolute path of the file that defines the handler. */
  fileName: string;
  exportName: string;
}

/** What one file tells the join: the handlers it defines for others, the handlers it imports. Plain data. */
export interface FileHandlerLinks {
  handedOver: readonly HandedOverHandler[];
  imported: readonly ImportedHandlerRef[];
}

/** The roles whose ref names the export that holds (or leads to) one tool's handler. */
const HANDLER_ROLES = new Set(['handler', 'returnedHandler', 'registeredDefinition']);

export const NO_HANDLER_LINKS: FileHandlerLinks = { handedOver: [], imported: [] };

/** Where an export is defined, re-exports followed (the project's `resolveExport`). */
export type DefiningFile = (fileName: string, exportName: string) => { fileName: string; exportName: string };

export function handlerLinksOf(sourceFile: ts.SourceFile, scan: HandlerScan): FileHandlerLinks {
  // A definition another file registers by property is not listed here: its handler is that file's tool's.
  const ownHandlers = new Set(
    scan.registrations.filter((registration) => registration.listed).map((registration) => registration.handler),
  );
  const handedOver: HandedOverHandler[] = [];
  for (const handler of scan.handlers) {
    if (handler.toolName === null || ownHandlers.has(handler.fn)) continue;
    const start = handler.fn.getStart(sourceFile);
    const name = functionName(handler.fn);
    handedOver.push({
      toolName: handler.toolName,
      line: sourceFile.getLineAndCharacterOfPosition(start).line + 1,
      ...(name ? { name } : {}),
      ...(handler.exportName && handler.exportName !== name ? { exportName: handler.exportName } : {}),
    });
  }
  const imported: ImportedHandlerRef[] = [];
  for (const ref of scan.external) {
    if (ref.role === undefined || !HANDLER_ROLES.has(ref.role) || ref.toolName === null) continue;
    imported.push({ toolName: ref.toolName, fileName: ref.fileName, exportName: ref.exportName });
  }
  return { handedOver, imported };
}

/** How many files a handler may be handed on through (a definition whose `execute` is imported again). */
const MAX_HOPS = 3;

/**
 * Gives each handler-less tool of `tools` (listed by file) the function of another file that its registration
 * imports: the one handler that file's scan found for the tool's name, else the one handler named as the
 * imported export or returned by it (a function or factory several tools share). When that file only hands
 * the handler on (a definition object whose `execute` is imported from a third file), the chain is followed.
 * Ambiguous cases stay without a handler. The handler keeps its line and name and says in which file it is.
 */
export function linkImportedHandlers<T extends FileTool>(
  toolsByFile: ReadonlyMap<string, readonly T[]>,
  linksOf: (fileName: string) => FileHandlerLinks | undefined,
  definingFile: DefiningFile = (fileName, exportName) => ({ fileName, exportName }),
): void {
  const handedOverFor = (
    toolName: string,
    fileName: string,
    hops: number,
  ): { handler: HandedOverHandler; file: string } | undefined => {
    const links = linksOf(fileName);
    if (!links || links.imported.length === 0) return undefined;
    // An import of a barrel (`export * from './feature'`) is followed to the file that defines the export.
    const refs = links.imported
      .filter((ref) => ref.toolName === toolName)
      .map((ref) => ({ ...ref, ...definingFile(ref.fileName, ref.exportName) }));
    const targets = new Set(refs.map((ref) => ref.fileName));
    if (targets.size !== 1) return undefined;
    const [target] = targets;
    if (target === fileName) return undefined;
    const handedOver = linksOf(target)?.handedOver ?? [];
    const exportNames = new Set(refs.map((ref) => ref.exportName));
    const exported = (handler: HandedOverHandler) =>
      [handler.name, handler.exportName].some((name) => name !== undefined && exportNames.has(name));
    const forTool = handedOver.filter((handler) => handler.toolName === toolName);
    // The same exported function registered for several tools was found for one of them: the others share it.
    const byExport = [...new Map(handedOver.filter(exported).map((handler) => [handler.line, handler])).values()];
    const forToolExported = forTool.filter(exported);
    const handler =
      forTool.length === 1
        ? forTool[0]
        : forToolExported.length === 1
          ? forToolExported[0]
          : byExport.length === 1
            ? byExport[0]
            : undefined;
    if (handler) return { handler, file: target };
    // Nothing found for the tool there: the file hands it on to the file that defines the function.
    return forTool.length === 0 && byExport.length === 0 && hops < MAX_HOPS
      ? handedOverFor(toolName, target, hops + 1)
      : undefined;
  };
  for (const [fileName, tools] of toolsByFile) {
    const links = linksOf(fileName);
    if (!links || links.imported.length === 0) continue;
    for (const tool of tools) {
      if (tool.handler || tool.name === null) continue;
      const found = handedOverFor(tool.name, fileName, 1);
      if (!found || found.file === fileName) continue;
      const { handler, file } = found;
      tool.handler = { line: handler.line, ...(handler.name ? { name: handler.name } : {}), file };
    }
  }
}
