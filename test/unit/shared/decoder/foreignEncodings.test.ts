import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readForeignFailure } from '../../../../shared/src/classifier';
import { decodeToolResult } from '../../../../shared/src/decoder';
import { ENVELOPE_STYLES, renderEnvelope } from '../../../../shared/src/envelopeStyle';

const text = (value: string) => [{ type: 'text', text: value }];

void describe('decoder: the encodings the field is moving to', () => {
  const rows: [string, Record<string, unknown>, string, boolean, string][] = [
    [
      'the proposed _meta key',
      {
        isError: true,
        content: text('[TRANSIENT, retryable] upstream busy'),
        _meta: {
          'io.modelcontextprotocol/toolFailure': { class: 'rate_limited', retryable: true, correlationId: 'c1' },
        },
      },
      'TRANSIENT',
      true,
      'meta-proposal',
    ],
    [
      '{ code, category, retry: { safe, after_ms } }',
      {
        isError: true,
        content: text('slow down'),
        structuredContent: { code: 'E429', category: 'rate_limit', retry: { safe: true, after_ms: 2000 } },
      },
      'TRANSIENT',
      true,
      'foreign-shape',
    ],
    [
      '{ category, is_retryable } in JSON text',
      { isError: true, content: text('{"category":"not_found","is_retryable":false,"message":"no order 7"}') },
      'NOT_FOUND',
      false,
      'foreign-shape',
    ],
    [
      '{ recoverable: false }',
      { isError: true, content: text('x'), recoverable: false },
      'UNKNOWN',
      false,
      'foreign-shape',
    ],
  ];
  for (const [title, result, category, retryable, encoding] of rows) {
    void it(`reads ${title}`, () => {
      const decoded = decodeToolResult(result);
      assert.equal(decoded.category, category);
      assert.equal(decoded.retryable, retryable);
      assert.equal(decoded.encoding, encoding);
    });
  }

  void it('reads the retry delay of the retry shape', () => {
    assert.equal(decodeToolResult(rows[1][1]).retryAfterMs, 2000);
  });

  void it('a success that has a `category` field is data, not a failure', () => {
    const decoded = decodeToolResult({ content: text('{"category":"internal","name":"wiki"}') });
    assert.equal(decoded.outcome, 'success');
    assert.equal(decoded.category, null);
  });

  void it('the _meta key alone, without the facts in the text, is hidden from the model', () => {
    const decoded = decodeToolResult({
      isError: true,
      content: text('could not save'),
      _meta: { 'io.modelcontextprotocol/toolFailure': { class: 'conflict', retryable: false } },
    });
    assert.equal(decoded.category, 'BUSINESS');
    assert.ok(decoded.findings.some((finding) => finding.check === 'envelope-hidden-from-model'));
  });
});

void describe('envelopeStyle meta (the proposed _meta key, an open proposal)', () => {
  void it('is a setting value', () => {
    assert.ok((ENVELOPE_STYLES as readonly string[]).includes('meta'));
  });

  void it('renders an envelope that the classifier and the decoder read back, facts in the text too', () => {
    const source = renderEnvelope(
      { category: 'NOT_FOUND', retryable: false, messageSource: "'order 7 not found'" },
      { style: 'meta', categoryCase: 'upper', indent: '' },
    );
    assert.match(
      source,
      /_meta: \{ 'io\.modelcontextprotocol\/toolFailure': \{ class: 'not_found', retryable: false \} \}/,
    );
    assert.doesNotMatch(source, /errorCategory/);
    const value = new Function(`return (${source});`)() as Record<string, unknown>;
    assert.equal(readForeignFailure(value)?.category, 'NOT_FOUND');
    const decoded = decodeToolResult(value);
    assert.equal(decoded.category, 'NOT_FOUND');
    assert.equal(decoded.retryable, false);
    assert.equal(decoded.message, '[NOT_FOUND, not retryable] order 7 not found');
    assert.deepEqual(decoded.findings, []);
  });

  void it('writes retryNotBefore from a retry delay', () => {
    const source = renderEnvelope(
      { category: 'TRANSIENT', retryable: true, messageSource: "'busy'", retryAfterMsSource: '5000' },
      { style: 'meta', categoryCase: 'upper', indent: '' },
    );
    const before = Date.now();
    const value = new Function(`return (${source});`)() as { _meta: Record<string, { retryNotBefore: string }> };
    const at = Date.parse(value._meta['io.modelcontextprotocol/toolFailure'].retryNotBefore);
    assert.ok(at >= before + 5000 && at <= Date.now() + 5000);
  });
});
