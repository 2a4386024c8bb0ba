/**
 * CORRECTED TWIN of the orders server: the tools of mistaken.ts, with every failure returned as an
 * envelope an agent can recover from. Every error result carries `errorCategory` and `isRetryable` at the
 * top level for programs (`retryAfterMs` where a wait helps), and the same facts at the start of the text
 * ("[TRANSIENT, retryable] …") for the model, which usually sees only `content`. A valid empty answer is a
 * success (`isError: false`) that says what was searched.
 *
 * Build with `npm run build:examples`, run with `node examples/orders-server/dist/corrected.js` (stdio).
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { getRefundStatus } from './corrected/refundStatus.js';
import { DatabaseTimeoutError, PaymentsUpstreamError, REFUND_POLICY_LIMIT_CENTS, formatCents, store } from './store.js';

const server = new McpServer({ name: 'orders-corrected', version: '1.0.0' });

const orderStatus = z.enum(['placed', 'shipped', 'delivered', 'cancelled']);
const orderRecord = z.object({
  id: z.string(),
  customerId: z.string(),
  status: orderStatus,
  totalCents: z.number().int(),
  currency: z.literal('EUR'),
  placedAt: z.string(),
});

/** The envelope for a failed order-database call; the raw error goes to the operator's log only. */
function databaseFailure(error: unknown, action: string): CallToolResult {
  if (error instanceof DatabaseTimeoutError) {
    return {
      isError: true,
      errorCategory: 'TRANSIENT',
      isRetryable: true,
      retryAfterMs: 1000,
      content: [
        {
          type: 'text',
          text: `[TRANSIENT, retryable] The order database did not answer within ${error.timeoutMs} ms while trying to ${action}. Retry the same call in about a second.`,
        },
      ],
    };
  }
  console.error(`orders-corrected: ${action} failed`, error);
  return {
    isError: true,
    errorCategory: 'UNKNOWN',
    isRetryable: false,
    content: [
      {
        type: 'text',
        text: `[UNKNOWN, not retryable] The order database failed unexpectedly while trying to ${action}; the failure is logged for an operator.`,
      },
    ],
  };
}

server.registerTool(
  'get_order',
  {
    description: 'Get one order by its id (for example ord-1001).',
    inputSchema: { orderId: z.string().min(1) },
  },
  async ({ orderId }) => {
    try {
      const order = await store.findOrder(orderId);
      if (!order) {
        return {
          isError: true,
          errorCategory: 'NOT_FOUND',
          isRetryable: false,
          content: [
            {
              type: 'text',
              text: `[NOT_FOUND, not retryable] There is no order ${orderId}. Check the id (orders look like ord-1001) or list the customer's orders.`,
            },
          ],
        };
      }
      return { content: [{ type: 'text', text: JSON.stringify(order) }] };
    } catch (error) {
      return databaseFailure(error, `read order ${orderId}`);
    }
  },
);

server.registerTool(
  'list_customer_orders',
  {
    description: "List a customer's orders, newest first, optionally only those with one status.",
    inputSchema: { customerId: z.string().min(1), status: orderStatus.optional() },
    outputSchema: { orders: z.array(orderRecord) },
  },
  async ({ customerId, status }) => {
    try {
      const orders = await store.listOrders(customerId, status);
      if (orders.length === 0) {
        const which = status ? `${status} orders` : 'orders';
        return {
          isError: false,
          structuredContent: { orders },
          content: [{ type: 'text', text: `No ${which} found for customer ${customerId}.` }],
        };
      }
      return { structuredContent: { orders }, content: [{ type: 'text', text: JSON.stringify(orders) }] };
    } catch (error) {
      // An error result carries no structuredContent: clients validate it against the outputSchema.
      return databaseFailure(error, `list the orders of customer ${customerId}`);
    }
  },
);

server.registerTool(
  'issue_refund',
  {
    description: `Refund part or all of an order to the original payment method (at most ${formatCents(REFUND_POLICY_LIMIT_CENTS)} without a manager).`,
    inputSchema: {
      orderId: z.string().min(1),
      amountCents: z.number().int().positive(),
      reason: z.string().min(3),
    },
  },
  async ({ orderId, amountCents, reason }) => {
    try {
      const order = await store.findOrder(orderId);
      if (!order) {
        return {
          isError: true,
          errorCategory: 'NOT_FOUND',
          isRetryable: false,
          content: [{ type: 'text', text: `[NOT_FOUND, not retryable] There is no order ${orderId} to refund.` }],
        };
      }
      if (amountCents > order.totalCents) {
        return {
          isError: true,
          errorCategory: 'VALIDATION',
          isRetryable: false,
          content: [
            {
              type: 'text',
              text: `[VALIDATION, not retryable] amountCents ${amountCents} is more than the order total of ${order.totalCents} cents; refund at most ${order.totalCents}.`,
            },
          ],
        };
      }
      if (amountCents > REFUND_POLICY_LIMIT_CENTS) {
        return {
          isError: true,
          errorCategory: 'BUSINESS',
          isRetryable: false,
          content: [
            {
              type: 'text',
              text: `[BUSINESS, not retryable] Refunds above ${formatCents(REFUND_POLICY_LIMIT_CENTS)} need a manager's approval, so this refund of ${formatCents(amountCents)} was not issued. Offer to pass the request to a manager.`,
            },
          ],
        };
      }
      const refund = await store.refund(order, amountCents, reason);
      return {
        content: [
          {
            type: 'text',
            text: `Refund ${refund.id} issued: ${formatCents(amountCents)} for order ${order.id}. The ledger shows it within a few seconds.`,
          },
        ],
      };
    } catch (error) {
      if (error instanceof PaymentsUpstreamError && error.budgetSpent) {
        return {
          isError: true,
          errorCategory: 'TRANSIENT',
          isRetryable: false,
          content: [
            {
              type: 'text',
              text: `[TRANSIENT, not retryable] The payments service is unavailable and its retry budget for this session is spent; the refund for ${orderId} was NOT issued. Tell the customer it will be issued by a person.`,
            },
          ],
        };
      }
      if (error instanceof PaymentsUpstreamError) {
        return {
          isError: true,
          errorCategory: 'TRANSIENT',
          isRetryable: true,
          retryAfterMs: error.retryAfterMs ?? 2000,
          content: [
            {
              type: 'text',
              text: `[TRANSIENT, retryable] The payments service is temporarily unavailable (HTTP ${error.status}); the refund for ${orderId} was NOT issued. Retry the same call after ${error.retryAfterMs ?? 2000} ms.`,
            },
          ],
        };
      }
      return databaseFailure(error, `refund order ${orderId}`);
    }
  },
);

server.registerTool(
  'get_refund_status',
  {
    description: 'Get the status of a refund by its id (for example ref-0001).',
    inputSchema: { refundId: z.string().min(1) },
  },
  getRefundStatus,
);

server.registerTool(
  'cancel_order',
  {
    description: 'Cancel an order that has not shipped yet.',
    inputSchema: { orderId: z.string().min(1) },
  },
  async ({ orderId }) => {
    try {
      const order = await store.findOrder(orderId);
      if (!order) {
        return {
          isError: true,
          errorCategory: 'NOT_FOUND',
          isRetryable: false,
          content: [{ type: 'text', text: `[NOT_FOUND, not retryable] There is no order ${orderId} to cancel.` }],
        };
      }
      if (order.status !== 'placed') {
        return {
          isError: true,
          errorCategory: 'BUSINESS',
          isRetryable: false,
          content: [
            {
              type: 'text',
              text: `[BUSINESS, not retryable] Order ${orderId} is already ${order.status}; only orders that have not shipped can be cancelled. Offer a refund instead.`,
            },
          ],
        };
      }
      const cancelled = await store.cancelOrder(order);
      return { content: [{ type: 'text', text: `Order ${cancelled.id} is cancelled.` }] };
    } catch (error) {
      return databaseFailure(error, `cancel order ${orderId}`);
    }
  },
);

async function main(): Promise<void> {
  await server.connect(new StdioServerTransport());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
