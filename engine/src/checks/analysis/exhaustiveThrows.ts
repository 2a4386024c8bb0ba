/**
 * A throw that only an impossible value reaches: the last branch of an exhaustive `if`/`switch` that
 * first proves to the compiler that nothing is left (`value satisfies never;`, `const unreachable: never
 * = value;`). Generated SDK helpers end their type switches this way; the throw never runs, so a call
 * of such a helper does not fail there.
 */
import ts from 'typescript';

/** `value satisfies never;` or `const unreachable: never = value;`: a statement that checks nothing is left. */
function provesExhausted(statement: ts.Statement): boolean {
  if (ts.isExpressionStatement(statement)) {
    // Not unwrapExpression: it looks through `satisfies`, the very thing this looks for.
    let expression = statement.expression;
    while (ts.isParenthesizedExpression(expression)) expression = expression.expression;
    return ts.isSatisfiesExpression(expression) && expression.type.kind === ts.SyntaxKind.NeverKeyword;
  }
  if (!ts.isVariableStatement(statement)) return false;
  return statement.declarationList.declarations.some(
    (declaration) => declaration.type?.kind === ts.SyntaxKind.NeverKeyword,
  );
}

/** Whether the throw sits in a block (or `case` clause) that first proves the value exhausted. */
export function isExhaustivenessThrow(statement: ts.ThrowStatement): boolean {
  const container = statement.parent;
  if (!ts.isBlock(container) && !ts.isCaseClause(container) && !ts.isDefaultClause(container)) return false;
  const statements = container.statements;
  const at = statements.indexOf(statement);
  return statements.slice(0, at).some(provesExhausted);
}
