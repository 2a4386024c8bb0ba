/**
 * Wraps a handler body in try/catch so that rejected promises are caught too: inside an async
 * function, `return call()` in a try block hands the promise to the caller and its rejection escapes
 * the catch; `return await call()` does not (the rule typescript-eslint's `return-await` enforces).
 */
import ts from 'typescript';
import { NodeIndex } from './nodeIndex';
import { wrapBodyInTryCatch } from './edits';
import { type FunctionLike, isFunctionLike, lineIndentAt, unwrapExpression, walkOwnBody } from './syntax';
import type { AnalysisContext, OffsetEdit } from './types';

function isAsync(fn: FunctionLike): boolean {
  return (ts.getModifiers(fn) ?? []).some((m) => m.kind === ts.SyntaxKind.AsyncKeyword);
}

/** Returned calls (and an expression body that is a call) that a try block would not guard in an async function. */
function returnedCalls(fn: FunctionLike, isFallible: (call: ts.CallExpression) => boolean): ts.Expression[] {
  if (!fn.body || !isAsync(fn)) return [];
  const returned = (expression: ts.Expression | undefined): ts.Expression | undefined => {
    const inner = expression && unwrapExpression(expression);
    return inner && ts.isCallExpression(inner) && isFallible(inner) ? expression : undefined;
  };
  if (!ts.isBlock(fn.body)) {
    const call = returned(fn.body);
    return call ? [call] : [];
  }
  const calls: ts.Expression[] = [];
  walkOwnBody(fn, (node) => {
    if (ts.isReturnStatement(node)) {
      const call = returned(node.expression);
      if (call) calls.push(call);
    }
  });
  return calls;
}

function findFunctionAt(sourceFile: ts.SourceFile, start: number): FunctionLike | undefined {
  let found: FunctionLike | undefined;
  const visit = (node: ts.Node): void => {
    if (found || node.getEnd() < start || node.getStart(sourceFile) > start) return;
    if (isFunctionLike(node) && node.getStart(sourceFile) === start) {
      found = node;
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

/**
 * `wrapBodyInTryCatch`, after writing `await` in front of every fallible call the async function
 * returns directly, so the new catch sees its rejection. One edit over the original text.
 */
export function wrapBodyAwaitingReturns(
  context: AnalysisContext,
  fn: FunctionLike,
  toolName: string | null,
  isFallible: (call: ts.CallExpression) => boolean,
): OffsetEdit {
  const calls = returnedCalls(fn, isFallible);
  if (calls.length === 0) return wrapBodyInTryCatch(context, fn, toolName);
  const fnStart = fn.getStart(context.sourceFile);
  const offsets = calls.map((call) => call.getStart(context.sourceFile)).sort((a, b) => b - a);
  let text = context.text;
  for (const offset of offsets) text = text.slice(0, offset) + 'await ' + text.slice(offset);
  const fileName = context.sourceFile.fileName;
  const kind = /x$/i.test(fileName) ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const reparsed = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const awaited = findFunctionAt(reparsed, fnStart);
  if (!awaited) return wrapBodyInTryCatch(context, fn, toolName);
  const scratch: AnalysisContext = {
    sourceFile: reparsed,
    text,
    settings: context.settings,
    handlers: [],
    registrations: [],
    envelopes: [],
    handlerOf: () => undefined,
    helpersOf: () => [],
    indentOf: (node) => lineIndentAt(text, node.getStart(reparsed)),
    nodes: new NodeIndex(reparsed),
  };
  const edit = wrapBodyInTryCatch(scratch, awaited, toolName);
  // Every insertion lies inside the replaced body, so the edit maps back by the inserted length.
  const inserted = calls.length * 'await '.length;
  return { start: edit.start, end: edit.end - inserted, newText: edit.newText };
}
