import ts from 'typescript';
import {
  type CategoryCase,
  ERROR_CATEGORIES,
  canonicalCategory,
  isCategoryInCase,
  nearestCategory,
  spellCategory,
} from '../../../shared/src/taxonomy';
import { unwrapExpression } from '../parse/syntax';
import type { AnalysisContext, Check, Fix } from '../types';

/** The string literals a category value can evaluate to: the literal itself, or each branch of a conditional. */
function categoryLiterals(value: ts.Expression): ts.StringLiteralLike[] {
  const inner = unwrapExpression(value);
  if (ts.isStringLiteralLike(inner)) return [inner];
  if (ts.isConditionalExpression(inner))
    return [...categoryLiterals(inner.whenTrue), ...categoryLiterals(inner.whenFalse)];
  return [];
}

function expectedSpelling(categoryCase: CategoryCase): string {
  if (categoryCase === 'lower') return 'lower case';
  if (categoryCase === 'upper') return 'upper case';
  return 'upper or lower case';
}

/** The replacement: the nearest category, spelled per the setting (under `either`, in the value's own case). */
function replacementFor(value: string, categoryCase: CategoryCase): string {
  const nearest = nearestCategory(value);
  if (categoryCase === 'either' && value === value.toLowerCase()) return nearest.toLowerCase();
  return spellCategory(nearest, categoryCase);
}

type InvalidMessage = 'miscased' | 'unknownCategory';

function messageFor(
  value: string,
  categoryCase: CategoryCase,
): { messageId: InvalidMessage; data: Record<string, string> } {
  const canonical = canonicalCategory(value);
  if (canonical && value === value.trim()) {
    return {
      messageId: 'miscased',
      data: { value, spelling: expectedSpelling(categoryCase), expected: replacementFor(value, categoryCase) },
    };
  }
  const valid = ERROR_CATEGORIES.map((c) => spellCategory(c, categoryCase)).join(', ');
  return { messageId: 'unknownCategory', data: { value, valid } };
}

function fix(context: AnalysisContext, literal: ts.StringLiteralLike, replacement: string): Fix[] {
  const source = literal.getText(context.sourceFile);
  const quote = source[0] === '"' || source[0] === '`' ? source[0] : "'";
  return [
    {
      title: `Change to '${replacement}'`,
      edits: [
        { start: literal.getStart(context.sourceFile), end: literal.getEnd(), newText: quote + replacement + quote },
      ],
      preferred: true,
    },
  ];
}

export const invalidErrorCategory: Check<InvalidMessage> = {
  meta: {
    id: 'invalid-error-category',
    description:
      'An errorCategory value outside TRANSIENT, VALIDATION, PERMISSION, BUSINESS, NOT_FOUND and UNKNOWN, or spelled in the wrong case.',
    defaultSeverity: 'error',
    fixable: true,
    messages: {
      miscased:
        "'{{value}}' is not spelled the way mcpEnvelope.categoryCase expects ({{spelling}}: '{{expected}}'): programs that compare categories exactly will miss it.",
      unknownCategory:
        "'{{value}}' is not an error category: an agent or program reading errorCategory knows only {{valid}}.",
    },
  },
  run(context, report) {
    const categoryCase = context.settings.categoryCase;
    for (const envelope of context.envelopes) {
      if (!envelope.category) continue;
      for (const literal of categoryLiterals(envelope.category.value)) {
        if (isCategoryInCase(literal.text, categoryCase)) continue;
        const replacement = replacementFor(literal.text, categoryCase);
        report({
          node: literal,
          ...messageFor(literal.text, categoryCase),
          fixes: () => fix(context, literal, replacement),
        });
      }
    }
  },
};
