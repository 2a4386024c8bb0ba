/**
 * The packages that serve MCP tools, defined once for the extension (whether to start the language server) and the
 * engine (which files are MCP code): the official SDKs, FastMCP, adapters and server frameworks. Libraries that are
 * mostly MCP clients are left out.
 */

/** Packages whose presence as a dependency (or an import) means "this project serves MCP tools". */
export const MCP_SERVER_PACKAGES: readonly string[] = [
  '@modelcontextprotocol/sdk',
  '@modelcontextprotocol/server',
  'fastmcp',
  'mcp-handler',
  '@vercel/mcp-adapter',
  'xmcp',
  '@rekog/mcp-nest',
  'mcp-framework',
  'easy-mcp',
  'tmcp',
  'litemcp',
  'workers-mcp',
];

/** Server entry points of packages that are mostly something else (Cloudflare agents, mcp-use): an import only. */
export const MCP_SERVER_SUBPATHS: readonly string[] = ['agents/mcp', 'mcp-use/server'];

/**
 * A package with both an MCP client and an MCP server (Mastra's `@mastra/mcp`) is server code only where a file
 * imports the server class by name (`import { MCPServer } from '@mastra/mcp'`). An agent that imports its
 * `MCPClient` calls MCP servers; its tool results are not envelopes.
 */
export const MCP_SERVER_NAMED_IMPORT = /\bimport\s*\{[^}]*\bMCPServer\b[^}]*\}\s*from\s*['"]@mastra\/mcp['"]/;

/** A regular-expression alternation of package names, escaped. */
export function packageAlternation(names: readonly string[]): string {
  return names.map((name) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|');
}
