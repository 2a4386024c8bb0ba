import { canonicalCategory, defaultRetryable } from '../../../shared/src/taxonomy';
import { staticJsonHas } from '../envelopes/envelopeFields';
import { type ErrorEnvelope, RETRYABLE_KEYS, literalString } from '../envelopes/envelopes';
import { insertProperties } from '../fixes/edits';
import { inferEnvelope } from '../fixes/inference';
import { classifiedField } from '../fixes/catchAll';
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
  const category = canonicalCategory(literalString(envelope.category) ?? staticJsonCategory(envelope) ?? '');
  if (category) return { retryable: defaultRetryable(category), evidence: `errorCategory ${category}` };
  const inference = inferEnvelope(
    envelope.object,
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
  if (runtime) {
    const edits = [insertProperties(context, target, [`isRetryable: ${runtime.value}`]), ...runtime.needs.edits];
    const title = `Add isRetryable: ${runtime.value} (read from the caught error at run time)`;
    return [
      { title, edits, ...(runtime.needs.createFile ? { createFile: runtime.needs.createFile } : {}), preferred: true },
    ];
  }
  return [
    {
      title: `Add isRetryable: ${retryable} (${evidence})`,
      edits: [insertProperties(context, target, [`isRetryable: ${retryable}`])],
      preferred: true,
    },
  ];
}

export const missingIsRetryable: Check = {
  meta: {
    id: 'missing-is-retryable',
    description: 'An error envelope that does not say whether the identical call can succeed later (isRetryable).',
    defaultSeverity: 'warning',
    fixable: true,
  },
  run(context, report) {
    for (const envelope of context.envelopes) {
      if (envelope.retryable || envelope.open || staticJsonHas(envelope, RETRYABLE_KEYS)) continue;
      report({
        node: envelope.isErrorProperty,
        message:
          'This error envelope has no isRetryable: an agent cannot tell whether calling again with the same input can succeed.',
        fixes: () => fix(context, envelope),
      });
    }
  },
};
