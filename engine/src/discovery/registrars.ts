/**
 * Registrar closures: a project function that returns the function which registers a definition
 * (`createRegistrar(server, client)` returning `(def) => server.tool(def.name, def.description, def.args,
 * async (a, ctx) => def.tool(client, a, ctx))`). The returned function is a wrapper kept under the factory's name, marked `registrar`;
 * a variable bound to a call of it (`const tool = createRegistrar(…)`) is that wrapper under its own name, so
 * `tool(tool$getThing)` registers a tool. The call that creates the registrar registers nothing.
 *
 * Also: `def.tool(client, args)` inside the handler of `server.tool(def.name, …)` invokes the definition being
 * registered; it is not a registration of its own, although the method is called `tool`.
 */
import ts from 'typescript';
import { type FunctionLike, expressionName, unwrapExpression } from '../parse/syntax';
import { boundRegistrarName } from './returnedRegistrars';
import { type ScanState, functionName, isInlineFunction, where } from './scanContext';

const SDK_METHODS = new Set(['registerTool', 'registerToolTask', 'tool', 'addTool']);

/** The named function that returns `fn` (an inline function) as its result, if any. */
export function registrarOf(fn: FunctionLike): FunctionLike | undefined {
  if (!isInlineFunction(fn)) return undefined;
  let node: ts.Node = fn;
  while (ts.isParenthesizedExpression(node.parent) || ts.isAsExpression(node.parent)) node = node.parent;
  const parent = node.parent;
  let outer: ts.Node | undefined;
  if (ts.isReturnStatement(parent)) {
    outer = parent.parent;
    while (outer && !ts.isFunctionDeclaration(outer) && !isInlineFunction(outer) && !ts.isMethodDeclaration(outer)) {
      if (ts.isSourceFile(outer)) return undefined;
      outer = outer.parent;
    }
  } else if (ts.isArrowFunction(parent) && parent.body === node) {
    outer = parent;
  }
  if (!outer || !(ts.isFunctionDeclaration(outer) || isInlineFunction(outer) || ts.isMethodDeclaration(outer))) {
    return undefined;
  }
  return functionName(outer) !== undefined ? outer : undefined;
}

/** `const tool = createRegistrar(…)`: binds `tool` to the registrar's wrapper. True when a binding was added. */
export function bindRegistrars(state: ScanState): boolean {
  let added = false;
  for (const declaration of state.index.of(ts.SyntaxKind.VariableDeclaration, ts.isVariableDeclaration)) {
    if (!declaration.initializer) continue;
    const init = unwrapExpression(declaration.initializer);
    if (!ts.isCallExpression(init) || !ts.isIdentifier(init.expression)) continue;
    const callee = init.expression.text;
    const imported = state.imports.get(callee);
    const signature =
      state.wrappers.get(callee) ??
      (imported
        ? state.knowledge.wrapper(imported.exportName === 'default' ? callee : imported.exportName)
        : undefined);
    if (!signature?.registrar) continue;
    const bound = boundRegistrarName(declaration.name, signature.registrarSlot);
    if (bound === undefined || state.wrappers.has(bound)) continue;
    state.wrappers.set(bound, {
      ...signature,
      registrar: false,
      name: bound,
      shared: false,
      evidence: [`${bound} = ${callee}(…) at ${where(state, init)} returns a registrar`, ...signature.evidence],
    });
    added = true;
  }
  return added;
}

/** The identifier an expression starts from (`def` in `def.tool.name`). */
function rootIdentifier(expression: ts.Expression): string | undefined {
  let node = unwrapExpression(expression);
  while (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) {
    node = unwrapExpression(node.expression);
  }
  return ts.isIdentifier(node) ? node.text : undefined;
}

/**
 * `server.tool(def.name, …, async (a) => def.tool(client, a))`: the inner `def.tool(…)` runs the definition
 * that the outer call registers (same receiver as the outer name's root), it registers nothing.
 */
export function invokesRegisteredDefinition(call: ts.CallExpression): boolean {
  const callee = unwrapExpression(call.expression);
  if (!ts.isPropertyAccessExpression(callee) || !SDK_METHODS.has(callee.name.text)) return false;
  const receiver = rootIdentifier(callee.expression);
  if (receiver === undefined) return false;
  for (let node: ts.Node = call.parent; !ts.isSourceFile(node); node = node.parent) {
    if (!ts.isCallExpression(node)) continue;
    const outer = unwrapExpression(node.expression);
    if (!ts.isPropertyAccessExpression(outer) || !SDK_METHODS.has(outer.name.text)) continue;
    const nameArgument = node.arguments[0];
    if (nameArgument && rootIdentifier(nameArgument) === receiver && expressionName(outer) !== undefined) return true;
  }
  return false;
}
