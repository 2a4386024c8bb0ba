/**
 * Which parameter of a registration wrapper becomes the handler it registers, when the wrapper does not pass the
 * parameter on as it is:
 *
 * - through a call that also takes the name: `server.registerTool(name, config, track(name, callback))` registers
 *   `callback`, not `name` (the name is already the wrapper's name argument);
 * - through a builder whose result the registration takes: `const { schema, run } = withAccount(config.schema,
 *   handler); register(name, { schema }, run)` registers what the builder makes of `handler`.
 *
 * Among the parameters such a call is given, the one that looks like a function (named or typed as a handler,
 * callback, …) is the handler; failing that, the only one left once the name is set aside.
 */
import ts from 'typescript';
import { type FunctionLike, unwrapExpression, walk } from '../parse/syntax';
import { callIsAnswered } from './answeredCalls';
import { argPathOf, calledPathOf } from './registrationCalls';
import { type ArgPath, type ScanState, isInlineFunction, where } from './scanContext';

const HANDLER_LIKE = /handler|callback|^cb$|^fn$|func|execute|^run$|invoke|^impl/i;

function samePath(a: ArgPath | undefined, b: ArgPath | undefined): boolean {
  return a !== undefined && b !== undefined && a.index === b.index && a.property === b.property;
}

/** Whether the parameter at `path` is named or typed like a function. */
function looksLikeHandler(fn: FunctionLike, path: ArgPath): boolean {
  if (path.property !== undefined) return HANDLER_LIKE.test(path.property);
  const parameter = fn.parameters[path.index];
  if (!parameter) return false;
  if (ts.isIdentifier(parameter.name) && HANDLER_LIKE.test(parameter.name.text)) return true;
  const type = parameter.type;
  return (
    type !== undefined &&
    (ts.isFunctionTypeNode(type) || (ts.isTypeReferenceNode(type) && HANDLER_LIKE.test(type.typeName.getText())))
  );
}

/** The handler among the wrapper parameters a call is given, the name's set aside. */
function handlerAmongArguments(
  call: ts.CallExpression,
  fn: FunctionLike,
  nameFrom: ArgPath | undefined,
): ArgPath | undefined {
  const paths: ArgPath[] = [];
  for (const argument of call.arguments) {
    const path = argPathOf(argument, fn);
    if (path && !samePath(path, nameFrom) && !paths.some((known) => samePath(known, path))) paths.push(path);
  }
  const handlerLike = paths.filter((path) => looksLikeHandler(fn, path));
  if (handlerLike.length === 1) return handlerLike[0];
  return paths.length === 1 ? paths[0] : undefined;
}

/** `const { run } = build(…)` or `const run = build(…)` inside `fn`: the call that makes `name`. */
function builderCallOf(fn: FunctionLike, name: string): ts.CallExpression | undefined {
  if (!fn.body) return undefined;
  let found: ts.CallExpression | undefined;
  walk(fn.body, (node) => {
    if (found) return false;
    if (!ts.isVariableDeclaration(node) || !node.initializer) return true;
    const binds =
      (ts.isIdentifier(node.name) && node.name.text === name) ||
      (ts.isObjectBindingPattern(node.name) &&
        node.name.elements.some((element) => ts.isIdentifier(element.name) && element.name.text === name));
    if (!binds) return true;
    let init = unwrapExpression(node.initializer);
    if (ts.isAwaitExpression(init)) init = unwrapExpression(init.expression);
    if (ts.isCallExpression(init)) found = init;
    return false;
  });
  return found;
}

/** Where the handler a wrapper registers comes from among its parameters (`handlerArg` is what it registers). */
export function forwardedHandlerPath(
  handlerArg: ts.Expression,
  fn: FunctionLike,
  nameFrom: ArgPath | undefined,
): ArgPath | undefined {
  const direct = argPathOf(handlerArg, fn);
  if (direct && !samePath(direct, nameFrom)) return direct;
  const inner = unwrapExpression(handlerArg);
  if (ts.isCallExpression(inner)) return handlerAmongArguments(inner, fn, nameFrom);
  if (!direct && ts.isIdentifier(inner)) {
    const builder = builderCallOf(fn, inner.text);
    return builder ? handlerAmongArguments(builder, fn, nameFrom) : undefined;
  }
  return undefined;
}

/**
 * `async (params) => { … await callback(params) … }` registered by a wrapper that takes `{ name, callback }`: the
 * destructured property the registered function calls, and the call.
 */
function calledBinding(
  handlerArg: ts.Expression,
  fn: FunctionLike,
  nameFrom: ArgPath | undefined,
): { path: ArgPath; call: ts.CallExpression } | undefined {
  const inner = unwrapExpression(handlerArg);
  if (!isInlineFunction(inner)) return undefined;
  let found: { path: ArgPath; call: ts.CallExpression } | undefined;
  walk(inner, (node) => {
    if (found) return false;
    if (ts.isCallExpression(node) && ts.isIdentifier(unwrapExpression(node.expression))) {
      const called = argPathOf(node.expression, fn);
      if (called?.property !== undefined && !samePath(called, nameFrom)) found = { path: called, call: node };
    }
    return !found;
  });
  return found;
}

/**
 * Where a wrapper's handler comes from among its parameters, and — when the function it registers calls that
 * handler inside a try whose catch answers every error — the evidence that the wrapper guards it.
 */
export function forwardedHandlerOf(
  state: ScanState,
  handlerArg: ts.Expression,
  fn: FunctionLike,
  nameFrom: ArgPath | undefined,
): { handlerFrom?: ArgPath; guardsHandler?: string } {
  const handlerFrom = forwardedHandlerPath(handlerArg, fn, nameFrom) ?? calledPathOf(handlerArg, fn);
  if (handlerFrom) return { handlerFrom };
  const binding = calledBinding(handlerArg, fn, nameFrom);
  if (!binding) return {};
  const guardsHandler = callIsAnswered(binding.call)
    ? `guarded by the try at ${where(state, binding.call)} that calls ${binding.call.expression.getText(state.sourceFile)}`
    : undefined;
  return { handlerFrom: binding.path, ...(guardsHandler ? { guardsHandler } : {}) };
}
