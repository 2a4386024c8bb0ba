/**
 * Envelope examples reproduced from public articles (in Japanese) on tool-error design, as the decoder must read them.
 * Shapes are kept as the articles wrote them, including non-MCP spellings (`is_error`, `content` as a string or object).
 */
import { describe } from 'node:test';
import { runDecoderTable } from './decoderTable';

void describe('decoder: seed 000 (structured tool errors guide)', () => {
  runDecoderTable([
    {
      name: 'BUSINESS refund outside the window, content as a string',
      result: {
        isError: true,
        errorCategory: 'BUSINESS',
        isRetryable: false,
        content:
          '払い戻しは購入から30日以内のみ対応しております。この注文（#12345）は47日前であり、払い戻し期間を過ぎています。例外とお考えの場合は、スーパーバイザーへのエスカレーションをご依頼ください。',
      },
      expect: { outcome: 'tool-error', category: 'BUSINESS', retryable: false, encoding: 'top-level' },
      findings: ['envelope-hidden-from-model'],
    },
    {
      name: 'access failure: order database unreachable',
      result: {
        isError: true,
        errorCategory: 'TRANSIENT',
        isRetryable: true,
        content: '注文データベースに到達できません（5秒後にタイムアウト）。',
      },
      expect: { outcome: 'tool-error', category: 'TRANSIENT', retryable: true },
      findings: ['envelope-hidden-from-model'],
    },
    {
      name: 'valid empty result: no orders for customer 8421',
      result: { isError: false, content: '顧客 #8421 の注文は見つかりませんでした。' },
      expect: { outcome: 'empty', category: null },
      findings: [],
    },
    {
      name: 'valid empty result in English',
      result: { isError: false, content: 'No order found with ID 12345.' },
      expect: { outcome: 'empty' },
      findings: [],
    },
    {
      name: 'the trap: a zero-match search marked NOT_FOUND',
      result: { isError: true, errorCategory: 'NOT_FOUND', isRetryable: false, content: 'No matches found.' },
      expect: { category: 'NOT_FOUND' },
      findings: ['empty-result-as-error', 'envelope-hidden-from-model'],
    },
    {
      name: 'PERMISSION paywall',
      result: {
        isError: true,
        errorCategory: 'PERMISSION',
        isRetryable: false,
        content: 'Source returned 403 — paywall requires institutional access.',
      },
      expect: { category: 'PERMISSION', retryable: false },
      findings: ['envelope-hidden-from-model'],
    },
    {
      name: 'TRANSIENT rate limit that says when to retry',
      result: {
        isError: true,
        errorCategory: 'TRANSIENT',
        isRetryable: true,
        content: 'Search rate limit exceeded, retry after 60s.',
      },
      expect: { category: 'TRANSIENT', retryable: true },
      findings: [],
    },
    {
      name: 'extract_citations: "[]" is a valid empty answer',
      result: { isError: false, content: '[]' },
      expect: { outcome: 'empty' },
      findings: [],
    },
  ]);
});

void describe('decoder: seed 001 (FastMCP safe_tool, ok/code shape)', () => {
  runDecoderTable([
    {
      name: 'INVALID_SKU marked retryable: contradictory, returned as a plain string result',
      result: {
        content: [
          {
            type: 'text',
            text: '{"ok": false, "code": "INVALID_SKU", "message": "SKU \'a123\' の形式が不正です。", "retryable": true, "suggested_action": "SKUを『英字1文字-数字3桁』（例: A-123）の形式に直して再実行する"}',
          },
        ],
        isError: false,
      },
      expect: { outcome: 'tool-error', category: 'VALIDATION', retryable: true, encoding: 'ok-code' },
      findings: ['failure-as-success', 'contradictory-retryable'],
    },
    {
      name: 'UPSTREAM_UNAVAILABLE from the circuit breaker',
      result: {
        isError: true,
        content: [
          {
            type: 'text',
            text: JSON.stringify({
              ok: false,
              code: 'UPSTREAM_UNAVAILABLE',
              message: '在庫サービスへの接続が連続失敗のため、一時的に遮断しています。',
              retryable: true,
              suggested_action: '30秒待ってから1回だけ再実行する。それでも遮断中なら利用者に報告する',
            }),
          },
        ],
      },
      expect: { category: 'TRANSIENT', retryable: true, encoding: 'ok-code' },
      findings: [],
    },
    {
      name: 'INTERNAL from the catch-all',
      result: {
        isError: true,
        content: [
          {
            type: 'text',
            text: JSON.stringify({ ok: false, code: 'INTERNAL', message: 'KeyError: sku', retryable: false }),
          },
        ],
      },
      expect: { category: 'UNKNOWN', retryable: false, message: 'KeyError: sku' },
      findings: [],
    },
  ]);
});

void describe('decoder: seed 003 (isError flag lesson)', () => {
  runDecoderTable([
    {
      name: 'transient with attempted_query and no content',
      result: {
        isError: true,
        errorCategory: 'transient',
        isRetryable: true,
        message: 'Upstream inventory service timed out after 5s',
        attempted_query: 'GET /inventory?sku=ABX-19',
        partial_results: null,
      },
      expect: {
        category: 'TRANSIENT',
        retryable: true,
        encoding: 'top-level',
        message: 'Upstream inventory service timed out after 5s',
        attemptedQuery: 'GET /inventory?sku=ABX-19',
        partialResults: undefined,
      },
      findings: ['missing-error-content', 'envelope-hidden-from-model'],
    },
    {
      name: 'partial results kept beside the error',
      result: {
        isError: true,
        errorCategory: 'transient',
        isRetryable: true,
        message: '3 of 5 sources responded; 2 timed out',
        attempted_query: "search_catalog(term='thermostat')",
        partial_results: [{ id: 11 }, { id: 12 }, { id: 19 }],
      },
      expect: { partialResults: [{ id: 11 }, { id: 12 }, { id: 19 }] },
      findings: ['missing-error-content', 'envelope-hidden-from-model'],
    },
    {
      name: 'valid empty: results []',
      result: {
        isError: false,
        errorCategory: null,
        message: 'Query succeeded; 0 orders match customer C-7781',
        results: [],
      },
      expect: { outcome: 'empty', category: null, message: 'Query succeeded; 0 orders match customer C-7781' },
      findings: [],
    },
    {
      name: 'valid non-empty: results [order]',
      result: { isError: false, results: [{ id: 'A-1' }] },
      expect: { outcome: 'success' },
      findings: [],
    },
  ]);
});

void describe('decoder: seed 004 (tool design exam guide)', () => {
  runDecoderTable([
    {
      name: 'is_error with JSON string content: business, escalate, context',
      result: {
        type: 'tool_result',
        tool_use_id: 'toolu_abc123',
        is_error: true,
        content: JSON.stringify({
          errorCategory: 'business',
          isRetryable: false,
          message: 'Refund amount $750 exceeds policy limit of $500',
          suggestedAction: 'escalate_to_supervisor',
          context: { requested_amount: 750, policy_limit: 500 },
        }),
      },
      expect: {
        outcome: 'tool-error',
        category: 'BUSINESS',
        retryable: false,
        encoding: 'json-text',
        suggestedAction: 'escalate_to_supervisor',
      },
      findings: [],
    },
    {
      name: 'is_error with JSON string content: transient with retryAfterMs',
      result: {
        is_error: true,
        content: JSON.stringify({
          errorCategory: 'transient',
          isRetryable: true,
          message: 'Database connection timed out after 30s',
          suggestedAction: 'retry_with_backoff',
          retryAfterMs: 5000,
        }),
      },
      expect: { category: 'TRANSIENT', retryable: true, retryAfterMs: 5000 },
      findings: [],
    },
    {
      name: 'is_error with an object as content: permission',
      result: {
        is_error: true,
        content: {
          errorCategory: 'permission',
          isRetryable: false,
          message: 'DOC-12345 の編集権限がありません',
          suggestedAction: 'request_access',
          context: { doc_id: 'DOC-12345', required_role: 'editor', current_role: 'viewer' },
        },
      },
      expect: {
        category: 'PERMISSION',
        retryable: false,
        encoding: 'json-text',
        message: 'DOC-12345 の編集権限がありません',
      },
      findings: [],
    },
  ]);
});
