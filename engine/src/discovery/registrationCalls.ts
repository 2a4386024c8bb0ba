/**
 * Registration calls: the SDK's own (`registerTool`, `tool`, `registerToolTask`, FastMCP `addTool`)
 * and calls to the project's wrappers around them (`context.registerTool`, a local
 * `const tool = (...) => server.registerTool(...)`, `registerListTool(server)` helpers).
 * A call whose name comes from a parameter of the function it sits in makes that function a wrapper.
 */
import ts from 'typescript';
import { type FunctionLike, expressionName, propertyNameText, propertyValue, unwrapExpression } from '../parse/syntax';
import { markGuardedBy } from './crossFileGuards';
import { forwardedHandlerOf } from './forwardedHandlers';
import { guardedParametersOf } from './guardedParameters';
import { recordHandler } from './handlerTargets';
import { definitionFromObject, recordMethod } from './definitions';
import { scanTableLookups } from './handlerTables';
import { keyedLoopOf, registerKeyedLoop } from './keyedLoops';
import { scanLoopInstances } from './executorRegistry';
import { scanElementNamedLoop } from './elementNamedLoops';
import { scanLoopedDefinitions } from './loopedDefinitions';
import { scanLoadedModules } from './loadedModules';
import { spreadNameOf } from './spreadNames';
import { localDefinitionObject } from './localDefinitions';
import { claimRegisteredDefinition } from './registeredDefinitions';
import { bindRegistrars, invokesRegisteredDefinition, registrarOf } from './registrars';
import { type RegistrationReader, bindListParameterLoops, followListArgument } from './listParameterLoops';
import { returnedRegistrar } from './returnedRegistrars';
import { argPathOf, calledPathOf, isShared } from './parameterPaths';
import { callsOtherToolApi } from './otherToolApis';
import {
  type ArgPath,
  type RegistrationKind,
  type ScanState,
  type WrapperSignature,
  enclosingFunctionOf,
  functionName,
  isInlineFunction,
  nameOf,
  where,
} from './scanContext';
import { holdsNamelessObject } from './heldObjectArguments';

export { argPathOf, calledPathOf, isShared };

interface CallShape {
  kind: RegistrationKind;
  nameArg?: ts.Expression;
  handlerArg?: ts.Expression;
  definitionArg?: ts.Expression;
  /** The list a list registrar is given (listParameterLoops.ts). */
  listArg?: ts.Expression;
  /** The wrapper this call goes through. */
  wrapper?: WrapperSignature;
  calleeText: string;
}

function looksLikeName(expression: ts.Expression): boolean {
  const inner = unwrapExpression(expression);
  return (
    ts.isStringLiteralLike(inner) ||
    ts.isTemplateExpression(inner) ||
    ts.isIdentifier(inner) ||
    ts.isPropertyAccessExpression(inner) ||
    ts.isElementAccessExpression(inner) ||
    (ts.isBinaryExpression(inner) &&
      (inner.operatorToken.kind === ts.SyntaxKind.BarBarToken ||
        inner.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken ||
        inner.operatorToken.kind === ts.SyntaxKind.PlusToken))
  );
}

function looksLikeHandler(expression: ts.Expression): boolean {
  const inner = unwrapExpression(expression);
  return (
    isInlineFunction(inner) ||
    ts.isIdentifier(inner) ||
    ts.isCallExpression(inner) ||
    ts.isPropertyAccessExpression(inner) ||
    ts.isElementAccessExpression(inner)
  );
}

/** The SDK's registration methods, recognised by name on any receiver. */
function sdkCall(call: ts.CallExpression): CallShape | undefined {
  // `(server.registerTool as Register)(…)` too.
  const callee = unwrapExpression(call.expression);
  if (!ts.isPropertyAccessExpression(callee)) return undefined;
  const method = callee.name.text;
  const args = call.arguments;
  const calleeText = `.${method}(…)`;
  if ((method === 'registerTool' || method === 'registerToolTask') && args.length >= 2 && looksLikeName(args[0])) {
    const kind = method === 'registerTool' ? 'registerTool' : 'registerToolTask';
    return { kind, nameArg: args[0], handlerArg: args.length >= 3 ? args[args.length - 1] : undefined, calleeText };
  }
  if (
    method === 'tool' &&
    args.length >= 2 &&
    looksLikeName(args[0]) &&
    looksLikeHandler(args[args.length - 1]) &&
    !holdsNamelessObject(args[0])
  ) {
    return { kind: 'tool', nameArg: args[0], handlerArg: args[args.length - 1], calleeText };
  }
  if (method === 'addTool' && args.length === 1) {
    return { kind: 'addTool', definitionArg: args[0], calleeText };
  }
  return objectFormCall(method, args, calleeText);
}

/**
 * Registration helpers that MCP packages export next to the SDK, taking the server first:
 * `registerAppTool(server, 'name', config, handler)` (`@modelcontextprotocol/ext-apps/server`).
 */
function libraryHelperCall(state: ScanState, call: ts.CallExpression): CallShape | undefined {
  const callee = unwrapExpression(call.expression);
  if (!ts.isIdentifier(callee)) return undefined;
  const imported = state.imports.get(callee.text);
  if (!imported || !/^@modelcontextprotocol\//.test(imported.specifier)) return undefined;
  if (!/^register\w*Tool$/.test(imported.exportName)) return undefined;
  const args = call.arguments;
  if (args.length < 3 || !looksLikeName(args[1]) || !looksLikeHandler(args[args.length - 1])) return undefined;
  return { kind: 'registerTool', nameArg: args[1], handlerArg: args[args.length - 1], calleeText: `${callee.text}(…)` };
}

/** The `name` property of an object literal argument, when it has one. */
function namePropertyOf(argument: ts.Expression): ts.Expression | undefined {
  const object = unwrapExpression(argument);
  if (!ts.isObjectLiteralExpression(object)) return undefined;
  return propertyValue(object, 'name') ?? spreadNameOf(object);
}

/** An inline function, a function named by an identifier, or a method of the same class (`this.onGreet`). */
function isHandlerReference(expression: ts.Expression): boolean {
  return (
    isInlineFunction(expression) ||
    ts.isIdentifier(expression) ||
    (ts.isPropertyAccessExpression(expression) && expression.expression.kind === ts.SyntaxKind.ThisKeyword)
  );
}

/**
 * Object forms of the registration methods: `registrar.registerTool({ name, description, handler })`
 * and `server.tool({ name, description, cb })` (one definition object, as framework registrars and
 * mcp-use take it) and `server.tool({ name, … }, handler)`
 * (the definition object first, then the handler: inline, named, or a method of the class, as tmcp takes it).
 */
function objectFormCall(method: string, args: ts.NodeArray<ts.Expression>, calleeText: string): CallShape | undefined {
  if (method !== 'registerTool' && method !== 'tool') return undefined;
  const nameArg = args[0] ? namePropertyOf(args[0]) : undefined;
  if (!nameArg) return undefined;
  if (args.length === 1) return { kind: method, definitionArg: args[0], calleeText };
  if (args.length === 2 && isHandlerReference(unwrapExpression(args[1]))) {
    return { kind: method, nameArg, handlerArg: args[1], calleeText };
  }
  return undefined;
}

function argumentAt(call: ts.CallExpression, path: ArgPath | undefined): ts.Expression | undefined {
  if (!path) return undefined;
  const argument = call.arguments[path.index];
  if (!argument || path.property === undefined) return argument;
  const object = unwrapExpression(argument);
  if (!ts.isObjectLiteralExpression(object)) return undefined;
  for (const property of object.properties) {
    if (propertyNameText(property.name) !== path.property) continue;
    if (ts.isPropertyAssignment(property)) return property.initializer;
    if (ts.isShorthandPropertyAssignment(property)) return property.name;
    if (ts.isMethodDeclaration(property)) return undefined;
  }
  return undefined;
}

/** `defineTool({ name, async execute(args) { … } })`: the method the wrapper's handler path names. */
function optionsMethod(call: ts.CallExpression, path: ArgPath | undefined): ts.MethodDeclaration | undefined {
  if (!path || path.property === undefined) return undefined;
  const object = call.arguments[path.index] && unwrapExpression(call.arguments[path.index]);
  if (!object || !ts.isObjectLiteralExpression(object)) return undefined;
  return object.properties.find(
    (property): property is ts.MethodDeclaration =>
      ts.isMethodDeclaration(property) && propertyNameText(property.name) === path.property && !!property.body,
  );
}

function wrapperCall(state: ScanState, call: ts.CallExpression): CallShape | undefined {
  const callee = call.expression;
  let signature: WrapperSignature | undefined;
  if (ts.isIdentifier(callee)) {
    signature = state.wrappers.get(callee.text);
    if (!signature && state.imports.has(callee.text)) {
      const exportName = state.imports.get(callee.text)?.exportName ?? callee.text;
      // A default-imported helper is known by its own name, usually the local one.
      signature =
        state.knowledge.wrapper(exportName) ??
        (exportName === 'default' ? state.knowledge.wrapper(callee.text) : undefined);
    }
  } else if (ts.isPropertyAccessExpression(callee)) {
    const method = callee.name.text;
    signature = state.wrappers.get(method) ?? (/tool/i.test(method) ? state.knowledge.wrapper(method) : undefined);
  }
  if (!signature || signature.registrar) return undefined;
  const shape: CallShape = {
    kind: 'wrapper',
    wrapper: signature,
    calleeText: `${callee.getText(state.sourceFile)}(…)`,
  };
  if (signature.definitionFrom) {
    shape.definitionArg = argumentAt(call, signature.definitionFrom);
    return shape.definitionArg ? shape : undefined;
  }
  if (signature.listFrom) {
    shape.listArg = argumentAt(call, signature.listFrom);
    return shape.listArg ? shape : undefined;
  }
  shape.nameArg = argumentAt(call, signature.nameFrom);
  // Without a name argument the wrapper's default name applies; its own site lists that tool.
  if (!shape.nameArg) return undefined;
  shape.handlerArg =
    argumentAt(call, signature.handlerFrom) ??
    [...call.arguments].reverse().find((argument) => isInlineFunction(unwrapExpression(argument)));
  return shape;
}

/**
 * The function whose parameters a registration call forwards: the one it sits in, or — for a closure
 * the helper stores and runs later (`const setup = (server) => server.registerTool(props.name, …)`) —
 * an enclosing one (two levels out at most, through inline functions only).
 */
function forwardingFunction(
  call: ts.CallExpression,
  shape: CallShape,
): { fn: FunctionLike; nameFrom?: ArgPath; definitionFrom?: ArgPath } | undefined {
  let fn = enclosingFunctionOf(call);
  for (let level = 0; fn && level < 3; level++) {
    const nameFrom = shape.nameArg ? argPathOf(shape.nameArg, fn) : undefined;
    const definitionFrom = shape.definitionArg ? argPathOf(shape.definitionArg, fn) : undefined;
    if (nameFrom || definitionFrom) return { fn, nameFrom, definitionFrom };
    if (!isInlineFunction(fn)) return undefined;
    fn = enclosingFunctionOf(fn);
  }
  return undefined;
}

/** When a registration call forwards the parameters of the function it sits in, that function's wrapper signature. */
function forwardingSignature(state: ScanState, call: ts.CallExpression, shape: CallShape): WrapperSignature | null {
  const forwarded = forwardingFunction(call, shape);
  if (!forwarded) return null;
  const { fn, nameFrom, definitionFrom } = forwarded;
  const registrar = functionName(fn) === undefined ? registrarOf(fn) : undefined;
  const name = functionName(registrar ?? fn);
  const via = shape.wrapper ? shape.wrapper.evidence : [`${shape.calleeText} at ${where(state, call)}`];
  const handler = shape.handlerArg ? forwardedHandlerOf(state, shape.handlerArg, fn, nameFrom) : {};
  const signature: WrapperSignature = {
    name: name ?? '',
    nameFrom,
    definitionFrom,
    handlerFrom: handler.handlerFrom,
    evidence: [`${name ?? 'function'} (${where(state, fn)}) forwards to ${shape.calleeText}`, ...via.slice(0, 4)],
    shared: isShared(registrar ?? fn),
  };
  if (registrar) signature.registrar = true;
  if (handler.guardsHandler) signature.guardsHandler = handler.guardsHandler;
  const guardedParameters = guardedParametersOf(fn, state.functions);
  if (guardedParameters.length > 0) signature.guardedParameters = guardedParameters;
  return signature;
}

/**
 * `for (const tool of tools) this.registerTool(tool, (args) => tool.handler(ctx, args))` where the
 * project's own helper calls that callback inside a try whose catch answers every error: what the
 * callback invokes is guarded (the definitions' keys it calls are collected by guardedKeysOf). The
 * helper is looked up by name, so one named like an SDK method (`registerTool`) counts too.
 */
function noteGuardedCallbacks(state: ScanState, call: ts.CallExpression): void {
  const callee = unwrapExpression(call.expression);
  const name = ts.isIdentifier(callee)
    ? (state.imports.get(callee.text)?.exportName ?? callee.text)
    : ts.isPropertyAccessExpression(callee)
      ? callee.name.text
      : undefined;
  if (name === undefined) return;
  const signature = state.wrappers.get(name) ?? state.knowledge.wrapper(name);
  for (const index of signature?.guardedParameters ?? []) {
    const argument = call.arguments[index];
    const callback = argument ? unwrapExpression(argument) : undefined;
    if (callback && isInlineFunction(callback)) state.guardedCallbacks.push(callback);
  }
}

/** `server.tool(toolName || 'search', …)` inside a wrapper: the site registers 'search' by default. */
function forwardingFallback(state: ScanState, call: ts.CallExpression, shape: CallShape): string | undefined {
  const fn = enclosingFunctionOf(call);
  const path = fn && shape.nameArg ? argPathOf(shape.nameArg, fn) : undefined;
  return path?.fallback;
}

/** `for (const def of defs) server.registerTool(def.name, …)`: a loop that registers tools defined elsewhere. */
function fromLoopVariable(call: ts.CallExpression, nameArg: ts.Expression | undefined): boolean {
  if (!nameArg) return false;
  let root = unwrapExpression(nameArg);
  while (ts.isPropertyAccessExpression(root) || ts.isElementAccessExpression(root))
    root = unwrapExpression(root.expression);
  if (!ts.isIdentifier(root)) return false;
  for (let node: ts.Node | undefined = call.parent; node && !ts.isSourceFile(node); node = node.parent) {
    if ((ts.isForOfStatement(node) || ts.isForInStatement(node)) && ts.isVariableDeclarationList(node.initializer)) {
      const name = root.text;
      if (node.initializer.declarations.some((d) => ts.isIdentifier(d.name) && d.name.text === name)) return true;
    }
  }
  return false;
}

const SDK_METHODS = new Set(['registerTool', 'registerToolTask', 'tool', 'addTool']);

function mayRegister(state: ScanState, call: ts.CallExpression): boolean {
  const callee = unwrapExpression(call.expression);
  const name = expressionName(callee);
  if (name === undefined || invokesRegisteredDefinition(call)) return false;
  if (ts.isPropertyAccessExpression(callee) && SDK_METHODS.has(name)) return !callsOtherToolApi(state, call);
  return (
    state.wrappers.has(name) ||
    state.knowledge.wrapper(name) !== undefined ||
    (ts.isIdentifier(callee) && state.imports.has(name))
  );
}

const REGISTRATION_READER: RegistrationReader = {
  sdkNameArg: (call) => sdkCall(call)?.nameArg,
  pathOf: argPathOf,
  shared: isShared,
};

function shapeOf(state: ScanState, call: ts.CallExpression): CallShape | undefined {
  return sdkCall(call) ?? libraryHelperCall(state, call) ?? wrapperCall(state, call);
}

/** Finds the file's wrappers (to a fixed point, so chains of wrappers are followed), then its registrations. */
export function scanRegistrationCalls(state: ScanState, allCalls: readonly ts.CallExpression[]): void {
  // Only calls through a name that can register (the SDK's methods, wrappers known here or elsewhere).
  bindRegistrars(state);
  bindListParameterLoops(state, allCalls, REGISTRATION_READER);
  const calls = allCalls.filter((call) => mayRegister(state, call));
  const considered = new Set(calls);
  const forwarding = new Set<ts.CallExpression>();
  for (let round = 0; round < 4; round++) {
    let added = false;
    for (const call of calls) {
      if (forwarding.has(call)) continue;
      const shape = shapeOf(state, call);
      if (!shape) continue;
      const signature = forwardingSignature(state, call, shape);
      if (signature === null) continue;
      forwarding.add(call);
      if (signature.name && !state.wrappers.has(signature.name)) {
        state.wrappers.set(signature.name, signature);
        added = true;
      }
      const returned = returnedRegistrar(state, call, signature);
      if (returned && !state.wrappers.has(returned.name)) {
        state.wrappers.set(returned.name, returned);
        added = true;
      }
    }
    if (!added) break;
    bindRegistrars(state);
    // New wrappers: calls to them may register too.
    for (const call of allCalls) {
      if (considered.has(call) || !mayRegister(state, call)) continue;
      considered.add(call);
      calls.push(call);
    }
  }
  for (const call of calls) {
    noteGuardedCallbacks(state, call);
    const shape = shapeOf(state, call);
    if (!shape) continue;
    const site = `${shape.calleeText} at ${where(state, call)}`;
    const evidence = shape.wrapper
      ? [`registered through ${site}`, ...shape.wrapper.evidence]
      : [`registered by ${site}`];
    if (shape.listArg && shape.wrapper) {
      followListArgument(state, call, shape.listArg, shape.wrapper, evidence);
      continue;
    }
    const keyed = forwarding.has(call) ? undefined : keyedLoopOf(call, shape.nameArg);
    if (keyed) {
      registerKeyedLoop(state, call, shape.kind, shape.nameArg ?? call.expression, keyed, evidence);
      continue;
    }
    const fallback = forwardingFallback(state, call, shape);
    if ((forwarding.has(call) || fromLoopVariable(call, shape.nameArg)) && fallback === undefined) {
      const scope = enclosingFunctionOf(call);
      if (scope && !functionName(scope)) scanTableLookups(state, scope, evidence);
      scanLoopInstances(state, call, shape.handlerArg);
      if (!scanLoopedDefinitions(state, call, shape.nameArg, evidence) && shape.nameArg) {
        scanElementNamedLoop(state, call, shape.nameArg, shape.handlerArg, shape.kind, undefined, evidence);
      }
      scanLoadedModules(state, call, shape.nameArg, shape.handlerArg);
      state.registrations.push({
        name: null,
        kind: shape.kind,
        node: call,
        nameNode: shape.nameArg ?? call.expression,
        evidence,
        listed: false,
      });
      continue;
    }
    if (shape.definitionArg) {
      const argument = unwrapExpression(shape.definitionArg);
      const object = ts.isIdentifier(argument) ? localDefinitionObject(call, argument) : argument;
      if (object && ts.isObjectLiteralExpression(object) && !state.consumed.has(object)) {
        state.consumed.add(object);
        definitionFromObject(state, object, call, shape.kind, evidence);
      }
      continue;
    }
    // An options object given to a wrapper is this registration, not a definition of its own.
    for (const argument of call.arguments) {
      const inner = unwrapExpression(argument);
      if (ts.isObjectLiteralExpression(inner)) state.consumed.add(inner);
    }
    const resolved =
      fallback !== undefined
        ? { name: fallback, expression: shape.nameArg?.getText(state.sourceFile) ?? '' }
        : shape.nameArg
          ? nameOf(state, shape.nameArg)
          : { name: null, expression: '' };
    // `tools.forEach((tool) => server.tool(tool.name, …, (a) => tool.execute(a)))`: the instances' classes.
    let loopOfDefinitions = false;
    if (resolved.name === null && shape.nameArg && ts.isPropertyAccessExpression(unwrapExpression(shape.nameArg))) {
      scanLoopInstances(state, call, shape.handlerArg);
    }
    if (resolved.name === null && shape.nameArg) {
      loopOfDefinitions = scanLoopedDefinitions(state, call, shape.nameArg, evidence);
      if (scanLoadedModules(state, call, shape.nameArg, shape.handlerArg)) loopOfDefinitions = true;
    }
    const method = shape.handlerArg ? undefined : optionsMethod(call, shape.wrapper?.handlerFrom);
    const handler = method
      ? recordMethod(state, method, shape.kind, resolved.name, evidence)
      : recordHandler(state, shape.handlerArg, shape.kind, resolved.name, evidence);
    // `[{ name: 'a' }, …].forEach(({ name }) => server.tool(name, shape, async (x) => …))`: each element is a tool.
    if (resolved.name === null && shape.nameArg && !loopOfDefinitions) {
      loopOfDefinitions = scanElementNamedLoop(
        state,
        call,
        shape.nameArg,
        shape.handlerArg,
        shape.kind,
        handler.fn,
        evidence,
      );
    }
    // `server.tool(def.name, …, def.execute)`: the object `def` is this tool's definition, not another tool.
    const claimed = claimRegisteredDefinition(state, call, shape.nameArg, shape.handlerArg, shape.kind, resolved.name);
    if (
      handler.fn &&
      shape.handlerArg &&
      shape.wrapper?.guardedParameters?.includes(call.arguments.indexOf(shape.handlerArg))
    ) {
      const recorded = state.handlers.find((h) => h.fn === handler.fn);
      if (recorded) recorded.guarded = true;
    } else if (handler.fn && shape.wrapper?.guardsHandler) {
      markGuardedBy(state, handler.fn, shape.wrapper.guardsHandler);
    }
    state.registrations.push({
      name: resolved.name,
      nameExpression:
        resolved.name === null || !shape.nameArg || !ts.isStringLiteralLike(shape.nameArg)
          ? resolved.expression
          : undefined,
      kind: shape.kind,
      node: call,
      nameNode: shape.nameArg ?? call.expression,
      handler: handler.fn ?? claimed?.fn,
      evidence: [...evidence, ...handler.evidence, ...(claimed?.evidence ?? [])],
      // `list.forEach((t) => server.tool(t.name, …))` over definitions found above: a site, not a tool.
      listed: !loopOfDefinitions,
    });
  }
}
