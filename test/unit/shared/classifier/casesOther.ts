/** Cases: zod 3 and 4, the MCP SDK's McpError, gRPC, custom classes and declared fields. */
import { mcpError, named, NOW, zod3Error, zod4Error, type FailureCase } from './shapes';

const ZOD3_ISSUES = [
  { code: 'invalid_type', expected: 'string', received: 'undefined', path: ['customerId'], message: 'Required' },
  {
    code: 'too_small',
    minimum: 0,
    type: 'number',
    inclusive: false,
    exact: false,
    path: ['items', 0, 'quantity'],
    message: 'Number must be greater than 0',
  },
];
const ZOD4_ISSUES = [
  {
    expected: 'string',
    code: 'invalid_type',
    path: ['customerId'],
    message: 'Invalid input: expected string, received undefined',
  },
  {
    code: 'invalid_value',
    values: ['open', 'closed'],
    path: ['status'],
    message: 'Invalid option: expected one of "open"|"closed"',
  },
];

class OrderNotFoundError extends Error {}

export const OTHER_CASES: FailureCase[] = [
  {
    name: 'zod 3 ZodError: issues name the fields',
    error: zod3Error(ZOD3_ISSUES),
    context: { operation: 'create_order' },
    category: 'VALIDATION',
    retryable: false,
    evidence: 'ZodError',
    says: [
      'create_order failed: invalid input: customerId: Required',
      'items[0].quantity: Number must be greater than 0',
    ],
    hides: ['"code"', 'invalid_type'],
  },
  {
    name: 'zod 3 refine at the root',
    error: zod3Error([{ code: 'custom', path: [], message: 'Cannot specify both head and tail simultaneously' }]),
    category: 'VALIDATION',
    retryable: false,
    says: ['Cannot specify both head and tail simultaneously'],
  },
  {
    name: 'zod 4 ZodError (classic)',
    error: zod4Error(ZOD4_ISSUES),
    category: 'VALIDATION',
    retryable: false,
    says: ['customerId: Invalid input: expected string', 'status: Invalid option'],
  },
  {
    name: 'zod 4 $ZodError (core, not an Error instance)',
    error: zod4Error(ZOD4_ISSUES, true),
    category: 'VALIDATION',
    retryable: false,
    evidence: '$ZodError',
  },
  {
    name: 'McpError -32602 input validation with the issues as JSON',
    error: mcpError(
      -32602,
      `Input validation error: Invalid arguments for tool get_order: ${JSON.stringify(ZOD4_ISSUES.slice(0, 1), null, 2)}`,
    ),
    context: { operation: 'get_order' },
    category: 'VALIDATION',
    retryable: false,
    says: ['customerId: Invalid input'],
    hides: ['MCP error', 'Input validation error:'],
  },
  {
    name: 'McpError -32602 for an unknown tool reads as NOT_FOUND',
    error: mcpError(-32602, 'Tool get_ordr not found'),
    category: 'NOT_FOUND',
    retryable: false,
  },
  {
    name: 'McpError -32602 output validation error is the server’s bug',
    error: mcpError(
      -32602,
      'Output validation error: Tool get_order has an output schema but no structured content was provided',
    ),
    category: 'UNKNOWN',
    retryable: false,
  },
  {
    name: 'McpError -32601 method not found',
    error: mcpError(-32601, 'Method not found'),
    category: 'NOT_FOUND',
    retryable: false,
    evidence: 'JSON-RPC -32601',
  },
  {
    name: 'McpError -32001 request timeout',
    error: mcpError(-32001, 'Request timed out', { timeout: 60000 }),
    category: 'TRANSIENT',
    retryable: true,
  },
  {
    name: 'McpError -32603 carrying an errno in its text',
    error: mcpError(-32603, "ENOENT: no such file or directory, open '/srv/x.json'"),
    category: 'NOT_FOUND',
    retryable: false,
    evidence: 'errno ENOENT',
  },
  {
    name: 'McpError -32603 internal error: UNKNOWN',
    error: mcpError(-32603, 'Internal error'),
    category: 'UNKNOWN',
    retryable: false,
  },
  {
    name: 'gRPC UNAVAILABLE (grpc-js ServiceError)',
    error: Object.assign(new Error('14 UNAVAILABLE: No connection established'), {
      code: 14,
      details: 'No connection established',
      metadata: {},
    }),
    category: 'TRANSIENT',
    retryable: true,
    evidence: 'gRPC UNAVAILABLE',
    helper: false,
  },
  {
    name: 'gRPC NOT_FOUND',
    error: Object.assign(new Error('5 NOT_FOUND: order 12'), { code: 5, details: 'order 12', metadata: {} }),
    category: 'NOT_FOUND',
    retryable: false,
    helper: false,
  },
  {
    name: 'Google API error: numeric code 403 and status PERMISSION_DENIED',
    error: Object.assign(new Error('The caller does not have permission'), { code: 403, status: 'PERMISSION_DENIED' }),
    category: 'PERMISSION',
    retryable: false,
  },
  {
    name: 'custom class OrderNotFoundError (constructor name)',
    error: new OrderNotFoundError('order 12'),
    category: 'NOT_FOUND',
    retryable: false,
    evidence: 'OrderNotFoundError',
    helper: false,
  },
  {
    name: 'http-errors NotFoundError',
    error: named('NotFoundError', 'Order 12 not found', { status: 404, statusCode: 404, expose: true }),
    category: 'NOT_FOUND',
    retryable: false,
  },
  {
    name: 'Boom 503 (output.statusCode)',
    error: Object.assign(new Error('Upstream maintenance'), { isBoom: true, output: { statusCode: 503, payload: {} } }),
    category: 'TRANSIENT',
    retryable: true,
    helper: false,
  },
  {
    name: 'HTTP 500 whose message says not found: the weak 500 gives way',
    error: Object.assign(new Error('Order 12 not found'), { status: 500 }),
    category: 'NOT_FOUND',
    retryable: false,
    evidence: '"not found"',
  },
  {
    name: 'HTTP 500 with Retry-After: TRANSIENT',
    error: Object.assign(new Error('Maintenance'), { status: 500, headers: { 'retry-after': '10' } }),
    category: 'TRANSIENT',
    retryable: true,
    retryAfterMs: 10_000,
  },
  {
    name: 'structured status beats wording',
    error: Object.assign(new Error('upstream timed out looking for order 12'), { status: 404 }),
    category: 'NOT_FOUND',
    retryable: false,
    evidence: 'HTTP 404',
  },
  {
    name: 'an explicit retryable: false on a transient code',
    error: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', retryable: false }),
    category: 'TRANSIENT',
    retryable: false,
    helper: false,
  },
  {
    name: 'declared errorCategory on the error object',
    error: Object.assign(new Error('Order 12 is still being created'), {
      errorCategory: 'not_found',
      isRetryable: true,
    }),
    category: 'NOT_FOUND',
    retryable: true,
    evidence: 'declared errorCategory: NOT_FOUND',
    helper: false,
  },
  {
    name: 'tool result with the proposed _meta toolFailure',
    error: {
      isError: true,
      content: [{ type: 'text', text: 'Inventory service is busy' }],
      _meta: {
        'io.modelcontextprotocol/toolFailure': {
          class: 'transient',
          code: 'INVENTORY_BUSY',
          retryable: true,
          retryNotBefore: new Date(NOW + 3000).toISOString(),
        },
      },
    },
    context: { now: NOW },
    category: 'TRANSIENT',
    retryable: true,
    retryAfterMs: 3000,
    says: ['Inventory service is busy'],
    helper: false,
  },
  {
    name: 'wording only: insufficient funds',
    error: new Error('Insufficient funds: balance 10.00 is below 25.00'),
    category: 'BUSINESS',
    retryable: false,
  },
  {
    name: 'wording only: the filesystem server’s access denied, path from the request',
    error: new Error('Access denied - path outside allowed directories: /etc/passwd not in /home/ada/project'),
    context: { operation: 'read_file', requestValues: ['/etc/passwd'] },
    category: 'PERMISSION',
    retryable: false,
    says: ['/etc/passwd'],
    hides: ['/home/ada'],
  },
  {
    name: 'wording only: timed out',
    error: new Error('Request to the pricing service timed out after 30s'),
    category: 'TRANSIENT',
    retryable: true,
  },
  {
    name: 'a thrown string',
    error: 'something broke',
    category: 'UNKNOWN',
    retryable: false,
  },
];
