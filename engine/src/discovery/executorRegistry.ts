/**
 * Tool instances kept in a registry keyed by their name and called by name:
 * `const toolsMap = new Map(Object.values(tools).map((t) => [t.name, t]))` read by
 * `toolsMap.get(call.name)` whose result's `execute(…)` is called — a tools/call dispatcher (or the
 * message handler of a process the server forwards calls to). The instances' classes, each with a
 * `name` and that method, are the tools. Instances imported from other files (a barrel of tool
 * modules, one import per tool) are handed to those files (role `executors`).
 */
import ts from 'typescript';
import { type FunctionLike, propertyNameText, unwrapExpression, walk } from '../parse/syntax';
import type { Reexport } from './handlers';
import { executorUse, forwardedInstances, valuesThroughClass } from './instanceSources';
import { type ScanState, functionName, handOffImport, nameOf, where, shownNameExpression } from './scanContext';

const EXECUTOR_METHODS = new Set(['execute', 'run', 'handle', 'handler', 'call', 'invoke']);
/** Exports that describe a tool module: `export const metadata = { name: 'x', … }`. */
const MODULE_DESCRIPTIONS = ['metadata', 'definition', 'tool', 'spec'];
const NAME_KEYS = new Set(['name', 'toolName']);

/** `(t) => [t.name, t]`: an entry keyed by the element's own name. */
function isNameEntry(fn: ts.Expression): boolean {
  const inner = unwrapExpression(fn);
  if (!ts.isArrowFunction(inner) || inner.parameters.length !== 1) return false;
  const parameter = inner.parameters[0].name;
  if (!ts.isIdentifier(parameter) || ts.isBlock(inner.body)) return false;
  const body = unwrapExpression(inner.body);
  if (!ts.isArrayLiteralExpression(body) || body.elements.length !== 2) return false;
  const [key, value] = body.elements.map(unwrapExpression);
  return (
    ts.isPropertyAccessExpression(key) &&
    NAME_KEYS.has(key.name.text) &&
    ts.isIdentifier(key.expression) &&
    key.expression.text === parameter.text &&
    ts.isIdentifier(value) &&
    value.text === parameter.text
  );
}

/** `Object.values(…)`, `Object.fromEntries(…)`: the method of `Object` called, if that is what it is. */
function objectMethod(call: ts.CallExpression): string | undefined {
  const callee = call.expression;
  if (!ts.isPropertyAccessExpression(callee) || !ts.isIdentifier(callee.expression)) return undefined;
  return callee.expression.text === 'Object' ? callee.name.text : undefined;
}

/** The collection a name-keyed registry is built from: `new Map(SOURCE.map((t) => [t.name, t]))`. */
function registrySource(init: ts.Expression): ts.Expression | undefined {
  const inner = unwrapExpression(init);
  let argument: ts.Expression | undefined;
  if (ts.isNewExpression(inner) && ts.isIdentifier(inner.expression) && inner.expression.text === 'Map') {
    argument = inner.arguments?.[0];
  } else if (ts.isCallExpression(inner) && objectMethod(inner) === 'fromEntries') {
    argument = inner.arguments[0];
  }
  const mapCall = argument && unwrapExpression(argument);
  if (!mapCall || !ts.isCallExpression(mapCall) || !ts.isPropertyAccessExpression(mapCall.expression)) return undefined;
  if (mapCall.expression.name.text !== 'map' || !mapCall.arguments[0] || !isNameEntry(mapCall.arguments[0])) {
    return undefined;
  }
  return mapCall.expression.expression;
}

/** `(t) => t.name === wanted`: a callback that picks an element by its name. */
function picksByName(callback: ts.Expression | undefined): boolean {
  const fn = callback && unwrapExpression(callback);
  if (!fn || !ts.isArrowFunction(fn) || fn.parameters.length !== 1 || ts.isBlock(fn.body)) return false;
  const parameter = fn.parameters[0].name;
  const body = unwrapExpression(fn.body);
  if (!ts.isIdentifier(parameter) || !ts.isBinaryExpression(body)) return false;
  if (
    body.operatorToken.kind !== ts.SyntaxKind.EqualsEqualsEqualsToken &&
    body.operatorToken.kind !== ts.SyntaxKind.EqualsEqualsToken
  ) {
    return false;
  }
  // `t.name`, or `t.metadata.name` (a module that describes itself).
  const ownName = (side: ts.Expression) => {
    const inner = unwrapExpression(side);
    if (!ts.isPropertyAccessExpression(inner) || !NAME_KEYS.has(inner.name.text)) return false;
    let owner = unwrapExpression(inner.expression);
    if (ts.isPropertyAccessExpression(owner) && MODULE_DESCRIPTIONS.includes(owner.name.text)) {
      owner = unwrapExpression(owner.expression);
    }
    return ts.isIdentifier(owner) && owner.text === parameter.text;
  };
  return ownName(body.left) || ownName(body.right);
}

/** `registry.get(x)`, `registry[x]`, `registry.find((t) => t.name === x)`: a lookup by name in `registry`. */
function isLookup(node: ts.Expression, registry: string): boolean {
  const inner = unwrapExpression(node);
  if (ts.isElementAccessExpression(inner)) {
    return (
      ts.isIdentifier(inner.expression) &&
      inner.expression.text === registry &&
      !ts.isStringLiteralLike(inner.argumentExpression)
    );
  }
  if (!ts.isCallExpression(inner) || !ts.isPropertyAccessExpression(inner.expression)) return false;
  const receiver = inner.expression.expression;
  if (!ts.isIdentifier(receiver) || receiver.text !== registry) return false;
  const method = inner.expression.name.text;
  return method === 'get' || (method === 'find' && picksByName(inner.arguments[0]));
}

/** The method called on what a lookup in `registry` returns (`const t = registry.get(x); t.execute(…)`), if any. */
function executorMethod(state: ScanState, registry: string): { method: string; call: ts.Node } | undefined {
  let method: string | undefined;
  let at: ts.Node | undefined;
  const holders = new Set<string>();
  walk(state.sourceFile, (node) => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      isLookup(node.initializer, registry)
    ) {
      holders.add(node.name.text);
    }
    return true;
  });
  walk(state.sourceFile, (node) => {
    if (method) return false;
    if (!ts.isCallExpression(node)) return true;
    // `tool.execute(args)`, also `(tool.handler as Fn)(args)`.
    const callee = unwrapExpression(node.expression);
    if (!ts.isPropertyAccessExpression(callee)) return true;
    const name = callee.name.text;
    const receiver = unwrapExpression(callee.expression);
    const fromRegistry = (ts.isIdentifier(receiver) && holders.has(receiver.text)) || isLookup(receiver, registry);
    if (fromRegistry && EXECUTOR_METHODS.has(name)) [method, at] = [name, node];
    return true;
  });
  return method && at ? { method, call: at } : undefined;
}

function topLevelInitializer(state: ScanState, name: string): ts.Expression | undefined {
  for (const statement of state.sourceFile.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name) && declaration.name.text === name) return declaration.initializer;
    }
  }
  return undefined;
}

function classNamed(state: ScanState, name: string): ts.ClassDeclaration | undefined {
  return state.sourceFile.statements.find(
    (s): s is ts.ClassDeclaration => ts.isClassDeclaration(s) && s.name?.text === name,
  );
}

/** Records a class with a `name` and the executor method as a tool. */
function recordExecutorClass(
  state: ScanState,
  node: ts.ClassDeclaration,
  method: string,
  evidence: readonly string[],
): void {
  if (state.registrations.some((r) => r.node === node)) return;
  const nameProperty = node.members.find(
    (m): m is ts.PropertyDeclaration =>
      ts.isPropertyDeclaration(m) && NAME_KEYS.has(propertyNameText(m.name) ?? '') && m.initializer !== undefined,
  );
  const handler = node.members.find(
    (m): m is ts.MethodDeclaration => ts.isMethodDeclaration(m) && propertyNameText(m.name) === method && !!m.body,
  );
  if (!nameProperty?.initializer || !handler) return;
  const resolved = nameOf(state, nameProperty.initializer);
  if (resolved.name === null) return;
  const classEvidence = [
    `class ${node.name?.text ?? ''} (${where(state, node)}): name and ${method}(), its instance kept in a registry called by name`,
    ...evidence,
  ];
  if (!state.seen.has(handler)) {
    state.seen.add(handler);
    state.handlers.push({
      fn: handler as FunctionLike,
      kind: 'class',
      lowLevel: false,
      toolName: resolved.name,
      evidence: classEvidence,
    });
  }
  state.registrations.push({
    name: resolved.name,
    nameExpression: shownNameExpression(nameProperty.initializer, resolved),
    kind: 'class',
    node,
    nameNode: nameProperty.name,
    handler: handler as FunctionLike,
    evidence: classEvidence,
    listed: true,
  });
}

/** An instance (`new C()`) or a class: the class, when it is written in this file. */
function classOfValue(state: ScanState, value: ts.Expression): ts.ClassDeclaration | undefined {
  const inner = unwrapExpression(value);
  if (ts.isNewExpression(inner) && ts.isIdentifier(inner.expression)) return classNamed(state, inner.expression.text);
  if (ts.isIdentifier(inner)) return classNamed(state, inner.text);
  return undefined;
}

function handOff(state: ScanState, specifier: string, exportName: string, method: string, evidence: readonly string[]) {
  handOffImport(state, specifier, {
    exportName,
    kind: 'class',
    toolName: null,
    role: 'executors',
    executorMethod: method,
    evidence: [...evidence],
  });
}

/** Follows a registry's source to the instances: local objects, arrays, spreads, imports. */
function followSource(
  state: ScanState,
  expression: ts.Expression,
  method: string,
  evidence: readonly string[],
  depth: number,
): void {
  if (depth > 4) return;
  const inner = unwrapExpression(expression);
  if (ts.isCallExpression(inner) && /^(values|entries)$/.test(objectMethod(inner) ?? '')) {
    if (inner.arguments[0]) followSource(state, inner.arguments[0], method, evidence, depth + 1);
  } else if (ts.isArrayLiteralExpression(inner)) {
    for (const element of inner.elements) followSource(state, element, method, evidence, depth + 1);
  } else if (ts.isSpreadElement(inner)) {
    followSource(state, inner.expression, method, evidence, depth + 1);
  } else if (ts.isObjectLiteralExpression(inner)) {
    // `{ ...meta, handler: fn }` when `handler` is the method looked up: the entry executes itself (a definition).
    if (inner.properties.some((p) => !ts.isSpreadAssignment(p) && propertyNameText(p.name) === method)) return;
    for (const property of inner.properties) {
      if (ts.isSpreadAssignment(property)) followSource(state, property.expression, method, evidence, depth + 1);
      else if (ts.isPropertyAssignment(property))
        followSource(state, property.initializer, method, evidence, depth + 1);
      else if (ts.isShorthandPropertyAssignment(property))
        followSource(state, property.name, method, evidence, depth + 1);
    }
  } else if (ts.isNewExpression(inner)) {
    const found = classOfValue(state, inner);
    if (found) recordExecutorClass(state, found, method, evidence);
    else if (ts.isIdentifier(inner.expression)) {
      const imported = state.imports.get(inner.expression.text);
      if (imported) handOff(state, imported.specifier, imported.exportName, method, evidence);
    }
  } else if (ts.isIdentifier(inner)) {
    const imported = state.imports.get(inner.text);
    if (imported) handOff(state, imported.specifier, imported.exportName, method, evidence);
    else {
      const initializer = topLevelInitializer(state, inner.text);
      if (initializer) followSource(state, initializer, method, evidence, depth + 1);
      else for (const value of valuesThroughClass(inner) ?? []) followSource(state, value, method, evidence, depth + 1);
    }
  } else {
    // `this.listTools()`, `this.tools.water`: read through the class (instanceSources.ts).
    for (const value of valuesThroughClass(inner) ?? []) followSource(state, value, method, evidence, depth + 1);
  }
}

/** Name-keyed registries of tool instances in this file whose looked-up value is executed. */
export function scanExecutorRegistries(state: ScanState): void {
  const registries = new Map<string, ts.Expression>();
  for (const declaration of state.index.of(ts.SyntaxKind.VariableDeclaration, ts.isVariableDeclaration)) {
    if (!ts.isIdentifier(declaration.name) || !declaration.initializer) continue;
    const source = registrySource(declaration.initializer);
    if (source) registries.set(declaration.name.text, source);
  }
  // `TOOLS.find((t) => t.name === name)`: the list is the registry.
  for (const call of state.index.of(ts.SyntaxKind.CallExpression, ts.isCallExpression)) {
    const callee = call.expression;
    if (!ts.isPropertyAccessExpression(callee) || callee.name.text !== 'find') continue;
    if (ts.isIdentifier(callee.expression) && picksByName(call.arguments[0])) {
      registries.set(callee.expression.text, callee.expression);
    }
  }
  for (const [registry, source] of registries) {
    // Only registries of tools: the registry or what it is built from says so.
    if (!/tool/i.test(registry) && !/tool/i.test(source.getText(state.sourceFile))) continue;
    const found = executorMethod(state, registry);
    if (!found) continue;
    const evidence = [`${registry} keys tool instances by name; the one looked up has its ${found.method}() called`];
    followSource(state, source, found.method, evidence, 0);
    // A tools/call handler that dispatches through the registry registers the instances, not a tool of its own.
    const at = found.call.getStart(state.sourceFile);
    for (const registration of state.registrations) {
      if (registration.kind === 'setRequestHandler' && registration.node.pos <= at && at < registration.node.end) {
        registration.listed = false;
      }
    }
  }
}

/**
 * A registration loop over instances that calls a method of each in the handler it registers
 * (`for (const tool of tools) server.tool(tool.name, …, (a) => tool.execute(a))`): their classes are the tools.
 */
export function scanLoopInstances(state: ScanState, call: ts.CallExpression, handler: ts.Expression | undefined): void {
  const fn = handler && unwrapExpression(handler);
  if (!fn) return;
  for (let node: ts.Node | undefined = call.parent; node && !ts.isSourceFile(node); node = node.parent) {
    let element: string | undefined;
    let source: ts.Expression | undefined;
    if (ts.isForOfStatement(node) && ts.isVariableDeclarationList(node.initializer)) {
      const declared = node.initializer.declarations[0]?.name;
      if (declared && ts.isIdentifier(declared)) [element, source] = [declared.text, node.expression];
    } else if ((ts.isArrowFunction(node) || ts.isFunctionExpression(node)) && node.parameters.length >= 1) {
      const parameter = node.parameters[0].name;
      const outer = node.parent;
      if (
        ts.isIdentifier(parameter) &&
        ts.isCallExpression(outer) &&
        ts.isPropertyAccessExpression(outer.expression) &&
        outer.expression.name.text === 'forEach'
      ) {
        [element, source] = [parameter.text, outer.expression.expression];
      }
    }
    if (!element || !source) continue;
    // `(a) => tool.execute(a)`, also `tool.execute.bind(tool)`.
    const method = executorUse(fn, element, EXECUTOR_METHODS);
    if (method) {
      const evidence = [
        `registered in a loop over ${source.getText(state.sourceFile)} (${where(state, call)}) that calls each one's ${method}()`,
      ];
      followSource(state, source, method, evidence, 0);
    }
    return;
  }
  // `registerOne(tool) { server.registerTool(tool.name, …, tool.execute.bind(tool)) }`: the instances its calls give.
  const forwarded = forwardedInstances(call, handler, EXECUTOR_METHODS);
  if (!forwarded) return;
  const evidence = [
    `registered by ${functionName(forwarded.via) ?? 'a function'} (${where(state, forwarded.via)}), which calls each instance's ${forwarded.method}()`,
  ];
  for (const source of forwarded.sources) followSource(state, source, forwarded.method, evidence, 0);
}

/**
 * A module kept whole in a tool registry (`import * as search from './tools/search'`) that describes
 * itself — `export const metadata = { name: 'search', … }` (or `export const name = 'search'`) — and
 * exports the function the registry calls (`export async function handler(args)`): the module is the tool.
 */
function recordToolModule(state: ScanState, method: string, evidence: readonly string[]): boolean {
  let fn: FunctionLike | undefined;
  let description: ts.VariableDeclaration | undefined;
  for (const statement of state.sourceFile.statements) {
    const exported =
      ts.canHaveModifiers(statement) &&
      (ts.getModifiers(statement) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (!exported) continue;
    if (ts.isFunctionDeclaration(statement) && statement.name?.text === method && statement.body) fn = statement;
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || !declaration.initializer) continue;
      const init = unwrapExpression(declaration.initializer);
      if (declaration.name.text === method && (ts.isArrowFunction(init) || ts.isFunctionExpression(init))) fn = init;
      if (MODULE_DESCRIPTIONS.includes(declaration.name.text) || NAME_KEYS.has(declaration.name.text)) {
        description = declaration;
      }
    }
  }
  if (!fn || !description || !ts.isIdentifier(description.name)) return false;
  const value = state.constants.get(description.name.text);
  const name = typeof value === 'string' ? value : value && typeof value.name === 'string' ? value.name : null;
  if (name === null) return false;
  const moduleEvidence = [
    `module exporting ${description.name.text} (${where(state, description)}) and ${method}(), kept whole in a tool registry`,
    ...evidence,
  ];
  if (!state.seen.has(fn)) {
    state.seen.add(fn);
    state.handlers.push({ fn, kind: 'fileConvention', lowLevel: false, toolName: name, evidence: moduleEvidence });
  }
  state.registrations.push({
    name,
    kind: 'fileConvention',
    node: description,
    nameNode: description.name,
    handler: fn,
    evidence: moduleEvidence,
    listed: true,
  });
  return true;
}

/** Exports of this file that another file keeps in a tool registry: instances, classes, or re-exports of them. */
export function scanExecutorExports(
  state: ScanState,
  exportName: string,
  method: string,
  evidence: readonly string[],
  reexports: readonly Reexport[],
): void {
  const declared = (name: string): ts.Expression | ts.ClassDeclaration | undefined =>
    classNamed(state, name) ?? topLevelInitializer(state, name);
  const names: string[] = [];
  if (exportName === '*' && recordToolModule(state, method, evidence)) return;
  if (exportName === '*') {
    for (const statement of state.sourceFile.statements) {
      const exported =
        ts.canHaveModifiers(statement) &&
        (ts.getModifiers(statement) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
      if (!exported) continue;
      if (ts.isVariableStatement(statement)) {
        for (const d of statement.declarationList.declarations) if (ts.isIdentifier(d.name)) names.push(d.name.text);
      } else if (ts.isClassDeclaration(statement) && statement.name) names.push(statement.name.text);
    }
  } else names.push(exportName);
  for (const name of names) {
    const found = declared(name);
    if (found && ts.isClassDeclaration(found)) recordExecutorClass(state, found, method, evidence);
    else if (found) followSource(state, found, method, evidence, 0);
  }
  for (const reexport of reexports) {
    if (exportName === '*') handOff(state, reexport.specifier, reexport.importedName, method, evidence);
    else if (reexport.exportName === exportName) {
      handOff(state, reexport.specifier, reexport.importedName, method, evidence);
    } else if (reexport.exportName === '*' && !declared(exportName)) {
      handOff(state, reexport.specifier, exportName, method, evidence);
    }
  }
}
