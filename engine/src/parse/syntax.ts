/** Small syntax helpers over the TypeScript compiler API, shared by the analysis and the checks. */
import ts from 'typescript';
import { NodeIndex } from './nodeIndex';

/*
 * The typescript module's exports are getters on an object too large for fast properties, so every
 * `ts.isX(node)` or `ts.forEachChild` is a dictionary lookup plus a call. The helpers below run once per
 * node of every file: they read what they need once, here, and compare kinds.
 */
const { SyntaxKind } = ts;
const forEachChild = ts.forEachChild;

export type FunctionLike = ts.ArrowFunction | ts.FunctionExpression | ts.FunctionDeclaration | ts.MethodDeclaration;

export function isFunctionLike(node: ts.Node): node is FunctionLike {
  const kind = node.kind;
  return (
    kind === SyntaxKind.ArrowFunction ||
    kind === SyntaxKind.FunctionExpression ||
    kind === SyntaxKind.FunctionDeclaration ||
    kind === SyntaxKind.MethodDeclaration
  );
}

/** `ts.isClassLike` without the lookup: a class declaration or expression. */
export function isClassLike(node: ts.Node): node is ts.ClassLikeDeclaration {
  return node.kind === SyntaxKind.ClassDeclaration || node.kind === SyntaxKind.ClassExpression;
}

/** The static name of a property, when it has one. */
export function propertyNameText(name: ts.PropertyName | undefined): string | undefined {
  if (!name) return undefined;
  switch (name.kind) {
    case SyntaxKind.Identifier:
    case SyntaxKind.StringLiteral:
    case SyntaxKind.NumericLiteral:
    case SyntaxKind.NoSubstitutionTemplateLiteral:
      return (name as ts.Identifier | ts.StringLiteral | ts.NumericLiteral | ts.NoSubstitutionTemplateLiteral).text;
    default:
      return undefined;
  }
}

export type NamedProperty = ts.PropertyAssignment | ts.ShorthandPropertyAssignment;

/** Finds a property assignment (or shorthand) by any of the given names. */
export function findProperty(object: ts.ObjectLiteralExpression, names: readonly string[]): NamedProperty | undefined {
  for (const property of object.properties) {
    if (property.kind === SyntaxKind.PropertyAssignment || property.kind === SyntaxKind.ShorthandPropertyAssignment) {
      const name = propertyNameText((property as NamedProperty).name);
      if (name !== undefined && names.includes(name)) return property as NamedProperty;
    }
  }
  return undefined;
}

/** The value an object literal gives `key`: a property's value or a shorthand's name (methods and spreads skipped). */
export function propertyValue(object: ts.ObjectLiteralExpression, key: string): ts.Expression | undefined {
  for (const property of object.properties) {
    if (propertyNameText(property.name) !== key) continue;
    if (ts.isPropertyAssignment(property)) return property.initializer;
    if (ts.isShorthandPropertyAssignment(property)) return property.name;
  }
  return undefined;
}

/** Whether an expression is `null` or `undefined` (as written: the keyword or the identifier). */
export function isNullOrUndefined(node: ts.Node): boolean {
  return node.kind === SyntaxKind.NullKeyword || (ts.isIdentifier(node) && node.text === 'undefined');
}

export function hasSpread(object: ts.ObjectLiteralExpression): boolean {
  return object.properties.some((p) => p.kind === SyntaxKind.SpreadAssignment);
}

/** The static text of a string-ish expression: literals, and templates with their holes as `${…}`. */
export function staticText(node: ts.Node | undefined): string | undefined {
  if (!node) return undefined;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    return node.head.text + node.templateSpans.map((span) => '${…}' + span.literal.text).join('');
  }
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) {
    return staticText(node.expression);
  }
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const left = staticText(node.left) ?? '…';
    const right = staticText(node.right) ?? '…';
    return left === '…' && right === '…' ? undefined : left + right;
  }
  return undefined;
}

/** Removes parentheses, `as`, `satisfies` and non-null assertions around an expression. */
export function unwrapExpression(node: ts.Expression): ts.Expression {
  let current = node;
  for (;;) {
    switch (current.kind) {
      case SyntaxKind.ParenthesizedExpression:
      case SyntaxKind.AsExpression:
      case SyntaxKind.SatisfiesExpression:
      case SyntaxKind.NonNullExpression:
      case SyntaxKind.TypeAssertionExpression:
        current = (current as ts.ParenthesizedExpression | ts.AsExpression | ts.SatisfiesExpression).expression;
        break;
      default:
        return current;
    }
  }
}

/** The outermost of the parentheses, `as` and `satisfies` wrapped around a node (the node itself when bare). */
export function outermostWrapper(node: ts.Node): ts.Node {
  let current = node;
  while (
    current.parent.kind === SyntaxKind.ParenthesizedExpression ||
    current.parent.kind === SyntaxKind.AsExpression ||
    current.parent.kind === SyntaxKind.SatisfiesExpression
  ) {
    current = current.parent;
  }
  return current;
}

/**
 * The outermost of the `await`, parentheses, `as` and `!` around an expression: the node that carries its value
 * (`await x`, `(x)`, `x as T`, `x!`). With `throughVoid`, a `void x` around it is climbed too.
 */
export function valueCarrier(node: ts.Expression, throughVoid = false): ts.Node {
  let current: ts.Node = node;
  while (
    ts.isAwaitExpression(current.parent) ||
    ts.isParenthesizedExpression(current.parent) ||
    ts.isAsExpression(current.parent) ||
    ts.isNonNullExpression(current.parent) ||
    (throughVoid && ts.isVoidExpression(current.parent))
  ) {
    current = current.parent;
  }
  return current;
}

/** The expression around `node` once parentheses, `as`, `satisfies` and `!` are climbed (not `await`). */
export function typedExpressionOf(node: ts.Expression): ts.Expression {
  let current = node;
  while (
    ts.isParenthesizedExpression(current.parent) ||
    ts.isAsExpression(current.parent) ||
    ts.isSatisfiesExpression(current.parent) ||
    ts.isNonNullExpression(current.parent)
  ) {
    current = current.parent;
  }
  return current;
}

/** Visits every descendant; returning `false` from the visitor skips that node's children. */
export function walk(node: ts.Node, visit: (node: ts.Node) => boolean | void): void {
  const recurse = (child: ts.Node): void => {
    if (visit(child) === false) return;
    forEachChild(child, recurse);
  };
  forEachChild(node, recurse);
}

/** Visits the descendants of a function body without entering nested functions. */
export function walkOwnBody(fn: FunctionLike, visit: (node: ts.Node) => boolean | void): void {
  if (!fn.body) return;
  if (fn.body.kind !== SyntaxKind.Block) {
    if (visit(fn.body) === false) return;
  }
  walk(fn.body, (node) => {
    if (isFunctionLike(node) || isClassLike(node)) return false;
    return visit(node);
  });
}

/**
 * The expressions a function returns: an arrow's expression body, or its own `return`s (not nested functions'),
 * in source order. The returns come from the file's node index (no walk of the body).
 */
export function returnedExpressions(fn: FunctionLike): ts.Expression[] {
  if (!fn.body) return [];
  if (fn.body.kind !== SyntaxKind.Block) return [fn.body as ts.Expression];
  const result: ts.Expression[] = [];
  for (const node of NodeIndex.of(fn.getSourceFile()).within(fn.body, [SyntaxKind.ReturnStatement])) {
    const expression = (node as ts.ReturnStatement).expression;
    if (expression && nearestFunction(node) === fn) result.push(expression);
  }
  return result;
}

/** The function a node belongs to (its nearest enclosing function-like node). */
function nearestFunction(node: ts.Node): ts.Node | undefined {
  let current = node.parent;
  while (current && !isFunctionLike(current)) current = current.parent;
  return current;
}

/** The name a call is made through: `foo()` → foo, `a.b.foo()` → foo. */
export function calleeName(call: ts.CallExpression | ts.NewExpression): string | undefined {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return undefined;
}

/** The name an expression ends in, through parentheses and casts: `foo` → foo, `a.b.foo` → foo. */
export function expressionName(expression: ts.Expression): string | undefined {
  const unwrapped = unwrapExpression(expression);
  if (unwrapped.kind === SyntaxKind.Identifier) return (unwrapped as ts.Identifier).text;
  if (unwrapped.kind === SyntaxKind.PropertyAccessExpression)
    return (unwrapped as ts.PropertyAccessExpression).name.text;
  return undefined;
}

/** The whitespace at the start of the line that contains `position`. */
export function lineIndentAt(text: string, position: number): string {
  const lineStart = text.lastIndexOf('\n', position - 1) + 1;
  const match = /^[ \t]*/.exec(text.slice(lineStart, position + 200));
  return match ? match[0] : '';
}

/** Whether `inner` lies within `outer` (inclusive). */
export function contains(outer: ts.Node, inner: ts.Node): boolean {
  return inner.pos >= outer.pos && inner.end <= outer.end;
}

/** The class a node sits in (through nested functions), if any. */
export function enclosingClass(node: ts.Node): ts.ClassLikeDeclaration | undefined {
  for (let current = node.parent; current; current = current.parent) {
    if (ts.isClassDeclaration(current) || ts.isClassExpression(current)) return current;
  }
  return undefined;
}

/** The nearest function that encloses `node` (its own function), if any. */
export function enclosingFunction(node: ts.Node): FunctionLike | undefined {
  let current: ts.Node | undefined = node.parent;
  while (current && !isFunctionLike(current)) current = current.parent;
  return current;
}

/** The innermost try statement whose try block contains `node`, stopping at `boundary`. */
export function enclosingTry(node: ts.Node, boundary: ts.Node): ts.TryStatement | undefined {
  let current: ts.Node | undefined = node.parent;
  let child: ts.Node = node;
  while (current && current !== boundary) {
    if (current.kind === SyntaxKind.TryStatement) {
      const statement = current as ts.TryStatement;
      if (statement.tryBlock === child && statement.catchClause) return statement;
    }
    if (isFunctionLike(current)) return undefined;
    child = current;
    current = current.parent;
  }
  return undefined;
}

/** The catch clause that directly encloses `node` (inside the same function), if any. */
export function enclosingCatch(node: ts.Node): ts.CatchClause | undefined {
  let current: ts.Node | undefined = node.parent;
  while (current) {
    if (current.kind === SyntaxKind.CatchClause) return current as ts.CatchClause;
    if (isFunctionLike(current)) return undefined;
    current = current.parent;
  }
  return undefined;
}

/** Whether a statement carries `export` (`export const x = …`, `export function f() {}`). */
export function isExportedStatement(statement: ts.Statement): boolean {
  return (
    ts.canHaveModifiers(statement) &&
    (ts.getModifiers(statement) ?? []).some((modifier) => modifier.kind === SyntaxKind.ExportKeyword)
  );
}

/** The value names a statement declares: its variables (plain identifiers), or its function, class or enum. */
export function declaredValueNames(statement: ts.Statement): string[] {
  if (ts.isVariableStatement(statement)) {
    return statement.declarationList.declarations.flatMap((d) => (ts.isIdentifier(d.name) ? [d.name.text] : []));
  }
  if (
    (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement) || ts.isEnumDeclaration(statement)) &&
    statement.name
  ) {
    return [statement.name.text];
  }
  return [];
}
