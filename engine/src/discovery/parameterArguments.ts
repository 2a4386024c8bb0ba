/**
 * Follows a parameter of a same-file helper back to the arguments its callers pass, so a check can judge
 * `fail('Something went wrong')` when `fail(message)` builds the envelope with `text: message`.
 */
import ts from 'typescript';
import { type FunctionLike, enclosingFunction, unwrapExpression } from '../parse/syntax';
import type { AnalysisContext } from '../types';

/** The name a function is called by in this file: its declaration name or the const it is assigned to. */
function calledName(fn: FunctionLike): string | undefined {
  if ((ts.isFunctionDeclaration(fn) || ts.isFunctionExpression(fn)) && fn.name) return fn.name.text;
  const parent = fn.parent;
  if (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name) && parent.initializer === fn) {
    return parent.name.text;
  }
  return undefined;
}

/**
 * When `expression` is a plain parameter of the function it is written in: its default value and the
 * arguments that the file's direct calls of that function pass for it.
 */
export function argumentsForParameter(context: AnalysisContext, expression: ts.Expression): ts.Expression[] {
  const identifier = unwrapExpression(expression);
  if (!ts.isIdentifier(identifier)) return [];
  const fn = enclosingFunction(identifier);
  if (!fn) return [];
  const index = fn.parameters.findIndex((p) => ts.isIdentifier(p.name) && p.name.text === identifier.text);
  const name = calledName(fn);
  if (index < 0 || !name || fn.parameters[index].dotDotDotToken) return [];
  const result: ts.Expression[] = [];
  const defaultValue = fn.parameters[index].initializer;
  if (defaultValue) result.push(defaultValue);
  for (const call of context.nodes.of(ts.SyntaxKind.CallExpression, ts.isCallExpression)) {
    const callee = unwrapExpression(call.expression);
    if (ts.isIdentifier(callee) && callee.text === name && call.arguments.length > index) {
      const argument = call.arguments[index];
      if (!ts.isSpreadElement(argument)) result.push(argument);
    }
  }
  return result;
}
