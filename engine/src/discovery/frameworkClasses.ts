/**
 * Tool base classes that MCP server frameworks ship (mcp-framework's `MCPTool` and the like): a class
 * extending a `…Tool` class imported from an MCP server package is a tool, named by its `name` field,
 * with its `execute` (or other handler-like) method as the handler. The framework's base runs that
 * method itself and turns a throw into an error result, so the handler counts as guarded.
 */
import { isMcpServerModule } from './relevance';
import type { ScanState, ToolBaseClass } from './scanContext';

const FRAMEWORK_BASE_NAME = /Tool$/;

/** Local names of tool base classes imported from MCP server packages. */
export function frameworkToolBases(state: ScanState): Map<string, ToolBaseClass> {
  const bases = new Map<string, ToolBaseClass>();
  for (const [local, binding] of state.imports) {
    if (!FRAMEWORK_BASE_NAME.test(binding.exportName) || !isMcpServerModule(binding.specifier)) continue;
    bases.set(local, {
      name: local,
      handlerMethods: ['execute'],
      evidence: `${binding.exportName} is a tool base class of the MCP framework ${binding.specifier}`,
      guards: true,
    });
  }
  return bases;
}
