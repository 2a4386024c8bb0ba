/**
 * Handler-less definitions that a `tools/list` answer returns: `setRequestHandler(ListToolsRequestSchema,
 * () => ({ tools: X }))` where X is an array of definitions, `Object.values(ns).map((m) => m.tool)` over a
 * namespace import of a barrel, a local function returning such a list… Each `{ name, inputSchema }` object
 * the answer reaches is a tool, even with no handler of its own (one generic `tools/call` serves them all).
 * An object of the same shape that no list answer returns stays silent. Other files are reached through
 * the project's cross-file refs (role 'listed' / 'listedItem'), so only files that answer `tools/list`
 * start the walk; every step is depth-limited.
 */
import ts from 'typescript';
import { type FunctionLike, returnedExpressions, isFunctionLike, unwrapExpression } from '../parse/syntax';
import type { ExternalInfo, Reexport } from './handlers';
import { SCHEMA_KEYS, handlerMember } from './definitions';
import { recordKeyedListAnswer } from './keyedListAnswers';
import { isNamedByParameter } from './parameterNamedTemplates';
import { type ScanState, handOffImport, nameOf, where } from './scanContext';

/** The evidence step of every definition this rule finds (listings drop them when another site names the tool). */
export const LIST_ANSWER_EVIDENCE = 'returned by the tools/list answer';
const MAX_DEPTH = 6;
const PASS_THROUGH_METHODS = new Set(['filter', 'slice', 'concat', 'sort', 'toSorted']);
const HANDLER_KEYS = ['handler', 'execute', 'run', 'call', 'callback', 'invoke', 'fn'];
/** The evidence step of definitions reached from a registration loop's iterable (see loopedDefinitions.ts). */
export const LOOP_EVIDENCE = 'item of the list a registration loop iterates';

export interface Walk {
  state: ScanState;
  evidence: readonly string[];
}

/** What a tool's wire name looks like (not a title such as `Create Parcel`). */
const WIRE_NAME = /^[A-Za-z][A-Za-z0-9]*(?:[_.-][A-Za-z0-9]+)*$/;

/** The key a registration loop reads each definition's name from (`registers under its \`method\``), else `name`. */
function loopNameKey(walker: Walk): string {
  for (const step of walker.evidence) {
    const key = step.startsWith(LOOP_EVIDENCE) ? /registers under its `(\w+)`$/.exec(step)?.[1] : undefined;
    if (key) return key;
  }
  return 'name';
}

/** A walk that started at a registration loop (`for (const t of list) server.registerTool(t.name, …)`). */
function fromLoop(walker: Walk): boolean {
  return walker.evidence.some((step) => step.startsWith(LOOP_EVIDENCE));
}

function isListToolsSchema(node: ts.Expression | undefined): boolean {
  if (!node) return false;
  const inner = unwrapExpression(node);
  if (ts.isStringLiteralLike(inner)) return inner.text === 'tools/list';
  if (ts.isIdentifier(inner)) return inner.text === 'ListToolsRequestSchema';
  if (ts.isPropertyAccessExpression(inner)) return inner.name.text === 'ListToolsRequestSchema';
  return false;
}

function propertyNamed(object: ts.ObjectLiteralExpression, key: string): ts.Expression | undefined {
  for (const property of object.properties) {
    if (!property.name || (!ts.isIdentifier(property.name) && !ts.isStringLiteral(property.name))) continue;
    if (property.name.text !== key) continue;
    if (ts.isPropertyAssignment(property)) return property.initializer;
    if (ts.isShorthandPropertyAssignment(property)) return property.name;
  }
  return undefined;
}

/** The nearest `const name = …` of this file whose scope holds `use` (else a top-level one). */
function declaredValue(state: ScanState, name: string, use: ts.Node): ts.Expression | undefined {
  let found: ts.Expression | undefined;
  for (const declaration of state.index.of(ts.SyntaxKind.VariableDeclaration, ts.isVariableDeclaration)) {
    if (!ts.isIdentifier(declaration.name) || declaration.name.text !== name || !declaration.initializer) continue;
    const scope = declaration.parent.parent.parent;
    if (ts.isSourceFile(scope)) found ??= declaration.initializer;
    else if (use.pos >= scope.pos && use.end <= scope.end) return declaration.initializer;
  }
  return found;
}

function handOff(walker: Walk, specifier: string, exportName: string, role: 'listed' | 'listedItem', member?: string) {
  const { state } = walker;
  handOffImport(state, specifier, {
    exportName,
    kind: 'definition',
    toolName: null,
    role,
    ...(member ? { member } : {}),
    evidence: [...walker.evidence],
  });
}

/** `(m) => m.tool`: the property a mapping callback takes from each element. */
function mappedMember(callback: ts.Expression | undefined): string | undefined {
  if (!callback || !(ts.isArrowFunction(callback) || ts.isFunctionExpression(callback))) return undefined;
  const parameter = callback.parameters[0];
  if (!parameter || !ts.isIdentifier(parameter.name) || callback.parameters.length > 2) return undefined;
  const body = returnedExpressions(callback);
  if (body.length !== 1 || !body[0]) return undefined;
  const inner = unwrapExpression(body[0]);
  return ts.isPropertyAccessExpression(inner) &&
    ts.isIdentifier(inner.expression) &&
    inner.expression.text === parameter.name.text
    ? inner.name.text
    : undefined;
}

/** A list expression: each of its elements is (or holds at `member`) a definition. */
export function followList(walker: Walk, expression: ts.Expression, member: string | undefined, depth: number): void {
  if (depth > MAX_DEPTH) return;
  const { state } = walker;
  const inner = unwrapExpression(expression);
  if (ts.isArrayLiteralExpression(inner)) {
    for (const element of inner.elements) {
      if (ts.isSpreadElement(element)) followList(walker, element.expression, member, depth + 1);
      else followItem(walker, element, member, depth + 1);
    }
    return;
  }
  if (ts.isIdentifier(inner)) {
    const imported = state.imports.get(inner.text);
    if (imported) {
      if (imported.exportName !== '*') handOff(walker, imported.specifier, imported.exportName, 'listed', member);
      return;
    }
    const value = declaredValue(state, inner.text, inner);
    if (value) followList(walker, value, member, depth + 1);
    return;
  }
  // A record of definitions (`{ getStateTool, resetStateTool }`) handed on as a list: each value is one.
  if (ts.isObjectLiteralExpression(inner) && !fromLoop(walker) && !handlerMember(inner)) {
    for (const property of inner.properties) {
      if (ts.isPropertyAssignment(property)) followItem(walker, property.initializer, member, depth + 1);
      else if (ts.isShorthandPropertyAssignment(property)) followItem(walker, property.name, member, depth + 1);
    }
    return;
  }
  if (!ts.isCallExpression(inner)) return;
  const callee = unwrapExpression(inner.expression);
  if (ts.isPropertyAccessExpression(callee)) {
    const method = callee.name.text;
    if (method === 'map' && member === undefined) {
      if (!fromLoop(walker) && recordKeyedListAnswer(state, inner, walker.evidence)) return;
      const taken = mappedMember(inner.arguments[0]);
      if (taken) followList(walker, callee.expression, taken, depth + 1);
      return;
    }
    if (PASS_THROUGH_METHODS.has(method)) {
      followList(walker, callee.expression, member, depth + 1);
      if (method === 'concat') for (const argument of inner.arguments) followList(walker, argument, member, depth + 1);
      return;
    }
    if (method === 'values' && ts.isIdentifier(callee.expression) && callee.expression.text === 'Object') {
      const source = inner.arguments[0] && unwrapExpression(inner.arguments[0]);
      if (source) followValues(walker, source, member, depth + 1);
    }
    return;
  }
  // `allTools()`; in a tools/list answer also `getTools(config)`: what the function returns.
  if (ts.isIdentifier(callee) && (inner.arguments.length === 0 || !fromLoop(walker))) {
    const fn = state.functions.get(callee.text);
    if (fn) for (const returned of returnedExpressions(fn)) followList(walker, returned, member, depth + 1);
    const imported = fn ? undefined : state.imports.get(callee.text);
    if (imported && imported.exportName !== '*')
      handOff(walker, imported.specifier, imported.exportName, 'listed', member);
    if (inner.arguments.length === 0) return;
  }
  // `tools(context)` of another file in a registration loop: what that function returns.
  const importedList = fromLoop(walker) && ts.isIdentifier(callee) ? state.imports.get(callee.text) : undefined;
  if (importedList && importedList.exportName !== '*') {
    handOff(walker, importedList.specifier, importedList.exportName, 'listed', member);
  }
  // `onlyEnabled(all(), enabled)`: a filter that hands back (part of) the list it is given.
  const first = inner.arguments[0];
  if (ts.isIdentifier(callee) && first && passesListThrough(walker, callee.text)) {
    followList(walker, first, member, depth + 1);
  }
}

/**
 * A function that returns its first parameter or a `.filter` (`.slice`, `.sort`…) of it: a local one
 * whose every return is so, or — for a registration loop's iterable — an imported one (its file is not at hand;
 * what it returns is registered under each element's own name, so the elements stay the tools).
 */
function passesListThrough(walker: Walk, name: string): boolean {
  const fn = walker.state.functions.get(name);
  if (!fn) return fromLoop(walker) && walker.state.imports.has(name) && !walker.state.knowledge.renamer?.(name);
  const parameter = fn.parameters[0];
  if (!parameter || !ts.isIdentifier(parameter.name)) return false;
  const list = parameter.name.text;
  const returned = returnedExpressions(fn);
  return returned.length > 0 && returned.every((expression) => isPassedThrough(expression, list));
}

function isPassedThrough(expression: ts.Expression, list: string): boolean {
  const inner = unwrapExpression(expression);
  if (ts.isIdentifier(inner)) return inner.text === list;
  if (ts.isConditionalExpression(inner)) {
    return isPassedThrough(inner.whenTrue, list) && isPassedThrough(inner.whenFalse, list);
  }
  if (!ts.isCallExpression(inner)) return false;
  const callee = unwrapExpression(inner.expression);
  return (
    ts.isPropertyAccessExpression(callee) &&
    PASS_THROUGH_METHODS.has(callee.name.text) &&
    isPassedThrough(callee.expression, list)
  );
}

/** `Object.values(X)`: X a namespace import (every export an element) or a local object of elements. */
function followValues(walker: Walk, source: ts.Expression, member: string | undefined, depth: number): void {
  const { state } = walker;
  if (!ts.isIdentifier(source)) return;
  const imported = state.imports.get(source.text);
  if (imported) {
    handOff(
      walker,
      imported.specifier,
      imported.exportName,
      imported.exportName === '*' ? 'listedItem' : 'listed',
      member,
    );
    return;
  }
  const value = declaredValue(state, source.text, source);
  const object = value && unwrapExpression(value);
  if (!object || !ts.isObjectLiteralExpression(object)) return;
  for (const property of object.properties) {
    if (ts.isPropertyAssignment(property)) followItem(walker, property.initializer, member, depth + 1);
    else if (ts.isShorthandPropertyAssignment(property)) followItem(walker, property.name, member, depth + 1);
  }
}

/** One element of a listed array: the definition itself, or (with `member`) an object holding it. */
function followItem(walker: Walk, expression: ts.Expression, member: string | undefined, depth: number): void {
  if (depth > MAX_DEPTH) return;
  const { state } = walker;
  const inner = unwrapExpression(expression);
  if (ts.isIdentifier(inner)) {
    const imported = state.imports.get(inner.text);
    if (imported) {
      if (imported.exportName !== '*') handOff(walker, imported.specifier, imported.exportName, 'listedItem', member);
      return;
    }
    const value = declaredValue(state, inner.text, inner);
    if (value) followItem(walker, value, member, depth + 1);
    return;
  }
  if (ts.isCallExpression(inner)) {
    followBuilder(walker, inner, member, depth);
    return;
  }
  if (!ts.isObjectLiteralExpression(inner)) return;
  if (member !== undefined) {
    // `{ schema: { name, inputSchema }, handle }`: the holder has the handler, so it is the definition (found as one).
    if (handlerMember(inner)) return;
    const held = propertyNamed(inner, member);
    if (held) followItem(walker, held, undefined, depth + 1);
    return;
  }
  // `{ ...baseTool }` (perhaps with extra metadata): a copy of the one definition it spreads, which is the tool.
  const copied = spreadOnlyCopy(inner);
  if (copied) {
    followItem(walker, copied, undefined, depth + 1);
    return;
  }
  recordDefinition(walker, inner);
}

/** `{ ...base, note }` with no name of its own and one spread identifier: the definition it copies. */
function spreadOnlyCopy(object: ts.ObjectLiteralExpression): ts.Identifier | undefined {
  if (propertyNamed(object, 'name') !== undefined || handlerMember(object)) return undefined;
  const spreads = object.properties.filter(ts.isSpreadAssignment);
  if (spreads.length !== 1) return undefined;
  const spread = unwrapExpression(spreads[0].expression);
  return ts.isIdentifier(spread) ? spread : undefined;
}

/**
 * `getSearchTool(config)` as an element of a tools/list answer: the definition the function builds (each of its
 * returns), in this file or the one it is imported from. Not for a registration loop's items (those are
 * registered under their own names by the loop, and a call there is usually a factory the loop rule reads).
 */
function followBuilder(walker: Walk, call: ts.CallExpression, member: string | undefined, depth: number): void {
  const { state } = walker;
  const callee = unwrapExpression(call.expression);
  if (fromLoop(walker) || !ts.isIdentifier(callee)) return;
  const fn = state.functions.get(callee.text);
  if (fn) {
    for (const returned of returnedExpressions(fn)) followItem(walker, returned, member, depth + 1);
    return;
  }
  const imported = state.imports.get(callee.text);
  if (imported && imported.exportName !== '*') {
    handOff(walker, imported.specifier, imported.exportName, 'listedItem', member);
  }
}

function recordDefinition(walker: Walk, object: ts.ObjectLiteralExpression): void {
  const { state } = walker;
  const nameKey = loopNameKey(walker);
  const nameExpression = propertyNamed(object, nameKey);
  const schemaKeys = fromLoop(walker) ? SCHEMA_KEYS : ['inputSchema'];
  if (!nameExpression || !schemaKeys.some((key) => propertyNamed(object, key) !== undefined)) return;
  if (HANDLER_KEYS.some((key) => propertyNamed(object, key) !== undefined)) return;
  if (state.consumed.has(object) || state.registrations.some((r) => r.node === object)) return;
  // `describeTool(shape, name, description)` returning `{ name, … }`: each call names a tool, the template none.
  if (isNamedByParameter(object, nameExpression)) return;
  const resolved = nameOf(state, nameExpression);
  // Under another key than `name` (`method: 'create_parcel'` beside `name: 'Create Parcel'`): a wire name only.
  if (nameKey !== 'name' && (resolved.name === null || !WIRE_NAME.test(resolved.name))) return;
  state.consumed.add(object);
  state.registrations.push({
    name: resolved.name,
    ...(resolved.name === null ? { nameExpression: nameExpression.getText(state.sourceFile) } : {}),
    kind: 'definition',
    node: object,
    nameNode: nameExpression,
    evidence: [`definition object at ${where(state, object)}`, ...walker.evidence],
    listed: true,
  });
}

/** `setRequestHandler(ListToolsRequestSchema, () => ({ tools: … }))` of this file: follows what it lists. */
export function scanListedDefinitions(state: ScanState, calls: readonly ts.CallExpression[]): void {
  if (!state.sourceFile.text.includes('ListTools') && !state.sourceFile.text.includes('tools/list')) return;
  // A file whose registrations already name its tools (dispatcher branches, SDK calls) lists those same tools.
  if (state.registrations.some((r) => r.listed && r.name !== null)) return;
  const before = state.external.length + state.registrations.length;
  for (const call of calls) {
    const callee = unwrapExpression(call.expression);
    if (!ts.isPropertyAccessExpression(callee) || callee.name.text !== 'setRequestHandler') continue;
    if (!isListToolsSchema(call.arguments[0])) continue;
    const handler = call.arguments[call.arguments.length - 1];
    const fn = handler && unwrapExpression(handler);
    if (!fn || !isFunctionLike(fn)) continue;
    const walker: Walk = { state, evidence: [`${LIST_ANSWER_EVIDENCE} at ${where(state, call)}`] };
    for (const returned of returnedExpressions(fn)) {
      const answer = unwrapExpression(returned);
      if (!ts.isObjectLiteralExpression(answer)) continue;
      const tools = propertyNamed(answer, 'tools');
      if (tools) followList(walker, tools, undefined, 0);
    }
  }
  if (state.external.length + state.registrations.length === before) return;
  // The generic tools/call handler serves the listed definitions: it is their handler, not a tool of its own.
  for (const registration of state.registrations) {
    if (registration.kind === 'setRequestHandler' && registration.name === null) registration.listed = false;
  }
}

/** An export of this file that another file's tools/list answer lists (or whose every export it lists: `*`). */
export function listedExport(
  state: ScanState,
  exportName: string,
  ref: ExternalInfo,
  reexports: readonly Reexport[],
): void {
  const walker: Walk = { state, evidence: ref.evidence ?? [] };
  const member = ref.member;
  if (exportName === '*') {
    for (const statement of state.sourceFile.statements) {
      if (!ts.isVariableStatement(statement)) continue;
      if (!statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
      for (const declaration of statement.declarationList.declarations) {
        if (declaration.initializer) followItem(walker, declaration.initializer, member, 1);
      }
    }
    for (const reexport of reexports) {
      handOff(walker, reexport.specifier, reexport.importedName, 'listedItem', member);
    }
    return;
  }
  const value = topLevelValue(state, exportName, ref.role === 'listed');
  // A builder function called as an element (`getSearchTool(config)`): each definition it returns.
  const builder = value && isFunctionLike(unwrapExpression(value)) ? undefined : state.functions.get(exportName);
  const called = value && unwrapExpression(value);
  if (ref.role === 'listedItem' && (!value || (called && isFunctionLike(called)))) {
    const fn = called && isFunctionLike(called) ? called : builder;
    if (fn) for (const returned of returnedExpressions(fn)) followItem(walker, returned, member, 1);
    return;
  }
  if (!value) return;
  if (ref.role === 'listed') followList(walker, value, member, 1);
  else followItem(walker, value, member, 1);
}

/** A top-level binding's value; with `called`, what the function of that name returns (`allTools()`). */
function topLevelValue(state: ScanState, exportName: string, called: boolean): ts.Expression | undefined {
  const name = exportName === 'default' ? (defaultExportedName(state.sourceFile) ?? exportName) : exportName;
  for (const statement of state.sourceFile.statements) {
    if (called && ts.isFunctionDeclaration(statement) && statement.name?.text === name && statement.body) {
      return singleReturn(statement);
    }
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || declaration.name.text !== name) continue;
      const init = declaration.initializer && unwrapExpression(declaration.initializer);
      return called && init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) ? singleReturn(init) : init;
    }
  }
  return undefined;
}

function singleReturn(fn: FunctionLike): ts.Expression | undefined {
  const returned = returnedExpressions(fn);
  return returned.length === 1 ? returned[0] : undefined;
}

/** `export default tools;`: the local name the default export stands for. */
function defaultExportedName(sourceFile: ts.SourceFile): string | undefined {
  for (const statement of sourceFile.statements) {
    if (ts.isExportAssignment(statement) && !statement.isExportEquals && ts.isIdentifier(statement.expression)) {
      return statement.expression.text;
    }
  }
  return undefined;
}
