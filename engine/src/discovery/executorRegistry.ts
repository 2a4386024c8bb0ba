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
import { type ScanState, nameOf, where } from './scanContext';

const EXECUTOR_METHODS = new Set(['execute', 'run', 'handle', 'call', 'invoke']);
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

/** The method called on what `registry.get(…)` returns (`const t = registry.get(x); t.execute(…)`), if any. */
function executorMethod(state: ScanState, registry: string): string | undefined {
  let method: string | undefined;
  const holders = new Set<string>();
  const isLookup = (node: ts.Expression): boolean => {
    const inner = unwrapExpression(node);
    return (
      ts.isCallExpression(inner) &&
      ts.isPropertyAccessExpression(inner.expression) &&
      inner.expression.name.text === 'get' &&
      ts.isIdentifier(inner.expression.expression) &&
      inner.expression.expression.text === registry
    );
  };
  walk(state.sourceFile, (node) => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      isLookup(node.initializer)
    ) {
      holders.add(node.name.text);
    }
    return true;
  });
  walk(state.sourceFile, (node) => {
    if (method || !ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return !method;
    const name = node.expression.name.text;
    const receiver = unwrapExpression(node.expression.expression);
    const fromRegistry = (ts.isIdentifier(receiver) && holders.has(receiver.text)) || isLookup(receiver);
    if (fromRegistry && EXECUTOR_METHODS.has(name)) method = name;
    return true;
  });
  return method;
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
    nameExpression: ts.isStringLiteralLike(unwrapExpression(nameProperty.initializer))
      ? undefined
      : resolved.expression,
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
  const fileName = state.resolveImport?.(specifier, state.sourceFile.fileName);
  if (!fileName) return;
  state.external.push({
    fileName,
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
    }
  }
}

/** Name-keyed registries of tool instances in this file whose looked-up value is executed. */
export function scanExecutorRegistries(state: ScanState): void {
  for (const declaration of state.index.of(ts.SyntaxKind.VariableDeclaration, ts.isVariableDeclaration)) {
    if (!ts.isIdentifier(declaration.name) || !declaration.initializer) continue;
    const source = registrySource(declaration.initializer);
    if (!source) continue;
    // Only registries of tools: the registry or what it is built from says so.
    if (!/tool/i.test(declaration.name.text) && !/tool/i.test(source.getText(state.sourceFile))) continue;
    const method = executorMethod(state, declaration.name.text);
    if (!method) continue;
    const evidence = [
      `${declaration.name.text} (${where(state, declaration)}) keys tool instances by name; the one looked up has its ${method}() called`,
    ];
    followSource(state, source, method, evidence, 0);
  }
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
