/** Small readers and edits over an error envelope's fields, shared by the envelope checks. */
import ts from 'typescript';
import { assignmentsRefused, breaksDeclaredFailureType } from '../fixes/returnType';
import { CATEGORY_KEYS, RETRYABLE_KEYS, type EnvelopeField, type ErrorEnvelope, literalString } from './envelopes';
import {
  type NamedProperty,
  enclosingFunction,
  findProperty,
  isFunctionLike,
  propertyNameText,
  staticText,
  unwrapExpression,
} from '../parse/syntax';
import { insertProperties } from '../fixes/edits';
import type { AnalysisContext, OffsetEdit } from '../types';

/** The object literal a field is written in (the envelope, its structuredContent, or a JSON text object). */
export function objectOf(field: EnvelopeField): ts.ObjectLiteralExpression {
  return field.property.parent;
}

/** The name a field is written under: `isRetryable`, `is_retryable`, `retryable`… */
export function keyOf(field: EnvelopeField): string {
  return propertyNameText(field.property.name) ?? '';
}

/** Whether a spread in the envelope (or its structuredContent) may set fields the analysis cannot see. */
export function hasSpreadFields(envelope: ErrorEnvelope): boolean {
  return envelope.open;
}

/** Whether a static JSON string in the envelope's text carries one of `keys`. */
export function staticJsonHas(envelope: ErrorEnvelope, keys: readonly string[]): boolean {
  return envelope.texts.some((text) => text.jsonKeys !== undefined && keys.some((key) => text.jsonKeys?.has(key)));
}

/** Whether a mutation envelope gets one of `keys` by assignment (`result.errorCategory = …`). */
export function assignsField(envelope: ErrorEnvelope, keys: readonly string[]): boolean {
  return keys.some((key) => envelope.assignedFields?.has(key) === true);
}

/**
 * The category string the envelope declares: its field's literal, or for a mutation envelope the
 * literal it assigns (`result.errorCategory = 'TRANSIENT'`).
 */
export function declaredCategory(envelope: ErrorEnvelope): string | undefined {
  const written = literalString(envelope.category);
  if (written !== undefined) return written;
  for (const key of CATEGORY_KEYS) {
    const value = envelope.assignedFields?.get(key);
    const inner = value && unwrapExpression(value);
    if (inner && ts.isStringLiteralLike(inner)) return inner.text;
  }
  return undefined;
}

/** Whether the envelope carries an errorCategory anywhere the decoder reads one. */
export function hasCategory(envelope: ErrorEnvelope): boolean {
  return (
    envelope.category !== undefined || staticJsonHas(envelope, CATEGORY_KEYS) || assignsField(envelope, CATEGORY_KEYS)
  );
}

/** Whether the envelope carries isRetryable anywhere the decoder reads one. */
export function hasRetryable(envelope: ErrorEnvelope): boolean {
  return (
    envelope.retryable !== undefined ||
    staticJsonHas(envelope, RETRYABLE_KEYS) ||
    assignsField(envelope, RETRYABLE_KEYS)
  );
}

/** Replaces a property's value; a shorthand property (`isRetryable`) becomes `isRetryable: <value>`. */
export function replacePropertyValue(
  context: AnalysisContext,
  property: NamedProperty,
  valueSource: string,
): OffsetEdit {
  if (ts.isShorthandPropertyAssignment(property)) {
    return {
      start: property.getStart(context.sourceFile),
      end: property.getEnd(),
      newText: `${property.name.text}: ${valueSource}`,
    };
  }
  const value = property.initializer;
  return { start: value.getStart(context.sourceFile), end: value.getEnd(), newText: valueSource };
}

/** A string-literal `code` (the `{ ok: false, code, message }` shape) beside the envelope's other fields. */
export function errorCodeOf(envelope: ErrorEnvelope): string | undefined {
  const homes: ts.ObjectLiteralExpression[] = [envelope.object];
  if (envelope.structuredContent) homes.push(envelope.structuredContent);
  for (const text of envelope.texts) if (text.jsonObject) homes.push(text.jsonObject);
  for (const home of homes) {
    const property = findProperty(home, ['code', 'error_code', 'errorCode']);
    if (property && ts.isPropertyAssignment(property)) {
      const value = unwrapExpression(property.initializer);
      if (ts.isStringLiteralLike(value)) return value.text;
    }
  }
  return undefined;
}

/**
 * The name of the tool an envelope reports on, when it is unambiguous: the envelope is in a handler
 * registered under a literal name, or in a same-file helper that only that handler calls.
 */
export function toolNameOf(context: AnalysisContext, node: ts.Node): string | null {
  const handler = context.handlerOf(node);
  if (!handler?.toolName) return null;
  let fn = enclosingFunction(node);
  while (fn && fn !== handler.fn && !context.handlers.some((h) => h.fn === fn)) {
    const helperOfSeveral = context.handlers.filter((h) => context.helpersOf(h).some((helper) => helper === fn));
    if (helperOfSeveral.length > 1) return null;
    if (helperOfSeveral.length === 1) return helperOfSeveral[0].toolName;
    fn = enclosingFunction(fn);
  }
  return handler.toolName;
}

/** The identifier bound by the catch clause that encloses `node` in the same function, if any. */
export function caughtErrorName(node: ts.Node): string | undefined {
  let current: ts.Node | undefined = node.parent;
  while (current && !isFunctionLike(current)) {
    if (ts.isCatchClause(current)) {
      const declaration = current.variableDeclaration;
      return declaration && ts.isIdentifier(declaration.name) ? declaration.name.text : undefined;
    }
    current = current.parent;
  }
  return undefined;
}

/** The words of the envelope's messages: static text parts and the `message` of JSON text objects. */
export function envelopeMessages(envelope: ErrorEnvelope): (string | undefined)[] {
  const messages: (string | undefined)[] = [];
  for (const text of envelope.texts) {
    messages.push(text.staticText);
    const message = text.jsonObject && findProperty(text.jsonObject, ['message', 'error']);
    if (message && ts.isPropertyAssignment(message)) messages.push(staticText(message.initializer));
  }
  return messages;
}

/** The node where the envelope decides it reports a failure: its `isError` (or the `result.isError = true`). */
export function failureAnchor(envelope: ErrorEnvelope): ts.Node {
  return envelope.mutation ? envelope.mutation.assignment : envelope.object;
}

/**
 * Adds fields (`key: value` sources) to an envelope's object. For an envelope made by mutation the
 * base literal is also the success result, so the fields are assigned after `result.isError = true`
 * instead (`result.errorCategory = …;`); undefined when that statement is not in a block, where a
 * statement after it would run on success too.
 */
export function insertEnvelopeFields(
  context: AnalysisContext,
  envelope: ErrorEnvelope,
  target: ts.ObjectLiteralExpression,
  fields: readonly string[],
): OffsetEdit | undefined {
  // `isError: cond`: a field added beside it would be on the success result too.
  if (envelope.conditional && !envelope.mutation) return undefined;
  if (!envelope.mutation || target !== envelope.object) {
    const keys = fields.map((field) => field.slice(0, field.indexOf(':')).trim());
    return breaksDeclaredFailureType(target, keys) ? undefined : insertProperties(context, target, fields);
  }
  if (envelope.mutation.assignment.right.kind !== ts.SyntaxKind.TrueKeyword) return undefined;
  const assigned = fields.map((field) => field.slice(0, field.indexOf(':')).trim());
  if (assignmentsRefused(envelope.object, assigned)) return undefined;
  const statement = envelope.mutation.assignment.parent;
  if (!ts.isExpressionStatement(statement)) return undefined;
  if (!ts.isBlock(statement.parent) && !ts.isSourceFile(statement.parent) && !ts.isCaseClause(statement.parent)) {
    return undefined;
  }
  const name = envelope.mutation.target.text;
  const indent = context.indentOf(statement);
  const lines = fields.map((field) => {
    const colon = field.indexOf(':');
    return `\n${indent}${name}.${field.slice(0, colon).trim()} = ${field.slice(colon + 1).trim()};`;
  });
  return { start: statement.getEnd(), end: statement.getEnd(), newText: lines.join('') };
}
