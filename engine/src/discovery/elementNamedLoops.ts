/**
 * A registration written once in a loop over a local list of names:
 * `[{ name: 'read-icc', segment: 'ICC' }, …].forEach(({ name, segment }) => server.tool(name, desc, shape, async (a) => …))`.
 *
 * The loop's call carries the schema and the handler itself; each element only names a tool (and passes the values
 * its handler reads). Elements without a schema are not definitions of their own, so the definition rules leave
 * them alone; here each element of the list becomes a tool named by its `name`, sharing the call's handler.
 * Only a list written in the same file as an array literal whose every element is an object with a literal `name`
 * and only literal values counts: a list that comes from elsewhere, or with any element whose name is not known, stays a site.
 */
import ts from 'typescript';
import { type FunctionLike, propertyNameText, unwrapExpression } from '../parse/syntax';
import { recordHandler } from './handlerTargets';
import { scopedConstValue } from './localObjects';
import { loopedList } from './loopedDefinitions';
import { type RegistrationKind, type ScanState, isInlineFunction, where } from './scanContext';

/** The array literal a local `const list = [ … ]` (in an enclosing block or at the top) holds. */
function localArray(list: ts.Expression, use: ts.Node): ts.ArrayLiteralExpression | undefined {
  const inner = unwrapExpression(list);
  if (ts.isArrayLiteralExpression(inner)) return inner;
  if (!ts.isIdentifier(inner)) return undefined;
  const value = scopedConstValue(use, inner.text);
  return value && ts.isArrayLiteralExpression(value) ? value : undefined;
}

/** A literal value: a string, a number, `true`/`false`/`null`. */
function isLiteral(expression: ts.Expression): boolean {
  const inner = unwrapExpression(expression);
  return (
    ts.isStringLiteralLike(inner) ||
    ts.isNumericLiteral(inner) ||
    inner.kind === ts.SyntaxKind.TrueKeyword ||
    inner.kind === ts.SyntaxKind.FalseKeyword ||
    inner.kind === ts.SyntaxKind.NullKeyword
  );
}

/**
 * `{ name: 'read-icc', segment: 'ICC' }`: the literal name property of an element that only names a tool and passes
 * literal values — an element holding anything else (a handler, a schema, a constant that may be either) is a
 * definition, which the definition rules judge.
 */
function literalName(state: ScanState, element: ts.Expression): ts.StringLiteralLike | undefined {
  const object = unwrapExpression(element);
  if (!ts.isObjectLiteralExpression(object)) return undefined;
  if (state.consumed.has(object) || state.registrations.some((r) => r.node === object)) return undefined;
  if (!object.properties.every((p) => ts.isPropertyAssignment(p) && isLiteral(p.initializer))) return undefined;
  for (const property of object.properties) {
    if (!ts.isPropertyAssignment(property) || propertyNameText(property.name) !== 'name') continue;
    const value = unwrapExpression(property.initializer);
    return ts.isStringLiteralLike(value) ? value : undefined;
  }
  return undefined;
}

/**
 * The loop's elements as tools, when the registration call inside names its tool after each element and handles
 * it with a function written in the call (`handler`, when the caller has recorded it already). Returns whether any
 * were recorded.
 */
export function scanElementNamedLoop(
  state: ScanState,
  call: ts.CallExpression,
  nameArg: ts.Expression,
  handlerArg: ts.Expression | undefined,
  kind: RegistrationKind,
  handler: FunctionLike | undefined,
  evidence: readonly string[],
): boolean {
  if (!handlerArg || !isInlineFunction(unwrapExpression(handlerArg))) return false;
  const source = loopedList(call, nameArg);
  if (!source || source.member !== undefined || source.key !== 'name') return false;
  const array = localArray(source.list, call);
  if (!array || array.elements.length === 0) return false;
  const names = array.elements.map((element) => literalName(state, element));
  if (names.some((name) => name === undefined)) return false;
  const step = `element of the list a registration loop at ${where(state, call)} names its tool after`;
  // The call's own handler, recorded here when the call is otherwise only a site (a callback forwarding `name`).
  const shared = handler ?? recordHandler(state, handlerArg, kind, null, [step, ...evidence]).fn;
  for (const [index, name] of names.entries()) {
    if (!name) continue;
    state.registrations.push({
      name: name.text,
      kind,
      node: array.elements[index],
      nameNode: name,
      handler: shared,
      evidence: [step, ...evidence],
      listed: true,
    });
  }
  return true;
}
