/**
 * Maps of definitions keyed by command name, registered in a loop under a name built from the key:
 * `Object.entries(COMMANDS).forEach(([key, command]) => server.tool(\`cli-${key}\`, …, command.handler))`.
 * The map's entries are the tools and their wire name is the key inside the template; the call in
 * the loop is a site that registers tools defined elsewhere. A map of another file is handed to that
 * file (role `definitions`), which names its entries when it is scanned.
 */
import ts from 'typescript';
import { type FunctionLike, isFunctionLike, propertyNameText, unwrapExpression, walk } from '../parse/syntax';
import { definitionFromObject } from './definitions';
import { recordHandler } from './handlerTargets';
import {
  type NamePattern,
  type RegistrationKind,
  type ScanState,
  functionTarget,
  isInlineFunction,
  where,
  handOffImport,
} from './scanContext';

const ENTRY_READERS = new Set(['entries', 'keys']);
const ITERATORS = new Set(['forEach', 'map', 'flatMap']);

/** `Object.entries(X)` / `Object.keys(X)`: X (an identifier, or a call of a function that builds the map). */
function iteratedMap(expression: ts.Expression): ts.Expression | undefined {
  const call = unwrapExpression(expression);
  if (!ts.isCallExpression(call) || !ts.isPropertyAccessExpression(call.expression)) return undefined;
  const receiver = call.expression.expression;
  if (!ts.isIdentifier(receiver) || receiver.text !== 'Object' || !ENTRY_READERS.has(call.expression.name.text)) {
    return undefined;
  }
  const argument = call.arguments[0] && unwrapExpression(call.arguments[0]);
  if (!argument) return undefined;
  if (ts.isIdentifier(argument)) return argument;
  if (ts.isCallExpression(argument) && ts.isIdentifier(unwrapExpression(argument.expression))) return argument;
  return undefined;
}

/** The key variable a binding declares: `[key, value]` (entries) or `key` (keys). */
function keyBinding(name: ts.BindingName | undefined): string | undefined {
  if (!name) return undefined;
  if (ts.isIdentifier(name)) return name.text;
  if (ts.isArrayBindingPattern(name)) {
    const first = name.elements[0];
    if (first && ts.isBindingElement(first) && ts.isIdentifier(first.name)) return first.name.text;
  }
  return undefined;
}

/** The map iterated by the loop that binds `key` around `node`. */
function loopOverKeys(node: ts.Node, key: string): ts.Expression | undefined {
  for (let current: ts.Node | undefined = node.parent; current && !ts.isSourceFile(current); current = current.parent) {
    if (ts.isForOfStatement(current) && ts.isVariableDeclarationList(current.initializer)) {
      const declaration = current.initializer.declarations[0];
      if (keyBinding(declaration?.name) === key) return iteratedMap(current.expression);
    }
    if ((ts.isArrowFunction(current) || ts.isFunctionExpression(current)) && keyBinding(current.parameters[0]?.name)) {
      if (keyBinding(current.parameters[0].name) !== key) continue;
      const call = current.parent;
      if (!ts.isCallExpression(call) || !ts.isPropertyAccessExpression(call.expression)) return undefined;
      if (!ITERATORS.has(call.expression.name.text)) return undefined;
      return iteratedMap(call.expression.expression);
    }
  }
  return undefined;
}

/** `const toolName = \`cli-${key}\`` inside the function the call sits in. */
function localInitializer(call: ts.Node, name: string): ts.Expression | undefined {
  let scope: ts.Node | undefined = call.parent;
  while (scope && !isFunctionLike(scope) && !ts.isSourceFile(scope)) scope = scope.parent;
  if (!scope) return undefined;
  let found: ts.Expression | undefined;
  walk(scope, (node) => {
    if (found) return false;
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === name && node.initializer) {
      const list = node.parent;
      if (ts.isVariableDeclarationList(list) && list.flags & ts.NodeFlags.Const) found = node.initializer;
    }
    return true;
  });
  return found;
}

/** A name written as the key alone or a template with the key as its only substitution. */
function patternOf(expression: ts.Expression): { key: string; pattern: NamePattern } | undefined {
  const inner = unwrapExpression(expression);
  if (ts.isIdentifier(inner)) return { key: inner.text, pattern: { prefix: '', suffix: '' } };
  if (ts.isTemplateExpression(inner) && inner.templateSpans.length === 1) {
    const span = inner.templateSpans[0];
    const key = unwrapExpression(span.expression);
    if (ts.isIdentifier(key)) return { key: key.text, pattern: { prefix: inner.head.text, suffix: span.literal.text } };
  }
  return undefined;
}

export interface KeyedLoop {
  pattern: NamePattern;
  /** The iterated map: an identifier, or the call of a function that returns it. */
  map: ts.Expression;
}

/** The keyed loop a registration call's name comes from, when its name is built from the map's key. */
export function keyedLoopOf(call: ts.CallExpression, nameArg: ts.Expression | undefined): KeyedLoop | undefined {
  if (!nameArg) return undefined;
  let expression = unwrapExpression(nameArg);
  if (ts.isIdentifier(expression)) {
    const direct = loopOverKeys(call, expression.text);
    if (direct) return { pattern: { prefix: '', suffix: '' }, map: direct };
    const initializer = localInitializer(call, expression.text);
    if (!initializer) return undefined;
    expression = unwrapExpression(initializer);
  }
  const found = patternOf(expression);
  if (!found) return undefined;
  const map = loopOverKeys(call, found.key);
  return map ? { pattern: found.pattern, map } : undefined;
}

/** The object literal a top-level binding holds, or the one a map-building function returns. */
function mapObject(state: ScanState, name: string): ts.ObjectLiteralExpression | undefined {
  for (const statement of state.sourceFile.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name?.text === name) return returnedObject(statement);
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || declaration.name.text !== name || !declaration.initializer) continue;
      const init = unwrapExpression(declaration.initializer);
      if (ts.isObjectLiteralExpression(init)) return init;
      if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) return returnedObject(init);
    }
  }
  return undefined;
}

/** The single object literal a function returns from its own body. */
function returnedObject(fn: FunctionLike): ts.ObjectLiteralExpression | undefined {
  if (!fn.body) return undefined;
  if (!ts.isBlock(fn.body)) {
    const body = unwrapExpression(fn.body);
    return ts.isObjectLiteralExpression(body) ? body : undefined;
  }
  const returned: ts.Expression[] = [];
  walk(fn.body, (node) => {
    if (node !== fn.body && isFunctionLike(node)) return false;
    if (ts.isReturnStatement(node) && node.expression) returned.push(unwrapExpression(node.expression));
    return true;
  });
  return returned.length === 1 && ts.isObjectLiteralExpression(returned[0]) ? returned[0] : undefined;
}

/** An entry whose value is the handler itself (`{ ping: async () => … }`, `{ ping: handlePing }`). */
function handlerEntry(
  state: ScanState,
  property: ts.PropertyAssignment,
  name: string,
  evidence: readonly string[],
): void {
  const value = unwrapExpression(property.initializer);
  if (!isInlineFunction(value) && !(ts.isIdentifier(value) && functionTarget(state, value))) return;
  const recorded = recordHandler(state, value, 'dispatch', name, evidence);
  state.registrations.push({
    name,
    kind: 'dispatch',
    node: property,
    nameNode: property.name,
    handler: recorded.fn,
    evidence: [...evidence, ...recorded.evidence],
    listed: true,
  });
}

/**
 * Names the entries of a keyed map: each entry holding a definition object (or a handler) is the
 * tool `prefix + key + suffix`. Returns how many entries were tools.
 */
export function nameKeyedDefinitions(
  state: ScanState,
  mapName: string,
  pattern: NamePattern,
  evidence: readonly string[],
): number {
  const map = mapObject(state, mapName);
  if (!map) return 0;
  let count = 0;
  for (const property of map.properties) {
    if (!ts.isPropertyAssignment(property)) continue;
    const key = propertyNameText(property.name);
    if (key === undefined) continue;
    const value = unwrapExpression(property.initializer);
    // `{ list_tables: tool({ … }) }`: the object given to the factory, registered at the call.
    const factoryArgument =
      ts.isCallExpression(value) && value.arguments[0] ? unwrapExpression(value.arguments[0]) : undefined;
    const inFactory = factoryArgument !== undefined && ts.isObjectLiteralExpression(factoryArgument);
    const object = inFactory ? factoryArgument : value;
    const site = inFactory ? value : object;
    const name = `${pattern.prefix}${key}${pattern.suffix}`;
    const entryEvidence = [`entry '${key}' of ${mapName} (${where(state, property)}), registered as '${name}'`];
    if (!ts.isObjectLiteralExpression(object)) {
      const before = state.registrations.length;
      if (!state.registrations.some((r) => r.node === property))
        handlerEntry(state, property, name, [...entryEvidence, ...evidence]);
      count += state.registrations.length - before;
      continue;
    }
    let registration = state.registrations.find((r) => r.node === object || r.node === site);
    if (!registration) {
      state.consumed.add(object);
      const before = state.registrations.length;
      definitionFromObject(state, object, site, 'definition', [...entryEvidence, ...evidence], true);
      registration = state.registrations.length > before ? state.registrations[before] : undefined;
    } else registration.evidence = [...entryEvidence, ...evidence, ...registration.evidence];
    if (!registration) continue;
    count++;
    registration.name = name;
    registration.nameExpression =
      pattern.prefix || pattern.suffix ? `\`${pattern.prefix}\${key}${pattern.suffix}\`` : undefined;
    const handler = registration.handler && state.handlers.find((h) => h.fn === registration?.handler);
    if (handler) handler.toolName = name;
  }
  return count;
}

/** A registration call inside a loop over a keyed map: the map's entries are the tools, here or in the file it comes from. */
export function registerKeyedLoop(
  state: ScanState,
  call: ts.CallExpression,
  kind: RegistrationKind,
  nameNode: ts.Node,
  loop: KeyedLoop,
  evidence: readonly string[],
): void {
  const callee = ts.isCallExpression(loop.map) ? unwrapExpression(loop.map.expression) : loop.map;
  const mapName = ts.isIdentifier(callee) ? callee.text : undefined;
  const loopEvidence = [
    `registered under the name \`${loop.pattern.prefix}\${key}${loop.pattern.suffix}\` for each key of ${loop.map.getText(state.sourceFile)} (${where(state, call)})`,
    ...evidence,
  ];
  if (mapName !== undefined) {
    const imported = state.imports.get(mapName);
    if (
      imported &&
      handOffImport(state, imported.specifier, {
        exportName: imported.exportName,
        kind: 'definition',
        toolName: null,
        role: 'definitions',
        namePattern: loop.pattern,
        evidence: loopEvidence,
      })
    ) {
      state.registrations.push({ name: null, kind, node: call, nameNode, evidence: [...evidence], listed: false });
      return;
    }
    if (!imported && nameKeyedDefinitions(state, mapName, loop.pattern, loopEvidence) > 0) {
      state.registrations.push({ name: null, kind, node: call, nameNode, evidence: [...evidence], listed: false });
      return;
    }
  }
  // The map could not be read: the call stays a site whose tool names are not known.
  state.registrations.push({ name: null, kind, node: call, nameNode, evidence: [...evidence], listed: true });
}
