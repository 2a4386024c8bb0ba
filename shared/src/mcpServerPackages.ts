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

/**
 * Server entry points of packages that are mostly something else (Cloudflare agents, mcp-use, Mastra's MCP
 * client and server package): an import only.
 */
export const MCP_SERVER_SUBPATHS: readonly string[] = ['agents/mcp', 'mcp-use/server', '@mastra/mcp'];

/** A regular-expression alternation of package names, escaped. */
export function packageAlternation(names: readonly string[]): string {
  return names.map((name) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|');
}
