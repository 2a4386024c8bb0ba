/**
 * The author's words for a failure, where a fix that answers it through the tool-errors helper should keep them
 * (`return toolError(error, 'list_objects', errorMsg)`): a string or template written at the site, or one the
 * catch clause wrote just before into a constant (`const errorMsg = \`Error listing objects: ${error.message}\``),
 * also when the site wraps it in a JSON text (`JSON.stringify({ error: errorMsg, … })`).
 */
import ts from 'typescript';
import { enclosingCatch, findProperty, staticText, unwrapExpression } from '../parse/syntax';

/** The words as source (what the fix passes on) and their static text (what the fix judges them by). */
export interface AuthorWords {
  source: string;
  text: string;
}

/** Keys of a JSON error object whose value is the failure's message. */
const MESSAGE_KEYS = ['error', 'message', 'errorMessage'];

/**
 * The author's words in `expression` at `site`: a string or template; a constant holding one, declared in the
 * catch clause around `site` before it; the message member of `JSON.stringify({ error: … })`. Undefined otherwise.
 */
export function authorWordsOf(
  sourceFile: ts.SourceFile,
  expression: ts.Expression,
  site: ts.Node,
): AuthorWords | undefined {
  const node = unwrapExpression(expression);
  const text = staticText(node);
  if (text !== undefined) return { source: node.getText(sourceFile), text };
  if (ts.isIdentifier(node)) {
    const initializer = catchConstant(node.text, site);
    const held = initializer && staticText(unwrapExpression(initializer));
    return held === undefined ? undefined : { source: node.text, text: held };
  }
  const json = jsonMessage(node);
  return json ? authorWordsOf(sourceFile, json, site) : undefined;
}

/** `JSON.stringify({ error: <message>, … })`: the message member's value. */
function jsonMessage(node: ts.Expression): ts.Expression | undefined {
  if (!ts.isCallExpression(node) || node.arguments.length === 0) return undefined;
  const callee = node.expression;
  if (!ts.isPropertyAccessExpression(callee) || callee.name.text !== 'stringify') return undefined;
  if (!ts.isIdentifier(callee.expression) || callee.expression.text !== 'JSON') return undefined;
  const [first] = node.arguments;
  const object = first && unwrapExpression(first);
  if (!object || !ts.isObjectLiteralExpression(object)) return undefined;
  const member = findProperty(object, MESSAGE_KEYS);
  if (member && ts.isPropertyAssignment(member)) return member.initializer;
  if (member && ts.isShorthandPropertyAssignment(member)) return member.name;
  return undefined;
}

/**
 * The initializer of `const <name> = …` declared directly in the catch clause's block around `site`, before it
 * (so the name is in scope at the site and holds that value there).
 */
function catchConstant(name: string, site: ts.Node): ts.Expression | undefined {
  const clause = enclosingCatch(site);
  if (!clause) return undefined;
  for (const statement of clause.block.statements) {
    if (statement.getStart() >= site.getStart()) break;
    if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name) && declaration.name.text === name) return declaration.initializer;
    }
  }
  return undefined;
}
