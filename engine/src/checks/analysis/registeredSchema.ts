/**
 * Re-validation with the tool's own input schema: `S.parse(args)` in a handler registered with
 * `inputSchema: S` (or `S.shape`) cannot fail, because the SDK validated `args` against `S` first.
 */
import ts from 'typescript';
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
    const argument = unwrapExpression(node.arguments[0]);
    if (
      ts.isPropertyAccessExpression(callee) &&
      PARSE_METHODS.has(callee.name.text) &&
      ts.isIdentifier(callee.expression) &&
      schemas.has(callee.expression.text) &&
      ts.isIdentifier(argument) &&
      parameters.includes(argument.text)
    ) {
      calls.push(node);
    }
    return undefined;
  });
  return calls;
}
