/**
 * A no-input tool among definitions handed one by one to the same call: `registry.push({ name: 'ping',
 * description, execute })` has no schema of its own, but the statements around it make the same call
 * (`registry.push({ name, description, schema, execute })`) with definitions that do have one — a tool
 * like them, left without input. A lone schema-less call, or one whose siblings carry no schema, stays
 * unclaimed.
 */
import ts from 'typescript';
import { outermostWrapper, unwrapExpression } from '../parse/syntax';

function calleeText(call: ts.CallExpression, sourceFile: ts.SourceFile): string {
  return call.expression.getText(sourceFile).replace(/\s+/g, '');
}

/** The call an expression statement makes, looking through `await`. */
function statementCall(statement: ts.Statement): ts.CallExpression | undefined {
  if (!ts.isExpressionStatement(statement)) return undefined;
  let expression = unwrapExpression(statement.expression);
  if (ts.isAwaitExpression(expression)) expression = unwrapExpression(expression.expression);
  return ts.isCallExpression(expression) ? expression : undefined;
}

/**
 * Whether `call` — a statement of its own, whose argument is `object` — has a sibling statement in the same
 * block calling the same function (same receiver and method) with a definition for which `hasSchema` holds.
 */
export function callSiblingHasSchema(
  sourceFile: ts.SourceFile,
  call: ts.CallExpression | ts.NewExpression,
  object: ts.ObjectLiteralExpression,
  hasSchema: (sibling: ts.ObjectLiteralExpression) => boolean,
): boolean {
  if (!ts.isCallExpression(call) || call.arguments.length !== 1) return false;
  if (outermostWrapper(object) !== call.arguments[0]) return false;
  let statement: ts.Node = call;
  while (ts.isAwaitExpression(statement.parent) || ts.isParenthesizedExpression(statement.parent))
    statement = statement.parent;
  const holder = statement.parent;
  if (!ts.isExpressionStatement(holder) || !(ts.isBlock(holder.parent) || ts.isSourceFile(holder.parent))) return false;
  const callee = calleeText(call, sourceFile);
  return holder.parent.statements.some((other) => {
    if (other === holder) return false;
    const sibling = statementCall(other);
    if (!sibling || sibling.arguments.length !== 1 || calleeText(sibling, sourceFile) !== callee) return false;
    const argument = unwrapExpression(sibling.arguments[0]);
    return ts.isObjectLiteralExpression(argument) && hasSchema(argument);
  });
}
