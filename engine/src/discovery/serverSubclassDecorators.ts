/**
 * A project's own tool decorator on a subclass of an MCP server class: `class Notes extends BaseMcpServer {
 * @Tool() archive(id: string) { … } }` with `Tool` written in the project (imported by relative path, or
 * declared in the file). The class is an MCP server by its base (a base named for MCP), so the decorated
 * method is a tool, named after the method when the decorator gives no name. A decorator from a package, or
 * a class whose base is not named for MCP (an agent, a controller), is left to the other rules.
 */
import ts from 'typescript';

/** `McpServer`, `EasyMCP`, `BaseMcpServer`, `mcp.Server`: a base class named for MCP. */
const MCP_NAMED = /mcp/i;

function baseClassName(node: ts.ClassLikeDeclaration): string | undefined {
  for (const clause of node.heritageClauses ?? []) {
    if (clause.token !== ts.SyntaxKind.ExtendsKeyword) continue;
    const base = clause.types[0]?.expression;
    if (!base) return undefined;
    if (ts.isIdentifier(base)) return base.text;
    if (ts.isPropertyAccessExpression(base)) return base.getText();
  }
  return undefined;
}

/**
 * Why a method decorated with a tool decorator from `module` (undefined: declared in the file) is a tool of
 * an MCP server subclass, or undefined when it is not one.
 */
export function serverSubclassDecoration(method: ts.MethodDeclaration, module: string | undefined): string | undefined {
  if (module !== undefined && !module.startsWith('.')) return undefined;
  if (!ts.isClassLike(method.parent)) return undefined;
  const base = baseClassName(method.parent);
  if (base === undefined || !MCP_NAMED.test(base)) return undefined;
  const modifiers = ts.getModifiers(method) ?? [];
  if (modifiers.some((m) => m.kind === ts.SyntaxKind.StaticKeyword || m.kind === ts.SyntaxKind.PrivateKeyword))
    return undefined;
  return `the project's own decorator on a method of a subclass of ${base} (a base named for MCP)`;
}
