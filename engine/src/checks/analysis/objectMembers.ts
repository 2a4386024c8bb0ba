/**
 * Functions a file keeps in a plain object and calls through it: `const weatherTool = { name, handler:
 * weatherHandler }` then `weatherTool.handler(args)`, or `const helpers = { format(x) { … } }` then
 * `helpers.format(x)`. The call runs a function of this file, which can be judged like any other.
 */
import ts from 'typescript';
import { type FunctionLike, propertyNameText, unwrapExpression } from '../../parse/syntax';

const objectsByFile = new WeakMap<ts.SourceFile, ReadonlyMap<string, ts.ObjectLiteralExpression>>();

/** The file's top-level `const name = { … }` objects (exported or not, through `as` / `satisfies`). */
function topLevelObjects(sourceFile: ts.SourceFile): ReadonlyMap<string, ts.ObjectLiteralExpression> {
  const known = objectsByFile.get(sourceFile);
  if (known) return known;
  const objects = new Map<string, ts.ObjectLiteralExpression>();
  for (const statement of sourceFile.statements) {
    if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || !declaration.initializer) continue;
      const value = unwrapExpression(declaration.initializer);
      if (ts.isObjectLiteralExpression(value)) objects.set(declaration.name.text, value);
    }
  }
  objectsByFile.set(sourceFile, objects);
  return objects;
}

/** The same-file function `object.member(…)` runs, when `object` is a top-level object literal of the file. */
export function objectMemberFunction(
  sourceFile: ts.SourceFile,
  callee: ts.PropertyAccessExpression,
  functions: ReadonlyMap<string, FunctionLike>,
): FunctionLike | undefined {
  const receiver = unwrapExpression(callee.expression);
  if (!ts.isIdentifier(receiver)) return undefined;
  const object = topLevelObjects(sourceFile).get(receiver.text);
  if (!object) return undefined;
  const member = callee.name.text;
  for (const property of object.properties) {
    if (propertyNameText(property.name) !== member) continue;
    if (ts.isMethodDeclaration(property)) return property.body ? property : undefined;
    if (ts.isShorthandPropertyAssignment(property)) return functions.get(member);
    if (!ts.isPropertyAssignment(property)) return undefined;
    const value = unwrapExpression(property.initializer);
    if (ts.isArrowFunction(value) || ts.isFunctionExpression(value)) return value;
    return ts.isIdentifier(value) ? functions.get(value.text) : undefined;
  }
  return undefined;
}
