/**
 * MISTAKEN TWIN — a tool handler kept in its own file and registered from mistaken.ts
 * (`server.registerTool('get_refund_status', …, getRefundStatus)`).
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { formatCents, store } from '../store.js';
import { toolError } from './errorHandler.js';

export async function getRefundStatus({ refundId }: { refundId: string }): Promise<CallToolResult> {
  try {
    const lookup = await store.findRefund(refundId);
    if (lookup.state !== 'found') return toolError(`Refund ${refundId} not found`);
    const { refund } = lookup;
    return {
      content: [
        {
          type: 'text',
          text: `Refund ${refund.id}: ${formatCents(refund.amountCents)} for order ${refund.orderId}, settled.`,
        },
      ],
    };
  } catch {
    // mistake: failure-as-success (the catch above reports a failed lookup as "no refund")
    return { content: [{ type: 'text', text: `There is no refund ${refundId} on record.` }] };
  }
}
