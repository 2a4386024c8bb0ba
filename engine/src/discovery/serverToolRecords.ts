/**
 * Tools handed to a framework's server class as a record keyed by wire name (Mastra's `@mastra/mcp`):
 * `new MCPServer({ name, version, tools: { get_quote: quoteTool, fetch_rates: createTool({ id, execute }) } })`.
 * Each key of the `tools` record is a tool, registered there; the definition under it (inline, a constant of
 * this file, an import, or `ns.entry` of an imported record) is that tool's, and its `execute` (or other
 * handler key) is the handler. Only a class named `MCPServer`/`McpServer` imported from a package other than
 * the SDK counts (the SDK's `McpServer` takes no tools): the definitions alone, built with an agent
 * framework's `createTool`, stay agent tools unless such a server serves them.
 */
import ts from 'typescript';
import { propertyNameText, unwrapExpression } from '../parse/syntax';
import { HANDLER_KEYS } from './handlerKeys';
import { claimDefinitionAt } from './registeredDefinitions';
import { type ScanState, handOffImport, where } from './scanContext';

/** The server classes that take a tools record. */
const SERVER_CLASS = /^(?:MCP|Mcp)Server$/;
/** The handler key of a definition this file cannot see (another file's): the one Mastra's `createTool` uses. */
const IMPORTED_HANDLER_KEY = 'execute';

/** The imported server class `new X(…)` constructs, when it is one that takes a tools record. */
function serverClassModule(state: ScanState, node: ts.NewExpression): string | undefined {
  const callee = unwrapExpression(node.expression);
  const [local, member] = ts.isIdentifier(callee)
    ? [callee.text, undefined]
    : ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression)
      ? [callee.expression.text, callee.name.text]
      : [undefined, undefined];
  if (local === undefined) return undefined;
  const binding = state.imports.get(local);
  if (!binding || binding.specifier.startsWith('.') || binding.specifier.startsWith('@modelcontextprotocol/'))
    return undefined;
  const className = member !== undefined && binding.exportName === '*' ? member : binding.exportName;
  return SERVER_CLASS.test(className) ? binding.specifier : undefined;
}

/** The `tools: { … }` record of the server's options. */
function toolsRecord(node: ts.NewExpression): ts.ObjectLiteralExpression | undefined {
  const options = node.arguments?.[0] && unwrapExpression(node.arguments[0]);
  if (!options || !ts.isObjectLiteralExpression(options)) return undefined;
  for (const property of options.properties) {
    if (!ts.isPropertyAssignment(property) || propertyNameText(property.name) !== 'tools') continue;
    const value = unwrapExpression(property.initializer);
    return ts.isObjectLiteralExpression(value) ? value : undefined;
  }
  return undefined;
}

/** The handler key a definition written in this file uses (`execute`, `handler`, …). */
function handlerKeyOf(expression: ts.Expression): string {
  const inner = unwrapExpression(expression);
  const object =
    ts.isCallExpression(inner) && inner.arguments.length === 1 ? unwrapExpression(inner.arguments[0]) : inner;
  if (!ts.isObjectLiteralExpression(object)) return IMPORTED_HANDLER_KEY;
  for (const key of [IMPORTED_HANDLER_KEY, ...HANDLER_KEYS]) {
    if (object.properties.some((p) => !ts.isSpreadAssignment(p) && propertyNameText(p.name) === key)) return key;
  }
  return IMPORTED_HANDLER_KEY;
}

/**
 * Hands an imported definition to its file: `quoteTool` (a named import) or `ns.quoteTool` (a namespace
 * import, or a record the module also exports entry by entry, `export const tools = { quoteTool }`).
 */
function handOffDefinition(state: ScanState, value: ts.Expression, toolName: string, evidence: string[]): boolean {
  const inner = unwrapExpression(value);
  const [local, entry] = ts.isIdentifier(inner)
    ? [inner.text, undefined]
    : ts.isPropertyAccessExpression(inner) && ts.isIdentifier(inner.expression)
      ? [inner.expression.text, inner.name.text]
      : [undefined, undefined];
  const binding = local !== undefined ? state.imports.get(local) : undefined;
  if (!binding || !binding.specifier.startsWith('.')) return false;
  const exportName = entry ?? binding.exportName;
  if (exportName === '*') return false;
  return handOffImport(state, binding.specifier, {
    exportName,
    kind: 'definition',
    toolName,
    role: 'registeredDefinition',
    member: IMPORTED_HANDLER_KEY,
    evidence,
  });
}

/** Every key of a framework server's `tools` record: a tool, with the handler of the definition under it. */
export function scanServerToolRecords(state: ScanState): void {
  if (!/\bnew\s+(?:[\w$]+\.)?(?:MCP|Mcp)Server\s*\(/.test(state.sourceFile.text)) return;
  for (const node of state.index.of(ts.SyntaxKind.NewExpression, ts.isNewExpression)) {
    const module = serverClassModule(state, node);
    const record = module !== undefined ? toolsRecord(node) : undefined;
    if (!record) continue;
    for (const property of record.properties) {
      if (!ts.isPropertyAssignment(property) && !ts.isShorthandPropertyAssignment(property)) continue;
      const toolName = propertyNameText(property.name);
      if (toolName === undefined || state.seen.has(property)) continue;
      const value = ts.isPropertyAssignment(property) ? property.initializer : property.name;
      const evidence = [
        `key of the tools record given to a ${module} server at ${where(state, property)}`,
        'name: the key',
      ];
      const member = handlerKeyOf(value);
      const local = claimDefinitionAt(state, value, member, 'definition', toolName, evidence);
      if (!local && !handOffDefinition(state, value, toolName, evidence)) continue;
      state.seen.add(property);
      state.registrations.push({
        name: toolName,
        kind: 'definition',
        node: property,
        nameNode: property.name,
        handler: local?.fn,
        evidence: local?.fn ? [...evidence, `handler: its ${member}`] : evidence,
        listed: true,
      });
    }
  }
}
