/**
 * The workspace's tool list, joined from what each file's scan tells on its own: the file's listed tools and
 * its handler links. One join for every front end (`mcp-envelope tools`, the language server's
 * `mcpEnvelope/tools`, the discovery tests), so they list the same tools with the same handlers.
 */
import type ts from 'typescript';
import type { HandlerScan } from './handlers';
import { type DefiningFile, type FileHandlerLinks, handlerLinksOf, linkImportedHandlers } from './importedHandlers';
import { withoutDefinitionsRegisteredElsewhere } from './registeredNameDefinitions';
import { type FileTool, toolsOf, withoutDispatchedDefinitions } from './toolList';

/** What one scanned file adds to the workspace's tool list. Plain data: a front end may keep it per file. */
export interface FileToolShare<T extends FileTool = FileTool> {
  tools: readonly T[];
  links: FileHandlerLinks;
}

/** A scanned file's share of the tool list (no second parse). */
export function toolShareOf(sourceFile: ts.SourceFile, scan: HandlerScan): FileToolShare {
  return { tools: toolsOf(sourceFile, scan), links: handlerLinksOf(sourceFile, scan) };
}

/**
 * Every tool of the workspace, file by file in the order given: a tool whose handler another file defines gets
 * that handler (with its `file`), and a definition that a dispatcher of another file answers is listed once, at
 * the dispatcher or SDK registration call. `fileOf` names a tool's file the way the caller shows it; `definingFile` follows re-exports
 * (pass the project's `resolveExport`). The shares are not changed.
 */
export function joinWorkspaceTools<T extends FileTool>(
  shares: ReadonlyMap<string, FileToolShare<T>>,
  fileOf: (tool: T) => string,
  definingFile?: DefiningFile,
): T[] {
  const toolsByFile = new Map<string, T[]>();
  for (const [fileName, share] of shares)
    toolsByFile.set(
      fileName,
      share.tools.map((tool) => ({ ...tool })),
    );
  linkImportedHandlers(toolsByFile, (fileName) => shares.get(fileName)?.links, definingFile);
  return withoutDefinitionsRegisteredElsewhere(
    withoutDispatchedDefinitions([...toolsByFile.values()].flat(), fileOf),
    fileOf,
  );
}
