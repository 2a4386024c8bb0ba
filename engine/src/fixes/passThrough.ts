/**
 * A catch that passes some errors through unchanged (`if (error instanceof McpError) throw error;`) and turns the
 * rest into a result: once the rethrow becomes `return toolError(error, 'op')` like the statement after it, the
 * branch returns the same thing as the code after it, so the fix drops it instead of writing it twice.
 */
import ts from 'typescript';
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
