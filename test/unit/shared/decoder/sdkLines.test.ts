/**
 * Decoding details: both SDK lines' rejections read alike (VALIDATION, prefix stripped, "check the tool name" for
 * an unknown tool), network failure words read TRANSIENT, a success whose text reports a failure is flagged, and
 * structuredContent is named as the encoding when it carries the facts.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { decodeRpcError, decodeToolResult, nextActionForResult } from '../../../../shared/src/decoder';
import { runDecoderTable } from './decoderTable';

const text = (value: string) => [{ type: 'text', text: value }];

void describe('decoder: the two SDK lines', () => {
  runDecoderTable([
    {
      name: 'v1.x invalid arguments: isError text "MCP error -32602: …"',
      result: {
        isError: true,
        content: text('MCP error -32602: Input validation error: Invalid arguments for tool add: expected number'),
      },
      expect: {
        outcome: 'tool-error',
        category: 'VALIDATION',
        message: 'Input validation error: Invalid arguments for tool add: expected number',
        rejectedRequest: true,
      },
      findings: [],
    },
    {
      name: 'v2 invalid arguments: isError text "Input validation error: …"',
      result: {
        isError: true,
        content: text('Input validation error: Invalid arguments for tool add: expected number'),
      },
      expect: {
        outcome: 'tool-error',
        category: 'VALIDATION',
        message: 'Input validation error: Invalid arguments for tool add: expected number',
        rejectedRequest: true,
      },
      findings: [],
    },
    {
      name: 'v1.x unknown tool: isError text "MCP error -32602: Tool x not found"',
      result: { isError: true, content: text('MCP error -32602: Tool get_ordr not found') },
      expect: { category: 'VALIDATION', message: 'Tool get_ordr not found', unknownTool: true },
      findings: [],
    },
    {
      name: 'a handler’s own text that merely mentions validation is not an SDK rejection',
      result: { isError: true, content: text('The input validation error log is full') },
      expect: { category: null },
      findings: ['missing-error-category', 'missing-is-retryable'],
    },
  ]);

  void it('v2 unknown tool (a -32602 protocol error) decodes as v1 does', () => {
    const v2 = decodeRpcError({ code: -32602, message: 'Tool get_ordr not found' });
    const v1 = decodeToolResult({ isError: true, content: text('MCP error -32602: Tool get_ordr not found') });
    assert.deepEqual([v2.category, v2.message, v2.unknownTool], [v1.category, v1.message, v1.unknownTool]);
    assert.deepEqual(v2.findings, []);
    for (const decoded of [v1, v2]) {
      const next = nextActionForResult(decoded);
      assert.match(next, /check the tool name against tools\/list/);
      assert.doesNotMatch(next, /Change the input/);
    }
  });

  void it('"Tool X not found" from any server means check the tool name, not the identifier or the input', () => {
    const plain = decodeToolResult({ isError: true, content: text('Tool "refund_order" not found') });
    assert.match(nextActionForResult(plain), /check the tool name/);
    const missingOrder = decodeToolResult({ isError: true, content: text('Order 42 not found') });
    assert.doesNotMatch(nextActionForResult(missingOrder), /tool name/);
  });
});

void describe('decoder: network failure words read TRANSIENT', () => {
  for (const words of [
    'fetch failed',
    'connect ECONNREFUSED 127.0.0.1:5432',
    'connect ETIMEDOUT 10.0.0.3:443',
    'read ECONNRESET',
    'getaddrinfo EAI_AGAIN api.example.com',
  ]) {
    void it(words, () => {
      const decoded = decodeToolResult({ isError: true, content: text(`Could not load prices: ${words}`) });
      assert.equal(decoded.textHint, 'TRANSIENT');
      assert.match(nextActionForResult(decoded), /the text reads as TRANSIENT: Retry/);
    });
  }
});

void describe('decoder: a success whose text reports a failure', () => {
  runDecoderTable([
    {
      name: '"Error: Operation failed" without isError',
      result: { content: text('Error: Operation failed') },
      expect: { outcome: 'tool-error', message: 'Error: Operation failed' },
      findings: ['failure-as-success', 'missing-error-category', 'missing-is-retryable', 'generic-error-message'],
    },
    {
      name: 'data that mentions an error is still data',
      result: { content: text('Log line 3: Error: disk quota nearly reached (92%)') },
      expect: { outcome: 'success' },
      findings: [],
    },
    {
      name: 'a long report starting with "Error:" in a JSON payload is data',
      result: { content: text('{"lastError":"Error: timeout","count":3}') },
      expect: { outcome: 'success' },
      findings: [],
    },
  ]);
});

void describe('decoder: structuredContent named when it carries the facts', () => {
  const envelope = { errorCategory: 'NOT_FOUND', isRetryable: false, message: 'Order 42 not found' };
  runDecoderTable([
    {
      name: 'the text mirrors structuredContent (JSON.stringify of it)',
      result: { isError: true, content: text(JSON.stringify(envelope)), structuredContent: envelope },
      expect: { category: 'NOT_FOUND', encoding: 'structured-content' },
      findings: [],
    },
    {
      name: 'facts only in the JSON text stay json-text',
      result: { isError: true, content: text(JSON.stringify(envelope)) },
      expect: { category: 'NOT_FOUND', encoding: 'json-text' },
      findings: [],
    },
  ]);
});
