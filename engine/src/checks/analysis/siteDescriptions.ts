/** How a failure site reads in a finding's message: `await fetch(…)`, `parseBody(…)`, `for await (…)`. */
import ts from 'typescript';
import { unwrapExpression } from '../../parse/syntax';

/** A callee as written, except a function called in place, which reads `(async () => {…})`. */
function calleeText(sourceFile: ts.SourceFile, expression: ts.Expression): string {
  const callee = unwrapExpression(expression);
  if (ts.isArrowFunction(callee) || ts.isFunctionExpression(callee)) {
    const isAsync = callee.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.AsyncKeyword) === true;
    const shape = ts.isArrowFunction(callee) ? '() => {…}' : 'function () {…}';
    return `(${isAsync ? 'async ' : ''}${shape})`;
  }
  return expression.getText(sourceFile);
}

/** How a failure site reads in a message: `await fetch(…)`, `parseBody(…)`, `for await (…)`. */
export function describeSite(sourceFile: ts.SourceFile, site: ts.Node): string {
  if (ts.isForOfStatement(site)) return 'for await (…)';
  if (ts.isThrowStatement(site)) return 'throw';
  const target = ts.isAwaitExpression(site) ? site.expression : site;
  const callee =
    ts.isCallExpression(target) || ts.isNewExpression(target) ? calleeText(sourceFile, target.expression) : undefined;
  const shown = callee ? `${ts.isNewExpression(target) ? 'new ' : ''}${callee}(…)` : target.getText(sourceFile);
  const short = shown.replace(/\s+/g, ' ');
  const label = short.length > 40 ? short.slice(0, 39) + '…' : short;
  return ts.isAwaitExpression(site) ? `await ${label}` : label;
}
