/**
 * The SDK's registration method handed around as a value: a parameter or variable typed as the server's
 * method (`reg: McpServer['registerTool']`, or an alias of it, `type RegisterTool = McpServer['registerTool']`,
 * declared here or imported from another file of the project). A call of it registers a tool exactly as the
 * method does: `registerTool('get_guide', config, handler)` in a function taking `registerTool: RegisterTool`.
 *
 * The server type must be imported from an MCP server package and the index must name one of the SDK's
 * registration methods, so a callback typed otherwise (`onTool: ToolCallback`) stays what it is. An exported
 * alias is shared with the project's other files as a record shape (`method:RegisterTool>registerTool`).
 */
import ts from 'typescript';
import { FUNCTION_KINDS } from '../parse/nodeIndex';
import { isFunctionLike } from '../parse/syntax';
import { isMcpServerModule } from './relevance';
import { type ScanState, where } from './scanContext';

const METHODS = new Set(['registerTool', 'registerToolTask', 'tool']);
const PREFIX = 'method:';

function shapeOf(alias: string, method: string): string {
  return `${PREFIX}${alias}>${method}`;
}

/** `McpServer['registerTool']` with `McpServer` imported from an MCP server package: the method's name. */
function indexedServerMethod(state: ScanState, type: ts.TypeNode): string | undefined {
  if (!ts.isIndexedAccessTypeNode(type)) return undefined;
  const object = type.objectType;
  const index = type.indexType;
  if (!ts.isTypeReferenceNode(object) || !ts.isIdentifier(object.typeName)) return undefined;
  const binding = state.imports.get(object.typeName.text);
  if (!binding || !isMcpServerModule(binding.specifier)) return undefined;
  if (!ts.isLiteralTypeNode(index) || !ts.isStringLiteral(index.literal)) return undefined;
  return METHODS.has(index.literal.text) ? index.literal.text : undefined;
}

function hasExport(node: ts.Node): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
}

/** This file's aliases of a registration method, by alias name. */
function localAliases(state: ScanState): Map<string, { method: string; exported: boolean }> {
  const aliases = new Map<string, { method: string; exported: boolean }>();
  for (const alias of state.sourceFile.statements) {
    if (!ts.isTypeAliasDeclaration(alias) || alias.typeParameters) continue;
    const method = indexedServerMethod(state, alias.type);
    if (method) aliases.set(alias.name.text, { method, exported: hasExport(alias) });
  }
  return aliases;
}

/** The registration method a declared type stands for, if any. */
function methodOfType(
  state: ScanState,
  type: ts.TypeNode | undefined,
  aliases: ReadonlyMap<string, { method: string }>,
): string | undefined {
  if (!type) return undefined;
  const direct = indexedServerMethod(state, type);
  if (direct) return direct;
  if (!ts.isTypeReferenceNode(type) || !ts.isIdentifier(type.typeName) || type.typeArguments) return undefined;
  const local = aliases.get(type.typeName.text);
  if (local) return local.method;
  const imported = state.imports.get(type.typeName.text);
  if (!imported || !imported.specifier.startsWith('.')) return undefined;
  for (const method of METHODS) {
    if (state.knowledge.recordShape?.(shapeOf(imported.exportName, method)) === true) return method;
  }
  return undefined;
}

/**
 * Makes the file's parameters and variables typed as a registration method known as wrappers (the name is
 * the first argument; the handler the third of `registerTool`, the last function of `tool`), before the
 * registration calls are read. Returns the shapes of the aliases this file exports.
 */
export function bindRegistrationMethodValues(state: ScanState): string[] {
  const aliases = localAliases(state);
  const declarations: Array<ts.ParameterDeclaration | ts.VariableDeclaration> = [
    ...state.index.ofKinds(FUNCTION_KINDS).flatMap((node) => (isFunctionLike(node) ? [...node.parameters] : [])),
    ...state.index.of(ts.SyntaxKind.VariableDeclaration, ts.isVariableDeclaration),
  ];
  for (const declaration of declarations) {
    if (!ts.isIdentifier(declaration.name) || !declaration.type) continue;
    const method = methodOfType(state, declaration.type, aliases);
    if (!method) continue;
    const name = declaration.name.text;
    if (state.wrappers.has(name)) continue;
    state.wrappers.set(name, {
      name,
      nameFrom: { index: 0 },
      handlerFrom: method === 'tool' ? undefined : { index: 2 },
      evidence: [`${name} (${where(state, declaration)}) is typed as the MCP server's ${method}`],
      shared: false,
    });
  }
  return [...aliases].filter(([, alias]) => alias.exported).map(([alias, { method }]) => shapeOf(alias, method));
}
