/**
 * Dispatchers handed to a server factory as an option: the factory's `tools/call` handler forwards the tool
 * name to a member of its own parameter —
 * `export async function startGardenServer(config) { server.setRequestHandler(CallToolRequestSchema, (req) =>
 * config.handleCall({ name: req.params.name, args })) }` — and another file calls the factory with the
 * function that dispatches: `startGardenServer({ tools, handleCall: async (call) => handlers[call.name](…) })`.
 * The factory is shared with the project as a wrapper whose `dispatcherFrom` names that parameter member;
 * each call of it has the function it is given there read as a dispatcher (its branches, lookups and tables
 * are tools). Only an exported (or otherwise shared) named function's parameter counts, and only a member that
 * is called with the tool name.
 */
import ts from 'typescript';
import { type FunctionLike, propertyNameText, unwrapExpression } from '../parse/syntax';
import { answeringTryOf, scanGuardedDispatch } from './crossFileGuards';
import { argPathOf, isShared } from './registrationCalls';
import {
  type ArgPath,
  type ScanState,
  type WrapperSignature,
  enclosingFunctionOf,
  functionName,
  functionTarget,
  where,
} from './scanContext';

/**
 * `config.handleCall(…)` inside a tools/call dispatcher, handed the tool name: when `config` is a parameter of an
 * enclosing shared function, that function becomes a wrapper that forwards tools/call to the member.
 */
export function noteOptionDispatcher(state: ScanState, call: ts.CallExpression): void {
  const callee = unwrapExpression(call.expression);
  if (!ts.isPropertyAccessExpression(callee) || !ts.isIdentifier(unwrapExpression(callee.expression))) return;
  for (let fn = enclosingFunctionOf(call); fn; fn = enclosingFunctionOf(fn)) {
    const path = argPathOf(callee, fn);
    if (!path) continue;
    if (path.property === undefined) return;
    const name = functionName(fn);
    if (!name || !isShared(fn) || state.wrappers.has(name)) return;
    const signature: WrapperSignature = {
      name,
      dispatcherFrom: { index: path.index, property: path.property },
      evidence: [
        `${name} (${where(state, fn)}) forwards tools/call to its option ${path.property} (${where(state, call)})`,
      ],
      shared: true,
    };
    // `try { await config.handleCall(…) } catch (e) { return { isError: true, … } }`: what the option runs is guarded.
    const guardedBy = answeringTryOf(state, call);
    if (guardedBy) signature.guardsHandler = guardedBy;
    state.wrappers.set(name, signature);
    return;
  }
}

/** The signature of the wrapper a call goes through, when it forwards tools/call to an option. */
function dispatchingWrapper(state: ScanState, call: ts.CallExpression): WrapperSignature | undefined {
  const callee = unwrapExpression(call.expression);
  if (!ts.isIdentifier(callee)) return undefined;
  const local = state.wrappers.get(callee.text);
  if (local) return local.dispatcherFrom ? local : undefined;
  const imported = state.imports.get(callee.text);
  if (!imported || !imported.specifier.startsWith('.')) return undefined;
  const found = state.knowledge.wrapper(imported.exportName === 'default' ? callee.text : imported.exportName);
  return found?.dispatcherFrom ? found : undefined;
}

/** The function an options object holds under `path.property` (a method, an inline or a named function). */
function optionFunction(state: ScanState, call: ts.CallExpression, path: ArgPath): FunctionLike | undefined {
  const argument = call.arguments[path.index];
  const object = argument && unwrapExpression(argument);
  if (!object || !ts.isObjectLiteralExpression(object)) return undefined;
  for (const property of object.properties) {
    if (propertyNameText(property.name) !== path.property) continue;
    if (ts.isMethodDeclaration(property)) return property.body ? property : undefined;
    const value = ts.isPropertyAssignment(property)
      ? property.initializer
      : ts.isShorthandPropertyAssignment(property)
        ? property.name
        : undefined;
    return value ? functionTarget(state, value)?.fn : undefined;
  }
  return undefined;
}

/** Calls of factories that forward tools/call to an option: the function given there is a dispatcher. */
export function scanOptionDispatchers(
  state: ScanState,
  calls: readonly ts.CallExpression[],
  scanDispatch: (state: ScanState, fn: FunctionLike, evidence: readonly string[]) => number,
): void {
  for (const call of calls) {
    const signature = dispatchingWrapper(state, call);
    const path = signature?.dispatcherFrom;
    if (!signature || !path) continue;
    const fn = optionFunction(state, call, path);
    if (!fn) continue;
    const evidence = [
      `tools/call dispatcher given as ${path.property ?? 'an option'} to ${call.expression.getText(state.sourceFile)}(…) at ${where(state, call)}`,
      ...signature.evidence,
    ];
    const guardedBy = signature.guardsHandler;
    if (guardedBy) scanGuardedDispatch(state, fn, guardedBy, () => scanDispatch(state, fn, evidence));
    else scanDispatch(state, fn, evidence);
  }
}
