/**
 * Published MCP frameworks a project may depend on instead of the SDK (a package layered on it, with its
 * own tool builder: `tool('svc_ping', { input, handler })` passed to the framework's app). A package named
 * for MCP (`@acme/mcp-core`, `mcp-kit`) or a known server package counts; agent frameworks and the SDK's
 * client side do not. Text-level, for deciding before any parse whether a file is MCP server code.
 */
import { MCP_SERVER_PACKAGES } from '../../../shared/src/mcpServerPackages';
import { NON_MCP_MODULES } from './definitions';

/** `tool`, `defineTool`, `createTool`, `mcpTool`: a builder named for a tool (not `toolbar`, not `prompt`). */
export const TOOL_BUILDER = /^[a-z]*tool$/i;

/** `mcp` as a word of a package name: `@acme/mcp-core`, `mcp-kit`, `ts-mcp-server` (not `mcpx`, not `smcp`). */
const MCP_WORD = /(?:^|[@/._-])mcp(?:$|[/._-])/i;

/** The package part of a bare specifier (`@scope/name/sub` → `@scope/name`, `name/sub` → `name`). */
function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Whether a module specifier names a published MCP framework: a known server package, or a package named for MCP. */
export function isMcpFrameworkSpecifier(specifier: string): boolean {
  if (specifier.startsWith('.') || specifier.startsWith('node:') || NON_MCP_MODULES.test(specifier)) return false;
  const name = packageName(specifier);
  if (name.startsWith('@modelcontextprotocol/')) return false;
  return MCP_SERVER_PACKAGES.includes(name) || MCP_WORD.test(name);
}

const NAMED_IMPORT = /\bimport\s*(?:type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"\n]+)['"]/g;
const NAMESPACE_IMPORT = /\bimport\s*\*\s*as\s+([\w$]+)\s*from\s*['"]([^'"\n]+)['"]/g;
/** A handler among a builder's options: `handler(`, `async handler(`, `execute: async …`. */
const HANDLER_OPTION = /\b(?:handler|execute|handle|run)\s*(?:\(|:)/;

/** A call of `callee` (a local name or `ns.tool`) with a name first: `tool('svc_ping', …`, `tool(PING, …`. */
function callsWithName(text: string, callee: string): boolean {
  const escaped = callee.replace(/\$/g, '\\$').replace(/\./g, '\\s*\\.\\s*');
  return new RegExp(`(?:^|[^\\w$.])${escaped}\\(\\s*(?:['"\`]|[A-Za-z_$][\\w$.]*\\s*,)`).test(text);
}

/**
 * Whether a file builds tools with an MCP framework's builder: it imports `tool` (or `defineTool`, …) from
 * such a package, by name or through a namespace, and calls it with a name and an options object holding a
 * handler, `tool('svc_ping', { … handler … })`.
 */
export function importsMcpToolBuilder(text: string): boolean {
  if (!/mcp/i.test(text) || !HANDLER_OPTION.test(text)) return false;
  for (const match of text.matchAll(NAMESPACE_IMPORT)) {
    if (!isMcpFrameworkSpecifier(match[2])) continue;
    const builders = new RegExp(
      `(?:^|[^\\w$.])${match[1].replace(/\$/g, '\\$')}\\s*\\.\\s*([A-Za-z]*tool)\\s*\\(`,
      'gi',
    );
    for (const call of text.matchAll(builders)) {
      if (TOOL_BUILDER.test(call[1]) && callsWithName(text, `${match[1]}.${call[1]}`)) return true;
    }
  }
  for (const match of text.matchAll(NAMED_IMPORT)) {
    if (/^import\s*type\b/.test(match[0]) || !isMcpFrameworkSpecifier(match[2])) continue;
    for (const part of match[1].split(',')) {
      const [imported, local = imported] = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)
        .map((s) => s.trim());
      if (!imported || part.trim().startsWith('type ') || !TOOL_BUILDER.test(imported)) continue;
      if (callsWithName(text, local)) return true;
    }
  }
  return false;
}
