/**
 * Project factories that build a tool definition out of their parameters, named for a tool
 * (`createTool`, `makeTool`, `CreateAcmeTool`, `defineToolSpec`):
 *
 * - positional: `createTool = (name, config, callback) => ({ name, config, callback })`;
 * - curried: `makeTool = (name, description, shape, handler) => () => ({ name, description, shape, handler })`
 *   (the factory returns a thunk that builds the definition);
 * - one options object: `createTool(config) { const invoke = async (c, a) => config.apiCall(c, a); return { name: config.name, invoke } }`;
 * - metadata nested beside the handler: `(name, description, schema, handler) => ({ definition: { name, description, schema }, handler: guard(handler) })`.
 *
 * The returned object names the tool from a parameter (or a parameter's property) and takes its
 * handler-like member from another (or from an inline function that calls one). Such a factory is
 * treated as a wrapper (every call names a tool and hands it a handler), so its calls — in this file or,
 * through the project's shared wrappers, in any other — are tools: `createTool('get-thing', cfg, async () => …)`.
 * The object the factory builds is not a tool of its own.
 */
import ts from 'typescript';
import { HANDLER_KEYS } from './handlerKeys';
import {
  type FunctionLike,
  returnedExpressions,
  isFunctionLike,
  propertyNameText,
  unwrapExpression,
  walk,
} from '../parse/syntax';
import { NOT_TOOL_KEYS, memberOf, valueOfMember } from './definitions';
import { answeringTryOfProperty } from './crossFileGuards';
import { guardedParametersOf } from './guardedParameters';
import { nestedDefinitionName } from './nestedDefinitionNames';
import { argPathOf, calledPathOf, isShared } from './registrationCalls';
import { type ArgPath, type ScanState, type WrapperSignature, isInlineFunction, where } from './scanContext';

/**
 * `createTool`, `CreateAcmeTool`, `makeToolDef`, `createToolNoArgs`, `make_tool`: a function named for making a
 * tool — "tool" as a word of the name (`createToolbarButton`, `createTools` are not).
 */
const TOOL_FACTORY_NAME = /(?:^tool|Tool|TOOL|_tool)(?![a-z])/;
/** Keys under which a built definition keeps its handler. */
const BUILT_HANDLER_KEYS = [...HANDLER_KEYS, 'func', 'tool', 'apiCall'];

/** The object literal the factory returns, directly or from the thunk it returns (one level). */
function builtObject(fn: FunctionLike): ts.ObjectLiteralExpression | undefined {
  const candidates = returnedExpressions(fn).map((e) => unwrapExpression(e));
  for (const candidate of candidates) {
    if (ts.isObjectLiteralExpression(candidate)) return candidate;
    if (isInlineFunction(candidate)) {
      const inner = returnedExpressions(candidate).map((e) => unwrapExpression(e));
      const object = inner.find(ts.isObjectLiteralExpression);
      if (object) return object;
    }
  }
  return undefined;
}

/** The same-function `const invoke = async (…) => …` an identifier names, if any. */
function localFunction(
  fn: FunctionLike,
  identifier: ts.Identifier,
): ts.ArrowFunction | ts.FunctionExpression | undefined {
  if (!fn.body || !ts.isBlock(fn.body)) return undefined;
  for (const statement of fn.body.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || declaration.name.text !== identifier.text) continue;
      const init = declaration.initializer && unwrapExpression(declaration.initializer);
      return init && isInlineFunction(init) ? init : undefined;
    }
  }
  return undefined;
}

/** `async (a) => { try { return await handler(a); } catch … }`: the factory's parameter the function calls. */
function calledParameter(local: ts.ArrowFunction | ts.FunctionExpression, fn: FunctionLike): ArgPath | undefined {
  let path: ArgPath | undefined;
  walk(local, (node) => {
    if (path) return false;
    if (ts.isCallExpression(node) && ts.isIdentifier(unwrapExpression(node.expression))) {
      const found = argPathOf(node.expression, fn);
      if (found && found.property === undefined) path = found;
    }
    return undefined;
  });
  return path;
}

/** Where the built object's handler comes from among the factory's parameters. */
function handlerPath(fn: FunctionLike, object: ts.ObjectLiteralExpression): ArgPath | undefined {
  for (const key of BUILT_HANDLER_KEYS) {
    const value = valueOfMember(memberOf(object, [key]));
    if (!value) continue;
    const inner = unwrapExpression(value);
    const direct = argPathOf(inner, fn);
    if (direct) return direct;
    const local = ts.isIdentifier(inner) ? localFunction(fn, inner) : isInlineFunction(inner) ? inner : undefined;
    const called = local ? (calledPathOf(local, fn) ?? calledParameter(local, fn)) : undefined;
    if (called) return called;
  }
  return undefined;
}

/** The wrapper signature of a function that builds a tool definition from its parameters, if it is one. */
function factorySignature(state: ScanState, name: string, fn: FunctionLike): WrapperSignature | undefined {
  if (!TOOL_FACTORY_NAME.test(name) || fn.parameters.length === 0) return undefined;
  const object = builtObject(fn);
  if (!object || memberOf(object, NOT_TOOL_KEYS)) return undefined;
  const nameValue = valueOfMember(memberOf(object, ['name', 'toolName'])) ?? nestedDefinitionName(object);
  const nameFrom = nameValue ? argPathOf(nameValue, fn) : undefined;
  if (!nameFrom || nameFrom.fallback !== undefined) return undefined;
  const handlerFrom = handlerPath(fn, object);
  if (!handlerFrom || (handlerFrom.index === nameFrom.index && handlerFrom.property === nameFrom.property)) {
    return undefined;
  }
  state.consumed.add(object);
  const handlerKey = propertyNameText(
    object.properties.find((p) => BUILT_HANDLER_KEYS.includes(propertyNameText(p.name) ?? ''))?.name,
  );
  const signature: WrapperSignature = {
    name,
    nameFrom,
    handlerFrom,
    evidence: [
      `${name} (${where(state, fn)}) builds a tool definition from its parameters (name and ${handlerKey ?? 'handler'})`,
    ],
    shared: isShared(fn),
  };
  // The factory (or the definition it builds) calls the handler inside its own try/catch.
  const guarded = guardedParametersOf(fn, state.functions);
  if (guarded.length > 0) signature.guardedParameters = guarded;
  const guardedBy = handlerFrom.property ? answeringTryOfProperty(state, fn, handlerFrom) : undefined;
  if (guardedBy) signature.guardsHandler = guardedBy;
  return signature;
}

/** Adds the file's definition-building factories to its wrappers, before its registration calls are read. */
export function scanDefinitionFactories(state: ScanState): void {
  for (const [name, fn] of state.functions) {
    if (state.wrappers.has(name) || !isFunctionLike(fn)) continue;
    const signature = factorySignature(state, name, fn);
    if (signature) state.wrappers.set(name, signature);
  }
}
