/**
 * Finds error envelopes (object literals with `isError: true` or a condition that can be true)
 * and reads where each envelope field lives: top level, `structuredContent`, or JSON text content.
 */
import ts from 'typescript';
import { NodeIndex } from '../parse/nodeIndex';
import {
  type NamedProperty,
  findProperty,
  hasSpread,
  propertyNameText,
  staticText,
  unwrapExpression,
} from '../parse/syntax';

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
  isErrorProperty: NamedProperty;
  /** `isError: cond` rather than `isError: true`. */
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

function readEnvelope(object: ts.ObjectLiteralExpression, isErrorProperty: NamedProperty): ErrorEnvelope {
  const isErrorValue = unwrapExpression(propertyValue(isErrorProperty));
  const contentProperty = findProperty(object, ['content']);
  const { shape, texts } = contentProperty
    ? readTexts(propertyValue(contentProperty))
    : { shape: 'missing' as const, texts: [] };
  const structuredProperty = findProperty(object, ['structuredContent']);
  const structuredValue = structuredProperty && unwrapExpression(propertyValue(structuredProperty));
  const structuredContent =
    structuredValue && ts.isObjectLiteralExpression(structuredValue) ? structuredValue : undefined;

  const lookup = (keys: readonly string[]): EnvelopeField | undefined => {
    const top = fieldIn(object, keys, 'top-level');
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
    conditional: isErrorValue.kind !== ts.SyntaxKind.TrueKeyword,
    open: hasSpread(object) || (structuredContent !== undefined && hasSpread(structuredContent)),
    category: lookup(CATEGORY_KEYS),
    retryable: lookup(RETRYABLE_KEYS),
    retryAfterMs: lookup(RETRY_AFTER_KEYS),
    contentProperty,
    contentShape: shape,
    texts,
    structuredContent,
  };
}

/** Every object literal in the file whose `isError` is `true` or an expression that can be true. */
export function findErrorEnvelopes(source: NodeIndex | ts.SourceFile): ErrorEnvelope[] {
  const index = source instanceof NodeIndex ? source : NodeIndex.of(source);
  const envelopes: ErrorEnvelope[] = [];
  for (const node of index.of(ts.SyntaxKind.ObjectLiteralExpression, ts.isObjectLiteralExpression)) {
    for (const property of node.properties) {
      if (
        (ts.isPropertyAssignment(property) || ts.isShorthandPropertyAssignment(property)) &&
        propertyNameText(property.name) === 'isError'
      ) {
        const value = unwrapExpression(propertyValue(property));
        if (value.kind !== ts.SyntaxKind.FalseKeyword) envelopes.push(readEnvelope(node, property));
        break;
      }
    }
  }
  return envelopes;
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
