/**
 * Tool APIs of other products that share the SDK's method names: a coding agent's extension that calls
 * `agent.registerTool({ name, parameters, execute })` on the `agent: ExtensionAPI` its host hands it, an editor's
 * `vscode.lm.registerTool('name', tool)`. A call counts as that product's API, not an MCP registration, when its
 * receiver is typed by, or imported from, an installed package that is not an MCP one:
 * - the package is outside the workspace (a project's own packages, and its path aliases, may wrap the SDK);
 * - its specifier does not name MCP (`@modelcontextprotocol/…`, `fastmcp`, `agents/mcp`, `@acme/mcp-kit` stay MCP);
 * - the type's own name does not name MCP either (`server: McpServer` from a toolkit still registers MCP tools).
 * A receiver with no declared type (`server`, `this.server`, `api: any`) is left to the other rules.
 */
import ts from 'typescript';
import { isFunctionLike, unwrapExpression } from '../parse/syntax';
import { isMcpServerModule } from './relevance';
import type { ScanState } from './scanContext';

const NAMES_MCP = /mcp/i;

/** Whether an import specifier is an installed package that is not an MCP package. */
function isOtherPackage(state: ScanState, specifier: string): boolean {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return false;
  if (NAMES_MCP.test(specifier) || specifier.startsWith('@modelcontextprotocol/') || isMcpServerModule(specifier)) {
    return false;
  }
  return state.resolveImport?.(specifier, state.sourceFile.fileName) === undefined;
}

/** The package a type annotation's name is imported from: `ExtensionAPI`, `host.ExtensionAPI`. */
function typeSpecifier(state: ScanState, type: ts.TypeNode | undefined): string | undefined {
  if (!type || !ts.isTypeReferenceNode(type)) return undefined;
  const name = type.typeName;
  const typeText = ts.isIdentifier(name) ? name.text : name.right.text;
  if (NAMES_MCP.test(typeText)) return undefined;
  const root = ts.isIdentifier(name) ? name : ts.isIdentifier(name.left) ? name.left : undefined;
  return root ? state.imports.get(root.text)?.specifier : undefined;
}

/** The declared type of a parameter or typed variable named `name` in the scopes around `from`. */
function declaredType(from: ts.Node, name: string): ts.TypeNode | undefined {
  for (let node: ts.Node | undefined = from.parent; node; node = node.parent) {
    if (isFunctionLike(node)) {
      for (const parameter of node.parameters) {
        if (ts.isIdentifier(parameter.name) && parameter.name.text === name) return parameter.type;
      }
    }
    if (ts.isBlock(node) || ts.isSourceFile(node)) {
      for (const statement of node.statements) {
        if (!ts.isVariableStatement(statement)) continue;
        for (const declaration of statement.declarationList.declarations) {
          if (ts.isIdentifier(declaration.name) && declaration.name.text === name) return declaration.type;
        }
      }
    }
  }
  return undefined;
}

/** The declared type of `this.name`: a property of the class around `from`, or a constructor parameter property. */
function memberType(from: ts.Node, name: string): ts.TypeNode | undefined {
  let node: ts.Node | undefined = from.parent;
  while (node && !ts.isClassLike(node)) node = node.parent;
  if (!node) return undefined;
  for (const member of node.members) {
    if (ts.isPropertyDeclaration(member) && ts.isIdentifier(member.name) && member.name.text === name) {
      return member.type;
    }
    if (ts.isConstructorDeclaration(member)) {
      for (const parameter of member.parameters) {
        const isProperty = (ts.getModifiers(parameter) ?? []).length > 0;
        if (isProperty && ts.isIdentifier(parameter.name) && parameter.name.text === name) return parameter.type;
      }
    }
  }
  return undefined;
}

/**
 * Whether a method call (`agent.registerTool(…)`, `vscode.lm.registerTool(…)`, `this.host.registerTool(…)`) goes to
 * another product's tool API, by what its receiver is typed by or imported from.
 */
export function callsOtherToolApi(state: ScanState, call: ts.CallExpression | ts.NewExpression): boolean {
  const callee = unwrapExpression(call.expression);
  if (!ts.isPropertyAccessExpression(callee)) return false;
  let receiver = unwrapExpression(callee.expression);
  // `this.host.registerTool(…)`: the class member's type.
  if (
    ts.isPropertyAccessExpression(receiver) &&
    receiver.expression.kind === ts.SyntaxKind.ThisKeyword &&
    ts.isIdentifier(receiver.name)
  ) {
    const specifier = typeSpecifier(state, memberType(call, receiver.name.text));
    return specifier !== undefined && isOtherPackage(state, specifier);
  }
  while (ts.isPropertyAccessExpression(receiver)) receiver = unwrapExpression(receiver.expression);
  if (!ts.isIdentifier(receiver)) return false;
  const declared = declaredType(call, receiver.text);
  if (declared) {
    const specifier = typeSpecifier(state, declared);
    return specifier !== undefined && isOtherPackage(state, specifier);
  }
  // `import * as vscode from 'vscode'; vscode.lm.registerTool(…)`: a value the package provides.
  const imported = state.imports.get(receiver.text);
  return imported !== undefined && !NAMES_MCP.test(receiver.text) && isOtherPackage(state, imported.specifier);
}
