/**
 * CORRECTED TWIN, low-level flavour: the order lookup served by the SDK's low-level `Server` with one
 * `tools/call` dispatcher. Only protocol problems (an unknown tool) are JSON-RPC errors; every execution
 * failure is an error envelope the model can read.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import { DatabaseTimeoutError, store } from '../store.js';

const server = new Server({ name: 'orders-low-level-corrected', version: '1.0.0' }, { capabilities: { tools: {} } });

server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [
    {
      name: 'get_order',
      description: 'Get one order by its id (for example ord-1001).',
      inputSchema: { type: 'object', properties: { orderId: { type: 'string' } }, required: ['orderId'] },
    },
  ],
}));

server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
  if (request.params.name !== 'get_order') {
    throw new McpError(ErrorCode.MethodNotFound, `Unknown tool: ${request.params.name}`);
  }
  const orderId = request.params.arguments?.orderId;
  if (typeof orderId !== 'string' || orderId.length === 0) {
    return {
      isError: true,
      errorCategory: 'VALIDATION',
      isRetryable: false,
      content: [
        { type: 'text', text: '[VALIDATION, not retryable] orderId is required: a non-empty string such as ord-1001.' },
      ],
    };
  }
  try {
    const order = await store.findOrder(orderId);
    if (!order) {
      return {
        isError: true,
        errorCategory: 'NOT_FOUND',
        isRetryable: false,
        content: [{ type: 'text', text: `[NOT_FOUND, not retryable] There is no order ${orderId}.` }],
      };
    }
    return { content: [{ type: 'text', text: JSON.stringify(order) }] };
  } catch (error) {
    const timedOut = error instanceof DatabaseTimeoutError;
    if (!timedOut) console.error(`orders-low-level-corrected: reading order ${orderId} failed`, error);
    return {
      isError: true,
      errorCategory: timedOut ? 'TRANSIENT' : 'UNKNOWN',
      isRetryable: timedOut,
      retryAfterMs: timedOut ? 1000 : undefined,
      content: [
        {
          type: 'text',
          text: timedOut
            ? `[TRANSIENT, retryable] The order database did not answer while reading order ${orderId}. Retry the same call in about a second.`
            : `[UNKNOWN, not retryable] Reading order ${orderId} failed unexpectedly; the failure is logged for an operator.`,
        },
      ],
    };
  }
});

async function main(): Promise<void> {
  await server.connect(new StdioServerTransport());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
