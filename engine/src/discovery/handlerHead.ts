/** The "head" of a function: from `async`/`function` (or the parameters) to the arrow or the closing parenthesis. */
import ts from 'typescript';
import type { FunctionLike } from '../parse/syntax';

export interface OffsetRange {
  start: number;
  end: number;
}

function tokenOf(fn: FunctionLike, sourceFile: ts.SourceFile, kind: ts.SyntaxKind): ts.Node | undefined {
  return fn.getChildren(sourceFile).find((child) => child.kind === kind);
}

/**
 * The range a diagnostic about a whole function should underline without covering its body:
 * `async (args) =>`, `async function name(args)`, `handler(args)`.
 */
export function functionHeadRange(fn: FunctionLike, sourceFile: ts.SourceFile): OffsetRange {
  const asyncModifier = (ts.getModifiers(fn) ?? []).find((m) => m.kind === ts.SyntaxKind.AsyncKeyword);
  // An arrow function has no `function` keyword: not looking spares re-scanning its tokens (getChildren).
  const functionKeyword = ts.isArrowFunction(fn) ? undefined : tokenOf(fn, sourceFile, ts.SyntaxKind.FunctionKeyword);
  const startNode = asyncModifier ?? functionKeyword ?? (ts.isMethodDeclaration(fn) ? fn.name : undefined);
  const start = startNode ? startNode.getStart(sourceFile) : fn.getStart(sourceFile);
  if (ts.isArrowFunction(fn)) return { start, end: fn.equalsGreaterThanToken.getEnd() };
  const closeParen = tokenOf(fn, sourceFile, ts.SyntaxKind.CloseParenToken);
  const end = closeParen ? closeParen.getEnd() : (fn.body?.getStart(sourceFile) ?? fn.getEnd());
  return { start, end };
}
