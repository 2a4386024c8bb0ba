/** Where a wrapper's or factory's arguments come from among the parameters of the function that forwards them. */
import ts from 'typescript';
import { type FunctionLike, propertyNameText, unwrapExpression, walk } from '../parse/syntax';
import { type ArgPath, isInlineFunction } from './scanContext';
import { destructuredParameterPath } from './destructuredParameters';

/** Where `expression` comes from among `fn`'s parameters. */
export function argPathOf(expression: ts.Expression, fn: FunctionLike): ArgPath | undefined {
  const inner = unwrapExpression(expression);
  if (
    ts.isBinaryExpression(inner) &&
    (inner.operatorToken.kind === ts.SyntaxKind.BarBarToken ||
      inner.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken)
  ) {
    const path = argPathOf(inner.left, fn);
    const fallback = unwrapExpression(inner.right);
    return path && ts.isStringLiteralLike(fallback) ? { ...path, fallback: fallback.text } : path;
  }
  if (ts.isCallExpression(inner)) {
    for (const argument of inner.arguments) {
      const path = argPathOf(argument, fn);
      if (path) return path;
    }
    return undefined;
  }
  let property: string | undefined;
  let base: ts.Expression = inner;
  if (ts.isPropertyAccessExpression(inner)) {
    property = inner.name.text;
    base = unwrapExpression(inner.expression);
  }
  if (!ts.isIdentifier(base)) return undefined;
  for (let index = 0; index < fn.parameters.length; index++) {
    const parameter = fn.parameters[index].name;
    if (ts.isIdentifier(parameter) && parameter.text === base.text) return { index, property };
    if (ts.isObjectBindingPattern(parameter) && property === undefined) {
      for (const element of parameter.elements) {
        if (ts.isIdentifier(element.name) && element.name.text === base.text) {
          return { index, property: propertyNameText(element.propertyName) ?? element.name.text };
        }
      }
    }
  }
  return property === undefined ? destructuredParameterPath(base, fn, argPathOf) : undefined;
}

function hasExport(node: ts.Node): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
}

/** Whether other files can call a wrapper: exported, or a method or property of an object or class. */
export function isShared(fn: FunctionLike): boolean {
  if (ts.isMethodDeclaration(fn)) return true;
  if (ts.isFunctionDeclaration(fn)) return hasExport(fn);
  const parent = fn.parent;
  if (ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) return true;
  if (ts.isVariableDeclaration(parent)) return hasExport(parent.parent.parent);
  return false;
}

/** `async (a) => props.execute(a, ctx)` registered by a helper: the parameter member it calls. */
export function calledPathOf(handler: ts.Expression, fn: FunctionLike): ArgPath | undefined {
  const inner = unwrapExpression(handler);
  if (!isInlineFunction(inner)) return undefined;
  let path: ArgPath | undefined;
  walk(inner, (node) => {
    if (path) return false;
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(unwrapExpression(node.expression))) {
      path = argPathOf(node.expression, fn);
    }
    return !path;
  });
  return path?.property !== undefined ? path : undefined;
}
