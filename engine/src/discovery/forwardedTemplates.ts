/**
 * A tool class's constructor that forwards its own parameters to its base class —
 * `constructor({ name, description, callback }: Params) { super({ name, description, callback }); }` —
 * builds the template every `new MyTool({ name: 'x', … })` fills in, not a tool: the object passed to
 * `super(…)` is a tool only when its name is known there (`super({ name: 'ping', … })`).
 */
import ts from 'typescript';
import { unwrapExpression } from '../parse/syntax';

/** The names a parameter list binds, destructured ones included. */
export function boundNames(parameters: readonly ts.ParameterDeclaration[]): Set<string> {
  const names = new Set<string>();
  const collect = (name: ts.BindingName) => {
    if (ts.isIdentifier(name)) names.add(name.text);
    else for (const element of name.elements) if (!ts.isOmittedExpression(element)) collect(element.name);
  };
  for (const parameter of parameters) collect(parameter.name);
  return names;
}

/** Whether an object given to `call` is a `super(…)` template: its name value (`nameValue`) is a constructor parameter. */
export function isForwardedTemplate(
  call: ts.CallExpression | ts.NewExpression,
  nameValue: ts.Expression | undefined,
): boolean {
  if (call.expression.kind !== ts.SyntaxKind.SuperKeyword || !nameValue) return false;
  let constructor: ts.Node | undefined = call.parent;
  while (constructor && !ts.isConstructorDeclaration(constructor) && !ts.isClassLike(constructor)) {
    constructor = constructor.parent;
  }
  if (!constructor || !ts.isConstructorDeclaration(constructor)) return false;
  // `name`, `params.name`, `options.tool.name`: rooted in a parameter.
  let root = unwrapExpression(nameValue);
  while (ts.isPropertyAccessExpression(root) || ts.isElementAccessExpression(root)) {
    root = unwrapExpression(root.expression);
  }
  return ts.isIdentifier(root) && boundNames(constructor.parameters).has(root.text);
}
