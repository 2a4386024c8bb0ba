/**
 * Name tests that judge a call rather than run it: a risk classifier or policy function the dispatcher hands
 * the tool name to (`if (toolName === 'run_sql') return { risk: 'high', reason }`, a `switch` returning levels).
 * Such a branch calls nothing and answers with a constant verdict — a flag, a level, an object that is not a
 * tool result — so it is not a tool's branch. A branch that calls something, or returns a tool result
 * (`content`, `isError`, `structuredContent`, `toolResult`), still is.
 */
import ts from 'typescript';
import { isFunctionLike, propertyNameText, unwrapExpression, walk } from '../parse/syntax';

/** Keys of a `tools/call` answer. */
const RESULT_KEYS = new Set(['content', 'isError', 'structuredContent', 'toolResult']);

/** Whether a returned value is a constant verdict: a literal, or an object of literals that is not a tool result. */
function isVerdictValue(expression: ts.Expression): boolean {
  const inner = unwrapExpression(expression);
  if (ts.isObjectLiteralExpression(inner)) {
    return inner.properties.every(
      (p) =>
        (ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) &&
        !RESULT_KEYS.has(propertyNameText(p.name) ?? ''),
    );
  }
  return (
    ts.isStringLiteralLike(inner) ||
    ts.isTemplateExpression(inner) ||
    ts.isNumericLiteral(inner) ||
    ts.isIdentifier(inner) ||
    ts.isPropertyAccessExpression(inner) ||
    inner.kind === ts.SyntaxKind.TrueKeyword ||
    inner.kind === ts.SyntaxKind.FalseKeyword ||
    inner.kind === ts.SyntaxKind.NullKeyword
  );
}

/** Whether a branch only hands back a verdict: it calls nothing, awaits nothing, and returns constant verdicts. */
export function isVerdictBranch(body: ts.Node | readonly ts.Node[]): boolean {
  let returns = 0;
  let other = false;
  const visit = (node: ts.Node): boolean => {
    if (other || isFunctionLike(node)) return false;
    if (ts.isCallExpression(node) || ts.isAwaitExpression(node) || ts.isNewExpression(node)) other = true;
    else if (ts.isReturnStatement(node)) {
      if (!node.expression || !isVerdictValue(node.expression)) other = true;
      returns++;
    }
    return !other;
  };
  for (const node of Array.isArray(body) ? body : [body]) {
    if (visit(node)) walk(node, visit);
  }
  return !other && returns > 0;
}

/** A `switch` whose every case that does something only returns a verdict (a classifier, not a dispatcher). */
export function isVerdictSwitch(statement: ts.SwitchStatement): boolean {
  const bodies = statement.caseBlock.clauses
    .filter((clause): clause is ts.CaseClause => ts.isCaseClause(clause) && clause.statements.length > 0)
    .map((clause) => clause.statements);
  return bodies.length > 0 && bodies.every((statements) => isVerdictBranch(statements));
}
