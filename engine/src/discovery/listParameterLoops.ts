/**
 * Registration loops over a list the enclosing function is given:
 * `export function registerTools(server, configs) { configs.forEach((c) => server.tool(c.name, …)) }`.
 * The loop's own list is a parameter, so nothing in the function says which definitions it registers;
 * the function is a registrar of lists. Each call of it, in its file or another
 * (`registerTools(server, allConfigs)`), hands over the list whose items are the tools, followed from
 * the call's argument the way a loop's own list is (loopedDefinitions.ts, listedDefinitions.ts).
 */
import ts from 'typescript';
import { type FunctionLike, unwrapExpression } from '../parse/syntax';
import { LOOP_EVIDENCE, type Walk, followList } from './listedDefinitions';
import { loopedList } from './loopedDefinitions';
import {
  type ArgPath,
  type ScanState,
  type WrapperSignature,
  enclosingFunctionOf,
  functionName,
  isInlineFunction,
  where,
} from './scanContext';

/** Methods that hand back (part of) the list they are called on. */
const PASS_THROUGH_METHODS = new Set(['filter', 'slice', 'sort', 'toSorted']);

/** How registration calls are read, given by the caller (registrationCalls.ts) to keep the modules acyclic. */
export interface RegistrationReader {
  /** The SDK registration call's name argument, when `call` is one. */
  sdkNameArg(call: ts.CallExpression): ts.Expression | undefined;
  /** Where an expression comes from among a function's parameters. */
  pathOf(expression: ts.Expression, fn: FunctionLike): ArgPath | undefined;
  /** Whether other files can call the function. */
  shared(fn: FunctionLike): boolean;
}

/** `configs`, `configs.filter(…)`, `options.tools`: the expression the list is read from. */
function listRoot(list: ts.Expression): ts.Expression {
  let root = unwrapExpression(list);
  while (
    ts.isCallExpression(root) &&
    ts.isPropertyAccessExpression(root.expression) &&
    PASS_THROUGH_METHODS.has(root.expression.name.text)
  ) {
    root = unwrapExpression(root.expression.expression);
  }
  return root;
}

/**
 * The named function whose parameter the loop around `call` iterates, with the argument path of that
 * parameter: the function the loop sits in, or one enclosing it through inline functions (two levels out).
 */
function listParameter(
  call: ts.CallExpression,
  list: ts.Expression,
  reader: RegistrationReader,
): { fn: FunctionLike; name: string; path: ArgPath } | undefined {
  const root = listRoot(list);
  if (!ts.isIdentifier(root) && !ts.isPropertyAccessExpression(root)) return undefined;
  let fn = enclosingFunctionOf(call);
  for (let level = 0; fn && level < 3; level++) {
    const path = reader.pathOf(root, fn);
    if (path) {
      const name = functionName(fn);
      return name === undefined ? undefined : { fn, name, path };
    }
    if (!isInlineFunction(fn)) return undefined;
    fn = enclosingFunctionOf(fn);
  }
  return undefined;
}

/**
 * Makes the file's functions that register each item of a list parameter known as wrappers whose
 * `listFrom` names that parameter (before the file's registration calls are read, so calls of them in
 * this file are read too).
 */
export function bindListParameterLoops(
  state: ScanState,
  calls: readonly ts.CallExpression[],
  reader: RegistrationReader,
): void {
  for (const call of calls) {
    const nameArg = reader.sdkNameArg(call);
    if (!nameArg) continue;
    const source = loopedList(call, nameArg);
    if (!source) continue;
    const found = listParameter(call, source.list, reader);
    if (!found || state.wrappers.has(found.name)) continue;
    const signature: WrapperSignature = {
      name: found.name,
      listFrom: { ...found.path, key: source.key, ...(source.member ? { member: source.member } : {}) },
      evidence: [
        `${found.name} (${where(state, found.fn)}) registers each item of its parameter ${source.list.getText(state.sourceFile).slice(0, 40)} at ${where(state, call)}`,
      ],
      shared: reader.shared(found.fn),
    };
    state.wrappers.set(found.name, signature);
  }
}

/** A call of a list registrar: the items of the list it is given are tools, each under its own name. */
export function followListArgument(
  state: ScanState,
  call: ts.CallExpression,
  listArg: ts.Expression,
  signature: WrapperSignature,
  evidence: readonly string[],
): void {
  const from = signature.listFrom;
  if (!from) return;
  const walker: Walk = {
    state,
    evidence: [
      `${LOOP_EVIDENCE} (${listArg.getText(state.sourceFile).slice(0, 60)}, given to ${call.expression.getText(state.sourceFile)}) and registers under its ${from.key === 'name' ? 'name' : `\`${from.key}\``}`,
      ...evidence,
    ],
  };
  followList(walker, listArg, from.member, 0);
}
