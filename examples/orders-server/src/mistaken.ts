/**
 * MISTAKEN TWIN of the orders server: the same tools as corrected.ts, written the way many real servers
 * are. Each mistake is marked with a `mistake: <check-id>` comment naming the MCP Envelope check that
 * finds it. Run it (after `npm run build:examples`) with `node examples/orders-server/dist/mistaken.js`.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';
import { toolError } from './mistakes/errorHandler.js';
import { getRefundStatus } from './mistakes/refundStatus.js';
import { type Order, REFUND_POLICY_LIMIT_CENTS, formatCents, store } from './store.js';

const server = new McpServer({ name: 'orders-mistaken', version: '1.0.0' });

const orderStatus = z.enum(['placed', 'shipped', 'delivered', 'cancelled']);
const orderRecord = z.object({
  id: z.string(),
  customerId: z.string(),
  status: orderStatus,
  totalCents: z.number().int(),
  currency: z.literal('EUR'),
  placedAt: z.string(),
});

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

server.registerTool(
  'get_order',
  {
    description: 'Get one order by its id (for example ord-1001).',
    inputSchema: { orderId: z.string().min(1) },
  },
  async ({ orderId }) => {
    // mistake: unguarded-handler (the handler head above: it awaits the store with no try/catch)
    const order = await store.findOrder(orderId);
    if (!order) {
      throw new Error(`Order ${orderId} not found`); // mistake: throw-in-handler
    }
    return { content: [{ type: 'text', text: JSON.stringify(order) }] };
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
        return {
          isError: true, // mistake: empty-result-as-error
          content: [{ type: 'text', text: 'No orders found.' }],
        };
      }
      return { structuredContent: { orders }, content: [{ type: 'text', text: JSON.stringify(orders) }] };
    } catch (err) {
      return {
        isError: true,
        errorCategory: 'TRANSIENT',
        isRetryable: true,
        structuredContent: { errorCategory: 'TRANSIENT', isRetryable: true }, // mistake: error-structured-content-with-output-schema
        content: [{ type: 'text', text: `[TRANSIENT, retryable] Could not list orders: ${String(err)}` }], // mistake: leaked-internals
      };
    }
  },
);

server.registerTool(
  'issue_refund',
  {
    description: 'Refund part or all of an order to the original payment method.',
    inputSchema: {
      orderId: z.string().min(1),
      amountCents: z.number().int().positive(),
      reason: z.string().min(3),
    },
  },
  async ({ orderId, amountCents, reason }) => {
    let order: Order | undefined;
    try {
      order = await store.findOrder(orderId);
      if (!order) return toolError(`Order ${orderId} does not exist.`);
    } catch {
      return {
        isError: true,
        content: [
          {
            type: 'text',
            text: JSON.stringify({
              errorCategory: 'UNKNOWN',
              isRetryable: false,
              message: 'Something went wrong', // mistake: generic-error-message
            }),
          },
        ],
      };
    }
    if (amountCents > order.totalCents) {
      return {
        isError: true,
        errorCategory: 'INVALID_AMOUNT', // mistake: invalid-error-category
        isRetryable: false,
        content: [
          {
            type: 'text',
            text: `The refund of ${formatCents(amountCents)} exceeds the order total of ${formatCents(order.totalCents)}.`,
          },
        ],
      };
    }
    if (amountCents > REFUND_POLICY_LIMIT_CENTS) {
      return {
        isError: true,
        errorCategory: 'BUSINESS',
        isRetryable: true, // mistake: contradictory-retryable
        content: [
          {
            type: 'text',
            text: `[BUSINESS] Refunds above ${formatCents(REFUND_POLICY_LIMIT_CENTS)} need a manager's approval.`,
          },
        ],
      };
    }
    for (let attempt = 1; ; attempt++) {
      // mistake: retry-inside-tool (the loop above retries the payments call inside the tool)
      try {
        const refund = await store.refund(order, amountCents, reason);
        return { content: [{ type: 'text', text: `Refund ${refund.id} issued: ${formatCents(amountCents)}.` }] };
      } catch {
        if (attempt < 3) {
          await sleep(250 * attempt);
          continue;
        }
        return {
          isError: true,
          errorCategory: 'TRANSIENT', // mistake: envelope-hidden-from-model
          isRetryable: true,
          content: [{ type: 'text', text: 'The payments service did not accept the refund.' }],
        };
      }
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

server.tool(
  'cancel_order',
  'Cancel an order that has not shipped yet.',
  { orderId: z.string().min(1) },
  async ({ orderId }) => {
    try {
      const order = await store.findOrder(orderId);
      if (!order) return toolError(`Order ${orderId} does not exist.`);
      if (order.status !== 'placed') {
        return {
          isError: true, // mistake: missing-error-content
          errorCategory: 'BUSINESS',
          isRetryable: false,
          content: [],
        };
      }
      const cancelled = await store.cancelOrder(order);
      return { content: [{ type: 'text', text: `Order ${cancelled.id} is cancelled.` }] };
    } catch {
      return {
        isError: true, // mistake: missing-is-retryable
        errorCategory: 'TRANSIENT',
        content: [{ type: 'text', text: `[TRANSIENT] The order database did not answer while cancelling ${orderId}.` }],
      };
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
