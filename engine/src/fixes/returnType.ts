/**
 * Whether a fix may make a function return an error envelope: not when the function is declared (or, as a callback,
 * typed by the parameter it is passed to) to return something that is not a tool result — a `string`, a number,
 * an array, `void`. Such a callback's failures belong to the wrapper that turns its value into a result; a fix
 * there would change the declared type and no longer type-check.
 */
import ts from 'typescript';
import { namedFunctions } from '../discovery/handlers';
import { type FunctionLike, unwrapExpression } from '../parse/syntax';
import type { AnalysisContext } from '../types';
import { type Shapes, shapesOfNamedType } from './namedType';

const NON_RESULT_KEYWORDS = new Set<ts.SyntaxKind>([
  ts.SyntaxKind.StringKeyword,
  ts.SyntaxKind.NumberKeyword,
  ts.SyntaxKind.BooleanKeyword,
  ts.SyntaxKind.BigIntKeyword,
  ts.SyntaxKind.SymbolKeyword,
  ts.SyntaxKind.VoidKeyword,
  ts.SyntaxKind.UndefinedKeyword,
  ts.SyntaxKind.NeverKeyword,
]);

/** Whether a type cannot hold a tool result: a primitive, `void`, an array or tuple, a literal, or unions of them. */
function isNonResultType(type: ts.TypeNode): boolean {
  if (NON_RESULT_KEYWORDS.has(type.kind)) return true;
  if (ts.isParenthesizedTypeNode(type)) return isNonResultType(type.type);
  if (ts.isArrayTypeNode(type) || ts.isTupleTypeNode(type) || ts.isLiteralTypeNode(type)) return true;
  if (ts.isUnionTypeNode(type)) return type.types.every(isNonResultType);
  if (ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName)) {
    const name = type.typeName.text;
    const argument = type.typeArguments?.[0];
    if ((name === 'Promise' || name === 'PromiseLike') && argument) return isNonResultType(argument);
    if (name === 'Array' || name === 'ReadonlyArray') return true;
  }
  return false;
}

/** The declared type of the parameter a callback is passed to, when the callee is a function of this file. */
function contextualReturnType(context: AnalysisContext, fn: FunctionLike): ts.TypeNode | undefined {
  const call = fn.parent;
  if (!call || !ts.isCallExpression(call)) return undefined;
  const index = call.arguments.findIndex((argument) => unwrapExpression(argument) === fn);
  const callee = unwrapExpression(call.expression);
  if (index < 0 || !ts.isIdentifier(callee)) return undefined;
  const target = namedFunctions(context.nodes).get(callee.text);
  const parameter = target?.parameters[index];
  const type = parameter?.type;
  return type && ts.isFunctionTypeNode(type) ? type.type : undefined;
}

/** Whether a fix may have `fn` return an error envelope (its declared return type, if any, can hold one). */
export function canReturnEnvelope(context: AnalysisContext, fn: FunctionLike): boolean {
  const declared = fn.type ?? contextualReturnType(context, fn);
  if (declared === undefined) return true;
  // `Promise<{ content: { type: 'text'; text: string }[] }>`: a closed shape without `isError` cannot hold one;
  // `Promise<SearchResponse>` with `interface SearchResponse { query: string; results: … }` in this file is data.
  const types = returnedTypes(declared);
  return (
    !isNonResultType(declared) &&
    !types.every((type) => closedLiteralWithout(type, ['isError'])) &&
    !types.every((type) => isLocalDataType(context, type))
  );
}

/**
 * A reference to an interface (or object type alias) declared in this file or a relative import, with no `content`, no
 * `isError` and no index signature in any of its shapes: a feature's data (`Promise<ProjectDetails>`), not a result.
 */
function isLocalDataType(context: AnalysisContext, type: ts.TypeNode): boolean {
  if (!ts.isTypeReferenceNode(type) || !ts.isIdentifier(type.typeName)) return false;
  const shapes = shapesOfNamedType(context.sourceFile, type.typeName.text);
  return (
    shapes !== undefined &&
    shapes.length > 0 &&
    shapes.every(
      (members) =>
        !members.some(ts.isIndexSignatureDeclaration) &&
        !members.some(
          (member) => member.name && ts.isIdentifier(member.name) && /^(content|isError)$/.test(member.name.text),
        ),
    )
  );
}

/** Whether a type is an object type literal with no index signature that declares none of `keys`. */
function closedLiteralWithout(type: ts.TypeNode, keys: readonly string[]): boolean {
  if (!ts.isTypeLiteralNode(type) || type.members.some(ts.isIndexSignatureDeclaration)) return false;
  const declared = new Set(
    type.members.flatMap((member) => (member.name && ts.isIdentifier(member.name) ? [member.name.text] : [])),
  );
  return keys.some((key) => !declared.has(key));
}

/** The last name of a type reference (`ServerResult`, `types.ServerResult`). */
function referenceName(type: ts.TypeReferenceNode): string {
  return ts.isIdentifier(type.typeName) ? type.typeName.text : type.typeName.right.text;
}

/** The members of a declared return type, through `Promise<…>`, unions and parentheses. */
function returnedTypes(type: ts.TypeNode): ts.TypeNode[] {
  if (ts.isParenthesizedTypeNode(type)) return returnedTypes(type.type);
  if (ts.isUnionTypeNode(type)) return type.types.flatMap(returnedTypes);
  if (ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName)) {
    const argument = type.typeArguments?.[0];
    if ((type.typeName.text === 'Promise' || type.typeName.text === 'PromiseLike') && argument) {
      return returnedTypes(argument);
    }
  }
  return [type];
}

/** Whether the function around `node` declares it returns the SDK's `ServerResult` (`Promise<ServerResult>`). */
export function returnsServerResult(node: ts.Node): boolean {
  let fn: ts.Node | undefined = node.parent;
  while (fn && !ts.isFunctionLike(fn)) fn = fn.parent;
  const declared = fn && ts.isFunctionLike(fn) ? fn.type : undefined;
  return (
    declared !== undefined &&
    returnedTypes(declared).some((type) => ts.isTypeReferenceNode(type) && referenceName(type) === 'ServerResult')
  );
}

/**
 * Whether adding the properties `keys` to an object the function around `node` returns would break its declared
 * type: the function returns the SDK's `ServerResult`, or declares a closed type literal for its failures (`Promise<Shelf | { isError: true; message:
 * string }>`) that has none of those keys and no index signature. Such a function hands its failure to a caller
 * that builds the tool result; the fix belongs there, not in a field the type does not allow.
 */
export function breaksDeclaredFailureType(node: ts.Node, keys: readonly string[]): boolean {
  let fn: ts.Node | undefined = node.parent;
  while (fn && !ts.isFunctionLike(fn)) fn = fn.parent;
  const declared = fn && ts.isFunctionLike(fn) ? fn.type : undefined;
  if (!declared) return false;
  const types = returnedTypes(declared);
  // The SDK's `ServerResult` is a union of every result type: an object literal typed by it may not add a field.
  if (returnsServerResult(node)) return true;
  // A named type declared in this file or a relative import (`Promise<ClientResponse<T>>`) stands for its shapes.
  const shapes = types.map((type) => shapesOf(node.getSourceFile(), type));
  if (shapes.every((shape) => shape !== undefined && shape.every((members) => closedWithout(members, keys)))) {
    return true;
  }
  const failure = shapes
    .flatMap((shape) => shape ?? [])
    .find((members) =>
      members.some((member) => member.name && ts.isIdentifier(member.name) && member.name.text === 'isError'),
    );
  if (!failure || failure.some(ts.isIndexSignatureDeclaration)) return false;
  const declaredKeys = new Set(
    failure.flatMap((member) => (member.name && ts.isIdentifier(member.name) ? [member.name.text] : [])),
  );
  return keys.some((key) => !declaredKeys.has(key));
}

/** The object shapes a returned type is: a type literal's own, or a named type's read from its declaration. */
function shapesOf(sourceFile: ts.SourceFile, type: ts.TypeNode): Shapes | undefined {
  if (ts.isTypeLiteralNode(type)) return [type.members];
  return ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName)
    ? shapesOfNamedType(sourceFile, type.typeName.text)
    : undefined;
}

/** Whether an object shape has no index signature and lacks one of `keys`. */
function closedWithout(members: ts.NodeArray<ts.TypeElement>, keys: readonly string[]): boolean {
  if (members.some(ts.isIndexSignatureDeclaration)) return false;
  const declared = new Set(
    members.flatMap((member) => (member.name && ts.isIdentifier(member.name) ? [member.name.text] : [])),
  );
  return keys.some((key) => !declared.has(key));
}

/**
 * Whether assigning the properties `keys` to a variable initialised with `object` would not type-check: in TypeScript,
 * a `const response = { content: [], isError: false }` with no declared type has exactly the literal's properties,
 * so `response.errorCategory = …` is an error (TS2339) for any key the literal lacks; with a declared type (a type
 * literal, or an interface or alias read from its declaration), any key that type's closed shapes lack.
 */
export function assignmentsRefused(object: ts.ObjectLiteralExpression, keys: readonly string[]): boolean {
  if (!/\.[cm]?tsx?$/.test(object.getSourceFile().fileName)) return false;
  const declaration = object.parent;
  if (!ts.isVariableDeclaration(declaration)) return false;
  // `const response: { content: …; isError?: boolean } = { … }`: the declared shape decides, not the literal.
  if (declaration.type) {
    const shapes = shapesOf(object.getSourceFile(), declaration.type);
    return shapes !== undefined && shapes.length > 0 && shapes.every((members) => closedWithout(members, keys));
  }
  if (object.properties.some(ts.isSpreadAssignment)) return false;
  const present = new Set(
    object.properties.flatMap((property) =>
      property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))
        ? [property.name.text]
        : [],
    ),
  );
  return keys.some((key) => !present.has(key));
}
