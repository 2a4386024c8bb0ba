/**
 * A helper whose empty answer makes its callers look elsewhere: `const cached = readCache(); if (cached)
 * return cached;` and then the caller fetches the value itself. A catch in such a helper that returns
 * `null` turns a failure into "not here" (a cache that cannot be read is a cache miss), which the caller
 * answers by doing the work another way: it never reaches the agent as "nothing found".
 */
import ts from 'typescript';
import type { NodeIndex } from '../../parse/nodeIndex';
import { type FunctionLike, isNullOrUndefined } from '../../parse/syntax';

/** The name a helper is called by: a function declaration's, or the `const` it is assigned to. */
function helperName(fn: FunctionLike): string | undefined {
  if (ts.isFunctionDeclaration(fn)) return fn.name?.text;
  if (ts.isVariableDeclaration(fn.parent) && ts.isIdentifier(fn.parent.name)) return fn.parent.name.text;
  return undefined;
}

/** `v`, `v !== null`, `v != null`, `v !== undefined` (either side): a test that `name` holds something. */
function isPresenceTest(expression: ts.Expression, name: string): boolean {
  if (ts.isIdentifier(expression)) return expression.text === name;
  if (!ts.isBinaryExpression(expression)) return false;
  const operator = expression.operatorToken.kind;
  if (operator !== ts.SyntaxKind.ExclamationEqualsEqualsToken && operator !== ts.SyntaxKind.ExclamationEqualsToken) {
    return false;
  }
  const { left, right } = expression;
  return (
    (ts.isIdentifier(left) && left.text === name && isNullOrUndefined(right)) ||
    (ts.isIdentifier(right) && right.text === name && isNullOrUndefined(left))
  );
}

/** The condition `use` is tested by: the identifier itself, or the `v !== null` comparison it stands in. */
function presenceCondition(use: ts.Identifier): ts.Expression {
  return ts.isBinaryExpression(use.parent) && isPresenceTest(use.parent, use.text) ? use.parent : use;
}

/**
 * `if (v) return v;` (or `if (v !== null) { return v; }`): `use` is the whole condition, or one side of a test
 * that it holds something, and the branch only returns.
 */
function returnsWhenPresent(use: ts.Identifier): boolean {
  const condition = presenceCondition(use);
  const statement = condition.parent;
  if (!ts.isIfStatement(statement) || statement.expression !== condition || statement.elseStatement) return false;
  const branch = statement.thenStatement;
  const only = ts.isBlock(branch) ? (branch.statements.length === 1 ? branch.statements[0] : undefined) : branch;
  return only !== undefined && ts.isReturnStatement(only) && only.expression !== undefined;
}

/** Whether `use` is the value returned by a `return v;` right under a `returnsWhenPresent` test of it. */
function returnedWhenPresent(use: ts.Identifier): boolean {
  const statement = use.parent;
  if (!ts.isReturnStatement(statement) || statement.expression !== use) return false;
  const test = ts.isBlock(statement.parent) ? statement.parent.parent : statement.parent;
  return ts.isIfStatement(test) && isPresenceTest(test.expression, use.text);
}

/**
 * Whether every call of `helper` in the file binds its answer to a `const` that the caller reads only as
 * `if (v) return v;` (or `if (v !== null) return v;`) — an empty answer sends the caller on to another way of
 * getting the value, or to an answer of its own for the miss.
 */
export function emptyMeansLookElsewhere(nodes: NodeIndex, helper: FunctionLike): boolean {
  const name = helperName(helper);
  if (!name) return false;
  let calls = 0;
  for (const node of nodes.ofKinds([ts.SyntaxKind.CallExpression])) {
    if (!ts.isCallExpression(node) || !ts.isIdentifier(node.expression) || node.expression.text !== name) continue;
    calls++;
    let value: ts.Node = node;
    while (ts.isAwaitExpression(value.parent) || ts.isParenthesizedExpression(value.parent)) value = value.parent;
    const declaration = value.parent;
    if (!ts.isVariableDeclaration(declaration) || !ts.isIdentifier(declaration.name)) return false;
    const list = declaration.parent;
    if (!ts.isVariableDeclarationList(list) || !(list.flags & ts.NodeFlags.Const)) return false;
    const variable = declaration.name.text;
    const scope = list.parent.parent;
    let tests = 0;
    let other = false;
    const visit = (child: ts.Node): void => {
      if (other) return;
      if (ts.isIdentifier(child) && child.text === variable && child !== declaration.name) {
        if (returnsWhenPresent(child)) tests++;
        else if (!returnedWhenPresent(child)) other = true;
      }
      ts.forEachChild(child, visit);
    };
    visit(scope);
    if (other || tests === 0) return false;
  }
  return calls > 0;
}
