/**
 * A no-argument tool among typed definitions: `const pingTool: ToolDef = { name, definition: { title,
 * description }, handler }` has no schema of its own, but sits in the same list as definitions of the
 * same type with the same keys that do have one — a tool like them. A lone such object stays unclaimed.
 */
import ts from 'typescript';
import { propertyNameText, unwrapExpression } from '../parse/syntax';
import type { ScanState } from './scanContext';

function typeNameOf(declaration: ts.VariableDeclaration): string | undefined {
  const type = declaration.type;
  return type && ts.isTypeReferenceNode(type) ? type.typeName.getText() : undefined;
}

function keysOf(object: ts.ObjectLiteralExpression): string[] {
  return object.properties
    .map((property) => (property.name ? propertyNameText(property.name) : undefined))
    .filter((key): key is string => key !== undefined)
    .sort();
}

/** The module-level lists (`const all = [a, b]`) of the file that hold `name` as an element. */
function listsHolding(state: ScanState, name: string): ts.ArrayLiteralExpression[] {
  const lists: ts.ArrayLiteralExpression[] = [];
  for (const statement of state.sourceFile.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const init = declaration.initializer && unwrapExpression(declaration.initializer);
      if (!init || !ts.isArrayLiteralExpression(init)) continue;
      const holds = init.elements.some((element) => {
        const inner = unwrapExpression(element);
        return ts.isIdentifier(inner) && inner.text === name;
      });
      if (holds) lists.push(init);
    }
  }
  return lists;
}

/**
 * Whether `object`, the initializer of a typed constant, is listed next to a constant of the same type
 * and the same keys for which `hasSchema` holds.
 */
export function typedSiblingHasSchema(
  state: ScanState,
  object: ts.ObjectLiteralExpression,
  hasSchema: (sibling: ts.ObjectLiteralExpression) => boolean,
): boolean {
  const declaration = object.parent;
  if (!ts.isVariableDeclaration(declaration) || !ts.isIdentifier(declaration.name)) return false;
  const typeName = typeNameOf(declaration);
  if (typeName === undefined) return false;
  const keys = keysOf(object).join(',');
  for (const list of listsHolding(state, declaration.name.text)) {
    for (const element of list.elements) {
      const inner = unwrapExpression(element);
      if (!ts.isIdentifier(inner) || inner.text === declaration.name.text) continue;
      const sibling = state.index
        .of(ts.SyntaxKind.VariableDeclaration, ts.isVariableDeclaration)
        .find((d) => ts.isIdentifier(d.name) && d.name.text === inner.text);
      const init = sibling?.initializer && unwrapExpression(sibling.initializer);
      if (!sibling || !init || !ts.isObjectLiteralExpression(init) || typeNameOf(sibling) !== typeName) continue;
      if (keysOf(init).join(',') === keys && hasSchema(init)) return true;
    }
  }
  return false;
}
