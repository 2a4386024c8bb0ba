import ts from 'typescript';
import {
  enclosingFunction,
  findProperty,
  hasSpread,
  isFunctionLike,
  propertyNameText,
  unwrapExpression,
  walk,
} from '../parse/syntax';
import type { ErrorEnvelope } from '../envelopes/envelopes';
import { declaresOutputSchema } from '../fixes/outputSchema';
import type { AnalysisContext, Check, Fix, OffsetEdit } from '../types';

/** The property `structuredContent: …` of an envelope. */
function structuredProperty(envelope: ErrorEnvelope): ts.ObjectLiteralElementLike | undefined {
  return findProperty(envelope.object, ['structuredContent']);
}

/** A type named as a tool's output (`UpdateFixOutput`, `z.infer<typeof reportOutputSchema>`). */
const OUTPUT_TYPE_NAME = /Output(Schema)?\b/;

/**
 * Whether structuredContent is a variable declared with the tool's output type (`const output: FixOutput = {
 * success: false, … }`): the author made the error object conform to the outputSchema, so clients accept it.
 */
function typedAsOutput(property: ts.ObjectLiteralElementLike): boolean {
  const value = ts.isPropertyAssignment(property)
    ? unwrapExpression(property.initializer)
    : ts.isShorthandPropertyAssignment(property)
      ? property.name
      : undefined;
  if (!value || !ts.isIdentifier(value)) return false;
  const scope = enclosingFunction(property);
  if (!scope?.body) return false;
  let typed = false;
  walk(scope.body, (node) => {
    if (typed) return false;
    if (isFunctionLike(node)) return false;
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === value.text && node.type) {
      typed = OUTPUT_TYPE_NAME.test(node.type.getText());
    }
    return undefined;
  });
  return typed;
}

/** The end of a property including its trailing comma and the spaces before the next one. */
function removalRange(context: AnalysisContext, property: ts.ObjectLiteralElementLike): OffsetEdit {
  const start = property.getStart(context.sourceFile);
  let end = property.getEnd();
  const after = /^\s*,[ \t]*(\r?\n[ \t]*)?/.exec(context.text.slice(end));
  if (after) end += after[0].length;
  else {
    const before = /,\s*$/.exec(context.text.slice(0, start));
    if (before) return { start: start - before[0].length, end, newText: '' };
  }
  const lineStart = context.text.lastIndexOf('\n', start - 1) + 1;
  const onOwnLine = context.text.slice(lineStart, start).trim() === '' && after?.[1] !== undefined;
  return onOwnLine
    ? { start: lineStart, end: end - (after?.[1]?.length ?? 0) + 1, newText: '' }
    : { start, end, newText: '' };
}

/**
 * Drops `structuredContent` and keeps its facts at the top level (fields the top level lacks move there);
 * the text already says what happened.
 */
function fix(context: AnalysisContext, envelope: ErrorEnvelope, property: ts.PropertyAssignment): Fix[] {
  const inner = property.initializer;
  const moved: string[] = [];
  if (ts.isObjectLiteralExpression(inner) && !hasSpread(inner)) {
    for (const field of inner.properties) {
      const name =
        ts.isPropertyAssignment(field) || ts.isShorthandPropertyAssignment(field)
          ? propertyNameText(field.name)
          : undefined;
      if (name && !findProperty(envelope.object, [name])) moved.push(field.getText(context.sourceFile));
    }
  } else if (!ts.isObjectLiteralExpression(inner)) {
    return [];
  }
  const edit =
    moved.length > 0
      ? {
          start: property.getStart(context.sourceFile),
          end: property.getEnd(),
          newText: moved.join(`,\n${context.indentOf(property)}`),
        }
      : removalRange(context, property);
  const title =
    moved.length > 0
      ? 'Move the error facts out of structuredContent to the top level'
      : 'Remove structuredContent from the error result';
  return [{ title, edits: [edit], preferred: true }];
}

export const errorStructuredContentWithOutputSchema: Check<'errorStructuredContentWithOutputSchema'> = {
  meta: {
    id: 'error-structured-content-with-output-schema',
    description:
      'An error result with structuredContent from a tool that declares an outputSchema: SDK clients validate it against the schema even on errors and throw, so the agent never sees the failure.',
    defaultSeverity: 'warning',
    fixable: true,
    messages: {
      errorStructuredContentWithOutputSchema:
        'This tool declares an outputSchema, and MCP SDK 1.x clients validate structuredContent against it even when isError is true: an error object that does not match makes the client throw (-32602) and the agent never sees the failure. Put the error facts at the top level and in the text, and leave structuredContent out of error results.',
    },
  },
  run(context, report) {
    if (context.handlers.length === 0) return;
    for (const envelope of context.envelopes) {
      const property = structuredProperty(envelope);
      if (!property || envelope.conditional || typedAsOutput(property)) continue;
      const handler = context.handlerOf(envelope.object);
      if (!handler || !declaresOutputSchema(context, handler.fn)) continue;
      report({
        node: property,
        messageId: 'errorStructuredContentWithOutputSchema',
        fixes: ts.isPropertyAssignment(property) ? () => fix(context, envelope, property) : undefined,
      });
    }
  },
};
