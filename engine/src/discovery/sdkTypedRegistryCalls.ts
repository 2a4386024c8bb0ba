/**
 * A project registry fed one SDK `Tool` at a time: `function registerTool(tool: Tool, executor) {
 * registry.set(tool.name, { tool, executor }) }` where `Tool` is the MCP SDK's tool type, called as
 * `registerTool(getIssueTool, makeExecutor(cfg))` with definitions imported from other files (or read off an
 * imported object of them, `wizardTools.getStateTool`, which makes that object's values such definitions). Each
 * definition passed is a tool (a `{ name,
 * inputSchema }` object with no handler of its own: the registry's one tools/call runner serves it). A local
 * function that only hands its `Tool` parameter on to such a helper (`registerToolPair(tool, exec)`) is one
 * too. The definitions' files record them (role `listedItem`, as for a tools/list answer's items).
 */
import ts from 'typescript';
import { type FunctionLike, unwrapExpression, walk } from '../parse/syntax';
import { type ScanState, handOffImport, where } from './scanContext';

const SDK_TYPES = /^@modelcontextprotocol\/sdk\/types(\.js)?$/;
const NAME_KEYS = new Set(['name']);

/** The index of the first parameter declared with the SDK's `Tool` type, and its name. */
function toolParameter(state: ScanState, fn: FunctionLike): { index: number; name: string } | undefined {
  for (const [index, parameter] of fn.parameters.entries()) {
    const type = parameter.type;
    if (!type || !ts.isTypeReferenceNode(type) || !ts.isIdentifier(type.typeName) || type.typeArguments) continue;
    const imported = state.imports.get(type.typeName.text);
    if (!imported || imported.exportName !== 'Tool' || !SDK_TYPES.test(imported.specifier)) continue;
    if (ts.isIdentifier(parameter.name)) return { index, name: parameter.name.text };
  }
  return undefined;
}

/** `p.name` for the parameter `p`. */
function isOwnName(expression: ts.Expression, parameter: string): boolean {
  const inner = unwrapExpression(expression);
  return (
    ts.isPropertyAccessExpression(inner) &&
    NAME_KEYS.has(inner.name.text) &&
    ts.isIdentifier(inner.expression) &&
    inner.expression.text === parameter
  );
}

/** Whether the body stores the parameter by its own name: `map.set(p.name, …)` or `table[p.name] = …`. */
function storesByName(fn: FunctionLike, parameter: string): boolean {
  if (!fn.body) return false;
  let found = false;
  walk(fn.body, (node) => {
    if (found) return false;
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'set' &&
      node.arguments.length === 2 &&
      isOwnName(node.arguments[0], parameter)
    ) {
      found = true;
    } else if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isElementAccessExpression(node.left) &&
      isOwnName(node.left.argumentExpression, parameter)
    ) {
      found = true;
    }
    return !found;
  });
  return found;
}

/** Whether `fn` calls a helper of `helpers` with its parameter `parameter` at that helper's `Tool` index. */
function forwardsTo(fn: FunctionLike, parameter: string, helpers: ReadonlyMap<string, number>): boolean {
  if (!fn.body) return false;
  let found = false;
  walk(fn.body, (node) => {
    if (found) return false;
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
      const index = helpers.get(node.expression.text);
      const argument = index === undefined ? undefined : node.arguments[index];
      const passed = argument && unwrapExpression(argument);
      found = passed !== undefined && ts.isIdentifier(passed) && passed.text === parameter;
    }
    return !found;
  });
  return found;
}

/** The helpers of this file: name → index of the `Tool` parameter. */
function registryHelpers(state: ScanState): Map<string, number> {
  const typed = new Map<string, { fn: FunctionLike; index: number; name: string }>();
  for (const [name, fn] of state.functions) {
    const parameter = toolParameter(state, fn);
    if (parameter) typed.set(name, { fn, ...parameter });
  }
  const helpers = new Map<string, number>();
  for (const [name, { fn, index, name: parameter }] of typed) {
    if (storesByName(fn, parameter)) helpers.set(name, index);
  }
  if (helpers.size === 0) return helpers;
  for (const [name, { fn, index, name: parameter }] of typed) {
    if (!helpers.has(name) && forwardsTo(fn, parameter, helpers)) helpers.set(name, index);
  }
  return helpers;
}

/** `const wizardTools = importedTools`: the import a local alias of this file stands for. */
function aliasedImport(state: ScanState, name: string, at: ts.Node): string | undefined {
  if (state.imports.has(name)) return name;
  for (let scope: ts.Node | undefined = at.parent; scope; scope = scope.parent) {
    if (!ts.isBlock(scope) && !ts.isSourceFile(scope)) continue;
    for (const statement of scope.statements) {
      if (!ts.isVariableStatement(statement)) continue;
      for (const declaration of statement.declarationList.declarations) {
        if (!ts.isIdentifier(declaration.name) || declaration.name.text !== name || !declaration.initializer) continue;
        const value = unwrapExpression(declaration.initializer);
        return ts.isIdentifier(value) && state.imports.has(value.text) ? value.text : undefined;
      }
    }
  }
  return undefined;
}

/** Each call of a registry helper with an imported definition: handed to the definition's file. */
export function scanSdkTypedRegistryCalls(state: ScanState, calls: readonly ts.CallExpression[]): void {
  const helpers = registryHelpers(state);
  if (helpers.size === 0) return;
  for (const call of calls) {
    if (!ts.isIdentifier(call.expression)) continue;
    const index = helpers.get(call.expression.text);
    const argument = index === undefined ? undefined : call.arguments[index];
    if (!argument) continue;
    const inner = unwrapExpression(argument);
    const evidence = [`SDK Tool passed to the registry helper ${call.expression.text}(…) at ${where(state, call)}`];
    if (ts.isIdentifier(inner)) {
      const imported = state.imports.get(inner.text);
      if (!imported || imported.exportName === '*') continue;
      handOffImport(state, imported.specifier, {
        exportName: imported.exportName,
        kind: 'definition',
        toolName: null,
        role: 'listedItem',
        evidence,
      });
    } else if (ts.isPropertyAccessExpression(inner) && ts.isIdentifier(inner.expression)) {
      const binding = aliasedImport(state, inner.expression.text, call);
      const imported = binding === undefined ? undefined : state.imports.get(binding);
      if (!imported) continue;
      // `ns.getStateTool` of a namespace import is that module's export; `tools.getStateTool` of an imported
      // object of definitions makes the object a record of them (one hand-off per export: its every value).
      const [exportName, role] =
        imported.exportName === '*'
          ? [inner.name.text, 'listedItem' as const]
          : [imported.exportName, 'listed' as const];
      handOffImport(state, imported.specifier, { exportName, kind: 'definition', toolName: null, role, evidence });
    }
  }
}
