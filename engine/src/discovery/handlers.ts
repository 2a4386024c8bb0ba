/**
 * Finds MCP tool registrations and the handler functions behind them:
 * `registerTool(name, config, handler)`, `tool(name, …, handler)`,
 * `setRequestHandler(CallToolRequestSchema | 'tools/call', handler)`, handler factories
 * (`defineTool({ handler })`) and functions tagged `@mcpToolHandler`.
 */
import * as path from 'node:path';
import ts from 'typescript';
import { FUNCTION_KINDS, NodeIndex } from '../parse/nodeIndex';
import { type FunctionLike, findProperty, isFunctionLike, unwrapExpression } from '../parse/syntax';

export type RegistrationKind = 'registerTool' | 'tool' | 'setRequestHandler' | 'factory' | 'jsdoc';

export interface ToolRegistration {
  /** The tool name when it is a string literal; null for dispatchers and computed names. */
  name: string | null;
  kind: RegistrationKind;
  /** The call that registers the tool (or the tagged function). */
  node: ts.Node;
  /** The node that names the tool, for "go to handler". */
  nameNode: ts.Node;
}

export interface ToolHandler {
  fn: FunctionLike;
  kind: RegistrationKind;
  /** Low-level `tools/call` dispatcher: a throw becomes a JSON-RPC error. */
  lowLevel: boolean;
  toolName: string | null;
}

/** A handler registered in one file whose function is exported from another. */
export interface ExternalHandlerRef {
  /** Absolute path of the file that defines the handler, without extension guessing applied. */
  fileName: string;
  exportName: string;
  kind: RegistrationKind;
  toolName: string | null;
}

export interface HandlerScan {
  registrations: ToolRegistration[];
  handlers: ToolHandler[];
  external: ExternalHandlerRef[];
}

export interface HandlerScanOptions {
  /** Extra factory names whose `handler` property is a tool handler. */
  handlerFactories: readonly string[];
  /** Exports of this file that other files register as tool handlers. */
  externalExports?: ReadonlyMap<string, Omit<ExternalHandlerRef, 'fileName' | 'exportName'>>;
  /** Resolves an import specifier from this file to an absolute file path. */
  resolveImport?: (specifier: string, fromFile: string) => string | undefined;
  /** The file's node index, when the caller has one already. */
  index?: NodeIndex;
}

const TOOLS_CALL = 'tools/call';

function isCallToolSchema(node: ts.Expression): boolean {
  const inner = unwrapExpression(node);
  if (ts.isStringLiteralLike(inner)) return inner.text === TOOLS_CALL;
  if (ts.isIdentifier(inner)) return inner.text === 'CallToolRequestSchema';
  if (ts.isPropertyAccessExpression(inner)) return inner.name.text === 'CallToolRequestSchema';
  return false;
}

interface LocalBindings {
  functions: ReadonlyMap<string, FunctionLike>;
  imports: Map<string, { specifier: string; exportName: string }>;
}

const namedFunctionsCache = new WeakMap<NodeIndex, ReadonlyMap<string, FunctionLike>>();

/** The file's named functions (`function f`, `const f = () => …`), by name; the first declaration wins. */
export function namedFunctions(index: NodeIndex): ReadonlyMap<string, FunctionLike> {
  const cached = namedFunctionsCache.get(index);
  if (cached) return cached;
  const functions = new Map<string, FunctionLike>();
  for (const node of index.ofKinds([ts.SyntaxKind.FunctionDeclaration, ts.SyntaxKind.VariableDeclaration])) {
    if (ts.isFunctionDeclaration(node) && node.name && node.body && !functions.has(node.name.text)) {
      functions.set(node.name.text, node);
    } else if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      const init = unwrapExpression(node.initializer);
      if ((ts.isArrowFunction(init) || ts.isFunctionExpression(init)) && !functions.has(node.name.text)) {
        functions.set(node.name.text, init);
      }
    }
  }
  namedFunctionsCache.set(index, functions);
  return functions;
}

/** Collects the file's named functions and imported bindings, once per scan. */
function collectBindings(index: NodeIndex): LocalBindings {
  const functions = namedFunctions(index);
  const imports = new Map<string, { specifier: string; exportName: string }>();
  for (const node of index.of(ts.SyntaxKind.ImportDeclaration, ts.isImportDeclaration)) {
    if (!ts.isStringLiteral(node.moduleSpecifier) || !node.importClause) continue;
    const specifier = node.moduleSpecifier.text;
    const clause = node.importClause;
    if (clause.name) imports.set(clause.name.text, { specifier, exportName: 'default' });
    if (clause.namedBindings && ts.isNamedImports(clause.namedBindings)) {
      for (const element of clause.namedBindings.elements) {
        const exportName = (element.propertyName ?? element.name).text;
        imports.set(element.name.text, { specifier, exportName });
      }
    }
  }
  return { functions, imports };
}

function hasHandlerTag(node: ts.Node): boolean {
  return ts.getJSDocTags(node).some((tag) => tag.tagName.text === 'mcpToolHandler');
}

/** Exported function declarations and `export const x = () => …` of a file, by export name. */
export function exportedFunctions(sourceFile: ts.SourceFile): Map<string, FunctionLike> {
  const result = new Map<string, FunctionLike>();
  for (const statement of sourceFile.statements) {
    const exported = ts.canHaveModifiers(statement)
      ? (ts.getModifiers(statement) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
      : false;
    const isDefault = ts.canHaveModifiers(statement)
      ? (ts.getModifiers(statement) ?? []).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword)
      : false;
    if (ts.isFunctionDeclaration(statement) && statement.body && exported) {
      result.set(isDefault ? 'default' : (statement.name?.text ?? 'default'), statement);
    } else if (ts.isVariableStatement(statement) && exported) {
      for (const declaration of statement.declarationList.declarations) {
        const init = declaration.initializer && unwrapExpression(declaration.initializer);
        if (ts.isIdentifier(declaration.name) && init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init))) {
          result.set(declaration.name.text, init);
        }
      }
    } else if (ts.isExportAssignment(statement)) {
      const init = unwrapExpression(statement.expression);
      if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) result.set('default', init);
    }
  }
  return result;
}

/** Finds every tool registration and handler in a source file. */
export function scanHandlers(sourceFile: ts.SourceFile, options: HandlerScanOptions): HandlerScan {
  const registrations: ToolRegistration[] = [];
  const handlers: ToolHandler[] = [];
  const external: ExternalHandlerRef[] = [];
  const seen = new Set<ts.Node>();
  let bindings: LocalBindings | undefined;
  const factories = new Set(options.handlerFactories);
  const index = options.index ?? NodeIndex.of(sourceFile);

  const addHandler = (expression: ts.Expression, kind: RegistrationKind, toolName: string | null): void => {
    const target = unwrapExpression(expression);
    const lowLevel = kind === 'setRequestHandler';
    if (ts.isArrowFunction(target) || ts.isFunctionExpression(target)) {
      if (!seen.has(target)) handlers.push({ fn: target, kind, lowLevel, toolName });
      seen.add(target);
      return;
    }
    if (!ts.isIdentifier(target)) return;
    bindings ??= collectBindings(index);
    const local = bindings.functions.get(target.text);
    if (local) {
      if (!seen.has(local)) handlers.push({ fn: local, kind, lowLevel, toolName });
      seen.add(local);
      return;
    }
    const imported = bindings.imports.get(target.text);
    if (imported && options.resolveImport) {
      const fileName = options.resolveImport(imported.specifier, sourceFile.fileName);
      if (fileName) external.push({ fileName, exportName: imported.exportName, kind, toolName });
    }
  };

  const visitCall = (node: ts.CallExpression): void => {
    if (ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const args = node.arguments;
      if (method === 'registerTool' && args.length >= 3) {
        const name = ts.isStringLiteralLike(args[0]) ? args[0].text : null;
        registrations.push({ name, kind: 'registerTool', node, nameNode: args[0] });
        addHandler(args[args.length - 1], 'registerTool', name);
      } else if (method === 'tool' && args.length >= 2 && ts.isStringLiteralLike(args[0])) {
        const last = unwrapExpression(args[args.length - 1]);
        if (ts.isArrowFunction(last) || ts.isFunctionExpression(last) || ts.isIdentifier(last)) {
          registrations.push({ name: args[0].text, kind: 'tool', node, nameNode: args[0] });
          addHandler(last, 'tool', args[0].text);
        }
      } else if (method === 'setRequestHandler' && args.length >= 2 && isCallToolSchema(args[0])) {
        registrations.push({ name: null, kind: 'setRequestHandler', node, nameNode: args[0] });
        addHandler(args[1], 'setRequestHandler', null);
      }
    }
    if (factories.size > 0) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee)
        ? callee.text
        : ts.isPropertyAccessExpression(callee)
          ? callee.name.text
          : undefined;
      if (name && factories.has(name)) {
        for (const arg of node.arguments) {
          const object = unwrapExpression(arg);
          if (!ts.isObjectLiteralExpression(object)) continue;
          const handler = findProperty(object, ['handler']);
          const nameProperty = findProperty(object, ['name']);
          const toolName =
            nameProperty && ts.isPropertyAssignment(nameProperty) && ts.isStringLiteralLike(nameProperty.initializer)
              ? nameProperty.initializer.text
              : node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])
                ? node.arguments[0].text
                : null;
          if (handler) {
            registrations.push({ name: toolName, kind: 'factory', node, nameNode: node.expression });
            addHandler(ts.isPropertyAssignment(handler) ? handler.initializer : handler.name, 'factory', toolName);
          }
        }
        const methodHandler = node.arguments
          .map(unwrapExpression)
          .filter(ts.isObjectLiteralExpression)
          .flatMap((o) => o.properties.filter(ts.isMethodDeclaration))
          .find((m) => ts.isIdentifier(m.name) && m.name.text === 'handler');
        if (methodHandler && !seen.has(methodHandler)) {
          seen.add(methodHandler);
          handlers.push({ fn: methodHandler, kind: 'factory', lowLevel: false, toolName: null });
        }
      }
    }
  };
  const visitFunction = (node: ts.Node): void => {
    if (isFunctionLike(node) && !seen.has(node)) {
      const tagged =
        hasHandlerTag(node) ||
        (!ts.isFunctionDeclaration(node) &&
          ts.isVariableDeclaration(node.parent) &&
          node.parent.parent &&
          ts.isVariableDeclarationList(node.parent.parent) &&
          hasHandlerTag(node.parent.parent.parent));
      if (tagged) {
        seen.add(node);
        handlers.push({ fn: node, kind: 'jsdoc', lowLevel: false, toolName: null });
        registrations.push({ name: null, kind: 'jsdoc', node, nameNode: node });
      }
    }
  };
  for (const call of index.of(ts.SyntaxKind.CallExpression, ts.isCallExpression)) visitCall(call);
  if (sourceFile.text.includes('@mcpToolHandler')) {
    for (const fn of index.ofKinds(FUNCTION_KINDS)) visitFunction(fn);
  }

  if (options.externalExports && options.externalExports.size > 0) {
    const exported = exportedFunctions(sourceFile);
    for (const [exportName, ref] of options.externalExports) {
      const fn = exported.get(exportName);
      if (fn && !seen.has(fn)) {
        seen.add(fn);
        handlers.push({ fn, kind: ref.kind, lowLevel: ref.kind === 'setRequestHandler', toolName: ref.toolName });
      }
    }
  }
  return { registrations, handlers, external };
}

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '.jsx'];

/** Resolves a relative import to a file that exists, the way TypeScript's node resolution would. */
export function resolveRelativeImport(
  specifier: string,
  fromFile: string,
  exists: (fileName: string) => boolean,
): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(fromFile), specifier);
  const withoutJs = base.replace(/\.(m|c)?jsx?$/, '');
  // TypeScript sources first, as TypeScript resolves `./h.js` to `./h.ts` when both exist.
  const candidates = [
    ...SOURCE_EXTENSIONS.map((ext) => withoutJs + ext),
    base,
    ...SOURCE_EXTENSIONS.map((ext) => path.join(base, 'index' + ext)),
  ];
  return candidates.find((candidate) => /\.[cm]?[jt]sx?$/.test(candidate) && exists(candidate));
}
