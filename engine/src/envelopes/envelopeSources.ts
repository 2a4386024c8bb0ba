/**
 * Where an envelope's `isError` comes from when it is not a plain literal, and which objects with an
 * `isError` are not tool results at all:
 * - `isError: failed` whose variable is only ever assigned one literal;
 * - `result.isError = true` on an object literal declared earlier (an envelope by mutation);
 * - `isError` in a logger call's payload, in an AI SDK `type: 'tool-result'` part, in an object
 *   typed with a type that is not an MCP result, or in one content item of a result, is not an envelope.
 */
import ts from 'typescript';
import {
  type FunctionLike,
  expressionName,
  findProperty,
  isFunctionLike,
  propertyNameText,
  returnedExpressions,
  unwrapExpression,
} from '../parse/syntax';
import { httpResponseBody, receivedResultCopy } from './receivedCopies';
import { declaresResultSchema } from './schemaShapes';

const MCP_MODULE = /^@modelcontextprotocol\//;
/** AI SDK (and similar) message parts that carry `isError` for their own protocol. */
const NON_MCP_PART_TYPES = new Set(['tool-result', 'tool-error', 'tool_result']);
/** `type` values of MCP content items (the parts of a result's `content` array). */
const CONTENT_ITEM_TYPES = new Set(['text', 'image', 'audio', 'resource', 'resource_link']);
const LOGGER_RECEIVER = /^(console|_?log|_?logger|\w+Logger|audit|telemetry)$/i;
const LOGGER_FUNCTION = /^(log|logError|logEvent|logWarning|debug|trace|audit)$/;

/** The scope a declaration lives in: its nearest block, function body or source file. */
function scopeOf(declaration: ts.VariableDeclaration): ts.Node {
  let current: ts.Node = declaration.parent;
  while (!ts.isBlock(current) && !ts.isSourceFile(current) && !ts.isCaseClause(current) && current.parent) {
    current = current.parent;
  }
  return current;
}

/** The declaration a name refers to at `use`: the innermost one in scope, declared before the use. */
export function declarationOf(
  name: string,
  use: ts.Node,
  declarations: readonly ts.VariableDeclaration[],
): ts.VariableDeclaration | undefined {
  let best: ts.VariableDeclaration | undefined;
  let bestScope: ts.Node | undefined;
  for (const declaration of declarations) {
    if (!ts.isIdentifier(declaration.name) || declaration.name.text !== name || declaration.pos > use.pos) continue;
    const scope = scopeOf(declaration);
    if (use.pos < scope.pos || use.end > scope.end) continue;
    if (!bestScope || (scope.pos >= bestScope.pos && scope.end <= bestScope.end)) {
      best = declaration;
      bestScope = scope;
    }
  }
  return best;
}

/** Assignments `name = value` inside `scope`. */
function assignmentsTo(name: string, scope: ts.Node): ts.Expression[] {
  const values: ts.Expression[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isIdentifier(node.left) &&
      node.left.text === name
    ) {
      values.push(node.right);
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(scope, visit);
  return values;
}

function literalKind(node: ts.Expression | undefined): ts.SyntaxKind | undefined {
  if (!node) return undefined;
  const kind = unwrapExpression(node).kind;
  return kind === ts.SyntaxKind.TrueKeyword || kind === ts.SyntaxKind.FalseKeyword ? kind : undefined;
}

/**
 * The boolean literal a variable always holds (`const failed = true`, or a `let` whose initializer
 * and every assignment are the same literal), or undefined when it can change or cannot be seen.
 */
export function constantBoolean(
  identifier: ts.Identifier,
  declarations: readonly ts.VariableDeclaration[],
): ts.SyntaxKind | undefined {
  const declaration = declarationOf(identifier.text, identifier, declarations);
  if (!declaration) return undefined;
  const initial = literalKind(declaration.initializer);
  if (initial === undefined) return undefined;
  if (declaration.parent.flags & ts.NodeFlags.Const) return initial;
  const values = assignmentsTo(identifier.text, scopeOf(declaration));
  return values.every((value) => literalKind(value) === initial) ? initial : undefined;
}

/** The type an object literal is written as: `: T` on its variable, `as T`, `satisfies T`, a return type. */
function declaredType(object: ts.ObjectLiteralExpression): ts.TypeNode | undefined {
  let current: ts.Node = object;
  while (ts.isParenthesizedExpression(current.parent)) current = current.parent;
  const parent = current.parent;
  if (ts.isAsExpression(parent) || ts.isSatisfiesExpression(parent)) return parent.type;
  if (ts.isVariableDeclaration(parent) && parent.initializer === current) return parent.type;
  const fn = ts.isReturnStatement(parent)
    ? ts.findAncestor(parent, ts.isFunctionLike)
    : ts.isArrowFunction(parent) && parent.body === current
      ? parent
      : undefined;
  return fn?.type;
}

/** `Promise<T>` → T. */
function resultType(type: ts.TypeNode): ts.TypeNode {
  if (
    ts.isTypeReferenceNode(type) &&
    ts.isIdentifier(type.typeName) &&
    type.typeName.text === 'Promise' &&
    type.typeArguments?.length === 1
  ) {
    return type.typeArguments[0];
  }
  return type;
}

/** Whether a same-file interface or type literal has a `content` member. */
function membersHaveContent(members: readonly ts.TypeElement[]): boolean {
  return members.some((member) => propertyNameText(member.name) === 'content');
}

/** Type names that say a union member is an MCP tool result. */
const TOOL_RESULT_TYPE = /ToolResult|CallTool|McpResult|McpResponse/i;

/**
 * `Promise<Entity | { isError: true; message: string }>`: the function declares its own failure shape
 * (an `isError` member, no `content`) next to its data, and no member of the union is a tool result. What
 * it returns is turned into a result by its caller; the caller's envelope is the one judged.
 */
function isOwnFailureUnion(union: ts.UnionTypeNode): boolean {
  let ownFailure = false;
  for (const member of union.types) {
    if (ts.isTypeLiteralNode(member)) {
      if (membersHaveContent(member.members)) return false;
      if (member.members.some((m) => propertyNameText(m.name) === 'isError')) ownFailure = true;
    } else if (ts.isTypeReferenceNode(member) && TOOL_RESULT_TYPE.test(member.typeName.getText())) {
      return false;
    }
  }
  return ownFailure;
}

/**
 * Whether the type is known not to be an MCP tool result: a same-file interface or object type with
 * no `content`, or a type imported from a package that is not the MCP SDK. Unknown types count as MCP.
 */
function isNonMcpType(type: ts.TypeNode, sourceFile: ts.SourceFile): boolean {
  const inner = resultType(type);
  if (ts.isTypeLiteralNode(inner)) return !membersHaveContent(inner.members);
  if (ts.isUnionTypeNode(inner)) return isOwnFailureUnion(inner);
  if (!ts.isTypeReferenceNode(inner) || !ts.isIdentifier(inner.typeName)) return false;
  const name = inner.typeName.text;
  for (const statement of sourceFile.statements) {
    if (ts.isInterfaceDeclaration(statement) && statement.name.text === name) {
      return !membersHaveContent(statement.members) && !statement.heritageClauses;
    }
    if (ts.isTypeAliasDeclaration(statement) && statement.name.text === name) {
      return ts.isTypeLiteralNode(statement.type) && !membersHaveContent(statement.type.members);
    }
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const bindings = statement.importClause?.namedBindings;
      const imported =
        bindings && ts.isNamedImports(bindings) && bindings.elements.some((element) => element.name.text === name);
      const specifier = statement.moduleSpecifier.text;
      if (imported) return !MCP_MODULE.test(specifier) && !specifier.startsWith('.');
    }
  }
  return false;
}

/** The function whose returned value `object` is (`return {…}` or an arrow's body), through parentheses. */
function returningFunction(object: ts.ObjectLiteralExpression): FunctionLike | undefined {
  let current: ts.Node = object;
  while (ts.isParenthesizedExpression(current.parent)) current = current.parent;
  const parent = current.parent;
  if (ts.isArrowFunction(parent) && parent.body === current) return parent;
  if (!ts.isReturnStatement(parent)) return undefined;
  const fn = ts.findAncestor(parent, isFunctionLike);
  return fn !== undefined && isFunctionLike(fn) ? fn : undefined;
}

/** `{ result: data, isError: false, error: null }`: an `isError: false` object with no content of any kind. */
function isContentlessSuccess(node: ts.Expression): boolean {
  const object = unwrapExpression(node);
  if (!ts.isObjectLiteralExpression(object) || findProperty(object, ['content', 'structuredContent'])) return false;
  const flag = findProperty(object, ['isError']);
  return (
    flag !== undefined &&
    ts.isPropertyAssignment(flag) &&
    unwrapExpression(flag.initializer).kind === ts.SyntaxKind.FalseKeyword &&
    object.properties.every((property) => !ts.isSpreadAssignment(property))
  );
}

/**
 * `return { result: null, isError: true, error: message }` in a function that also returns
 * `{ result, isError: false, error: null }`: a result type of the project's own (a success without content is
 * no tool result), which a caller unpacks and turns into the tool's answer. Unless its declared return type
 * is named like a tool result, that caller's envelope is the one judged.
 */
function isOwnResultShape(object: ts.ObjectLiteralExpression): boolean {
  if (findProperty(object, ['content', 'structuredContent'])) return false;
  const fn = returningFunction(object);
  if (!fn) return false;
  if (fn.type && TOOL_RESULT_TYPE.test(fn.type.getText())) return false;
  return returnedExpressions(fn).some(isContentlessSuccess);
}

/** Whether the call is a logger's: `console.error(…)`, `logger.warn(…)`, `this.logger.info(…)`, `log(…)`. */
function isLoggerCall(call: ts.CallExpression): boolean {
  const callee = unwrapExpression(call.expression);
  if (ts.isIdentifier(callee)) return LOGGER_FUNCTION.test(callee.text);
  if (!ts.isPropertyAccessExpression(callee)) return false;
  const receiverName = expressionName(callee.expression);
  return receiverName !== undefined && LOGGER_RECEIVER.test(receiverName);
}

/** `JSON.stringify(value, …)` with `node` as the value: the text of the object, still the same payload. */
function isStringifiedValue(node: ts.Node): boolean {
  const parent = node.parent;
  return (
    ts.isCallExpression(parent) &&
    parent.arguments[0] === node &&
    ts.isPropertyAccessExpression(parent.expression) &&
    parent.expression.name.text === 'stringify' &&
    ts.isIdentifier(parent.expression.expression) &&
    parent.expression.expression.text === 'JSON'
  );
}

/** Whether the object is (part of) an argument of a logger call, as written or as `JSON.stringify(…)` text. */
function inLoggerPayload(object: ts.ObjectLiteralExpression): boolean {
  let current: ts.Node = object;
  while (
    ts.isParenthesizedExpression(current.parent) ||
    ts.isPropertyAssignment(current.parent) ||
    ts.isObjectLiteralExpression(current.parent) ||
    ts.isArrayLiteralExpression(current.parent) ||
    ts.isSpreadAssignment(current.parent) ||
    ts.isAsExpression(current.parent) ||
    isStringifiedValue(current)
  ) {
    current = current.parent;
  }
  const parent = current.parent;
  return ts.isCallExpression(parent) && parent.arguments.some((arg) => arg === current) && isLoggerCall(parent);
}

/**
 * `{ type: 'text', text, isError: true }` placed in a result's content (an element of a `content: […]`
 * array, or pushed with `result.content.push(…)`): one content item, not the result. Hosts ignore an
 * `isError` there; failure-as-success reports it.
 */
export function isContentItem(object: ts.ObjectLiteralExpression): boolean {
  const type = findProperty(object, ['type']);
  if (!type || !ts.isPropertyAssignment(type)) return false;
  const value = unwrapExpression(type.initializer);
  if (!ts.isStringLiteralLike(value) || !CONTENT_ITEM_TYPES.has(value.text)) return false;
  let container: ts.Node = object.parent;
  while (ts.isParenthesizedExpression(container) || ts.isAsExpression(container)) container = container.parent;
  if (ts.isArrayLiteralExpression(container)) {
    const owner = container.parent;
    return ts.isPropertyAssignment(owner) && propertyNameText(owner.name) === 'content';
  }
  if (ts.isCallExpression(container) && container.arguments.some((argument) => unwrapExpression(argument) === object)) {
    const callee = container.expression;
    return (
      ts.isPropertyAccessExpression(callee) &&
      (callee.name.text === 'push' || callee.name.text === 'unshift') &&
      ts.isPropertyAccessExpression(callee.expression) &&
      callee.expression.name.text === 'content'
    );
  }
  return false;
}

/**
 * `{ steps: [{ type: 'error', content: 'Not supported', isError: true }] }`: one entry of a list held by a
 * property other than `content`. A tool result is never a list entry; the entry is data of the result.
 */
function isListEntry(object: ts.ObjectLiteralExpression): boolean {
  let container: ts.Node = object.parent;
  while (ts.isParenthesizedExpression(container) || ts.isAsExpression(container)) container = container.parent;
  if (!ts.isArrayLiteralExpression(container)) return false;
  const owner = container.parent;
  if (!ts.isPropertyAssignment(owner) || propertyNameText(owner.name) === 'content') return false;
  const content = findProperty(object, ['content']);
  return (
    !content || !ts.isPropertyAssignment(content) || !ts.isArrayLiteralExpression(unwrapExpression(content.initializer))
  );
}

/** Why an object with `isError` is not an MCP error envelope, or undefined when it may be one. */
export function notAnEnvelope(object: ts.ObjectLiteralExpression, sourceFile: ts.SourceFile): boolean {
  if (isContentItem(object) || isListEntry(object) || declaresResultSchema(object)) return true;
  const type = findProperty(object, ['type']);
  if (type && ts.isPropertyAssignment(type)) {
    const value = unwrapExpression(type.initializer);
    if (ts.isStringLiteralLike(value) && NON_MCP_PART_TYPES.has(value.text)) return true;
  }
  if (inLoggerPayload(object) || receivedResultCopy(object) || httpResponseBody(object)) return true;
  const declared = declaredType(object);
  if (declared !== undefined && isNonMcpType(declared, sourceFile)) return true;
  return isOwnResultShape(object);
}

/** `result.isError = <value>`: the assignment and the name of the object it sets. */
export interface IsErrorMutation {
  assignment: ts.BinaryExpression;
  target: ts.Identifier;
}

/** Every `name.isError = value` in the file whose value is not `false` (only walked when the text has one). */
export function isErrorMutations(sourceFile: ts.SourceFile): IsErrorMutation[] {
  if (!/\.\s*isError\s*=[^=]/.test(sourceFile.text)) return [];
  const found: IsErrorMutation[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isPropertyAccessExpression(node.left) &&
      node.left.name.text === 'isError' &&
      ts.isIdentifier(node.left.expression) &&
      literalKind(node.right) !== ts.SyntaxKind.FalseKeyword
    ) {
      found.push({ assignment: node, target: node.left.expression });
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(sourceFile, visit);
  return found;
}

/**
 * How the rest of the code changes a mutated envelope: the fields it assigns (`result.errorCategory =
 * …`, `result.content.push(…)`), and whether it hands the object to a call that may set more.
 */
export function otherMutations(
  target: string,
  scope: ts.Node,
  except: ts.Node,
): { assigned: ReadonlyMap<string, ts.Expression | undefined>; open: boolean } {
  const assigned = new Map<string, ts.Expression | undefined>();
  let open = false;
  const visit = (node: ts.Node): void => {
    if (node === except) return;
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === target) {
      const parent = node.parent;
      const assignedHere =
        ts.isBinaryExpression(parent) &&
        parent.left === node &&
        parent.operatorToken.kind === ts.SyntaxKind.EqualsToken;
      const calledOn =
        ts.isPropertyAccessExpression(parent) &&
        ts.isCallExpression(parent.parent) &&
        parent.parent.expression === parent;
      if (assignedHere) assigned.set(node.name.text, parent.right);
      else if (calledOn) assigned.set(node.name.text, undefined);
    }
    // Handed to another function (`Object.assign(result, …)`, `addMeta(result)`): fields may be set there.
    if (ts.isCallExpression(node) && node.arguments.some((arg) => ts.isIdentifier(arg) && arg.text === target)) {
      open = true;
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(scope, visit);
  return { assigned, open };
}

/** The scope a declaration lives in, for the mutation walk. */
export function declarationScope(declaration: ts.VariableDeclaration): ts.Node {
  return scopeOf(declaration);
}
