/**
 * A dispatcher that hands the tool name to a method of another object: `this.registry.executeTool(name, args)`
 * where the class declares `registry: ToolRegistry` (or `ToolRegistry | null`) or assigns
 * `this.registry = new ToolRegistry(…)`, or `registry.executeTool(name, args)` with a module-level
 * `const registry = new ToolRegistry()`. That class's method dispatches on the name in its turn: it is
 * scanned as a dispatcher, in this file or (role `dispatch` with `member`) in the file the class comes from.
 */
import ts from 'typescript';
import { type FunctionLike, enclosingClass, unwrapExpression, walk } from '../parse/syntax';
import { isInlineFunction } from './scanContext';

/** The class named by a type annotation: `ToolRegistry`, `ToolRegistry | null`, `ToolRegistry | undefined`. */
function typeClass(type: ts.TypeNode | undefined): string | undefined {
  if (!type) return undefined;
  if (ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && !type.typeArguments) return type.typeName.text;
  if (!ts.isUnionTypeNode(type)) return undefined;
  const references = type.types.filter((t) => !(ts.isLiteralTypeNode(t) || t.kind === ts.SyntaxKind.UndefinedKeyword));
  return references.length === 1 ? typeClass(references[0]) : undefined;
}

/** `new X(…)` → `X`. */
function constructedClass(value: ts.Expression | undefined): string | undefined {
  const inner = value && unwrapExpression(value);
  return inner && ts.isNewExpression(inner) && ts.isIdentifier(inner.expression) ? inner.expression.text : undefined;
}

/** The class a field of `owner` holds: its declared type, its initializer, or a `this.field = new X()` in the class. */
function fieldClass(owner: ts.ClassLikeDeclaration, field: string): string | undefined {
  const sourceFile = owner.getSourceFile();
  for (const member of owner.members) {
    if (!ts.isPropertyDeclaration(member) || member.name.getText(sourceFile) !== field) continue;
    const declared = typeClass(member.type) ?? constructedClass(member.initializer);
    if (declared) return declared;
  }
  let assigned: string | undefined;
  walk(owner, (node) => {
    if (assigned) return false;
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isPropertyAccessExpression(node.left) &&
      node.left.expression.kind === ts.SyntaxKind.ThisKeyword &&
      node.left.name.text === field
    ) {
      assigned = constructedClass(node.right);
    }
    return !assigned;
  });
  return assigned;
}

/** A module-level `const name = new X()` (or `let name: X`). */
function moduleInstanceClass(sourceFile: ts.SourceFile, name: string): string | undefined {
  for (const statement of sourceFile.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || declaration.name.text !== name) continue;
      return constructedClass(declaration.initializer) ?? typeClass(declaration.type);
    }
  }
  return undefined;
}

/** `this.registry.executeTool` / `registry.executeTool`: the class of the receiver and the method called. */
export function receiverMethod(callee: ts.Expression): { className: string; method: string } | undefined {
  const inner = unwrapExpression(callee);
  if (!ts.isPropertyAccessExpression(inner)) return undefined;
  const receiver = unwrapExpression(inner.expression);
  const method = inner.name.text;
  if (ts.isPropertyAccessExpression(receiver) && receiver.expression.kind === ts.SyntaxKind.ThisKeyword) {
    const owner = enclosingClass(receiver);
    const className = owner && fieldClass(owner, receiver.name.text);
    return className ? { className, method } : undefined;
  }
  if (ts.isIdentifier(receiver)) {
    const className = moduleInstanceClass(receiver.getSourceFile(), receiver.text);
    return className ? { className, method } : undefined;
  }
  return undefined;
}

/** The method `method` of the top-level class `className` of a file (a method or an arrow-function property). */
export function classMethodNamed(
  sourceFile: ts.SourceFile,
  className: string,
  method: string,
): FunctionLike | undefined {
  const declaration = sourceFile.statements.find(
    (s): s is ts.ClassDeclaration => ts.isClassDeclaration(s) && s.name?.text === className,
  );
  for (const member of declaration?.members ?? []) {
    if (member.name?.getText(sourceFile) !== method) continue;
    if (ts.isMethodDeclaration(member) && member.body) return member;
    if (ts.isPropertyDeclaration(member) && member.initializer) {
      const init = unwrapExpression(member.initializer);
      if (isInlineFunction(init)) return init;
    }
  }
  return undefined;
}
