/**
 * Finds error envelopes (object literals with `isError: true` or a condition that can be true)
 * and reads where each envelope field lives: top level, `structuredContent`, or JSON text content.
 */
import ts from 'typescript';
import { NodeIndex } from '../parse/nodeIndex';
import {
  type IsErrorMutation,
  constantBoolean,
  declarationOf,
  declarationScope,
  isErrorMutations,
  notAnEnvelope,
  otherMutations,
} from './envelopeSources';
import { type NamedProperty, findProperty, hasSpread, staticText, unwrapExpression } from '../parse/syntax';

export type FieldLocation = 'top-level' | 'structuredContent' | 'text';

export interface EnvelopeField {
  /** The property that sets the field. */
  property: NamedProperty;
  /** The value expression (the name itself for a shorthand property). */
  value: ts.Expression;
  location: FieldLocation;
}

export interface TextPart {
  /** The `text` property's value. */
  node: ts.Expression;
  /** Static text where it can be known (template holes appear as `${…}`). */
  staticText?: string;
  /** The object literal serialised into the text (`JSON.stringify({...})`), when there is one. */
  jsonObject?: ts.ObjectLiteralExpression;
  /** Fields parsed from a static JSON text. */
  jsonKeys?: ReadonlySet<string>;
}

export type ContentShape = 'missing' | 'empty' | 'array' | 'dynamic';

export interface ErrorEnvelope {
  object: ts.ObjectLiteralExpression;
  /** The `isError` property, or the `result.isError = true` assignment of an envelope made by mutation. */
  isErrorProperty: NamedProperty | ts.BinaryExpression;
  /** Set when `isError` is assigned after the object is built (`result.isError = true`). */
  mutation?: IsErrorMutation;
  /** Fields a mutation envelope gets by assignment elsewhere (`result.errorCategory = …`). */
  assignedFields?: ReadonlyMap<string, ts.Expression | undefined>;
  /** `isError: cond` rather than `isError: true` (or a variable that is always true); always for a mutation. */
  conditional: boolean;
  /** The object (or its structuredContent) has a spread, so absent fields may still be set. */
  open: boolean;
  category?: EnvelopeField;
  retryable?: EnvelopeField;
  retryAfterMs?: EnvelopeField;
  contentProperty?: NamedProperty;
  contentShape: ContentShape;
  texts: TextPart[];
  structuredContent?: ts.ObjectLiteralExpression;
}

export const CATEGORY_KEYS = ['errorCategory', 'error_category', 'category'] as const;
export const RETRYABLE_KEYS = ['isRetryable', 'is_retryable', 'retryable'] as const;
const RETRY_AFTER_KEYS = ['retryAfterMs', 'retry_after_ms'];

function propertyValue(property: NamedProperty): ts.Expression {
  return ts.isPropertyAssignment(property) ? property.initializer : property.name;
}

function fieldIn(
  object: ts.ObjectLiteralExpression,
  keys: readonly string[],
  location: FieldLocation,
): EnvelopeField | undefined {
  const property = findProperty(object, keys);
  return property ? { property, value: propertyValue(property), location } : undefined;
}

function jsonStringifyArgument(node: ts.Expression): ts.ObjectLiteralExpression | undefined {
  const inner = unwrapExpression(node);
  if (
    ts.isCallExpression(inner) &&
    ts.isPropertyAccessExpression(inner.expression) &&
    ts.isIdentifier(inner.expression.expression) &&
    inner.expression.expression.text === 'JSON' &&
    inner.expression.name.text === 'stringify' &&
    inner.arguments.length > 0
  ) {
    const arg = unwrapExpression(inner.arguments[0]);
    return ts.isObjectLiteralExpression(arg) ? arg : undefined;
  }
  return undefined;
}

function jsonKeysOf(text: string | undefined): ReadonlySet<string> | undefined {
  if (!text || !text.trimStart().startsWith('{')) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return new Set(Object.keys(parsed));
  } catch {
    return undefined;
  }
  return undefined;
}

function readTexts(contentValue: ts.Expression): { shape: ContentShape; texts: TextPart[] } {
  const value = unwrapExpression(contentValue);
  if (!ts.isArrayLiteralExpression(value)) return { shape: 'dynamic', texts: [] };
  if (value.elements.length === 0) return { shape: 'empty', texts: [] };
  const texts: TextPart[] = [];
  for (const element of value.elements) {
    const item = unwrapExpression(element as ts.Expression);
    if (!ts.isObjectLiteralExpression(item)) continue;
    const textProperty = findProperty(item, ['text']);
    if (!textProperty) continue;
    const node = propertyValue(textProperty);
    const text = staticText(node);
    texts.push({ node, staticText: text, jsonObject: jsonStringifyArgument(node), jsonKeys: jsonKeysOf(text) });
  }
  return { shape: 'array', texts };
}

/**
 * `{ content, ...(failed ? { isError: true } : {}) }`: the object spread into a result only adds its fields;
 * the result it is spread into (returned here) is the envelope, with the spread's fields read as its own.
 */
function spreadOwner(
  fragment: ts.ObjectLiteralExpression,
): { object: ts.ObjectLiteralExpression; conditional: boolean } | undefined {
  let current: ts.Node = fragment;
  let conditional = false;
  for (;;) {
    const parent = current.parent;
    const passes =
      ts.isParenthesizedExpression(parent) ||
      ts.isAsExpression(parent) ||
      (ts.isConditionalExpression(parent) && parent.condition !== current) ||
      (ts.isBinaryExpression(parent) &&
        parent.right === current &&
        parent.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken);
    if (!passes) break;
    conditional ||= ts.isConditionalExpression(parent) || ts.isBinaryExpression(parent);
    current = parent;
  }
  const spread = current.parent;
  if (!ts.isSpreadAssignment(spread) || !ts.isObjectLiteralExpression(spread.parent)) return undefined;
  return { object: spread.parent, conditional };
}

function readEnvelope(
  object: ts.ObjectLiteralExpression,
  isErrorProperty: NamedProperty | ts.BinaryExpression,
  conditional: boolean,
  fragment?: ts.ObjectLiteralExpression,
): ErrorEnvelope {
  const contentProperty = findProperty(object, ['content']);
  const { shape, texts } = contentProperty
    ? readTexts(propertyValue(contentProperty))
    : { shape: 'missing' as const, texts: [] };
  const structuredProperty = findProperty(object, ['structuredContent']);
  const structuredValue = structuredProperty && unwrapExpression(propertyValue(structuredProperty));
  const structuredContent =
    structuredValue && ts.isObjectLiteralExpression(structuredValue) ? structuredValue : undefined;

  const lookup = (keys: readonly string[]): EnvelopeField | undefined => {
    const top = fieldIn(object, keys, 'top-level') ?? (fragment && fieldIn(fragment, keys, 'top-level'));
    if (top) return top;
    const structured = structuredContent && fieldIn(structuredContent, keys, 'structuredContent');
    if (structured) return structured;
    for (const text of texts) {
      const fromJson = text.jsonObject && fieldIn(text.jsonObject, keys, 'text');
      if (fromJson) return fromJson;
    }
    return undefined;
  };
  return {
    object,
    isErrorProperty,
    conditional,
    open:
      (fragment ? otherSpread(object, fragment) : hasSpread(object)) ||
      (structuredContent !== undefined && hasSpread(structuredContent)),
    category: lookup(CATEGORY_KEYS),
    retryable: lookup(RETRYABLE_KEYS),
    retryAfterMs: lookup(RETRY_AFTER_KEYS),
    contentProperty,
    contentShape: shape,
    texts,
    structuredContent,
  };
}

/** Whether `object` has a spread other than the one `fragment` is in. */
function otherSpread(object: ts.ObjectLiteralExpression, fragment: ts.ObjectLiteralExpression): boolean {
  return object.properties.some(
    (property) => ts.isSpreadAssignment(property) && (fragment.pos < property.pos || fragment.end > property.end),
  );
}

/** The boolean literal an `isError` value is or always holds, when it can be known. */
function isErrorLiteral(
  value: ts.Expression,
  declarations: readonly ts.VariableDeclaration[],
): ts.SyntaxKind | undefined {
  const inner = unwrapExpression(value);
  if (inner.kind === ts.SyntaxKind.TrueKeyword || inner.kind === ts.SyntaxKind.FalseKeyword) return inner.kind;
  return ts.isIdentifier(inner) ? constantBoolean(inner, declarations) : undefined;
}

/** `result.isError = true` on an object literal declared earlier in scope: that literal is the envelope. */
function mutationEnvelope(
  mutation: IsErrorMutation,
  declarations: readonly ts.VariableDeclaration[],
  sourceFile: ts.SourceFile,
): ErrorEnvelope | undefined {
  const declaration = declarationOf(mutation.target.text, mutation.assignment, declarations);
  const initializer = declaration?.initializer && unwrapExpression(declaration.initializer);
  if (!declaration || !initializer || !ts.isObjectLiteralExpression(initializer)) return undefined;
  const own = findProperty(initializer, ['isError']);
  // A literal that already says isError: true (or may) is an envelope of its own.
  if (own && isErrorLiteral(propertyValue(own), declarations) !== ts.SyntaxKind.FalseKeyword) return undefined;
  if (notAnEnvelope(initializer, sourceFile)) return undefined;
  const envelope = readEnvelope(initializer, mutation.assignment, true);
  const changes = otherMutations(mutation.target.text, declarationScope(declaration), mutation.assignment);
  return {
    ...envelope,
    mutation,
    assignedFields: changes.assigned,
    open: envelope.open || changes.open,
    contentShape: changes.assigned.has('content') ? 'dynamic' : envelope.contentShape,
  };
}

/**
 * Every error envelope in the file: object literals whose `isError` is `true` or an expression that
 * can be true, and object literals that get `isError = true` by assignment later. Objects that are
 * not tool results (logger payloads, AI SDK parts, non-MCP types) are left out.
 */
export function findErrorEnvelopes(source: NodeIndex | ts.SourceFile): ErrorEnvelope[] {
  const index = source instanceof NodeIndex ? source : NodeIndex.of(source);
  const objects = index.of(ts.SyntaxKind.ObjectLiteralExpression, ts.isObjectLiteralExpression);
  if (objects.length === 0) return [];
  const sourceFile = objects[0].getSourceFile();
  const declarations = index.of(ts.SyntaxKind.VariableDeclaration, ts.isVariableDeclaration);
  const envelopes: ErrorEnvelope[] = [];
  for (const node of objects) {
    const property = findProperty(node, ['isError']);
    if (!property) continue;
    const literal = isErrorLiteral(propertyValue(property), declarations);
    if (literal === ts.SyntaxKind.FalseKeyword) continue;
    const owner = spreadOwner(node);
    if (owner) {
      // The result the fragment is spread into (unless it says isError itself, and is judged as such).
      if (notAnEnvelope(owner.object, sourceFile) || findProperty(owner.object, ['isError'])) continue;
      const conditional = owner.conditional || literal !== ts.SyntaxKind.TrueKeyword;
      envelopes.push(readEnvelope(owner.object, property, conditional, node));
      continue;
    }
    if (notAnEnvelope(node, sourceFile)) continue;
    envelopes.push(readEnvelope(node, property, literal !== ts.SyntaxKind.TrueKeyword));
  }
  for (const mutation of isErrorMutations(sourceFile)) {
    const envelope = mutationEnvelope(mutation, declarations, sourceFile);
    if (envelope && !envelopes.some((other) => other.object === envelope.object)) envelopes.push(envelope);
  }
  return envelopes.sort((a, b) => a.isErrorProperty.pos - b.isErrorProperty.pos);
}

/** The literal string value of a field, when it is one. */
export function literalString(field: EnvelopeField | undefined): string | undefined {
  if (!field) return undefined;
  const value = unwrapExpression(field.value);
  return ts.isStringLiteralLike(value) ? value.text : undefined;
}

/** The literal boolean value of a field, when it is one. */
export function literalBoolean(field: EnvelopeField | undefined): boolean | undefined {
  if (!field) return undefined;
  const value = unwrapExpression(field.value);
  if (value.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (value.kind === ts.SyntaxKind.FalseKeyword) return false;
  return undefined;
}
