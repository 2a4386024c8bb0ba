/**
 * MISTAKEN TWIN, low-level flavour: the order lookups served by the SDK's low-level `Server`, one
 * `tools/call` dispatcher for every tool. A separate entry point, because an McpServer already owns the
 * `tools/call` handler. Mistakes are marked `mistake: <check-id>`; the corrected version is
 * corrected/lowLevel.ts.
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
import { store } from './store.js';

const server = new Server({ name: 'orders-low-level-mistaken', version: '1.0.0' }, { capabilities: { tools: {} } });

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
  const orderId = String(request.params.arguments?.orderId ?? '');
  try {
    const order = await store.findOrder(orderId);
    if (!order) {
      return {
        isError: true,
        errorCategory: 'NOT_FOUND',
        isRetryable: false,
        content: [{ type: 'text', text: `[NOT_FOUND, not retryable] Order ${orderId} does not exist.` }],
      };
    }
    return { content: [{ type: 'text', text: JSON.stringify(order) }] };
  } catch {
    throw new McpError(ErrorCode.InternalError, 'The order database did not answer.'); // mistake: protocol-error-for-execution-failure
  }
});

async function main(): Promise<void> {
  await server.connect(new StdioServerTransport());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
