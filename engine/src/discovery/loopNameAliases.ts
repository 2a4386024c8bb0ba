/**
 * A loop body that copies the element's name into a local before registering it:
 * `for (const def of list) { const toolName = def.name; …; server.registerTool(toolName, …) }`.
 * The local stands for the property it was read from, so the loop rules can follow the list as if the
 * call read `def.name` itself.
 */
import ts from 'typescript';
import { unwrapExpression } from '../parse/syntax';

/**
 * The `def.name` (or `entry.tool.name`) a `const` local of an enclosing block was initialised with, when
 * `nameArg` is that local and the block declares it before `call`; otherwise undefined.
 */
export function loopNameAlias(call: ts.CallExpression, nameArg: ts.Expression): ts.Expression | undefined {
  const inner = unwrapExpression(nameArg);
  if (!ts.isIdentifier(inner)) return undefined;
  for (let node: ts.Node | undefined = call.parent; node && !ts.isSourceFile(node); node = node.parent) {
    if (ts.isFunctionLike(node) && !ts.isArrowFunction(node) && !ts.isFunctionExpression(node)) return undefined;
    if (!ts.isBlock(node)) continue;
    for (const statement of node.statements) {
      if (statement.pos >= call.pos) break;
      if (!ts.isVariableStatement(statement)) continue;
      if (!(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
      for (const declaration of statement.declarationList.declarations) {
        if (!ts.isIdentifier(declaration.name) || declaration.name.text !== inner.text) continue;
        const initializer = declaration.initializer && unwrapExpression(declaration.initializer);
        return initializer && ts.isPropertyAccessExpression(initializer) ? initializer : undefined;
      }
    }
  }
  return undefined;
}
