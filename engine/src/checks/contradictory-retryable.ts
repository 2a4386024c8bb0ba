import { NEVER_RETRYABLE, canonicalCategory } from '../../../shared/src/taxonomy';
import { keyOf, replacePropertyValue } from '../envelopes/envelopeFields';
import { literalBoolean, literalString } from '../envelopes/envelopes';
import type { Check } from '../types';

const WHY: Record<string, string> = {
  VALIDATION: 'the same invalid input fails the same way every time; the agent must change it',
  PERMISSION: 'the caller stays unauthorised until someone grants access',
  BUSINESS: 'the policy that refused the request does not change between calls',
};

export const contradictoryRetryable: Check<'retryableContradictsCategory'> = {
  meta: {
    id: 'contradictory-retryable',
    description:
      'isRetryable: true on a VALIDATION, PERMISSION or BUSINESS error, whose identical call can never succeed.',
    defaultSeverity: 'warning',
    fixable: true,
    messages: {
      retryableContradictsCategory:
        '{{key}}: true contradicts errorCategory {{category}}: {{why}}. An agent that trusts the flag will repeat the call and burn its budget.',
    },
  },
  run(context, report) {
    for (const envelope of context.envelopes) {
      const retryable = envelope.retryable;
      if (!retryable || literalBoolean(retryable) !== true) continue;
      const category = canonicalCategory(literalString(envelope.category) ?? '');
      if (!category || !NEVER_RETRYABLE.has(category)) continue;
      report({
        node: retryable.property,
        messageId: 'retryableContradictsCategory',
        data: { key: keyOf(retryable), category, why: WHY[category] },
        fixes: () => [
          {
            title: `Set ${keyOf(retryable)}: false`,
            edits: [replacePropertyValue(context, retryable.property, 'false')],
            preferred: true,
          },
        ],
      });
    }
  },
};
