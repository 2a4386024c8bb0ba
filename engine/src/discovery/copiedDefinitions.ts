/**
 * Copies of tools already defined elsewhere: `allTools.map((tool) => ({ name: tool.name, description:
 * tool.getDescription(), handler: wrap(tool) }))` builds one object per existing tool (to hand them to
 * another framework, or to list them). The object names no tool of its own: its name is read from the
 * element the mapping callback receives and its handler delegates to that element (`wrap(tool)`,
 * `() => tool.execute()`), so the tool is wherever that element was defined. A mapped object whose handler
 * is its own (`handler: () => ok()` over generated specs) is a tool made at run time, and stays one.
 */
import ts from 'typescript';
import { HANDLER_KEYS } from './handlerKeys';
import { outermostWrapper, propertyNameText, unwrapExpression, walk } from '../parse/syntax';

const MAPPING_METHODS = new Set(['map', 'flatMap']);
const HANDLER_KEY_SET = new Set(HANDLER_KEYS);

/** Whether a handler property of `object` mentions the element (`handler: this.wrap(tool)`). */
function handlerDelegatesTo(object: ts.ObjectLiteralExpression, element: string): boolean {
  return object.properties.some((property) => {
    if (!ts.isPropertyAssignment(property) || !HANDLER_KEY_SET.has(propertyNameText(property.name) ?? '')) return false;
    let found = false;
    walk(property.initializer, (node) => !(found ||= ts.isIdentifier(node) && node.text === element));
    return found;
  });
}

/** Whether `nameNode` (the object's name value) is read from the parameter of the mapping callback that builds `object`. */
export function isMappedCopy(object: ts.ObjectLiteralExpression, nameNode: ts.Expression | undefined): boolean {
  if (!nameNode) return false;
  const name = unwrapExpression(nameNode);
  if (!ts.isPropertyAccessExpression(name) && !ts.isElementAccessExpression(name)) return false;
  const receiver = unwrapExpression(name.expression);
  if (!ts.isIdentifier(receiver)) return false;
  const callback = returningFunction(object);
  if (!callback || !callback.parameters.some((p) => ts.isIdentifier(p.name) && p.name.text === receiver.text)) {
    return false;
  }
  if (!handlerDelegatesTo(object, receiver.text)) return false;
  const call = callback.parent;
  return (
    ts.isCallExpression(call) &&
    call.arguments[0] === callback &&
    ts.isPropertyAccessExpression(call.expression) &&
    MAPPING_METHODS.has(call.expression.name.text)
  );
}

/** The arrow or function expression that returns `object` (as its expression body or a `return`). */
function returningFunction(object: ts.ObjectLiteralExpression): ts.ArrowFunction | ts.FunctionExpression | undefined {
  const node = outermostWrapper(object);
  const parent = node.parent;
  if (ts.isArrowFunction(parent) && parent.body === node) return parent;
  if (ts.isReturnStatement(parent) && ts.isBlock(parent.parent)) {
    const fn = parent.parent.parent;
    if (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) return fn;
  }
  return undefined;
}
