/**
 * Objects with isError that are a client's record of a received result, not envelopes a tool returns;
 * beside them, envelopes of the same look that are returned (a proxy forwarding the flag, a JSON-RPC result).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import ts from 'typescript';
import { findErrorEnvelopes } from '../../../../engine/src/envelopes/envelopes';

function envelopeTexts(code: string): string[] {
  const sourceFile = ts.createSourceFile('/copies.ts', code, ts.ScriptTarget.Latest, true);
  return findErrorEnvelopes(sourceFile).map((envelope) => envelope.object.getText().replace(/\s+/g, ' '));
}

describe('envelopes: copies of received results are not envelopes', () => {
  it('an error record under an error key of a function response is not an envelope', () => {
    const code = `export function failed(name: string, message: string) {
  return { name, response: { error: { message, isError: true } } };
}`;
    assert.deepEqual(envelopeTexts(code), []);
  });

  it('a summary that copies a received flag without content is not an envelope, in any spelling', () => {
    const code = `export function summary(raw: { isError?: boolean; content: unknown[] }) {
  const a = { output: raw.content, isError: raw.isError === true };
  const b = { output: raw.content, isError: !!raw.isError };
  const c = { output: raw.content, isError: Boolean(raw?.isError) };
  return [a, b, c];
}`;
    assert.deepEqual(envelopeTexts(code), []);
  });

  it('a returned result with content that forwards the flag, a bare isError: true and a JSON-RPC result stay envelopes', () => {
    const code = `export async function forward(answer: { isError?: boolean; content: unknown[] }) {
  return { content: answer.content, isError: answer.isError === true };
}
export function bare() {
  return { isError: true };
}
export function rpc(id: number) {
  return { jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: 'no such order' }], isError: true } };
}`;
    assert.equal(envelopeTexts(code).length, 3);
  });
});
