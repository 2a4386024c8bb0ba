/**
 * Loops with a try/catch that are not retries: a loop whose only try is in a loop nested in it (that
 * loop is judged on its own; the outer one repeats work, like crafting an item `amount` times), a loop
 * over alternatives whose try uses the item (`for (const recipe of candidates) try { craft(recipe) }`:
 * the next iteration tries something else, not the same thing again), and a try that goes on to the
 * next iteration whether it failed or not (`try { …; continue } catch { continue }`).
 */
import ts from 'typescript';
import { isFunctionLike, walk } from '../../parse/syntax';

export type Loop = ts.ForStatement | ts.ForOfStatement | ts.ForInStatement | ts.WhileStatement | ts.DoStatement;

export function isLoop(node: ts.Node): node is Loop {
  return (
    ts.isForStatement(node) ||
    ts.isForOfStatement(node) ||
    ts.isForInStatement(node) ||
    ts.isWhileStatement(node) ||
    ts.isDoStatement(node)
  );
}

/** A try with a catch clause, or a `.catch(…)` call (`await call().catch(() => undefined)` swallows a failure too). */
export function isFailureHandler(node: ts.Node): boolean {
  if (ts.isTryStatement(node)) return node.catchClause !== undefined;
  return (
    ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'catch'
  );
}

/** Whether the loop's own body (not a nested loop or a named function) handles a failure: a try/catch or `.catch(…)`. */
export function handlesFailureItself(loop: Loop): boolean {
  let found = false;
  walk(loop.statement, (node) => {
    if (found || isLoop(node) || (isFunctionLike(node) && !ts.isArrowFunction(node))) return false;
    if (isFailureHandler(node)) found = true;
    return undefined;
  });
  return found;
}

/** The names a `for (const x of …)` / `for (const { a, b } of …)` binds. */
function boundNames(loop: ts.ForOfStatement | ts.ForInStatement): Set<string> {
  const names = new Set<string>();
  const initializer = loop.initializer;
  const collect = (name: ts.BindingName): void => {
    if (ts.isIdentifier(name)) names.add(name.text);
    else for (const element of name.elements) if (!ts.isOmittedExpression(element)) collect(element.name);
  };
  if (ts.isVariableDeclarationList(initializer)) for (const d of initializer.declarations) collect(d.name);
  else if (ts.isIdentifier(initializer)) names.add(initializer.text);
  return names;
}

/** A loop over a collection whose try block reads the item: each iteration tries another alternative. */
export function triesEachItem(loop: Loop): boolean {
  if (!ts.isForOfStatement(loop) && !ts.isForInStatement(loop)) return false;
  const names = boundNames(loop);
  if (names.size === 0) return false;
  let found = false;
  walk(loop.statement, (node) => {
    if (found || isLoop(node)) return false;
    if (ts.isTryStatement(node)) {
      walk(node.tryBlock, (inner) => {
        if (ts.isIdentifier(inner) && names.has(inner.text)) found = true;
        return found ? false : undefined;
      });
      return false;
    }
    return undefined;
  });
  return found;
}

/** Whether a try block goes on to the loop's next iteration itself (`continue` outside nested loops and functions). */
export function tryBlockContinues(statement: ts.TryStatement): boolean {
  let found = false;
  walk(statement.tryBlock, (node) => {
    if (found || isLoop(node) || isFunctionLike(node)) return false;
    if (ts.isContinueStatement(node) && !node.label) found = true;
    return undefined;
  });
  return found;
}
