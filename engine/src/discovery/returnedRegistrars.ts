/**
 * Registrars handed back inside a result: a project function that defines the registering function
 * locally and returns it by name, alone or in a tuple or an object
 * (`const register = (def) => server.registerTool(def.name, …); return [register, names, byName];`,
 * `return { enlist, count }`). The function that returns it is a registrar under its own name; the
 * caller's destructuring (`const [tool, tools] = createRegistrar(…)`, `const { enlist } = makeKit(…)`)
 * binds the wrapper under the name in the returned slot, so `tool(tool$getThing)` registers a tool.
 * The local function stays a wrapper under its own name too.
 */
import ts from 'typescript';
import {
  type FunctionLike,
  isExportedStatement,
  propertyNameText,
  returnedExpressions,
  unwrapExpression,
} from '../parse/syntax';
import { type ScanState, type WrapperSignature, enclosingFunctionOf, functionName, where } from './scanContext';

/** Where the registrar sits in what its factory returns: a tuple index or an object key. */
export type RegistrarSlot = number | string;

/** The slot `local` takes in a returned expression, `null` when it is the whole result, undefined when absent. */
function slotIn(expression: ts.Expression, local: string): RegistrarSlot | null | undefined {
  const result = unwrapExpression(expression);
  if (ts.isIdentifier(result)) return result.text === local ? null : undefined;
  if (ts.isArrayLiteralExpression(result)) {
    const index = result.elements.findIndex((e) => ts.isIdentifier(e) && e.text === local);
    return index >= 0 ? index : undefined;
  }
  if (ts.isObjectLiteralExpression(result)) {
    for (const property of result.properties) {
      if (ts.isShorthandPropertyAssignment(property) && property.name.text === local) return local;
      if (ts.isPropertyAssignment(property)) {
        const value = unwrapExpression(property.initializer);
        const key = propertyNameText(property.name);
        if (key !== undefined && ts.isIdentifier(value) && value.text === local) return key;
      }
    }
  }
  return undefined;
}

/** The slot of `local` in the values `outer` returns (its own returns, not nested functions'). */
function returnedSlot(outer: FunctionLike, local: string): RegistrarSlot | null | undefined {
  for (const expression of returnedExpressions(outer)) {
    const slot = slotIn(expression, local);
    if (slot !== undefined) return slot;
  }
  return undefined;
}

function isExported(fn: FunctionLike): boolean {
  if (ts.isFunctionDeclaration(fn)) return isExportedStatement(fn);
  const parent = fn.parent;
  if (ts.isVariableDeclaration(parent)) {
    const statement = parent.parent.parent;
    return ts.isVariableStatement(statement) && isExportedStatement(statement);
  }
  return ts.isMethodDeclaration(fn) || ts.isPropertyAssignment(parent);
}

/**
 * `signature` is the wrapper a local function of a named function forms: when that function returns it
 * (whole, in a tuple or in an object), the function is a registrar whose result holds the wrapper in that slot.
 */
export function returnedRegistrar(
  state: ScanState,
  call: ts.CallExpression,
  signature: WrapperSignature,
): WrapperSignature | undefined {
  let local: FunctionLike | undefined = enclosingFunctionOf(call);
  while (local && functionName(local) !== signature.name) local = enclosingFunctionOf(local);
  if (!local || signature.registrar) return undefined;
  const outer = enclosingFunctionOf(local);
  const outerName = outer ? functionName(outer) : undefined;
  if (!outer || outerName === undefined || outerName === signature.name) return undefined;
  const slot = returnedSlot(outer, signature.name);
  if (slot === undefined) return undefined;
  const returned: WrapperSignature = {
    ...signature,
    name: outerName,
    registrar: true,
    shared: isExported(outer),
    evidence: [`${outerName} (${where(state, outer)}) returns ${signature.name}`, ...signature.evidence],
  };
  if (slot !== null) returned.registrarSlot = slot;
  return returned;
}

/**
 * The name a declaration binds a registrar's wrapper to: the variable itself when the registrar returns the
 * wrapper whole, the element at its index of an array pattern, or the property of an object pattern.
 */
export function boundRegistrarName(name: ts.BindingName, slot: RegistrarSlot | undefined): string | undefined {
  if (slot === undefined) return ts.isIdentifier(name) ? name.text : undefined;
  if (typeof slot === 'number') {
    if (!ts.isArrayBindingPattern(name)) return undefined;
    const element = name.elements[slot];
    return element && ts.isBindingElement(element) && !element.dotDotDotToken && ts.isIdentifier(element.name)
      ? element.name.text
      : undefined;
  }
  if (!ts.isObjectBindingPattern(name)) return undefined;
  for (const element of name.elements) {
    if (element.dotDotDotToken || !ts.isIdentifier(element.name)) continue;
    const key = element.propertyName ? propertyNameText(element.propertyName) : element.name.text;
    if (key === slot) return element.name.text;
  }
  return undefined;
}
