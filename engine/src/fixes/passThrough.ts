/**
 * A catch that passes some errors through unchanged (`if (error instanceof McpError) throw error;`) and turns the
 * rest into a result: once the rethrow becomes `return toolError(error, 'op')` like the statement after it, the
 * branch returns the same thing as the code after it, so the fix drops it instead of writing it twice.
 */
import ts from 'typescript';
import type { ToolHandler } from '../discovery/handlers';
import { enclosingCatch, enclosingTry } from '../parse/syntax';
import type { AnalysisContext, OffsetEdit } from '../types';

/** The `if` whose only branch is the rethrow `statement`, and the statement after it in the same block. */
function passThroughIf(
  statement: ts.ThrowStatement,
  caught: string,
): { branch: ts.IfStatement; next: ts.Statement } | undefined {
  const thrown = statement.expression;
  if (!thrown || !ts.isIdentifier(thrown) || thrown.text !== caught) return undefined;
  let holder: ts.Node = statement;
  if (ts.isBlock(statement.parent) && statement.parent.statements.length === 1) holder = statement.parent;
  const branch = holder.parent;
  if (!ts.isIfStatement(branch) || branch.thenStatement !== holder || branch.elseStatement) return undefined;
  const block = branch.parent;
  if (!ts.isBlock(block)) return undefined;
  const next = block.statements[block.statements.indexOf(branch) + 1];
  return next ? { branch, next } : undefined;
}

const compact = (text: string): string => text.replace(/\s+/g, ' ').trim();

/**
 * The edit that replaces a pass-through branch and the statement after it with `returned` (`return toolError(…);`),
 * when that statement returns the same or is a throw that the same fix turns into it (`nextBecomes`); undefined
 * otherwise.
 */
export function dropPassThrough(
  context: AnalysisContext,
  statement: ts.ThrowStatement,
  caught: string,
  returned: string,
  nextBecomes: (next: ts.ThrowStatement) => string | undefined,
): OffsetEdit | undefined {
  const found = passThroughIf(statement, caught);
  if (!found) return undefined;
  const { branch, next } = found;
  const same =
    (ts.isReturnStatement(next) && compact(next.getText(context.sourceFile)) === compact(returned)) ||
    (ts.isThrowStatement(next) && nextBecomes(next) === returned);
  if (!same) return undefined;
  return { start: branch.getStart(context.sourceFile), end: next.getEnd(), newText: returned };
}

/** The classes a condition tests the caught error against with `instanceof` (in `&&` chains too). */
function testedClasses(condition: ts.Expression, caught: string): string[] {
  if (ts.isParenthesizedExpression(condition)) return testedClasses(condition.expression, caught);
  if (!ts.isBinaryExpression(condition)) return [];
  if (condition.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken) {
    return [...testedClasses(condition.left, caught), ...testedClasses(condition.right, caught)];
  }
  const tested =
    condition.operatorToken.kind === ts.SyntaxKind.InstanceOfKeyword &&
    ts.isIdentifier(condition.left) &&
    condition.left.text === caught &&
    ts.isIdentifier(condition.right);
  return tested && ts.isIdentifier(condition.right) ? [condition.right.text] : [];
}

/**
 * A deliberate rethrow: in a catch, `if (error instanceof AuthChallenge) throw error;` (or `throw new
 * AuthChallenge()`) for one error class the author picked, other than `McpError` (a protocol error for a failed call
 * is what the fixes replace) and `Error`. Such an error is meant for a layer above the tool (a transport that answers
 * with an OAuth challenge, a framework that maps it); a fix that returns a result instead would break that.
 */
export function isDeliberateRethrow(statement: ts.ThrowStatement, caught: string | undefined): boolean {
  const thrown = statement.expression;
  if (!caught || !thrown) return false;
  let holder: ts.Node = statement;
  if (ts.isBlock(statement.parent) && statement.parent.statements.length === 1) holder = statement.parent;
  const branch = holder.parent;
  if (!ts.isIfStatement(branch) || branch.thenStatement !== holder) return false;
  const classes = testedClasses(branch.expression, caught).filter((name) => name !== 'McpError' && name !== 'Error');
  if (ts.isIdentifier(thrown)) return thrown.text === caught && classes.length > 0;
  return ts.isNewExpression(thrown) && ts.isIdentifier(thrown.expression) && classes.includes(thrown.expression.text);
}

/**
 * A throw the MCP SDK turns into a protocol answer the client acts on: `UrlElicitationRequiredError` (error -32042,
 * the client opens the URL and retries), or `McpError(ErrorCode.UrlElicitationRequired, …)`. A result in its place
 * would end the flow.
 */
export function isProtocolSignal(statement: ts.ThrowStatement): boolean {
  const thrown = statement.expression;
  if (!thrown || !ts.isNewExpression(thrown) || !ts.isIdentifier(thrown.expression)) return false;
  if (thrown.expression.text === 'UrlElicitationRequiredError') return true;
  const code = thrown.arguments?.[0];
  return (
    thrown.expression.text === 'McpError' &&
    code !== undefined &&
    ts.isPropertyAccessExpression(code) &&
    code.name.text === 'UrlElicitationRequired'
  );
}

/** Whether a fix must leave a throw as it is: a deliberate rethrow or a protocol signal. */
export function keepsThrow(statement: ts.ThrowStatement, caught: string | undefined): boolean {
  return isDeliberateRethrow(statement, caught) || isProtocolSignal(statement);
}

/** The name a catch clause around `statement` binds, when it binds an identifier. */
function catchBinding(statement: ts.Node): string | undefined {
  const name = enclosingCatch(statement)?.variableDeclaration?.name;
  return name && ts.isIdentifier(name) ? name.text : undefined;
}

/**
 * Whether wrapping a handler's body in a try/catch would catch a throw the fixes keep on purpose (a deliberate rethrow,
 * a protocol signal) that nothing catches now, in the handler or in a helper of the same file it calls: the wrap would
 * turn it into a result, which the throw's own fix refuses to do.
 */
export function wrapWouldCatchKeptThrow(context: AnalysisContext, handler: ToolHandler): boolean {
  return [handler.fn, ...context.helpersOf(handler)].some(
    (fn) =>
      fn.body !== undefined &&
      context.nodes
        .within(fn.body, [ts.SyntaxKind.ThrowStatement])
        .some(
          (node) =>
            ts.isThrowStatement(node) && enclosingTry(node, fn) === undefined && keepsThrow(node, catchBinding(node)),
        ),
  );
}
