/**
 * Definition objects recognised by what consumes them rather than by their keys:
 *
 * - a registration loop that registers `v.name` and calls `v.invoke(…)` (any key) for each `v` of a list —
 *   `for (const v of activeTools(cfg))`, `list.filter(…).forEach((v) => …)` — makes every object of that list
 *   with a `name` and an `invoke` function a tool, whatever its schema key is called (`arguments`, `args`);
 * - a wrapper whose name and handler are properties of one argument (`tool(def)` where the registrar does
 *   `server.tool(def.name, …, (a) => def.tool(client, a))`) makes the object passed by reference a tool.
 *
 * The list is followed through arrays, spreads, `new Set(…)`, `Array.from`, `Object.values` of a local
 * record, `filter`/`slice`/`concat`/`sort`, local variables and functions (their returned values) and,
 * across files, imports (roles 'definitionList' and 'definitionItem', handled by the defining file's own scan). Every step is depth-limited. Objects already
 * recorded by another rule are left alone.
 */
import ts from 'typescript';
import { type FunctionLike, returnedExpressions, propertyNameText, unwrapExpression, walk } from '../parse/syntax';
import { recordMethod } from './definitions';
import { recordHandler } from './handlerTargets';
import type { ExternalInfo, Reexport } from './handlers';
import {
  type ScanState,
  type WrapperSignature,
  handOffImport,
  isInlineFunction,
  nameOf,
  where,
  shownNameExpression,
} from './scanContext';

const MAX_DEPTH = 6;
const PASS_THROUGH_METHODS = new Set(['filter', 'slice', 'concat', 'sort', 'toSorted', 'toReversed']);
const SDK_METHODS = new Set(['registerTool', 'tool']);

interface Consumer {
  state: ScanState;
  /** The key that names the tool (`name`) and the key whose function the consumer runs (`invoke`). */
  nameKey: string;
  handlerKey: string;
  evidence: readonly string[];
}

function propertyValue(object: ts.ObjectLiteralExpression, key: string): ts.ObjectLiteralElementLike | undefined {
  return object.properties.find((p) => !ts.isSpreadAssignment(p) && propertyNameText(p.name) === key);
}

/** The top-level `const name = …` value or function of this file; `default`: what `export default …` exports. */
function topLevel(state: ScanState, name: string): { value?: ts.Expression; fn?: FunctionLike } | undefined {
  if (name === 'default') return defaultExport(state);
  for (const statement of state.sourceFile.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name?.text === name && statement.body)
      return { fn: statement };
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || declaration.name.text !== name || !declaration.initializer) continue;
      const init = unwrapExpression(declaration.initializer);
      return isInlineFunction(init) ? { fn: init } : { value: declaration.initializer };
    }
  }
  return undefined;
}

/** `export default [ … ]` (a value) or `export default list` (followed to the top-level `list`). */
function defaultExport(state: ScanState): { value?: ts.Expression; fn?: FunctionLike } | undefined {
  for (const statement of state.sourceFile.statements) {
    if (!ts.isExportAssignment(statement) || statement.isExportEquals) continue;
    const exported = unwrapExpression(statement.expression);
    if (ts.isIdentifier(exported)) return exported.text === 'default' ? undefined : topLevel(state, exported.text);
    return isInlineFunction(exported) ? { fn: exported } : { value: statement.expression };
  }
  return undefined;
}

/** The nearest `const name = …` whose scope holds `use` (else a top-level one). */
function declared(state: ScanState, name: string, use: ts.Node): { value?: ts.Expression; fn?: FunctionLike } {
  for (const declaration of state.index.of(ts.SyntaxKind.VariableDeclaration, ts.isVariableDeclaration)) {
    if (!ts.isIdentifier(declaration.name) || declaration.name.text !== name || !declaration.initializer) continue;
    if (!ts.isVariableDeclarationList(declaration.parent)) continue;
    const scope = declaration.parent.parent.parent;
    if (!ts.isSourceFile(scope) && use.pos >= scope.pos && use.end <= scope.end) {
      const init = unwrapExpression(declaration.initializer);
      return isInlineFunction(init) ? { fn: init } : { value: declaration.initializer };
    }
  }
  const local = state.functions.get(name);
  if (local) return { fn: local };
  return topLevel(state, name) ?? {};
}

function handOff(consumer: Consumer, specifier: string, exportName: string, role: 'definitionList' | 'definitionItem') {
  handOffImport(consumer.state, specifier, {
    exportName,
    kind: 'definition',
    toolName: null,
    role,
    member: consumer.handlerKey,
    nameKey: consumer.nameKey,
    evidence: [...consumer.evidence],
  });
}

/** A list expression: each of its elements is a definition. */
function followList(consumer: Consumer, expression: ts.Expression, depth: number): void {
  if (depth > MAX_DEPTH) return;
  const { state } = consumer;
  const inner = unwrapExpression(expression);
  if (ts.isArrayLiteralExpression(inner)) {
    for (const element of inner.elements) {
      if (ts.isSpreadElement(element)) followList(consumer, element.expression, depth + 1);
      else followItem(consumer, element, depth + 1);
    }
    return;
  }
  if (ts.isIdentifier(inner)) {
    const imported = state.imports.get(inner.text);
    if (imported) {
      if (imported.exportName !== '*') handOff(consumer, imported.specifier, imported.exportName, 'definitionList');
      return;
    }
    const found = declared(state, inner.text, inner);
    if (found.value) followList(consumer, found.value, depth + 1);
    return;
  }
  if (ts.isConditionalExpression(inner)) {
    // `...(flags.extra ? extraTools : [])`: either branch may be the list.
    followList(consumer, inner.whenTrue, depth + 1);
    followList(consumer, inner.whenFalse, depth + 1);
    return;
  }
  if (ts.isNewExpression(inner)) {
    // `new Set(list)`: the same elements.
    if (ts.isIdentifier(inner.expression) && inner.expression.text === 'Set' && inner.arguments?.[0]) {
      followList(consumer, inner.arguments[0], depth + 1);
    }
    return;
  }
  if (!ts.isCallExpression(inner)) return;
  const callee = unwrapExpression(inner.expression);
  if (ts.isPropertyAccessExpression(callee)) {
    const method = callee.name.text;
    if (PASS_THROUGH_METHODS.has(method)) {
      followList(consumer, callee.expression, depth + 1);
      if (method === 'concat') for (const argument of inner.arguments) followList(consumer, argument, depth + 1);
    } else if (method === 'from' && ts.isIdentifier(callee.expression) && callee.expression.text === 'Array') {
      if (inner.arguments[0]) followList(consumer, inner.arguments[0], depth + 1);
    } else if (method === 'values' && ts.isIdentifier(callee.expression) && callee.expression.text === 'Object') {
      if (inner.arguments[0]) followRecord(consumer, inner.arguments[0], depth + 1);
    }
    return;
  }
  if (!ts.isIdentifier(callee)) return;
  const imported = state.imports.get(callee.text);
  if (imported) {
    if (imported.exportName !== '*') handOff(consumer, imported.specifier, imported.exportName, 'definitionList');
    return;
  }
  const fn = declared(state, callee.text, callee).fn;
  if (fn) for (const returned of returnedExpressions(fn)) followList(consumer, returned, depth + 1);
}

/** `Object.values(record)`: each value of a local record object is an element. */
function followRecord(consumer: Consumer, expression: ts.Expression, depth: number): void {
  const inner = unwrapExpression(expression);
  if (!ts.isIdentifier(inner) || consumer.state.imports.has(inner.text)) return;
  const value = declared(consumer.state, inner.text, inner).value;
  const record = value && unwrapExpression(value);
  if (!record || !ts.isObjectLiteralExpression(record)) return;
  for (const property of record.properties) {
    if (ts.isPropertyAssignment(property)) followItem(consumer, property.initializer, depth + 1);
    else if (ts.isShorthandPropertyAssignment(property)) followItem(consumer, property.name, depth + 1);
  }
}

/** One element of a consumed list: an object literal, or a variable or import holding one. */
function followItem(consumer: Consumer, expression: ts.Expression, depth: number): void {
  if (depth > MAX_DEPTH) return;
  const { state } = consumer;
  const inner = unwrapExpression(expression);
  if (ts.isIdentifier(inner)) {
    const imported = state.imports.get(inner.text);
    if (imported) {
      if (imported.exportName !== '*') handOff(consumer, imported.specifier, imported.exportName, 'definitionItem');
      return;
    }
    const found = declared(state, inner.text, inner);
    if (found.value) followItem(consumer, found.value, depth + 1);
    return;
  }
  if (ts.isObjectLiteralExpression(inner)) recordConsumed(consumer, inner);
}

function recordConsumed(consumer: Consumer, object: ts.ObjectLiteralExpression): void {
  const { state, nameKey, handlerKey } = consumer;
  if (state.consumed.has(object) || state.registrations.some((r) => r.node === object)) return;
  const nameMember = propertyValue(object, nameKey);
  const handlerMember = propertyValue(object, handlerKey);
  if (!nameMember || !handlerMember) return;
  const nameExpression = ts.isPropertyAssignment(nameMember)
    ? nameMember.initializer
    : ts.isShorthandPropertyAssignment(nameMember)
      ? nameMember.name
      : undefined;
  if (!nameExpression) return;
  const handlerValue = ts.isPropertyAssignment(handlerMember)
    ? unwrapExpression(handlerMember.initializer)
    : ts.isShorthandPropertyAssignment(handlerMember)
      ? handlerMember.name
      : undefined;
  const isMethod = ts.isMethodDeclaration(handlerMember);
  if (!isMethod && !(handlerValue && (isInlineFunction(handlerValue) || ts.isIdentifier(handlerValue)))) return;
  const resolved = nameOf(state, nameExpression);
  const evidence = [`definition object at ${where(state, object)}`, ...consumer.evidence];
  const recorded =
    isMethod && ts.isMethodDeclaration(handlerMember)
      ? recordMethod(state, handlerMember, 'definition', resolved.name, evidence)
      : recordHandler(state, handlerValue, 'definition', resolved.name, evidence);
  state.consumed.add(object);
  state.registrations.push({
    name: resolved.name,
    nameExpression: shownNameExpression(nameExpression, resolved),
    kind: 'definition',
    node: object,
    nameNode: nameExpression,
    handler: recorded.fn,
    evidence: [...evidence, `handler: its ${handlerKey} property`, ...recorded.evidence],
    listed: true,
  });
}

/** `v.name` where `v` is the loop variable: the key. */
function keyOf(expression: ts.Expression | undefined, variable: string): string | undefined {
  const inner = expression && unwrapExpression(expression);
  return inner &&
    ts.isPropertyAccessExpression(inner) &&
    ts.isIdentifier(inner.expression) &&
    inner.expression.text === variable
    ? inner.name.text
    : undefined;
}

/** The key of `v` whose function the handler runs: `(a) => v.invoke(client, a)`, or `v.invoke` itself. */
function calledKey(handler: ts.Expression | undefined, variable: string, nameKey: string): string | undefined {
  if (!handler) return undefined;
  const direct = keyOf(handler, variable);
  if (direct) return direct;
  const inner = unwrapExpression(handler);
  // `wrap(v.callback, options)`: the function a higher-order helper wraps.
  if (ts.isCallExpression(inner)) {
    for (const argument of inner.arguments) {
      const wrapped = keyOf(argument, variable);
      if (wrapped && wrapped !== nameKey) return wrapped;
    }
    return undefined;
  }
  if (!isInlineFunction(inner)) return undefined;
  let key: string | undefined;
  walk(inner, (node) => {
    if (key) return false;
    if (ts.isCallExpression(node)) {
      const called = keyOf(node.expression, variable);
      if (called && called !== nameKey) key = called;
    }
    return undefined;
  });
  return key;
}

/** The list a loop variable runs over: `for (const v of list)` or `list.forEach((v) => …)`. */
function loopList(call: ts.CallExpression, variable: string): ts.Expression | undefined {
  for (let node: ts.Node = call.parent; !ts.isSourceFile(node); node = node.parent) {
    if (ts.isForOfStatement(node) && ts.isVariableDeclarationList(node.initializer)) {
      const declaration = node.initializer.declarations[0];
      if (declaration && ts.isIdentifier(declaration.name) && declaration.name.text === variable)
        return node.expression;
    }
    if (isInlineFunction(node)) {
      const parameter = node.parameters[0];
      if (!parameter || !ts.isIdentifier(parameter.name) || parameter.name.text !== variable) return undefined;
      const outer = node.parent;
      if (!ts.isCallExpression(outer) || outer.arguments[0] !== node) return undefined;
      const callee = unwrapExpression(outer.expression);
      return ts.isPropertyAccessExpression(callee) && callee.name.text === 'forEach' ? callee.expression : undefined;
    }
  }
  return undefined;
}

/** Registration loops of this file: the definitions of the lists they run over. */
export function scanConsumedDefinitions(state: ScanState, calls: readonly ts.CallExpression[]): void {
  for (const call of calls) {
    const callee = unwrapExpression(call.expression);
    if (!ts.isPropertyAccessExpression(callee) || !SDK_METHODS.has(callee.name.text) || call.arguments.length < 2) {
      continue;
    }
    const nameArgument = unwrapExpression(call.arguments[0]);
    if (!ts.isPropertyAccessExpression(nameArgument) || !ts.isIdentifier(nameArgument.expression)) continue;
    const variable = nameArgument.expression.text;
    const nameKey = nameArgument.name.text;
    const handlerKey = calledKey(call.arguments[call.arguments.length - 1], variable, nameKey);
    if (!handlerKey) continue;
    const list = loopList(call, variable);
    if (!list) continue;
    const evidence = [`consumed by the registration loop at ${where(state, call)} (${variable}.${handlerKey})`];
    followList({ state, nameKey, handlerKey, evidence }, list, 0);
  }
}

/** The wrapper a bare call goes through: this file's, or one another file exports. */
function wrapperOf(state: ScanState, call: ts.CallExpression): WrapperSignature | undefined {
  const callee = unwrapExpression(call.expression);
  if (!ts.isIdentifier(callee)) return undefined;
  const imported = state.imports.get(callee.text);
  const signature =
    state.wrappers.get(callee.text) ??
    (imported
      ? state.knowledge.wrapper(imported.exportName === 'default' ? callee.text : imported.exportName)
      : undefined);
  return signature?.registrar ? undefined : signature;
}

/** Calls of wrappers whose name and handler are properties of one argument, given a definition by reference. */
export function scanPassedDefinitions(state: ScanState, calls: readonly ts.CallExpression[]): void {
  for (const call of calls) {
    const signature = wrapperOf(state, call);
    const nameFrom = signature?.nameFrom;
    const handlerFrom = signature?.handlerFrom;
    if (!nameFrom?.property || !handlerFrom?.property || handlerFrom.index !== nameFrom.index) continue;
    const argument = call.arguments[nameFrom.index];
    if (!argument || !ts.isIdentifier(unwrapExpression(argument))) continue;
    const evidence = [`registered through ${call.expression.getText(state.sourceFile)}(…) at ${where(state, call)}`];
    followItem(
      {
        state,
        nameKey: nameFrom.property,
        handlerKey: handlerFrom.property,
        evidence: [...evidence, ...(signature?.evidence ?? [])],
      },
      argument,
      0,
    );
  }
}

/** An export of this file that another file's registration loop or registrar consumes. */
export function consumedExport(
  state: ScanState,
  exportName: string,
  ref: ExternalInfo,
  reexports: readonly Reexport[],
): void {
  if (!ref.member || !ref.nameKey) return;
  const consumer: Consumer = { state, nameKey: ref.nameKey, handlerKey: ref.member, evidence: ref.evidence ?? [] };
  const role = ref.role === 'definitionList' ? 'definitionList' : 'definitionItem';
  const found = topLevel(state, exportName);
  if (!found) {
    const named = reexports.find((r) => r.exportName === exportName);
    if (named) handOff(consumer, named.specifier, named.importedName, role);
    else
      for (const star of reexports.filter((r) => r.exportName === '*'))
        handOff(consumer, star.specifier, exportName, role);
    return;
  }
  if (role === 'definitionList') {
    if (found.value) followList(consumer, found.value, 1);
    else if (found.fn) for (const returned of returnedExpressions(found.fn)) followList(consumer, returned, 1);
  } else if (found.value) followItem(consumer, found.value, 1);
}
