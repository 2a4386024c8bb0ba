import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatMessage } from '../../../engine/src/engine';

describe('formatMessage', () => {
  it('fills placeholders (spaces inside the braces allowed) and leaves unknown ones as written', () => {
    assert.equal(formatMessage('a {{x}} b {{ y }} c {{z}}', { x: 1, y: 'Y' }), 'a 1 b Y c {{z}}');
  });
  it('gives the same message when the same template is used again with other data', () => {
    const template = '{{name}} returned {{count}} rows';
    assert.equal(formatMessage(template, { name: 'lookUp', count: 3 }), 'lookUp returned 3 rows');
    assert.equal(formatMessage(template, { name: 'save', count: 0 }), 'save returned 0 rows');
  });
  it('takes replacement text literally, repeats a placeholder, and keeps text without placeholders', () => {
    assert.equal(formatMessage('{{a}} post', { a: '$& $1' }), '$& $1 post');
    assert.equal(formatMessage('{{x}}-{{x}}', { x: 2 }), '2-2');
    assert.equal(formatMessage('plain text', { x: 2 }), 'plain text');
    assert.equal(formatMessage('{{ not a placeholder', {}), '{{ not a placeholder');
    assert.equal(formatMessage('x {{a b}} {{c}}', { c: 0 }), 'x {{a b}} 0');
  });
});
