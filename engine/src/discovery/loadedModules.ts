/**
 * Tool modules loaded at run time and registered in a loop over the modules:
 *
 *     const files = await readdir(join(__dirname, 'tools'));
 *     const modules = await Promise.all(files.map((f) => import(join(dir, f))));
 *     for (const m of modules) server.registerTool(m.method, { inputSchema: m.parameters }, (a) => m.handler(a));
 *
 * The loop names each tool by a key of the module (`m.method`, `m.name`, `m.toolName`) and calls
 * another (`m.handler`). The modules are followed from the loop's list — through variables, `await`,
 * `.filter` / `.sort`, a local function that reads a folder and imports its files (`readdir` +
 * `import()`), `import.meta.glob('./tools/*.ts')`, or an array of namespace imports
 * (`[ping, echo]` with `import * as ping from './tools/ping'`) — to the files, and each file that
 * exports that name as a constant and that handler as a function is a tool (role `loadedModule`).
 * A module in a folder the loader does not read (a sub-folder of helpers) is not one.
 */
import * as path from 'node:path';
import ts from 'typescript';
import {
  type FunctionLike,
  isExportedStatement,
  isFunctionLike,
  returnedExpressions,
  unwrapExpression,
  walk,
} from '../parse/syntax';
import type { Reexport } from './handlers';
import { type ExternalHandlerRef, type ScanState, handOffImport, where } from './scanContext';
import { isTestFile } from './mcpSides';
import { DECLARATION_FILE, SOURCE_FILE_PATTERN } from './sourceFiles';

/** Array methods that hand back (some of) the same elements. */
const PASS_THROUGH = new Set(['filter', 'sort', 'slice', 'toSorted', 'reverse', 'concat', 'flat']);
/** Calls that list a folder. */
const FOLDER_READERS = new Set(['readdir', 'readdirSync']);
/** A module's name key: a wire name, not a title. */
const TOOL_NAME = /^[A-Za-z][\w.:-]*$/;

type ModuleRef = Omit<ExternalHandlerRef, 'fileName'>;

/** Where the modules of a loop come from: folders read at run time, or namespace imports. */
interface ModuleSources {
  folders: string[];
  specifiers: string[];
}

/** The loop (for…of or `.forEach`) whose element is `element`, around `call`: its list. */
function loopSource(call: ts.Node, element: string): ts.Expression | undefined {
  for (let node: ts.Node | undefined = call.parent; node && !ts.isSourceFile(node); node = node.parent) {
    if (ts.isForOfStatement(node) && ts.isVariableDeclarationList(node.initializer)) {
      const declared = node.initializer.declarations[0]?.name;
      if (declared && ts.isIdentifier(declared) && declared.text === element) return node.expression;
    }
    if ((ts.isArrowFunction(node) || ts.isFunctionExpression(node)) && node.parameters[0]) {
      const parameter = node.parameters[0].name;
      const outer = node.parent;
      if (
        ts.isIdentifier(parameter) &&
        parameter.text === element &&
        ts.isCallExpression(outer) &&
        ts.isPropertyAccessExpression(outer.expression) &&
        outer.expression.name.text === 'forEach'
      ) {
        return outer.expression.expression;
      }
    }
  }
  return undefined;
}

/** The key of the element the registration calls (`m.handler(a)`) or hands over (`m.handler`), other than the name key. */
function handlerKeyOf(handler: ts.Expression, element: string, nameKey: string): string | undefined {
  const keyOf = (node: ts.Node): string | undefined => {
    const inner = ts.isExpression(node) ? unwrapExpression(node) : node;
    if (!ts.isPropertyAccessExpression(inner)) return undefined;
    const receiver = unwrapExpression(inner.expression);
    const key = inner.name.text;
    return ts.isIdentifier(receiver) && receiver.text === element && key !== nameKey ? key : undefined;
  };
  const direct = keyOf(handler);
  if (direct) return direct;
  let called: string | undefined;
  walk(handler, (node) => {
    if (called) return false;
    if (ts.isCallExpression(node)) called = keyOf(node.expression);
    return true;
  });
  return called;
}

/** The declaration of `name` visible at `at`: the nearest enclosing scope's `const`/`let`. */
function declarationOf(state: ScanState, name: string, at: ts.Node): ts.VariableDeclaration | undefined {
  let best: ts.VariableDeclaration | undefined;
  for (const declaration of state.index.of(ts.SyntaxKind.VariableDeclaration, ts.isVariableDeclaration)) {
    if (!ts.isIdentifier(declaration.name) || declaration.name.text !== name || !declaration.initializer) continue;
    let scope: ts.Node = declaration.parent;
    while (scope.parent && !ts.isBlock(scope) && !ts.isSourceFile(scope) && !isFunctionLike(scope)) {
      scope = scope.parent;
    }
    if (at.pos < scope.pos || at.end > scope.end || declaration.pos > at.pos) continue;
    if (!best || declaration.pos > best.pos) best = declaration;
  }
  return best;
}

/** `import(…)` calls and folder readers inside `scope`; the folder the first reader reads, resolved. */
function loaderFolder(state: ScanState, scope: ts.Node): string | undefined {
  let imports = false;
  let reader: ts.CallExpression | undefined;
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      if (node.expression.kind === ts.SyntaxKind.ImportKeyword) imports = true;
      const callee = unwrapExpression(node.expression);
      const name = ts.isIdentifier(callee)
        ? callee.text
        : ts.isPropertyAccessExpression(callee)
          ? callee.name.text
          : undefined;
      if (!reader && name && FOLDER_READERS.has(name) && node.arguments[0]) reader = node;
    }
    return true;
  };
  visit(scope);
  walk(scope, visit);
  if (!imports || !reader) return undefined;
  return folderOf(state, reader.arguments[0], reader, 0);
}

/** Whether an expression stands for the folder of the current file (`__dirname`, `import.meta.dirname`, …). */
function isOwnFolder(state: ScanState, expression: ts.Expression, depth: number): boolean {
  const inner = unwrapExpression(expression);
  const text = inner.getText(state.sourceFile);
  if (text === '__dirname' || text === 'import.meta.dirname') return true;
  // `dirname(fileURLToPath(import.meta.url))`, `path.dirname(__filename)`, or a variable holding one.
  if (ts.isCallExpression(inner) && /dirname$/.test(inner.expression.getText(state.sourceFile))) {
    return /import\.meta\.url|__filename/.test(text);
  }
  if (ts.isIdentifier(inner) && depth < 3) {
    const declaration = declarationOf(state, inner.text, inner);
    return declaration?.initializer !== undefined && isOwnFolder(state, declaration.initializer, depth + 1);
  }
  return false;
}

/** The absolute folder an expression names: `join(__dirname, 'tools')`, `new URL('./tools/', import.meta.url)`, a variable of one. */
function folderOf(state: ScanState, expression: ts.Expression, at: ts.Node, depth: number): string | undefined {
  if (depth > 4) return undefined;
  const here = path.dirname(state.sourceFile.fileName);
  const inner = unwrapExpression(expression);
  if (ts.isIdentifier(inner)) {
    const declaration = declarationOf(state, inner.text, at);
    return declaration?.initializer ? folderOf(state, declaration.initializer, declaration, depth + 1) : undefined;
  }
  if (ts.isNewExpression(inner) && inner.expression.getText(state.sourceFile) === 'URL') {
    const [relative, base] = inner.arguments ?? [];
    if (relative && ts.isStringLiteralLike(relative) && base?.getText(state.sourceFile) === 'import.meta.url') {
      return path.resolve(here, relative.text);
    }
    return undefined;
  }
  if (!ts.isCallExpression(inner)) return undefined;
  const callee = inner.expression.getText(state.sourceFile);
  // `fileURLToPath(new URL('./tools', import.meta.url))`
  if (/fileURLToPath$/.test(callee) && inner.arguments[0]) return folderOf(state, inner.arguments[0], at, depth + 1);
  if (!/(^|\.)(join|resolve)$/.test(callee) || inner.arguments.length < 2) return undefined;
  const [base, ...rest] = inner.arguments;
  if (!isOwnFolder(state, base, 0) || !rest.every((part) => ts.isStringLiteralLike(part))) return undefined;
  return path.resolve(here, ...rest.map((part) => (part as ts.StringLiteralLike).text));
}

/** `import.meta.glob('./tools/*.ts')`: the folder of a one-level pattern. */
function globFolder(state: ScanState, call: ts.CallExpression): string | undefined {
  if (call.expression.getText(state.sourceFile) !== 'import.meta.glob') return undefined;
  const pattern = call.arguments[0];
  if (!pattern || !ts.isStringLiteralLike(pattern)) return undefined;
  const match = /^(\.{1,2}\/(?:[\w.-]+\/)*)\*\.[\w{},]+$/.exec(pattern.text);
  return match ? path.resolve(path.dirname(state.sourceFile.fileName), match[1]) : undefined;
}

/** Follows a loop's list back to the modules it holds. */
function followModules(state: ScanState, expression: ts.Expression, at: ts.Node, found: ModuleSources, depth: number) {
  if (depth > 6) return;
  let inner = unwrapExpression(expression);
  if (ts.isAwaitExpression(inner)) inner = unwrapExpression(inner.expression);
  if (ts.isIdentifier(inner)) {
    const imported = state.imports.get(inner.text);
    if (imported?.exportName === '*') {
      found.specifiers.push(imported.specifier);
      return;
    }
    const declaration = declarationOf(state, inner.text, at);
    if (declaration?.initializer) followModules(state, declaration.initializer, declaration, found, depth + 1);
    return;
  }
  if (ts.isArrayLiteralExpression(inner)) {
    for (const element of inner.elements) {
      const item = ts.isSpreadElement(element) ? element.expression : element;
      followModules(state, item, at, found, depth + 1);
    }
    return;
  }
  if (!ts.isCallExpression(inner)) return;
  const callee = unwrapExpression(inner.expression);
  const glob = globFolder(state, inner);
  if (glob) {
    found.folders.push(glob);
    return;
  }
  if (ts.isPropertyAccessExpression(callee)) {
    const method = callee.name.text;
    const receiver = callee.expression.getText(state.sourceFile);
    // `Object.values(import.meta.glob(…, { eager: true }))`
    if (receiver === 'Object' && method === 'values' && inner.arguments[0]) {
      followModules(state, inner.arguments[0], at, found, depth + 1);
      return;
    }
    // `Promise.all(files.map((f) => import(…)))`: the folder read in the same function.
    if (receiver === 'Promise' && /^all(Settled)?$/.test(method)) {
      const scope = enclosingScope(inner);
      const folder = scope && loaderFolder(state, scope);
      if (folder) found.folders.push(folder);
      return;
    }
    if (PASS_THROUGH.has(method)) {
      followModules(state, callee.expression, at, found, depth + 1);
      return;
    }
  }
  // `await loadTools()`: a local function that reads a folder and imports its files, or returns a list.
  if (ts.isIdentifier(callee)) {
    const fn = state.functions.get(callee.text);
    if (!fn) return;
    const folder = loaderFolder(state, fn);
    if (folder) found.folders.push(folder);
    else for (const returned of returnedExpressions(fn)) followModules(state, returned, returned, found, depth + 1);
  }
}

/** `const m = await import(…)` in a function that reads a folder: that folder. */
function importedInPlace(state: ScanState, element: string, call: ts.Node): string | undefined {
  const declaration = declarationOf(state, element, call);
  let init = declaration?.initializer && unwrapExpression(declaration.initializer);
  if (init && ts.isAwaitExpression(init)) init = unwrapExpression(init.expression);
  if (!init || !ts.isCallExpression(init) || init.expression.kind !== ts.SyntaxKind.ImportKeyword) return undefined;
  const scope = enclosingScope(init);
  return scope && loaderFolder(state, scope);
}

function enclosingScope(node: ts.Node): FunctionLike | ts.SourceFile | undefined {
  for (let current: ts.Node | undefined = node.parent; current; current = current.parent) {
    if (isFunctionLike(current) || ts.isSourceFile(current)) return current;
  }
  return undefined;
}

/**
 * A registration in a loop over modules (`registerTool(m.method, …, (a) => m.handler(a))`): hands each module
 * the loop reaches over to its file. True when the loop's modules were found.
 */
export function scanLoadedModules(
  state: ScanState,
  call: ts.CallExpression,
  nameArg: ts.Expression | undefined,
  handlerArg: ts.Expression | undefined,
): boolean {
  const name = nameArg && unwrapExpression(nameArg);
  if (!name || !handlerArg || !ts.isPropertyAccessExpression(name)) return false;
  const receiver = unwrapExpression(name.expression);
  if (!ts.isIdentifier(receiver)) return false;
  const element = receiver.text;
  const nameKey = name.name.text;
  const handlerKey = handlerKeyOf(handlerArg, element, nameKey);
  if (!handlerKey) return false;
  const found: ModuleSources = { folders: [], specifiers: [] };
  const source = loopSource(call, element);
  if (source) followModules(state, source, call, found, 0);
  else {
    // `for (const file of await readdir(dir)) { const m = await import(join(dir, file)); server.tool(m.name, …) }`
    const folder = importedInPlace(state, element, call);
    if (folder) found.folders.push(folder);
  }
  const evidence = [
    `module loaded at run time and registered in a loop by its ${nameKey} (${where(state, call)}), its ${handlerKey}() called`,
  ];
  const ref: ModuleRef = {
    exportName: '*',
    kind: 'fileConvention',
    toolName: null,
    role: 'loadedModule',
    nameKey,
    member: handlerKey,
    evidence,
  };
  let handed = false;
  const self = path.resolve(state.sourceFile.fileName);
  for (const folder of found.folders) {
    for (const fileName of state.listFolder?.(folder) ?? []) {
      if (!SOURCE_FILE_PATTERN.test(fileName) || DECLARATION_FILE.test(fileName) || isTestFile(fileName)) continue;
      if (path.resolve(fileName) === self) continue;
      state.external.push({ fileName, ...ref });
      handed = true;
    }
  }
  for (const specifier of found.specifiers) if (handOffImport(state, specifier, ref)) handed = true;
  return handed;
}

/** `export * as ping from './ping.js'`: the modules a barrel re-exports whole. */
function namespaceReexports(sourceFile: ts.SourceFile): string[] {
  return sourceFile.statements.flatMap((statement) =>
    ts.isExportDeclaration(statement) &&
    statement.exportClause &&
    ts.isNamespaceExport(statement.exportClause) &&
    statement.moduleSpecifier &&
    ts.isStringLiteral(statement.moduleSpecifier)
      ? [statement.moduleSpecifier.text]
      : [],
  );
}

/** This file's own exports: constants (by name) and functions (by name). */
function ownExports(sourceFile: ts.SourceFile) {
  const constants = new Map<string, ts.VariableDeclaration>();
  const functions = new Map<string, FunctionLike>();
  for (const statement of sourceFile.statements) {
    if (!isExportedStatement(statement)) continue;
    if (ts.isFunctionDeclaration(statement) && statement.name && statement.body) {
      functions.set(statement.name.text, statement);
    }
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || !declaration.initializer) continue;
      const init = unwrapExpression(declaration.initializer);
      if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) functions.set(declaration.name.text, init);
      else constants.set(declaration.name.text, declaration);
    }
  }
  return { constants, functions };
}

/**
 * A module a registration loop loads (role `loadedModule`): a tool when it exports the name key as a
 * constant (`export const method = 'pingHost'`) and the handler key as a function. Names re-exported
 * from another module (`export { method, handler } from './ping/index'`) are handed on to it.
 */
export function loadedModuleExports(
  state: ScanState,
  ref: Omit<ModuleRef, 'exportName'>,
  reexports: readonly Reexport[],
): void {
  const nameKey = ref.nameKey ?? 'name';
  const handlerKey = ref.member ?? 'handler';
  const { constants, functions } = ownExports(state.sourceFile);
  const declaration = constants.get(nameKey);
  if (!declaration) {
    const onward = reexports.find((r) => r.exportName === nameKey && r.importedName === nameKey);
    if (onward && reexports.some((r) => r.specifier === onward.specifier && r.exportName === handlerKey)) {
      handOffImport(state, onward.specifier, { ...ref, exportName: '*' });
    }
    // A barrel of modules (`export * as ping from './ping.js'`) iterated with `Object.values`: each module.
    for (const specifier of namespaceReexports(state.sourceFile)) {
      handOffImport(state, specifier, { ...ref, exportName: '*' });
    }
    return;
  }
  const fn = functions.get(handlerKey);
  const value = state.constants.get(nameKey);
  if (!fn || typeof value !== 'string' || !TOOL_NAME.test(value)) return;
  if (state.registrations.some((r) => r.node === declaration)) return;
  const evidence = [
    `module exporting ${nameKey} (${where(state, declaration)}) and ${handlerKey}()`,
    ...(ref.evidence ?? []),
  ];
  if (!state.seen.has(fn)) {
    state.seen.add(fn);
    state.handlers.push({ fn, kind: 'fileConvention', lowLevel: false, toolName: value, evidence });
  }
  state.registrations.push({
    name: value,
    kind: 'fileConvention',
    node: declaration,
    nameNode: declaration.name,
    handler: fn,
    evidence,
    listed: true,
  });
}
