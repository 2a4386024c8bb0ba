/**
 * Tool records whose wire name sits under a key the project's registration loop reads: a loop
 * `Object.values(map).forEach((t) => server.registerTool(t.title, { inputSchema: t.inputParams }, t.tool))`
 * (or `for (const t of list)`) says that records `{ title: 'get_widget', inputParams, tool: fn }` are
 * tools named by `title` and handled by `tool`. The keys read (name, handler, input schema) are kept as
 * one record shape, shared with the other files of the project; records of that shape whose name is
 * known, held in a map's values, an array or a constant, are the tools, and their function is the handler.
 */
import ts from 'typescript';
import { HANDLER_KEYS } from './handlerKeys';
import {
  type FunctionLike,
  isFunctionLike,
  propertyNameText,
  unwrapExpression,
  outermostWrapper,
} from '../parse/syntax';
import { recordDefinitionTool, recordHandler } from './handlerTargets';
import { type ScanState, isInlineFunction, lineOf, nameOf } from './scanContext';

const REGISTERING = /^(registerTool|tool|addTool)$/;
/** Keys a loop may read the wire name from. */
const NAME_KEYS = /^(title|name|toolName|tool_name|id|method)$/;
/** Keys of a registration's options whose value is the input schema. */
const SCHEMA_OPTIONS = /^(inputSchema|parameters|paramsSchema|schema)$/;
/** Handler keys the definition rules already read next to a `name` (definitions.ts): not a new shape. */
const DEFINITION_HANDLER_KEYS = new Set([...HANDLER_KEYS, 'func', 'logic']);

/** `t.title` where `t` is the loop's element: the key, when `t` is `element`. */
function keyRead(expression: ts.Expression, element: string): string | undefined {
  const inner = unwrapExpression(expression);
  return ts.isPropertyAccessExpression(inner) && ts.isIdentifier(inner.expression) && inner.expression.text === element
    ? inner.name.text
    : undefined;
}

/** Whether a binding declares `name`: `t`, or an element of `[key, t]` / `{ t }`. */
function binds(binding: ts.BindingName, name: string): boolean {
  if (ts.isIdentifier(binding)) return binding.text === name;
  return binding.elements.some((element) => !ts.isOmittedExpression(element) && binds(element.name, name));
}

/**
 * Whether `name` is a parameter of an inline function around `node` (`forEach((t) => …)`,
 * `forEach(([key, t]) => …)`), or the variable of a `for…of` around it.
 */
function isLoopElement(node: ts.Node, name: string): boolean {
  for (let current = node.parent; current; current = current.parent) {
    if (ts.isForOfStatement(current)) {
      const list = current.initializer;
      if (ts.isVariableDeclarationList(list) && list.declarations.some((d) => binds(d.name, name))) return true;
    }
    if (isFunctionLike(current)) {
      if (!isInlineFunction(current)) return false;
      if (current.parameters.some((p) => binds(p.name, name))) return true;
    }
  }
  return false;
}

/** The record shape as one string: `title>tool>inputParams` (name key, handler key, schema key or empty). */
function shapeKey(nameKey: string, handlerKey: string, schemaKey: string): string {
  return `${nameKey}>${handlerKey}>${schemaKey}`;
}

/** The record shapes this file's registration loops read from their elements. */
export function registeredRecordShapes(state: ScanState, calls: readonly ts.CallExpression[]): Set<string> {
  const shapes = new Set<string>();
  for (const call of calls) {
    if (!ts.isPropertyAccessExpression(call.expression) || !REGISTERING.test(call.expression.name.text)) continue;
    if (call.arguments.length < 2) continue;
    const first = unwrapExpression(call.arguments[0]);
    if (!ts.isPropertyAccessExpression(first) || !ts.isIdentifier(first.expression)) continue;
    const element = first.expression.text;
    const nameKey = first.name.text;
    const handlerKey = keyRead(call.arguments[call.arguments.length - 1], element);
    if (!NAME_KEYS.test(nameKey) || !handlerKey || handlerKey === nameKey || !isLoopElement(call, element)) continue;
    if (nameKey === 'name' && DEFINITION_HANDLER_KEYS.has(handlerKey)) continue;
    let schemaKey = '';
    for (const argument of call.arguments.slice(1, -1)) {
      const options = unwrapExpression(argument);
      if (!ts.isObjectLiteralExpression(options)) continue;
      for (const property of options.properties) {
        const key = propertyNameText(property.name);
        if (key && SCHEMA_OPTIONS.test(key) && ts.isPropertyAssignment(property)) {
          schemaKey = keyRead(property.initializer, element) ?? schemaKey;
        }
      }
    }
    shapes.add(shapeKey(nameKey, handlerKey, schemaKey));
    // The loop registers records defined elsewhere (found by scanKeyedRecords): a site, not a tool.
    for (const registration of state.registrations) {
      if (registration.node === call && registration.name === null) registration.listed = false;
    }
  }
  return shapes;
}

/** The value of a record's key: a property's value, a shorthand's name, or the method itself. */
function memberValue(record: ts.ObjectLiteralExpression, key: string): ts.Expression | FunctionLike | undefined {
  for (const property of record.properties) {
    if (propertyNameText(property.name) !== key) continue;
    if (ts.isPropertyAssignment(property)) return property.initializer;
    if (ts.isShorthandPropertyAssignment(property)) return property.name;
    if (ts.isMethodDeclaration(property)) return property;
  }
  return undefined;
}

/** Where a record sits: a map's value (its property), an array element, or a constant's initialiser. */
function recordSite(record: ts.ObjectLiteralExpression): ts.Node | undefined {
  const node = outermostWrapper(record);
  const parent = node.parent;
  if (ts.isPropertyAssignment(parent) && parent.initializer === node && ts.isObjectLiteralExpression(parent.parent)) {
    return parent;
  }
  if (ts.isArrayLiteralExpression(parent)) return record;
  if (ts.isVariableDeclaration(parent) && parent.initializer === node) return record;
  return undefined;
}

/** Records of this file in a shape some registration loop of the project reads. */
export function scanKeyedRecords(state: ScanState, localShapes: ReadonlySet<string>): void {
  const known = (shape: string) => localShapes.has(shape) || state.knowledge.recordShape?.(shape) === true;
  for (const record of state.index.of(ts.SyntaxKind.ObjectLiteralExpression, ts.isObjectLiteralExpression)) {
    if (state.consumed.has(record)) continue;
    const keys = record.properties.map((p) => propertyNameText(p.name)).filter((k): k is string => k !== undefined);
    const nameKey = keys.find((key) => NAME_KEYS.test(key));
    if (!nameKey) continue;
    const handlerKey = keys.find(
      (key) =>
        key !== nameKey &&
        (known(shapeKey(nameKey, key, '')) || keys.some((schema) => known(shapeKey(nameKey, key, schema)))),
    );
    if (!handlerKey) continue;
    const site = recordSite(record);
    const nameValue = memberValue(record, nameKey);
    if (!site || !nameValue || isFunctionLike(nameValue)) continue;
    if (state.registrations.some((r) => r.node === record || r.node === site)) continue;
    const name = nameOf(state, nameValue).name;
    if (name === null) continue;
    const handlerValue = memberValue(record, handlerKey);
    const evidence = [
      `record '${name}' (line ${lineOf(state, site)}) named by its ${nameKey} and handled by its ${handlerKey}, the keys a registration loop reads`,
    ];
    let handler: FunctionLike | undefined;
    if (handlerValue && isFunctionLike(handlerValue)) handler = handlerValue;
    else if (handlerValue) {
      handler = recordHandler(state, handlerValue, 'definition', name, evidence).fn;
    }
    recordDefinitionTool(state, site, nameValue, name, handler, evidence);
  }
}
