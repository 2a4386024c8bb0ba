/**
 * Definition objects that register themselves: the object holds the tool's name and description and a
 * method that is given the server and calls the SDK with the name it is handed or its own,
 * `export const themeTool: Tool = { name: 'get_theme', description: '…', exec(server, { name, description }) {
 * server.tool(name, description, async () => …) } }`, a loop elsewhere calling `tool.exec(server, { name: tool.name })`.
 *
 * The registration call's name must come from the method's own parameters (`{ name }`, `opts.name`) or from
 * `this.name`; the object must name the tool with a wire name and carry a `description`. The object is the
 * tool, named by its `name`; the handler is the function the call registers. The call itself stays a site.
 */
import ts from 'typescript';
import { type FunctionLike, unwrapExpression } from '../parse/syntax';
import { memberOf } from './definitions';
import { recordHandler } from './handlerTargets';
import { argPathOf } from './registrationCalls';
import { type RegistrationKind, type ScanState, enclosingFunctionOf, nameOf, where } from './scanContext';

const METHODS: ReadonlyMap<string, RegistrationKind> = new Map([
  ['registerTool', 'registerTool'],
  ['registerToolTask', 'registerToolTask'],
  ['tool', 'tool'],
]);
/** A wire name: an identifier-like word (a display title with spaces is not one). */
const WIRE_NAME = /^[A-Za-z][A-Za-z0-9_.-]*$/;

/** The object literal whose method (or function-valued property) `fn` is. */
function ownerObject(fn: FunctionLike): ts.ObjectLiteralExpression | undefined {
  const parent = fn.parent;
  if (ts.isMethodDeclaration(fn) && ts.isObjectLiteralExpression(parent)) return parent;
  if ((ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) && ts.isPropertyAssignment(parent)) {
    return ts.isObjectLiteralExpression(parent.parent) ? parent.parent : undefined;
  }
  return undefined;
}

/** `this.name`, or a `name` handed to the method (`{ name }`, `opts.name`). */
function namedByCaller(nameArg: ts.Expression, fn: FunctionLike): boolean {
  const inner = unwrapExpression(nameArg);
  if (
    ts.isPropertyAccessExpression(inner) &&
    inner.expression.kind === ts.SyntaxKind.ThisKeyword &&
    inner.name.text === 'name' &&
    ts.isMethodDeclaration(fn)
  ) {
    return true;
  }
  return argPathOf(inner, fn)?.property === 'name';
}

export function scanSelfRegisteringDefinitions(state: ScanState, calls: readonly ts.CallExpression[]): void {
  for (const call of calls) {
    const callee = unwrapExpression(call.expression);
    if (!ts.isPropertyAccessExpression(callee)) continue;
    const kind = METHODS.get(callee.name.text);
    if (!kind || call.arguments.length < 2) continue;
    const fn = enclosingFunctionOf(call);
    const object = fn && ownerObject(fn);
    if (!fn || !object || state.consumed.has(object)) continue;
    if (!namedByCaller(call.arguments[0], fn)) continue;
    const nameProperty = memberOf(object, ['name']);
    if (!nameProperty || !ts.isPropertyAssignment(nameProperty) || !memberOf(object, ['description'])) continue;
    const resolved = nameOf(state, nameProperty.initializer);
    if (resolved.name === null || !WIRE_NAME.test(resolved.name)) continue;
    state.consumed.add(object);
    // The call read on its own (a nameless `this.name` registration) is now a site of this definition.
    for (const registration of state.registrations) if (registration.node === call) registration.listed = false;
    const evidence = [
      `definition object at ${where(state, object)} registers itself: .${callee.name.text}(…) at ${where(state, call)} takes its name`,
    ];
    const recorded = recordHandler(state, call.arguments[call.arguments.length - 1], kind, resolved.name, evidence);
    state.registrations.push({
      name: resolved.name,
      nameExpression: ts.isStringLiteralLike(nameProperty.initializer) ? undefined : resolved.expression,
      kind: 'definition',
      node: object,
      nameNode: nameProperty.initializer,
      handler: recorded.fn,
      evidence: [...evidence, ...recorded.evidence],
      listed: true,
    });
  }
}
