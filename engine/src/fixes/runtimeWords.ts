/**
 * Words only known at run time: a thrown message or an envelope's text that reads a cause (`errorMessage`,
 * `result.reason`) the fixes let the tool-errors helper classify at run time, instead of a hard-coded UNKNOWN.
 */
import ts from 'typescript';
import { isFunctionLike, unwrapExpression } from '../parse/syntax';
import { messageArgument } from './inference';

/** The message a throw gives its error (`new Error(<message>)`), or the thrown expression itself. */
export function thrownMessageExpression(statement: ts.ThrowStatement): ts.Expression | undefined {
  const thrown = statement.expression && unwrapExpression(statement.expression);
  if (thrown && (ts.isNewExpression(thrown) || ts.isCallExpression(thrown))) {
    return messageArgument(thrown.arguments?.[0]);
  }
  return thrown;
}

/** A name that holds a failure's words: `errorMessage`, `result.reason`, `data.error`, `stderr`, `details`. */
const CAUSE_NAME = /(?:error|err|message|msg|reason|details?|stderr|cause|problem|failure)$/i;

/** `errorMessage`, `result.reason`, `data.error.message`: a plain read (no call) whose last name holds a cause's words. */
function isCauseRead(expression: ts.Expression): boolean {
  const node = unwrapExpression(expression);
  if (ts.isIdentifier(node)) return CAUSE_NAME.test(node.text);
  if (!ts.isPropertyAccessExpression(node) || !CAUSE_NAME.test(node.name.text)) return false;
  let base: ts.Expression = node.expression;
  while (ts.isPropertyAccessExpression(base)) base = base.expression;
  return ts.isIdentifier(base) || base.kind === ts.SyntaxKind.ThisKeyword;
}

/**
 * The cause a message expression reads: the read itself (`errorMessage`, `result.reason`), or the receiver of a
 * method that only renders it (`result.error.getErrorText()`, `error.toString()`: no arguments), which the helper
 * reads better than its text (a status code, an error name).
 */
function causeOf(expression: ts.Expression): string | undefined {
  const node = unwrapExpression(expression);
  if (isCauseRead(node)) return node.getText();
  if (!ts.isCallExpression(node) || node.arguments.length > 0) return undefined;
  const callee = unwrapExpression(node.expression);
  return ts.isPropertyAccessExpression(callee) && isCauseRead(callee.expression)
    ? callee.expression.getText()
    : undefined;
}

/**
 * Words only known at run time in a message: the message is a read of a cause (`errorMessage`, `result.reason`,
 * `result.error.getErrorText()`), or a template that quotes one (`\`Failed to apply theme: ${result.reason}\``).
 * `error` is what the helper classifies: the cause itself, with the author's template kept as the message when it
 * quotes one cause; the whole template when it quotes several things.
 */
export function runtimeWords(message: ts.Expression | undefined): { error: string; message?: string } | undefined {
  const node = message && unwrapExpression(message);
  if (!node) return undefined;
  const cause = causeOf(node);
  if (cause !== undefined)
    return cause === node.getText() ? { error: cause } : { error: cause, message: node.getText() };
  if (!ts.isTemplateExpression(node)) return undefined;
  const causes = node.templateSpans.flatMap((span) => causeOf(span.expression) ?? []);
  if (causes.length === 0) return undefined;
  const only = node.templateSpans.length === 1 ? causes[0] : undefined;
  return only !== undefined ? { error: only, message: node.getText() } : { error: node.getText() };
}

/** The first `text:` an envelope literal gives (outside callbacks, whose names are not in scope at the envelope). */
export function envelopeText(envelope: ts.Node): ts.Expression | undefined {
  let found: ts.Expression | undefined;
  const visit = (node: ts.Node): void => {
    if (found || isFunctionLike(node)) return;
    if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && node.name.text === 'text') {
      found = node.initializer;
      return;
    }
    ts.forEachChild(node, visit);
  };
  if (ts.isObjectLiteralExpression(envelope)) visit(envelope);
  return found;
}
