import ts from 'typescript';
import { type EnvelopeSpec, renderTextSource } from '../../../shared/src/envelopeStyle';
import { type ErrorCategory, canonicalCategory, defaultRetryable } from '../../../shared/src/taxonomy';
import { safeMessageSource } from '../fixes/edits';
import {
  caughtErrorName,
  declaredCategory,
  envelopeMessages,
  failureAnchor,
  hasSpreadFields,
  insertEnvelopeFields,
  replacePropertyValue,
  toolNameOf,
} from '../envelopes/envelopeFields';
import { type ErrorEnvelope, literalBoolean } from '../envelopes/envelopes';
import { inferEnvelope } from '../fixes/inference';
import { findProperty, staticText, unwrapExpression, isNullOrUndefined } from '../parse/syntax';
import type { AnalysisContext, Check, Fix } from '../types';

type Emptiness = 'missing' | 'nullish' | 'empty' | 'blank';

/** Why the envelope tells the model nothing, or undefined when its content may say something. */
function emptiness(envelope: ErrorEnvelope): Emptiness | undefined {
  if (envelope.contentShape === 'missing') return 'missing';
  if (envelope.contentShape === 'empty') return 'empty';
  const property = envelope.contentProperty;
  if (!property || !ts.isPropertyAssignment(property)) return undefined;
  const value = unwrapExpression(property.initializer);
  if (isNullOrUndefined(value)) {
    return 'nullish';
  }
  if (!ts.isArrayLiteralExpression(value) || value.elements.length === 0) return undefined;
  const allBlank = value.elements.every((element) => {
    const item = unwrapExpression(element as ts.Expression);
    if (!ts.isObjectLiteralExpression(item)) return false;
    const text = findProperty(item, ['text']);
    if (!text || !ts.isPropertyAssignment(text)) return false;
    const words = staticText(text.initializer);
    return words !== undefined && words.trim().length === 0;
  });
  return allBlank ? 'blank' : undefined;
}

const MESSAGE_IDS = {
  missing: 'noContent',
  nullish: 'noContent',
  empty: 'emptyContent',
  blank: 'blankContent',
} as const satisfies Record<Emptiness, string>;
const CONSEQUENCE =
  'most hosts show the model only content, so it learns that the call failed but not what failed or what to do about it.';

/** Words for a category that the inference rules read back as the same category. */
function wording(category: ErrorCategory, retryable: boolean): string {
  switch (category) {
    case 'TRANSIENT':
      return retryable ? 'temporary failure, retrying later may succeed' : 'temporary failure, retry budget spent';
    case 'VALIDATION':
      return 'invalid input, correct the arguments before calling again';
    case 'PERMISSION':
      return 'not allowed for this caller';
    case 'BUSINESS':
      return 'refused by a business policy';
    case 'NOT_FOUND':
      return retryable
        ? 'the requested resource was not found yet, it may appear shortly'
        : 'the requested resource was not found';
    case 'UNKNOWN':
      return 'unclassified failure, report it to an operator';
  }
}

function factsOf(envelope: ErrorEnvelope): { category: ErrorCategory; retryable: boolean } {
  const declared = canonicalCategory(declaredCategory(envelope) ?? '');
  const declaredRetryable = literalBoolean(envelope.retryable);
  if (declared) return { category: declared, retryable: declaredRetryable ?? defaultRetryable(declared) };
  const inference = inferEnvelope(failureAnchor(envelope), envelopeMessages(envelope));
  return { category: inference.category, retryable: declaredRetryable ?? inference.retryable };
}

function escapeForTemplate(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${');
}

function escapeForQuote(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/'/g, "\\'");
}

/** Names under which an envelope may already hold its words outside `content` (`{ text: 'Agent not ready', isError }`). */
const WORDS_KEYS = ['message', 'text', 'error', 'errorMessage', 'error_message', 'detail', 'reason'];

/** The author's words in a top-level property of the envelope (a string or template), as source. */
function ownWordsOf(context: AnalysisContext, envelope: ErrorEnvelope): string | undefined {
  const property = findProperty(envelope.object, WORDS_KEYS);
  if (!property || !ts.isPropertyAssignment(property)) return undefined;
  const value = unwrapExpression(property.initializer);
  const words = staticText(value);
  const written = ts.isStringLiteralLike(value) || ts.isTemplateExpression(value);
  return written && words !== undefined && words.trim().length > 0 ? value.getText(context.sourceFile) : undefined;
}

function fix(context: AnalysisContext, envelope: ErrorEnvelope, kind: Emptiness): Fix[] {
  const { category, retryable } = factsOf(envelope);
  const tool = toolNameOf(context, failureAnchor(envelope)) ?? 'The tool';
  const own = ownWordsOf(context, envelope);
  const words = `${tool} failed: ${wording(category, retryable)}`;
  const caught = own ? undefined : caughtErrorName(failureAnchor(envelope));
  // The author's words already in the envelope are what the model should read: they become the content's text.
  const messageSource = own
    ? own
    : caught
      ? '`' +
        escapeForTemplate(`${tool} failed (${wording(category, retryable)}): `) +
        '${' +
        safeMessageSource(caught) +
        '}`'
      : `'${escapeForQuote(words)}'`;
  const spec: EnvelopeSpec = { category, retryable, messageSource };
  const text = renderTextSource(spec, {
    style: context.settings.envelopeStyle,
    categoryCase: context.settings.categoryCase,
    indent: '',
  });
  const array = `[{ type: 'text', text: ${text} }]`;
  const property = envelope.contentProperty;
  const shown = own
    ? `${own} (the envelope's own words)`
    : `'${caught ? `${tool} failed (…): <the error's message>` : words}'`;
  if (kind === 'missing' || !property || envelope.mutation) {
    const edit = insertEnvelopeFields(context, envelope, envelope.object, [`content: ${array}`]);
    return edit ? [{ title: `Add content: ${shown}`, edits: [edit], preferred: true }] : [];
  }
  return [
    {
      title: `Replace the empty content with ${shown}`,
      edits: [replacePropertyValue(context, property, array)],
      preferred: true,
    },
  ];
}

export const missingErrorContent: Check<(typeof MESSAGE_IDS)[Emptiness]> = {
  meta: {
    id: 'missing-error-content',
    description: 'An error envelope with no content, an empty content array, or only empty text.',
    defaultSeverity: 'error',
    fixable: true,
    messages: {
      noContent: `This error envelope has no content: ${CONSEQUENCE}`,
      emptyContent: `This error envelope has an empty content array: ${CONSEQUENCE}`,
      blankContent: `This error envelope has only empty text in its content: ${CONSEQUENCE}`,
    },
  },
  run(context, report) {
    for (const envelope of context.envelopes) {
      if (hasSpreadFields(envelope)) continue;
      const kind = emptiness(envelope);
      if (!kind) continue;
      report({
        node: envelope.isErrorProperty,
        messageId: MESSAGE_IDS[kind],
        fixes: () => fix(context, envelope, kind),
      });
    }
  },
};
