import ts from 'typescript';
import { factsPrefix } from '../../../shared/src/envelopeStyle';
import { type ErrorCategory, canonicalCategory, defaultRetryable, spellCategory } from '../../../shared/src/taxonomy';
import {
  CATEGORY_KEYS,
  type ErrorEnvelope,
  type TextPart,
  literalBoolean,
  literalString,
} from '../envelopes/envelopes';
import { unwrapExpression } from '../parse/syntax';
import type { AnalysisContext, Check, Fix, OffsetEdit } from '../types';

/** Whether a static text already tells the model the category or the retryability. */
export function mentionsFacts(text: string, category: ErrorCategory): boolean {
  const lower = text.toLowerCase();
  const word = category.toLowerCase();
  return lower.includes(word) || lower.includes(word.replace('_', ' ')) || lower.includes('retry');
}

/** Whether a text part carries the fields as JSON (serialised object or static JSON string). */
function isJsonText(part: TextPart): boolean {
  if (part.jsonObject) return true;
  return part.jsonKeys !== undefined && CATEGORY_KEYS.some((key) => part.jsonKeys?.has(key));
}

/** The string literal or template that starts a text expression (`'a' + b` → 'a'), where the prefix can go. */
function leadingLiteral(node: ts.Expression): ts.Expression | undefined {
  const inner = unwrapExpression(node);
  if (ts.isStringLiteral(inner) || ts.isNoSubstitutionTemplateLiteral(inner) || ts.isTemplateExpression(inner)) {
    return inner;
  }
  if (ts.isBinaryExpression(inner) && inner.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    return leadingLiteral(inner.left);
  }
  return undefined;
}

/** Puts `prefix` in front of the text: inside the leading literal, or by wrapping the expression in a template. */
function prefixEdit(context: AnalysisContext, node: ts.Expression, prefix: string): OffsetEdit {
  const literal = leadingLiteral(node);
  if (literal) {
    const open = literal.getStart(context.sourceFile) + 1;
    return { start: open, end: open, newText: prefix };
  }
  const start = node.getStart(context.sourceFile);
  return { start, end: node.getEnd(), newText: '`' + prefix + '${' + node.getText(context.sourceFile) + '}`' };
}

/** The facts the fix writes: category and retryability as factsPrefix spells them; only the category when retryability is computed. */
function prefixFor(context: AnalysisContext, envelope: ErrorEnvelope, category: ErrorCategory): string {
  const retryable = literalBoolean(envelope.retryable);
  if (retryable === undefined && envelope.retryable)
    return `[${spellCategory(category, context.settings.categoryCase)}]`;
  return factsPrefix(category, retryable ?? defaultRetryable(category), context.settings.categoryCase);
}

function fix(context: AnalysisContext, envelope: ErrorEnvelope, prefix: string): Fix[] {
  const first = envelope.texts[0];
  return [
    {
      title: `Start the text with ${prefix} so the model sees the category and retryability`,
      edits: [prefixEdit(context, first.node, prefix + ' ')],
      preferred: true,
    },
  ];
}

export const envelopeHiddenFromModel: Check<'factsHiddenFromModel'> = {
  meta: {
    id: 'envelope-hidden-from-model',
    description:
      'errorCategory/isRetryable set only outside content (top level or structuredContent) while the text does not mention them; most hosts show the model only content.',
    defaultSeverity: 'info',
    fixable: true,
    messages: {
      factsHiddenFromModel:
        'errorCategory {{where}} is invisible to the model: most hosts show it only content, and this text says neither the category nor whether to retry. Repeat the facts in the text (for example "{{prefix}} …").',
    },
  },
  run(context, report) {
    // The `top-level` style deliberately keeps the facts out of the text: nothing to report.
    if (context.settings.envelopeStyle === 'top-level') return;
    for (const envelope of context.envelopes) {
      const field = envelope.category;
      if (!field || field.location === 'text' || envelope.contentShape !== 'array' || envelope.texts.length === 0) {
        continue;
      }
      const category = canonicalCategory(literalString(field) ?? '');
      if (!category) continue;
      if (envelope.texts.some(isJsonText)) continue;
      const texts = envelope.texts.map((part) => part.staticText);
      if (texts.some((text) => text === undefined) || texts.join('').trim().length === 0) continue;
      if (texts.some((text) => text !== undefined && mentionsFacts(text, category))) continue;
      const prefix = prefixFor(context, envelope, category);
      const where = field.location === 'structuredContent' ? 'in structuredContent' : 'at the top level';
      report({
        node: field.property,
        messageId: 'factsHiddenFromModel',
        data: { where, prefix },
        fixes: () => fix(context, envelope, prefix),
      });
    }
  },
};
