/**
 * Which parameters of a registration helper are guarded: the helper calls them inside a try whose catch
 * answers every error, or hands them to a same-file higher-order wrapper that does
 * (`server.registerTool(name, cfg, (a) => wrapCallback(name, cb)(a))` where `wrapCallback` returns a
 * function with `try { await cb(a) } catch { return errorResult }`), followed two wrappers deep.
 */
import ts from 'typescript';
import { type FunctionLike, isFunctionLike, unwrapExpression, walk } from '../parse/syntax';

const MAX_WRAPPER_DEPTH = 2;

/** A catch that answers every error: no `throw` directly in its block (a conditional re-throw counts as one). */
export function catchesEverything(statement: ts.TryStatement): boolean {
  const clause = statement.catchClause;
  if (!clause) return false;
  let rethrows = false;
  walk(clause.block, (node) => {
    if (isFunctionLike(node)) return false;
    if (ts.isThrowStatement(node)) rethrows = true;
  });
  return !rethrows;
}

function parameterNames(fn: FunctionLike): Array<string | undefined> {
  return fn.parameters.map((parameter) => (ts.isIdentifier(parameter.name) ? parameter.name.text : undefined));
}

/**
 * The indexes of `fn`'s parameters it calls inside a try block whose catch answers every error
 * (`try { return ok(await cb(args)); } catch (e) { return fail(e); }`, also in the handler it registers),
 * or passes to a same-file function of `functions` that guards that argument in turn.
 */
export function guardedParametersOf(
  fn: FunctionLike,
  functions: ReadonlyMap<string, FunctionLike> = new Map(),
  depth = 0,
): number[] {
  const names = parameterNames(fn);
  const guarded = new Set<number>();
  walk(fn, (node) => {
    if (!ts.isTryStatement(node) || !catchesEverything(node)) return;
    walk(node.tryBlock, (inner) => {
      if (isFunctionLike(inner)) return false;
      if (!ts.isCallExpression(inner)) return;
      let callee = unwrapExpression(inner.expression);
      if (ts.isPropertyAccessExpression(callee) && /^(call|apply)$/.test(callee.name.text)) {
        callee = unwrapExpression(callee.expression);
      }
      const index = ts.isIdentifier(callee) ? names.indexOf(callee.text) : -1;
      if (index >= 0) guarded.add(index);
    });
  });
  if (depth < MAX_WRAPPER_DEPTH) {
    for (const index of passedToGuardingWrappers(fn, names, functions, depth)) guarded.add(index);
  }
  return [...guarded];
}

/** `wrap(name, cb)`: parameters of `fn` given to a same-file function at a position that function guards. */
function passedToGuardingWrappers(
  fn: FunctionLike,
  names: Array<string | undefined>,
  functions: ReadonlyMap<string, FunctionLike>,
  depth: number,
): number[] {
  const found: number[] = [];
  walk(fn, (node) => {
    if (!ts.isCallExpression(node)) return;
    const callee = unwrapExpression(node.expression);
    if (!ts.isIdentifier(callee)) return;
    const wrapper = functions.get(callee.text);
    if (!wrapper || wrapper === fn) return;
    // `wrap(cb)` passes the parameter itself; `wrap(async (a) => cb(a, ctx))` an inline function calling it.
    const passed = node.arguments.map((argument) => {
      const inner = unwrapExpression(argument);
      if (ts.isIdentifier(inner)) return [names.indexOf(inner.text)].filter((index) => index >= 0);
      return isFunctionLike(inner) ? parametersCalledIn(inner, names) : [];
    });
    if (!passed.some((indexes) => indexes.length > 0)) return;
    for (const position of guardedParametersOf(wrapper, functions, depth + 1)) found.push(...(passed[position] ?? []));
  });
  return found;
}

/** The indexes of parameters (named in `names`) that `fn`'s own body calls. */
function parametersCalledIn(fn: FunctionLike, names: Array<string | undefined>): number[] {
  const found: number[] = [];
  walk(fn, (node) => {
    if (node !== fn && isFunctionLike(node)) return false;
    if (!ts.isCallExpression(node)) return;
    const callee = unwrapExpression(node.expression);
    const index = ts.isIdentifier(callee) ? names.indexOf(callee.text) : -1;
    if (index >= 0) found.push(index);
  });
  return found;
}
