/**
 * A tool's name reached through a spread: `server.tool({ ...thingMeta(opts), enabled }, handler)` where
 * the same module declares `function thingMeta() { return { name: THING_TOOL, description, schema } }`
 * (or `const thingMeta = { name: 'x', … }`). The name is the `name` of the object the spread copies.
 */
import ts from 'typescript';
import { propertyValue, unwrapExpression } from '../parse/syntax';

/** The `name` value an object literal gets from its spreads of same-module metadata. */
export function spreadNameOf(object: ts.ObjectLiteralExpression): ts.Expression | undefined {
  for (const property of object.properties) {
    if (!ts.isSpreadAssignment(property)) continue;
    const spread = unwrapExpression(property.expression);
    const source = ts.isCallExpression(spread) && ts.isIdentifier(spread.expression) ? spread.expression : spread;
    if (!ts.isIdentifier(source)) continue;
    const copied = metadataObject(object.getSourceFile(), source.text, source !== spread);
    const name = copied && propertyValue(copied, 'name');
    if (name) return name;
  }
  return undefined;
}

/** The module-level object `name` is (a constant) or returns (a function), if it has one. */
function metadataObject(
  sourceFile: ts.SourceFile,
  name: string,
  called: boolean,
): ts.ObjectLiteralExpression | undefined {
  for (const statement of sourceFile.statements) {
    if (called && ts.isFunctionDeclaration(statement) && statement.name?.text === name && statement.body) {
      return returnedObject(statement.body);
    }
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || declaration.name.text !== name || !declaration.initializer) continue;
      const init = unwrapExpression(declaration.initializer);
      if (!called) return ts.isObjectLiteralExpression(init) ? init : undefined;
      if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) return returnedObject(init.body);
    }
  }
  return undefined;
}

/** The object literal a function body returns: its expression body, or its last `return`. */
function returnedObject(body: ts.ConciseBody): ts.ObjectLiteralExpression | undefined {
  if (!ts.isBlock(body)) {
    const inner = unwrapExpression(body);
    return ts.isObjectLiteralExpression(inner) ? inner : undefined;
  }
  const last = [...body.statements].reverse().find(ts.isReturnStatement);
  const inner = last?.expression && unwrapExpression(last.expression);
  return inner && ts.isObjectLiteralExpression(inner) ? inner : undefined;
}
