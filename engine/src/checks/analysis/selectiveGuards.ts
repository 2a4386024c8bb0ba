/**
 * Error classes that the registration helper of a tool answers: `registerTool({ …, execute })` where
 * `registerTool` (this file or another workspace file) runs `props.execute(…)` in a try whose catch says
 * `if (e instanceof ToolUserError) return { isError: true, … }` and rethrows the rest. A
 * `throw new ToolUserError(…)` in that tool becomes an error result; other throws still escape.
 */
import ts from 'typescript';
import { NodeIndex } from '../../parse/nodeIndex';
import {
  type FunctionLike,
  findProperty,
  isFunctionLike,
  propertyNameText,
  unwrapExpression,
  walk,
} from '../../parse/syntax';
import { namedFunctions } from '../../discovery/handlers';
import type { AnalysisContext } from '../../types';
import { importedCallees } from './importedCallees';

/** How the registration helper reaches the tool: a property of its definition argument, or the argument itself. */
type Route = { key: string; argument: number } | { argument: number };

/** The call that hands `fn` to a helper, and how: `helper({ …, execute() {} })` or `helper('x', async () => …)`. */
function registrationOf(fn: FunctionLike): { call: ts.CallExpression; route: Route } | undefined {
  let node: ts.Node = fn;
  let key: string | undefined;
  if (ts.isMethodDeclaration(fn) || ts.isPropertyAssignment(fn.parent)) {
    const member = ts.isMethodDeclaration(fn) ? fn : fn.parent;
    key = propertyNameText((member as ts.MethodDeclaration | ts.PropertyAssignment).name);
    if (!key || !ts.isObjectLiteralExpression(member.parent)) return undefined;
    node = member.parent;
  }
  while (ts.isParenthesizedExpression(node.parent) || ts.isAsExpression(node.parent)) node = node.parent;
  const call = node.parent;
  if (!ts.isCallExpression(call)) return undefined;
  const argument = call.arguments.indexOf(node as ts.Expression);
  if (argument < 0) return undefined;
  return { call, route: key === undefined ? { argument } : { key, argument } };
}

/** The function `helper(…)` runs: same-file, or imported from a workspace file. */
function helperOf(context: AnalysisContext, call: ts.CallExpression): FunctionLike | undefined {
  const callee = unwrapExpression(call.expression);
  if (!ts.isIdentifier(callee)) return undefined;
  const local = namedFunctions(context.nodes).get(callee.text);
  if (local) return local;
  const lookup = context.importedFunction?.bind(context);
  return lookup ? importedCallees(context.sourceFile, lookup)(callee.text)?.fn : undefined;
}

/** The helper's parameter name at `index`, or the names destructured there (`{ execute }`). */
function parameterNames(helper: FunctionLike, index: number): string[] {
  const parameter = helper.parameters[index];
  if (!parameter) return [];
  if (ts.isIdentifier(parameter.name)) return [parameter.name.text];
  return [];
}

/** Whether `scope` calls the tool the way `route` says: `p.execute(…)` / `p(…)` for a parameter name `p`. */
function callsTool(scope: ts.Node, route: Route, names: readonly string[]): boolean {
  let found = false;
  walk(scope, (node) => {
    // A call in a callback may run after the try has ended (`later(() => p.execute(…))`).
    if (found || isFunctionLike(node)) return false;
    if (!ts.isCallExpression(node)) return undefined;
    const callee = unwrapExpression(node.expression);
    if ('key' in route) {
      found =
        ts.isPropertyAccessExpression(callee) &&
        callee.name.text === route.key &&
        ts.isIdentifier(callee.expression) &&
        names.includes(callee.expression.text);
    } else found = ts.isIdentifier(callee) && names.includes(callee.text);
    return undefined;
  });
  return found;
}

/** `if (e instanceof C) { … return { isError: true, … }; }` in a catch: the class names it answers with an error result. */
function answeredClasses(clause: ts.CatchClause): string[] {
  const variable = clause.variableDeclaration?.name;
  if (!variable || !ts.isIdentifier(variable)) return [];
  const names: string[] = [];
  walk(clause.block, (node) => {
    if (isFunctionLike(node)) return false;
    if (!ts.isIfStatement(node)) return undefined;
    const test = unwrapExpression(node.expression);
    if (
      ts.isBinaryExpression(test) &&
      test.operatorToken.kind === ts.SyntaxKind.InstanceOfKeyword &&
      ts.isIdentifier(test.left) &&
      test.left.text === variable.text &&
      ts.isIdentifier(test.right) &&
      returnsErrorResult(node.thenStatement)
    ) {
      names.push(test.right.text);
    }
    return undefined;
  });
  return names;
}

/**
 * Whether the branch returns an error result: an object literal with `isError`, or what a builder call
 * makes (`return toolError(e)`). A plain `{ content }` answers the error as a success, which is not a guard.
 */
function returnsErrorResult(statement: ts.Statement): boolean {
  const returned = ts.isReturnStatement(statement)
    ? [statement]
    : ts.isBlock(statement)
      ? statement.statements.filter(ts.isReturnStatement)
      : [];
  return returned.some((r) => {
    const value = r.expression && unwrapExpression(r.expression);
    if (!value) return false;
    if (ts.isCallExpression(value)) return true;
    return ts.isObjectLiteralExpression(value) && findProperty(value, ['isError']) !== undefined;
  });
}

/**
 * The error classes (by name) whose throws in `fn` the helper it is registered with answers as a result.
 * Empty when `fn` is not handed to a workspace helper or the helper answers no class selectively.
 */
export function answeredErrorClasses(context: AnalysisContext, fn: FunctionLike): Set<string> {
  const classes = new Set<string>();
  const registration = registrationOf(fn);
  if (!registration) return classes;
  const helper = helperOf(context, registration.call);
  if (!helper?.body) return classes;
  const names = parameterNames(helper, registration.route.argument);
  if (names.length === 0) return classes;
  const nodes = NodeIndex.of(helper.getSourceFile());
  for (const node of nodes.within(helper.body, [ts.SyntaxKind.TryStatement])) {
    if (!ts.isTryStatement(node) || !node.catchClause) continue;
    if (!callsTool(node.tryBlock, registration.route, names)) continue;
    for (const name of answeredClasses(node.catchClause)) classes.add(name);
  }
  return classes;
}

/** Whether a throw is `throw new C(…)` for one of `classes`. */
export function throwsAnsweredClass(statement: ts.ThrowStatement, classes: ReadonlySet<string>): boolean {
  if (classes.size === 0 || !statement.expression) return false;
  const thrown = unwrapExpression(statement.expression);
  return ts.isNewExpression(thrown) && ts.isIdentifier(thrown.expression) && classes.has(thrown.expression.text);
}
