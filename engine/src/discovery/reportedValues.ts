/**
 * Values a `tools/call` dispatcher only reports: `const text = describeCall(name, args); await notify(text, 0);`.
 * The call is handed the tool name, but what it makes (a progress message, a log line, a span label) is stored and
 * then only handed to calls whose own value is thrown away. It runs no tool: it is a hook of the dispatcher, not a
 * forwarding call, so the `switch` on the name inside it is not a second dispatcher.
 */
import ts from 'typescript';
import { enclosingFunction, valueCarrier, walk } from '../parse/syntax';

/** The `const` a call's value is stored in, when it is stored in one: `const text = describeCall(name)`. */
function storingConstant(call: ts.CallExpression): ts.VariableDeclaration | undefined {
  const node = valueCarrier(call);
  const declaration = node.parent;
  if (!ts.isVariableDeclaration(declaration) || declaration.initializer !== node) return undefined;
  if (!ts.isIdentifier(declaration.name)) return undefined;
  const list = declaration.parent;
  return ts.isVariableDeclarationList(list) && (list.flags & ts.NodeFlags.Const) !== 0 ? declaration : undefined;
}

/**
 * Whether a call's value is stored in a constant that is used, at least once, and only as an argument of calls
 * whose own value is thrown away (`isDiscarded`).
 */
export function onlyReported(call: ts.CallExpression, isDiscarded: (call: ts.CallExpression) => boolean): boolean {
  const declaration = storingConstant(call);
  if (!declaration || !ts.isIdentifier(declaration.name)) return false;
  const local = declaration.name.text;
  let uses = 0;
  let reportedOnly = true;
  // The function (or file) the name can be used in.
  walk(enclosingFunction(declaration) ?? declaration.getSourceFile(), (node) => {
    if (!reportedOnly) return false;
    if (!ts.isIdentifier(node) || node.text !== local || node === declaration.name) return true;
    uses++;
    const argument = valueCarrier(node);
    const user = argument.parent;
    reportedOnly = ts.isCallExpression(user) && user.arguments.some((each) => each === argument) && isDiscarded(user);
    return false;
  });
  return reportedOnly && uses > 0;
}
