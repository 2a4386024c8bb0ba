/**
 * CORRECTED TWIN — the refund-status tool handler, kept in its own file and registered from corrected.ts.
 * A refund the payments provider has not recorded yet is NOT_FOUND but retryable: the identical call
 * succeeds once the ledger catches up, and `retryAfterMs` says when.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { DatabaseTimeoutError, formatCents, store } from '../store.js';

export async function getRefundStatus({ refundId }: { refundId: string }): Promise<CallToolResult> {
  try {
    const lookup = await store.findRefund(refundId);
    if (lookup.state === 'pending') {
      return {
        isError: true,
        errorCategory: 'NOT_FOUND',
        isRetryable: true,
        retryAfterMs: lookup.visibleInMs,
        content: [
          {
            type: 'text',
            text: `[NOT_FOUND, retryable] Refund ${refundId} was issued but the ledger does not show it yet; ask again in ${lookup.visibleInMs} ms.`,
          },
        ],
      };
    }
    if (lookup.state === 'unknown') {
      return {
        isError: true,
        errorCategory: 'NOT_FOUND',
        isRetryable: false,
        content: [
          {
            type: 'text',
            text: `[NOT_FOUND, not retryable] No refund ${refundId} was ever issued. Check the id (refunds look like ref-0001).`,
          },
        ],
      };
    }
    const { refund } = lookup;
    return {
      content: [
        {
          type: 'text',
          text: `Refund ${refund.id}: ${formatCents(refund.amountCents)} for order ${refund.orderId}, settled.`,
        },
      ],
    };
  } catch (error) {
    const timedOut = error instanceof DatabaseTimeoutError;
    if (!timedOut) console.error(`orders-corrected: reading refund ${refundId} failed`, error);
    return {
      isError: true,
      errorCategory: timedOut ? 'TRANSIENT' : 'UNKNOWN',
      isRetryable: timedOut,
      retryAfterMs: timedOut ? 1000 : undefined,
      content: [
        {
          type: 'text',
          text: timedOut
            ? `[TRANSIENT, retryable] The ledger did not answer while reading refund ${refundId}. Retry the same call in about a second.`
            : `[UNKNOWN, not retryable] Reading refund ${refundId} failed unexpectedly; the failure is logged for an operator.`,
        },
      ],
    };
  }
}
