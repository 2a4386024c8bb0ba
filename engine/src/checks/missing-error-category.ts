import ts from 'typescript';
import { type ErrorCategory, nearestCategory, spellCategory } from '../../../shared/src/taxonomy';
import {
  envelopeMessages,
  errorCodeOf,
  failureAnchor,
  hasCategory,
  hasSpreadFields,
  insertEnvelopeFields,
  keyOf,
  objectOf,
} from '../envelopes/envelopeFields';
import type { ErrorEnvelope } from '../envelopes/envelopes';
import { describeInference, inferEnvelope, inputEvidence, toolCallbackOf } from '../fixes/inference';
import { classifiedField, createFileOf, serverResultCatchReturn } from '../fixes/catchAll';
import { envelopeStyleAt } from '../fixes/edits';
import { quotedIn } from '../fixes/fileStyle';
import type { AnalysisContext, Check, Fix } from '../types';

/**
 * The category to add and what it rests on: the envelope's own error code first, then evidence in scope, then
 * (in a handler's own body) a guard or message about the tool's input.
 */
function inferCategory(
  context: AnalysisContext,
  envelope: ErrorEnvelope,
): { category: ErrorCategory; evidence: string } {
  const code = errorCodeOf(envelope);
  if (code) {
    const fromCode = nearestCategory(code);
    if (fromCode !== 'UNKNOWN' || /^(INTERNAL|UNKNOWN|ERROR)$/i.test(code)) {
      return { category: fromCode, evidence: ` (code ${code})` };
    }
  }
  const anchor = failureAnchor(envelope);
  let inference = inferEnvelope(anchor, envelopeMessages(envelope));
  const handlerFn =
    inference.evidence === undefined ? (context.handlerOf(envelope.object)?.fn ?? toolCallbackOf(anchor)) : undefined;
  const texts = envelope.texts.map((text) => text.node);
  if (handlerFn) inference = inputEvidence(anchor, handlerFn, texts) ?? inference;
  return { category: inference.category, evidence: describeInference(inference) };
}

/** Where the new field goes: beside isRetryable when that lives in structuredContent or JSON text. */
function homeFor(
  context: AnalysisContext,
  envelope: ErrorEnvelope,
): { object: ts.ObjectLiteralExpression; key: string } {
  const retryable = envelope.retryable;
  const key = retryable && keyOf(retryable) === 'is_retryable' ? 'error_category' : 'errorCategory';
  if (retryable && retryable.location !== 'top-level') return { object: objectOf(retryable), key };
  if (envelopeStyleAt(context, envelope.object) === 'structured' && envelope.structuredContent) {
    return { object: envelope.structuredContent, key };
  }
  return { object: envelope.object, key };
}

function fix(context: AnalysisContext, envelope: ErrorEnvelope): Fix[] {
  const { category, evidence } = inferCategory(context, envelope);
  const { object, key } = homeFor(context, envelope);
  const spelled = quotedIn(context, spellCategory(category, context.settings.categoryCase));
  const runtime =
    category === 'UNKNOWN' && !evidence.includes('(code')
      ? classifiedField(context, object, 'errorCategory')
      : undefined;
  const value = runtime?.value ?? spelled;
  const edit = insertEnvelopeFields(context, envelope, object, [`${key}: ${value}`]);
  if (!edit) {
    // A catch in a `ServerResult` handler: no field fits, the helper's answer does.
    const whole = serverResultCatchReturn(
      context,
      envelope.object,
      context.handlerOf(envelope.object)?.toolName ?? null,
    );
    return whole ? [{ ...whole, preferred: true }] : [];
  }
  if (runtime) {
    const title = `Add ${key}: ${runtime.title}`;
    return [{ title, edits: [edit, ...runtime.needs.edits], ...createFileOf(runtime.needs), preferred: true }];
  }
  return [{ title: `Add ${key}: ${spelled}${evidence}`, edits: [edit], preferred: true }];
}

export const missingErrorCategory: Check<'missingErrorCategory'> = {
  meta: {
    id: 'missing-error-category',
    description: 'An error envelope that does not say what kind of failure it reports (errorCategory).',
    defaultSeverity: 'warning',
    fixable: true,
    messages: {
      missingErrorCategory:
        'This error envelope has no errorCategory: an agent cannot tell a temporary failure from bad input, a missing permission, a policy refusal or a missing resource, so it cannot choose what to do next.',
    },
  },
  run(context, report) {
    for (const envelope of context.envelopes) {
      if (hasCategory(envelope) || hasSpreadFields(envelope)) continue;
      report({
        node: envelope.isErrorProperty,
        messageId: 'missingErrorCategory',
        fixes: () => fix(context, envelope),
      });
    }
  },
};
