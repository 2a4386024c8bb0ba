/**
 * Handler-less definitions registered in a loop under their own name:
 * `for (const t of onlyEnabled(all(), enabled)) server.registerTool(t.name, { … }, (a) => run(t.name, a))`
 * or `list.forEach((t) => server.tool(t.name, …))`. The loop variable's `name` reaches the SDK call, so
 * each `{ name, inputSchema }` object the iterated list holds is a tool: the list is followed through
 * local functions returning array literals, `.filter`-like methods, filter functions that hand their
 * first argument back, and imports (the defining file names them when it is scanned). The loop call
 * itself stays a site that registers tools defined elsewhere.
 */
import ts from 'typescript';
import { propertyNameText, unwrapExpression } from '../parse/syntax';
import { loopNameAlias } from './loopNameAliases';
import { LOOP_EVIDENCE, type Walk, followList } from './listedDefinitions';
import type { ScanState } from './scanContext';

const ITERATING_METHODS = new Set(['forEach', 'map', 'flatMap']);

export interface LoopSource {
  /** The iterated list expression. */
  list: ts.Expression;
  /** The property of each element holding the definition (`entry.tool.name` → `tool`), if any. */
  member: string | undefined;
  /** The key of each definition the registration reads the name from. */
  key: string;
}

/**
 * `t.name` or `entry.tool.name`: the loop variable, the member path between it and the name, and the
 * key the name is read from (`t.method` when the definitions keep their wire name under another key); a
 * bare `name` is the `name` destructured from each element (`for (const { name } of list)`).
 */
function namePath(
  nameArg: ts.Expression,
): { variable: string; member: string | undefined; key: string; destructured: boolean } | undefined {
  const inner = unwrapExpression(nameArg);
  if (ts.isIdentifier(inner)) return { variable: inner.text, member: undefined, key: 'name', destructured: true };
  if (!ts.isPropertyAccessExpression(inner)) return undefined;
  const key = inner.name.text;
  const owner = unwrapExpression(inner.expression);
  if (ts.isIdentifier(owner)) return { variable: owner.text, member: undefined, key, destructured: false };
  if (ts.isPropertyAccessExpression(owner) && key === 'name') {
    const root = unwrapExpression(owner.expression);
    if (ts.isIdentifier(root)) return { variable: root.text, member: owner.name.text, key, destructured: false };
  }
  return undefined;
}

/** Whether a loop binding binds the element as `variable` (or, destructured, its `name` as `variable`). */
function binds(name: ts.BindingName, path: { variable: string; destructured: boolean }): boolean {
  if (!path.destructured) return ts.isIdentifier(name) && name.text === path.variable;
  return (
    ts.isObjectBindingPattern(name) &&
    name.elements.some(
      (element) =>
        !element.dotDotDotToken &&
        ts.isIdentifier(element.name) &&
        element.name.text === path.variable &&
        (propertyNameText(element.propertyName) ?? element.name.text) === 'name',
    )
  );
}

/** The loop around `call` that binds `variable` to each element: `for…of` or a `.forEach` / `.map` callback. */
function loopSource(call: ts.CallExpression, nameArg: ts.Expression): LoopSource | undefined {
  const path = namePath(nameArg);
  if (!path) return undefined;
  for (let node: ts.Node | undefined = call.parent; node && !ts.isSourceFile(node); node = node.parent) {
    if (ts.isForOfStatement(node) && ts.isVariableDeclarationList(node.initializer)) {
      const declaration = node.initializer.declarations[0];
      if (declaration && binds(declaration.name, path)) {
        return { list: node.expression, member: path.member, key: path.key };
      }
    }
    if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) {
      const parameter = node.parameters[0];
      if (!parameter || !binds(parameter.name, path)) continue;
      const loop = node.parent;
      if (!ts.isCallExpression(loop) || loop.arguments[0] !== node) return undefined;
      const callee = unwrapExpression(loop.expression);
      if (!ts.isPropertyAccessExpression(callee) || !ITERATING_METHODS.has(callee.name.text)) return undefined;
      return { list: callee.expression, member: path.member, key: path.key };
    }
  }
  return undefined;
}

/** The list iterated by the loop around a registration call whose name is the loop variable's, if any. */
export function loopedList(call: ts.CallExpression, nameArg: ts.Expression): LoopSource | undefined {
  return loopSource(call, loopNameAlias(call, nameArg) ?? nameArg);
}

/**
 * A registration call inside a loop whose name is the loop variable's `name`: the definitions of the
 * iterated list are its tools. Returns whether the loop's list could be followed at all.
 */
export function scanLoopedDefinitions(
  state: ScanState,
  call: ts.CallExpression,
  nameArg: ts.Expression | undefined,
  evidence: readonly string[],
): boolean {
  if (!nameArg) return false;
  const source = loopedList(call, nameArg);
  if (!source) return false;
  const walker: Walk = {
    state,
    evidence: [
      `${LOOP_EVIDENCE} (${source.list.getText(state.sourceFile).slice(0, 60)}) and registers under its ${source.key === 'name' ? 'name' : `\`${source.key}\``}`,
      ...evidence,
    ],
  };
  const before = state.registrations.length + state.external.length;
  followList(walker, source.list, source.member, 0);
  return state.registrations.length + state.external.length > before;
}
