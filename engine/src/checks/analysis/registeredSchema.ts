/**
 * Re-validation with the tool's own input schema: `S.parse(args)` in a handler registered with
 * `inputSchema: S` (or `S.shape`) cannot fail, because the SDK validated `args` against `S` first.
 */
import ts from 'typescript';
import { scopedConstValue } from '../../discovery/localObjects';
import type { ToolRegistration } from '../../discovery/scanContext';
import { type FunctionLike, findProperty, unwrapExpression, walkOwnBody } from '../../parse/syntax';

const PARSE_METHODS = new Set(['parse', 'parseAsync']);

/** `S` of `S` or `S.shape`. */
function schemaName(expression: ts.Expression): string | undefined {
  const inner = unwrapExpression(expression);
  if (ts.isIdentifier(inner)) return inner.text;
  if (ts.isPropertyAccessExpression(inner) && inner.name.text === 'shape' && ts.isIdentifier(inner.expression)) {
    return inner.expression.text;
  }
  return undefined;
}

/** The object literal an expression is, or the same-file `const x = { … }` it names. */
function objectLiteralOf(expression: ts.Expression, sourceFile: ts.SourceFile): ts.ObjectLiteralExpression | undefined {
  const inner = unwrapExpression(expression);
  if (ts.isObjectLiteralExpression(inner)) return inner;
  if (!ts.isIdentifier(inner)) return undefined;
  for (const statement of sourceFile.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name) && declaration.name.text === inner.text && declaration.initializer) {
        const init = unwrapExpression(declaration.initializer);
        return ts.isObjectLiteralExpression(init) ? init : undefined;
      }
    }
  }
  return undefined;
}

/**
 * Names of the schemas a registration call gives the SDK for this handler's arguments: `inputSchema: S`
 * in its config object (inline or a same-file const), or `S` / `S.shape` passed as an argument
 * (`server.tool(name, description, S.shape, handler)`).
 */
export function registeredSchemas(registration: ToolRegistration, sourceFile: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  const call = registration.node;
  if (!ts.isCallExpression(call)) return names;
  for (const argument of call.arguments) {
    if (argument === registration.handler) continue;
    const config = objectLiteralOf(argument, sourceFile);
    const property = config && findProperty(config, ['inputSchema', 'parameters', 'schema']);
    if (property && ts.isPropertyAssignment(property)) {
      const name = schemaName(property.initializer);
      if (name) names.add(name);
    } else if (!config) {
      const inner = unwrapExpression(argument);
      if (ts.isPropertyAccessExpression(inner) && inner.name.text === 'shape') {
        const name = schemaName(inner);
        if (name) names.add(name);
      }
    }
  }
  return names;
}

/**
 * Schemas a tool class declares as its input (`getToolConfig() { return { inputSchema: S.shape } }`) when the
 * handler is a method of that class: the class hands them to the SDK, which validates the arguments first.
 */
export function classDeclaredSchemas(fn: FunctionLike): Set<string> {
  const names = new Set<string>();
  const owner = ts.isMethodDeclaration(fn) ? fn.parent : undefined;
  if (!owner || !ts.isClassLike(owner)) return names;
  for (const member of owner.members) {
    if (member === fn || !ts.isMethodDeclaration(member) || !member.body) continue;
    walkOwnBody(member, (node) => {
      if (!ts.isObjectLiteralExpression(node)) return undefined;
      const property = findProperty(node, ['inputSchema']);
      const name = property && ts.isPropertyAssignment(property) ? schemaName(property.initializer) : undefined;
      if (name) names.add(name);
      return undefined;
    });
  }
  return names;
}

/** The `const S = z.object(shape)` declarations beside `from` (its blocks and the file) that build on `shape`. */
function objectSchemasOf(from: ts.Node, shape: string): string[] {
  const names: string[] = [];
  for (let scope: ts.Node | undefined = from.parent; scope; scope = scope.parent) {
    if (!ts.isBlock(scope) && !ts.isSourceFile(scope)) continue;
    for (const statement of scope.statements) {
      if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
      for (const declaration of statement.declarationList.declarations) {
        const init = declaration.initializer && unwrapExpression(declaration.initializer);
        if (
          ts.isIdentifier(declaration.name) &&
          init &&
          ts.isCallExpression(init) &&
          ts.isPropertyAccessExpression(init.expression) &&
          init.expression.name.text === 'object' &&
          init.arguments.length === 1 &&
          ts.isIdentifier(unwrapExpression(init.arguments[0])) &&
          (unwrapExpression(init.arguments[0]) as ts.Identifier).text === shape
        ) {
          names.push(declaration.name.text);
        }
      }
    }
  }
  return names;
}

/**
 * Schemas built on the raw shape a tool definition object declares as its input: in
 * `{ inputSchema: Shape, handler(args) { S.parse(args) } }` with `const Shape = { … }` and `const S = z.object(Shape)`
 * beside it, `S` checks exactly what the SDK checked. A raw shape (an object literal, not a schema) is what only the
 * high-level SDK takes, and it validates the arguments against it before calling the handler; a JSON Schema or a
 * schema object in `inputSchema` says nothing of that (a low-level server lists it and validates nothing).
 */
export function definitionShapeSchemas(fn: FunctionLike): Set<string> {
  const names = new Set<string>();
  let member: ts.Node = fn;
  while (
    ts.isParenthesizedExpression(member.parent) ||
    ts.isAsExpression(member.parent) ||
    ts.isSatisfiesExpression(member.parent)
  ) {
    member = member.parent;
  }
  const holder = ts.isMethodDeclaration(fn) ? fn : member.parent;
  if (
    !(ts.isPropertyAssignment(holder) || ts.isMethodDeclaration(holder)) ||
    !ts.isObjectLiteralExpression(holder.parent)
  ) {
    return names;
  }
  const property = findProperty(holder.parent, ['inputSchema']);
  const shape =
    property && ts.isPropertyAssignment(property)
      ? unwrapExpression(property.initializer)
      : property && ts.isShorthandPropertyAssignment(property)
        ? property.name
        : undefined;
  if (!shape || !ts.isIdentifier(shape)) return names;
  const init = scopedConstValue(holder.parent, shape.text);
  if (!init || !ts.isObjectLiteralExpression(init)) return names;
  for (const name of objectSchemasOf(holder.parent, shape.text)) names.add(name);
  return names;
}

/** The parameter an argument is, also as `args || {}` / `args ?? {}` (a default for a call without arguments). */
function parameterArgument(argument: ts.Expression): ts.Identifier | undefined {
  const inner = unwrapExpression(argument);
  if (ts.isIdentifier(inner)) return inner;
  if (
    ts.isBinaryExpression(inner) &&
    (inner.operatorToken.kind === ts.SyntaxKind.BarBarToken ||
      inner.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken) &&
    ts.isObjectLiteralExpression(unwrapExpression(inner.right)) &&
    (unwrapExpression(inner.right) as ts.ObjectLiteralExpression).properties.length === 0 &&
    ts.isIdentifier(unwrapExpression(inner.left))
  ) {
    return unwrapExpression(inner.left) as ts.Identifier;
  }
  return undefined;
}

/**
 * `S.parse(args)` / `S.parseAsync(args)` calls in the handler where `S` is its registered schema and `args` its
 * first parameter (any of its parameters with `anyParameter`: a class method receiving context first).
 */
export function reparsesOfOwnSchema(
  fn: FunctionLike,
  schemas: ReadonlySet<string>,
  anyParameter = false,
): ts.CallExpression[] {
  const parameters = (anyParameter ? fn.parameters : fn.parameters.slice(0, 1)).flatMap((p) =>
    ts.isIdentifier(p.name) ? [p.name.text] : [],
  );
  if (schemas.size === 0 || parameters.length === 0) return [];
  const calls: ts.CallExpression[] = [];
  walkOwnBody(fn, (node) => {
    if (!ts.isCallExpression(node) || node.arguments.length !== 1) return undefined;
    const callee = unwrapExpression(node.expression);
    const argument = parameterArgument(node.arguments[0]);
    if (
      ts.isPropertyAccessExpression(callee) &&
      PARSE_METHODS.has(callee.name.text) &&
      ts.isIdentifier(callee.expression) &&
      schemas.has(callee.expression.text) &&
      argument &&
      parameters.includes(argument.text)
    ) {
      calls.push(node);
    }
    return undefined;
  });
  return calls;
}
