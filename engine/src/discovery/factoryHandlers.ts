/**
 * Handlers made by a factory: `tool: getWidget` where `const getWidget = getWidgetTool(config)` and
 * `getWidgetTool` returns the function that answers the call (`return withErrors(run, 'msg')` around
 * its own `async function run(args) {…}`, or an inline function). The returned function is the handler:
 * found here when the factory is in this file, else handed to the file that exports it (role
 * `returnedHandler`).
 */
import ts from 'typescript';
import { type FunctionLike, isFunctionLike, returnedExpressions, unwrapExpression, walk } from '../parse/syntax';
import { type RegistrationKind, type ScanState, handOffImport, isInlineFunction } from './scanContext';

/** A function declared inside `fn` (a declaration or a `const x = () => …`) by its name. */
function innerFunction(fn: FunctionLike, name: string): FunctionLike | undefined {
  let found: FunctionLike | undefined;
  if (!fn.body) return undefined;
  walk(fn.body, (node) => {
    if (found) return false;
    if (ts.isFunctionDeclaration(node) && node.name?.text === name && node.body) found = node;
    else if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === name) {
      const init = node.initializer && unwrapExpression(node.initializer);
      if (init && isInlineFunction(init)) found = init;
    }
    return !isFunctionLike(node) || node === fn;
  });
  return found;
}

/** The function a factory returns: inline, one of its own functions, or the one a wrapper call around it takes. */
export function returnedFunction(factory: FunctionLike): FunctionLike | undefined {
  const returned = returnedExpressions(factory);
  if (returned.length !== 1) return undefined;
  const inner = unwrapExpression(returned[0]);
  const resolve = (expression: ts.Expression): FunctionLike | undefined => {
    const value = unwrapExpression(expression);
    if (isInlineFunction(value)) return value;
    return ts.isIdentifier(value) ? innerFunction(factory, value.text) : undefined;
  };
  if (ts.isCallExpression(inner)) {
    for (const argument of inner.arguments) {
      const fn = resolve(argument);
      if (fn) return fn;
    }
    return undefined;
  }
  return resolve(inner);
}

/** The call that made `value`: the value itself, or the initialiser of the local constant it names. */
function makingCall(value: ts.Expression): ts.CallExpression | undefined {
  const inner = unwrapExpression(value);
  if (ts.isCallExpression(inner)) return inner;
  if (!ts.isIdentifier(inner)) return undefined;
  for (let scope: ts.Node | undefined = inner.parent; scope; scope = scope.parent) {
    if (!ts.isBlock(scope) && !ts.isSourceFile(scope)) continue;
    for (const statement of scope.statements) {
      if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
      for (const declaration of statement.declarationList.declarations) {
        if (!ts.isIdentifier(declaration.name) || declaration.name.text !== inner.text) continue;
        const init = declaration.initializer && unwrapExpression(declaration.initializer);
        return init && ts.isCallExpression(init) ? init : undefined;
      }
    }
  }
  return undefined;
}

/**
 * Records the handler a factory call made, when `value` is such a call or a constant holding one;
 * returns the handler when it is in this file.
 */
export function recordFactoryHandler(
  state: ScanState,
  value: ts.Expression,
  kind: RegistrationKind,
  toolName: string | null,
  evidence: readonly string[],
): FunctionLike | undefined {
  const call = makingCall(value);
  const callee = call && unwrapExpression(call.expression);
  if (!callee || !ts.isIdentifier(callee)) return undefined;
  const note = `handler made by ${callee.text}(…)`;
  const local = state.functions.get(callee.text);
  if (local) {
    const fn = returnedFunction(local);
    if (fn && !state.seen.has(fn)) {
      state.seen.add(fn);
      state.handlers.push({ fn, kind, lowLevel: false, toolName, evidence: [...evidence, note] });
    }
    return fn;
  }
  const imported = state.imports.get(callee.text);
  if (imported) {
    handOffImport(state, imported.specifier, {
      exportName: imported.exportName,
      kind,
      toolName,
      role: 'returnedHandler',
      evidence: [...evidence, note],
    });
  }
  return undefined;
}
