/**
 * Definitions named by a typed registering helper: a function or method taking a parameter of a named
 * type and registering it under one of its keys,
 * `private register(tool: Tool) { this.tool(tool.method, tool.description, tool.parameters.shape, fn) }`,
 * says that values of that type are tools named by that key. Objects declared with the type anywhere in
 * the project in a catalogue (the values of `const all: Record<string, Tool> = { list_x: {…} }`, the elements
 * of `const list: Tool[] = […]`, or of such a function's return value) are the tools; their wire name is the key's value (the
 * `method`, while `name` may be a display title). The helper itself stays a site that registers tools
 * defined elsewhere. The type and key are shared with the project's other files as a record shape.
 */
import ts from 'typescript';
import { type FunctionLike, isFunctionLike, propertyNameText, unwrapExpression } from '../parse/syntax';
import { handlerMember, memberOf, valueOfMember } from './definitions';
import { recordDefinitionTool, recordHandler } from './handlerTargets';
import { type ScanState, lineOf, nameOf } from './scanContext';

const REGISTERING = /^(registerTool|tool|addTool)$/;
/** Keys a helper may read the wire name from. */
const NAME_KEYS = /^(name|toolName|tool_name|method)$/;
/** Keys that make an object a tool definition next to its name: a description and an input schema. */
const DESCRIPTION_KEYS = ['description'];
const SCHEMA_KEYS = ['parameters', 'inputSchema', 'paramsSchema', 'schema', 'argsSchema', 'input'];
/** A wire name: an identifier-like word (a display title with spaces is not one). */
const WIRE_NAME = /^[A-Za-z][A-Za-z0-9_.-]*$/;
const PREFIX = 'typed:';

function shapeOf(typeName: string, key: string): string {
  return `${PREFIX}${typeName}>${key}`;
}

/** `Tool` in `tool: Tool`; undefined for anything but a plain named type. */
function namedType(type: ts.TypeNode | undefined): string | undefined {
  return type && ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && !type.typeArguments
    ? type.typeName.text
    : undefined;
}

/** The parameter named `name` of the innermost function around `node` that declares one. */
function parameterOf(node: ts.Node, name: string): ts.ParameterDeclaration | undefined {
  for (let current = node.parent; current; current = current.parent) {
    if (!isFunctionLike(current)) continue;
    const found = current.parameters.find((p) => ts.isIdentifier(p.name) && p.name.text === name);
    if (found) return found;
  }
  return undefined;
}

/**
 * The typed shapes this file's registering helpers read: `this.tool(t.method, …, fn)` where `t` is a
 * parameter declared `t: Tool`. Marks those calls as sites.
 */
export function typedRegistrationShapes(state: ScanState, calls: readonly ts.CallExpression[]): Set<string> {
  const shapes = new Set<string>();
  for (const call of calls) {
    if (!ts.isPropertyAccessExpression(call.expression) || !REGISTERING.test(call.expression.name.text)) continue;
    if (call.arguments.length < 2) continue;
    const last = unwrapExpression(call.arguments[call.arguments.length - 1]);
    if (!isFunctionLike(last) && !ts.isIdentifier(last) && !ts.isPropertyAccessExpression(last)) continue;
    const first = unwrapExpression(call.arguments[0]);
    if (!ts.isPropertyAccessExpression(first) || !ts.isIdentifier(first.expression)) continue;
    if (!NAME_KEYS.test(first.name.text)) continue;
    const typeName = namedType(parameterOf(call, first.expression.text)?.type);
    if (!typeName) continue;
    shapes.add(shapeOf(typeName, first.name.text));
    for (const registration of state.registrations) {
      if (registration.node === call && registration.name === null) registration.listed = false;
    }
  }
  return shapes;
}

/** Strips `(…)`, `as T`, `satisfies T` around an expression, returning the outermost node. */
function outermost(node: ts.Node): ts.Node {
  while (
    ts.isParenthesizedExpression(node.parent) ||
    ts.isAsExpression(node.parent) ||
    ts.isSatisfiesExpression(node.parent)
  )
    node = node.parent;
  return node;
}

/** `Record<string, Tool>` or `{ [key: string]: Tool }` → `Tool`. */
function recordValueType(type: ts.TypeNode | undefined): string | undefined {
  if (!type) return undefined;
  if (ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && type.typeName.text === 'Record') {
    return namedType(type.typeArguments?.[1]);
  }
  if (ts.isTypeLiteralNode(type) && type.members.length === 1) {
    const member = type.members[0];
    if (ts.isIndexSignatureDeclaration(member)) return namedType(member.type);
  }
  return undefined;
}

/** `Tool[]` or `Array<Tool>` / `ReadonlyArray<Tool>` → `Tool`. */
function elementType(type: ts.TypeNode | undefined): string | undefined {
  if (!type) return undefined;
  if (ts.isArrayTypeNode(type)) return namedType(type.elementType);
  if (ts.isTypeOperatorNode(type)) return elementType(type.type);
  if (ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && /^(Readonly)?Array$/.test(type.typeName.text)) {
    return namedType(type.typeArguments?.[0]);
  }
  return undefined;
}

/**
 * The type annotation a value is held under: its variable's (`const all: T = value`) or, for a returned
 * value, its function's return type (`(): T => value`, `function f(): T { return value; }`).
 */
function holderType(value: ts.Node): ts.TypeNode | undefined {
  const node = outermost(value);
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) && parent.initializer === node) return parent.type;
  if (ts.isArrowFunction(parent) && parent.body === node) return parent.type;
  if (ts.isReturnStatement(parent)) {
    for (let current: ts.Node = parent.parent; current; current = current.parent) {
      if (isFunctionLike(current)) return current.type;
    }
  }
  return undefined;
}

/** The type an object literal of a typed catalogue is declared with, and the node a finding is reported at. */
function declaredType(record: ts.ObjectLiteralExpression): { type: string; site: ts.Node } | undefined {
  const node = outermost(record);
  // `{ … } satisfies Tool` / `as Tool` inside the catalogue names the type on the element itself.
  const own =
    node !== record && (ts.isAsExpression(record.parent) || ts.isSatisfiesExpression(record.parent))
      ? namedType(record.parent.type)
      : undefined;
  const parent = node.parent;
  if (ts.isPropertyAssignment(parent) && parent.initializer === node && ts.isObjectLiteralExpression(parent.parent)) {
    const type = own ?? recordValueType(holderType(parent.parent));
    return type ? { type, site: parent } : undefined;
  }
  if (ts.isArrayLiteralExpression(parent)) {
    const type = own ?? elementType(holderType(parent));
    return type ? { type, site: record } : undefined;
  }
  // A lone constant of the type is left to the rules that follow it to the helper it is passed to (one never
  // passed is a draft); a catalogue of them is what a typed helper registers in bulk.
  return undefined;
}

/** Objects of this file declared with a type a registering helper of the project names tools by. */
export function scanTypedDefinitions(state: ScanState, localShapes: ReadonlySet<string>): void {
  const known = (shape: string) => localShapes.has(shape) || state.knowledge.recordShape?.(shape) === true;
  for (const record of state.index.of(ts.SyntaxKind.ObjectLiteralExpression, ts.isObjectLiteralExpression)) {
    if (state.consumed.has(record)) continue;
    if (!memberOf(record, DESCRIPTION_KEYS) && !memberOf(record, SCHEMA_KEYS)) continue;
    const declared = declaredType(record);
    if (!declared) continue;
    const key = record.properties
      .map((p) => propertyNameText(p.name))
      .find((k): k is string => k !== undefined && NAME_KEYS.test(k) && known(shapeOf(declared.type, k)));
    if (!key) continue;
    const nameValue = valueOfMember(memberOf(record, [key]));
    if (!nameValue) continue;
    const { site } = declared;
    if (state.registrations.some((r) => r.node === record || r.node === site)) continue;
    const name = nameOf(state, nameValue).name;
    if (name === null || !WIRE_NAME.test(name)) continue;
    const evidence = [
      `'${name}' (line ${lineOf(state, site)}) is a ${declared.type}, named by its ${key}: a helper registers ${declared.type} values under that key`,
    ];
    let handler: FunctionLike | undefined;
    const member = handlerMember(record);
    if (member && isFunctionLike(member)) handler = member;
    else if (member && ts.isPropertyAssignment(member) && isFunctionLike(unwrapExpression(member.initializer))) {
      handler = unwrapExpression(member.initializer) as FunctionLike;
    } else if (member) {
      const value = valueOfMember(member);
      if (value) handler = recordHandler(state, value, 'definition', name, evidence).fn;
    }
    recordDefinitionTool(state, site, nameValue, name, handler, evidence);
  }
}
