/** Trace entries for the panel tests: one call per verdict the panel shows. */
import { formatTraceLine, type TraceEntry } from '../../../../shared/src/trace';

const base = Date.parse('2026-11-30T10:00:00.000Z');
const at = (ms: number) => new Date(base + ms).toISOString();

export function request(id: number | string, tool: string, args: unknown, ms: number, server = 'orders'): TraceEntry {
  return {
    ts: at(ms),
    dir: 'host→server',
    server,
    msg: { jsonrpc: '2.0', id, method: 'tools/call', params: { name: tool, arguments: args } },
  };
}

export function response(id: number | string, result: unknown, ms: number, server = 'orders'): TraceEntry {
  return { ts: at(ms), dir: 'server→host', server, msg: { jsonrpc: '2.0', id, result } };
}

const text = (value: string) => [{ type: 'text', text: value }];

/** Six calls: success, valid empty, TRANSIENT ↻, VALIDATION, protocol error, and one left pending. */
export function sampleEntries(server = 'orders'): TraceEntry[] {
  return [
    request(1, 'get_order', { id: 'A-1' }, 0, server),
    response(1, { content: text('{"id":"A-1","total":12}') }, 40, server),
    request(2, 'search_orders', { customer: 8421 }, 100, server),
    response(2, { content: text('No orders found for customer 8421.') }, 130, server),
    request(3, 'get_order', { id: 'A-2' }, 200, server),
    response(
      3,
      {
        isError: true,
        errorCategory: 'TRANSIENT',
        isRetryable: true,
        retryAfterMs: 500,
        content: text('TRANSIENT (retryable): order database unreachable'),
      },
      1400,
      server,
    ),
    request(4, 'refund_order', { id: 'A-3', amount: -5 }, 300, server),
    response(
      4,
      {
        isError: true,
        errorCategory: 'VALIDATION',
        isRetryable: false,
        content: text('VALIDATION: amount must be positive (got -5)'),
      },
      320,
      server,
    ),
    request(5, 'cancel_order', { id: 'A-4' }, 400, server),
    {
      ts: at(410),
      dir: 'server→host',
      server,
      msg: { jsonrpc: '2.0', id: 5, error: { code: -32603, message: 'Internal error' } },
    },
    request(6, 'slow_report', {}, 500, server),
  ];
}

export function sampleText(server = 'orders'): string {
  return sampleEntries(server).map(formatTraceLine).join('');
}
