/**
 * `server.addTool(lampTool)` where `const lampTool = { name, description, parameters, execute }` is declared
 * in the same function body as the call (LiteMCP / FastMCP servers that build each tool just before adding
 * it): the object is that registration, reported at the call like an inline `addTool({…})`.
 */
import ts from 'typescript';
import { unwrapExpression } from '../parse/syntax';
import { enclosingFunctionOf } from './scanContext';

/** The object literal a `const` of the call's own function body holds, when the argument names one. */
export function localDefinitionObject(
  call: ts.CallExpression,
  argument: ts.Expression,
): ts.ObjectLiteralExpression | undefined {
  const identifier = unwrapExpression(argument);
  if (!ts.isIdentifier(identifier)) return undefined;
  const fn = enclosingFunctionOf(call);
  if (!fn?.body || !ts.isBlock(fn.body)) return undefined;
  for (const statement of fn.body.statements) {
    if (statement.pos >= call.pos) break;
    if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || declaration.name.text !== identifier.text) continue;
      const value = declaration.initializer && unwrapExpression(declaration.initializer);
      return value && ts.isObjectLiteralExpression(value) ? value : undefined;
    }
  }
  return undefined;
}
