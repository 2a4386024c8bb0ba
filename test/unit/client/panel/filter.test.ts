import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { toCallRow, verdictOf, formatDuration, preview, type CallRow } from '../../../../shared/src/panel/callRow';
import {
  EMPTY_FILTER,
  facets,
  filterRows,
  isFilterEmpty,
  UNCLASSIFIED,
  type CallFilter,
} from '../../../../shared/src/panel/filter';
import { decodeCalls } from '../../../../shared/src/decoder';
import { request, response, sampleEntries } from './traceSamples';

function rows(): CallRow[] {
  const entries = [
    ...sampleEntries('orders'),
    ...sampleEntries('billing').map((e) => ({
      ...e,
      msg: { ...(e.msg as object), id: `b${(e.msg as { id: number }).id}` },
    })),
    request(90, 'lookup', { q: 'x' }, 900),
    response(90, { isError: true, content: [{ type: 'text', text: 'Lookup failed: <b>catalog</b> offline' }] }, 950),
  ];
  return decodeCalls(entries).map((call, index) => toCallRow(`c${index + 1}`, index + 1, 'x.mcptrace.jsonl', call));
}

const only = (filter: Partial<CallFilter>) => filterRows(rows(), { ...EMPTY_FILTER, ...filter });

void describe('Tool Calls filtering', () => {
  void it('shows every call with the empty filter', () => {
    assert.equal(only({}).length, 13);
    assert.equal(isFilterEmpty(EMPTY_FILTER), true);
    assert.equal(isFilterEmpty({ ...EMPTY_FILTER, text: 'x' }), false);
  });

  void it('filters by server, tool and outcome (with "any error")', () => {
    assert.equal(only({ server: 'billing' }).length, 6);
    assert.deepEqual(
      only({ tool: 'get_order', server: 'orders' }).map((r) => r.verdict),
      ['success', 'TRANSIENT ↻'],
    );
    assert.deepEqual(
      only({ outcome: 'empty' }).map((r) => r.server),
      ['orders', 'billing'],
    );
    assert.deepEqual(
      only({ outcome: 'error', server: 'orders' }).map((r) => r.verdict),
      ['TRANSIENT ↻', 'VALIDATION', 'protocol error', 'UNKNOWN'],
    );
    assert.deepEqual(
      only({ outcome: 'pending' }).map((r) => r.tool),
      ['slow_report', 'slow_report'],
    );
  });

  void it('filters by category, and "none" finds failures without one', () => {
    assert.equal(only({ category: 'VALIDATION' }).length, 2);
    assert.deepEqual(
      only({ category: UNCLASSIFIED }).map((r) => r.tool),
      ['lookup'],
    );
  });

  void it('free text: every word must match, case-insensitively, in tool, arguments, message or finding ids', () => {
    assert.deepEqual(
      only({ text: 'A-2' }).map((r) => r.tool),
      ['get_order', 'get_order'],
    );
    assert.deepEqual(
      only({ text: 'POSITIVE billing' }).map((r) => r.server),
      ['billing'],
    );
    assert.deepEqual(
      only({ text: 'missing-error-category' }).map((r) => r.tool),
      ['lookup'],
    );
    assert.deepEqual(only({ text: 'nothing-matches-this' }), []);
  });

  void it('lists distinct servers and tools, sorted, for the drop-downs', () => {
    const { servers, tools } = facets(rows());
    assert.deepEqual(servers, ['billing', 'orders']);
    assert.deepEqual(tools, ['cancel_order', 'get_order', 'lookup', 'refund_order', 'search_orders', 'slow_report']);
  });

  void it('verdict labels mark retryable failures and unclassified ones', () => {
    assert.deepEqual(verdictOf({ outcome: 'tool-error', category: 'NOT_FOUND', retryable: false }), {
      verdict: 'NOT_FOUND',
      tone: 'error',
    });
    assert.deepEqual(verdictOf({ outcome: 'tool-error', category: null, retryable: null }), {
      verdict: 'UNKNOWN',
      tone: 'error',
    });
    assert.deepEqual(verdictOf({ outcome: 'cancelled', category: null, retryable: null }), {
      verdict: 'cancelled',
      tone: 'cancelled',
    });
  });

  void it('row previews stay short and formatting is stable', () => {
    assert.equal(preview('a'.repeat(500)).length, 240);
    assert.equal(preview('a\n  b'), 'a b');
    assert.deepEqual(
      [formatDuration(null), formatDuration(40), formatDuration(1200), formatDuration(65_000)],
      ['—', '40 ms', '1.2 s', '1 m 05 s'],
    );
  });
});
