import { canonicalCategory, defaultRetryable } from '../../../shared/src/taxonomy';
import { declaredCategory, failureAnchor, hasRetryable, insertEnvelopeFields } from '../envelopes/envelopeFields';
import type { ErrorEnvelope } from '../envelopes/envelopes';
import { inferEnvelope } from '../fixes/inference';
import { classifiedField, createFileOf } from '../fixes/catchAll';
import type { AnalysisContext, Check, Fix } from '../types';

/** The category written in a static JSON text (`'{"errorCategory":"TRANSIENT"}'`), if any. */
function staticJsonCategory(envelope: ErrorEnvelope): string | undefined {
  for (const text of envelope.texts) {
    if (!text.jsonKeys || !text.staticText) continue;
    const parsed = JSON.parse(text.staticText) as Record<string, unknown>;
    const value = parsed.errorCategory ?? parsed.error_category ?? parsed.category;
    if (typeof value === 'string') return value;
  }
  return undefined;
}

/** The retryability to add: from the envelope's own category first, then from evidence in scope. */
function inferRetryable(context: AnalysisContext, envelope: ErrorEnvelope): { retryable: boolean; evidence: string } {
  const category = canonicalCategory(declaredCategory(envelope) ?? staticJsonCategory(envelope) ?? '');
  if (category) return { retryable: defaultRetryable(category), evidence: `errorCategory ${category}` };
  const inference = inferEnvelope(
    failureAnchor(envelope),
    envelope.texts.map((t) => t.staticText),
  );
  return { retryable: inference.retryable, evidence: inference.evidence ?? 'no evidence in scope' };
}

function fix(context: AnalysisContext, envelope: ErrorEnvelope): Fix[] {
  const { retryable, evidence } = inferRetryable(context, envelope);
  // Put the field beside the category when the category lives in structuredContent or JSON text.
  const home = envelope.category?.location !== 'top-level' ? envelope.category?.property.parent : undefined;
  const target = home && home.kind === envelope.object.kind ? (home as typeof envelope.object) : envelope.object;
  const runtime = evidence === 'no evidence in scope' ? classifiedField(context, target, 'isRetryable') : undefined;
  const edit = insertEnvelopeFields(context, envelope, target, [`isRetryable: ${runtime?.value ?? retryable}`]);
  if (!edit) return [];
  if (runtime) {
    const title = `Add isRetryable: ${runtime.title}`;
    return [{ title, edits: [edit, ...runtime.needs.edits], ...createFileOf(runtime.needs), preferred: true }];
  }
  return [{ title: `Add isRetryable: ${retryable} (${evidence})`, edits: [edit], preferred: true }];
}

export const missingIsRetryable: Check<'missingIsRetryable'> = {
  meta: {
    id: 'missing-is-retryable',
    description: 'An error envelope that does not say whether the identical call can succeed later (isRetryable).',
    defaultSeverity: 'warning',
    fixable: true,
    messages: {
      missingIsRetryable:
        'This error envelope has no isRetryable: an agent cannot tell whether calling again with the same input can succeed.',
    },
  },
  run(context, report) {
    for (const envelope of context.envelopes) {
      if (hasRetryable(envelope) || envelope.open) continue;
      report({
        node: envelope.isErrorProperty,
        messageId: 'missingIsRetryable',
        fixes: () => fix(context, envelope),
      });
    }
  },
};
