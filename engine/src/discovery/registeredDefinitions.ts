/**
 * A definition object registered property by property at a call site:
 * `server.tool(def.name, def.description, def.schema, def.execute)` where `def` is
 * `const def = { name: 'x', description, schema, execute }` of this file or imported from another.
 * The call site is the one tool: the object is not listed again, and the function under the key the call
 * site passes (`execute`) is that tool's handler. Across files the defining file's own scan does this
 * (role `registeredDefinition`).
 */
import ts from 'typescript';
import { type FunctionLike, propertyNameText, unwrapExpression, walk } from '../parse/syntax';
import { recordMethod } from './definitions';
import type { ExternalInfo, Reexport } from './handlers';
import { recordHandler } from './handlerTargets';
import {
  type RegistrationKind,
  type ScanState,
  enclosingFunctionOf,
  handOffImport,
  isInlineFunction,
  where,
} from './scanContext';

const NAME_KEYS = new Set(['name', 'toolName']);

/** `def.name` or `ns.def.name`: the expression the name is read from, when it is a member of an object. */
function nameOwner(nameArg: ts.Expression): ts.Expression | undefined {
  const inner = unwrapExpression(nameArg);
  if (!ts.isPropertyAccessExpression(inner) || !NAME_KEYS.has(inner.name.text)) return undefined;
  return unwrapExpression(inner.expression);
}

function sameOwner(a: ts.Expression, b: ts.Expression, sourceFile: ts.SourceFile): boolean {
  return unwrapExpression(a).getText(sourceFile) === unwrapExpression(b).getText(sourceFile);
}

/**
 * The key of the owner that the handler argument is or calls: `def.execute`, `wrap(def.execute)`,
 * `(a) => def.execute(a)`.
 */
function handlerKey(state: ScanState, handlerArg: ts.Expression, owner: ts.Expression): string | undefined {
  const inner = unwrapExpression(handlerArg);
  const memberKey = (node: ts.Expression): string | undefined => {
    const access = unwrapExpression(node);
    return ts.isPropertyAccessExpression(access) && sameOwner(access.expression, owner, state.sourceFile)
      ? access.name.text
      : undefined;
  };
  const direct = memberKey(inner);
  if (direct !== undefined) return direct;
  if (ts.isCallExpression(inner)) {
    for (const argument of inner.arguments) {
      const key = memberKey(argument);
      if (key !== undefined) return key;
    }
    return undefined;
  }
  if (!isInlineFunction(inner)) return undefined;
  let key: string | undefined;
  walk(inner, (node) => {
    if (key !== undefined) return false;
    if (ts.isCallExpression(node)) key = memberKey(node.expression);
    return key === undefined;
  });
  return key;
}

/**
 * The definition a top-level `const name = …` of this file holds: an object literal (through `as` and
 * `satisfies`), or the one object a factory call wraps (`defineTool({ … })`), with the node that is its site.
 */
function topLevelDefinition(
  state: ScanState,
  name: string,
): { object: ts.ObjectLiteralExpression; site: ts.Expression } | undefined {
  for (const statement of state.sourceFile.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || declaration.name.text !== name || !declaration.initializer) continue;
      const init = unwrapExpression(declaration.initializer);
      if (ts.isObjectLiteralExpression(init)) return { object: init, site: init };
      if (ts.isCallExpression(init) && init.arguments.length === 1) {
        const argument = unwrapExpression(init.arguments[0]);
        if (ts.isObjectLiteralExpression(argument)) return { object: argument, site: init };
      }
      return undefined;
    }
  }
  return undefined;
}

/** The function under `key` of a definition object, recorded as a handler of `toolName`. */
function recordMember(
  state: ScanState,
  object: ts.ObjectLiteralExpression,
  key: string,
  kind: RegistrationKind,
  toolName: string | null,
  evidence: readonly string[],
): FunctionLike | undefined {
  const property = object.properties.find((p) => !ts.isSpreadAssignment(p) && propertyNameText(p.name) === key);
  if (!property) return undefined;
  if (ts.isMethodDeclaration(property))
    return property.body ? recordMethod(state, property, kind, toolName, evidence).fn : undefined;
  const value = ts.isPropertyAssignment(property)
    ? property.initializer
    : ts.isShorthandPropertyAssignment(property)
      ? property.name
      : undefined;
  return value ? recordHandler(state, value, kind, toolName, evidence).fn : undefined;
}

/** The object is registered at a call site: not a tool of its own; its member is that site's handler. */
function claimObject(
  state: ScanState,
  { object, site }: { object: ts.ObjectLiteralExpression; site: ts.Expression },
  key: string,
  kind: RegistrationKind,
  toolName: string | null,
  evidence: readonly string[],
): FunctionLike | undefined {
  state.consumed.add(object);
  for (const registration of state.registrations) {
    if ((registration.node !== object && registration.node !== site) || registration.kind !== 'definition') continue;
    registration.listed = false;
    registration.evidence = [...evidence, ...registration.evidence];
  }
  return recordMember(state, object, key, kind, toolName, evidence);
}

/**
 * Claims the definition `expression` is (an object literal, the one object a factory call wraps) or names (a
 * top-level `const` of this file) as the tool `toolName` registered elsewhere in this file; its function under
 * `member` is the handler. Undefined when the expression is none of these.
 */
export function claimDefinitionAt(
  state: ScanState,
  expression: ts.Expression,
  member: string,
  kind: RegistrationKind,
  toolName: string | null,
  evidence: readonly string[],
): { fn?: FunctionLike } | undefined {
  const inner = unwrapExpression(expression);
  if (ts.isIdentifier(inner)) {
    const definition = topLevelDefinition(state, inner.text);
    return definition ? { fn: claimObject(state, definition, member, kind, toolName, evidence) } : undefined;
  }
  const object =
    ts.isCallExpression(inner) && inner.arguments.length === 1 ? unwrapExpression(inner.arguments[0]) : inner;
  if (!ts.isObjectLiteralExpression(object)) return undefined;
  return { fn: claimObject(state, { object, site: inner }, member, kind, toolName, evidence) };
}

/** Whether a function around `node` binds `name` itself (a parameter, a loop variable, a local): not the module's. */
function shadowed(node: ts.Node, name: string): boolean {
  for (let fn = enclosingFunctionOf(node); fn; fn = enclosingFunctionOf(fn)) {
    let found = false;
    walk(fn, (child) => {
      if (found) return false;
      if (
        (ts.isParameter(child) || ts.isVariableDeclaration(child) || ts.isBindingElement(child)) &&
        ts.isIdentifier(child.name)
      ) {
        found = child.name.text === name;
      }
      return !found;
    });
    if (found) return true;
  }
  return false;
}

/**
 * `server.tool(def.name, …, def.execute)`: claims the definition object `def` names (hiding it as a tool of
 * its own) and returns the handler when the object is in this file; hands an imported one to its file.
 * Undefined when the call is not of this shape.
 */
export function claimRegisteredDefinition(
  state: ScanState,
  call: ts.CallExpression,
  nameArg: ts.Expression | undefined,
  handlerArg: ts.Expression | undefined,
  kind: RegistrationKind,
  toolName: string | null,
): { fn?: FunctionLike; evidence: string[] } | undefined {
  const owner = nameArg && nameOwner(nameArg);
  if (!owner || !handlerArg) return undefined;
  const key = handlerKey(state, handlerArg, owner);
  if (key === undefined) return undefined;
  const evidence = [`definition registered by property at ${where(state, call)} (handler: ${key})`];
  // `ns.def`: a member of a namespace import.
  const [binding, exportName] = ts.isIdentifier(owner)
    ? [owner.text, undefined]
    : ts.isPropertyAccessExpression(owner) && ts.isIdentifier(owner.expression)
      ? [owner.expression.text, owner.name.text]
      : [undefined, undefined];
  if (binding === undefined) return undefined;
  const imported = state.imports.get(binding);
  if (imported) {
    const name =
      exportName !== undefined ? (imported.exportName === '*' ? exportName : undefined) : imported.exportName;
    if (name === undefined || name === '*') return undefined;
    handOffImport(state, imported.specifier, {
      exportName: name,
      kind,
      toolName,
      role: 'registeredDefinition',
      member: key,
      evidence,
    });
    return { evidence };
  }
  if (exportName !== undefined || shadowed(call, binding)) return undefined;
  const definition = topLevelDefinition(state, binding);
  return definition ? { fn: claimObject(state, definition, key, kind, toolName, evidence), evidence } : undefined;
}

/** An export of this file that another file registers by property (role `registeredDefinition`). */
export function registeredDefinitionExport(
  state: ScanState,
  exportName: string,
  ref: ExternalInfo,
  reexports: readonly Reexport[],
): void {
  if (!ref.member) return;
  const definition = topLevelDefinition(state, exportName);
  if (definition) {
    claimObject(state, definition, ref.member, ref.kind, ref.toolName, ref.evidence ?? []);
    return;
  }
  const forward = (specifier: string, name: string) =>
    handOffImport(state, specifier, {
      exportName: name,
      kind: ref.kind,
      toolName: ref.toolName,
      role: 'registeredDefinition',
      member: ref.member,
      evidence: [...(ref.evidence ?? [])],
    });
  const named = reexports.find((r) => r.exportName === exportName);
  if (named) forward(named.specifier, named.importedName);
  else for (const star of reexports.filter((r) => r.exportName === '*')) forward(star.specifier, exportName);
}
