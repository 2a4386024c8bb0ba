import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { formatTraceLine } from '../../../shared/src/trace';
import { isSecretVariableName, REDACTED, Redactor } from '../../../tap/src/redact';

void describe('redaction', () => {
  void it('recognises secret-like variable names', () => {
    for (const name of [
      'GITHUB_TOKEN',
      'api_key',
      'DB_PASSWORD',
      'CLIENT_SECRET',
      'AUTH_HEADER',
      'AWS_SECRET_ACCESS_KEY',
    ]) {
      assert.ok(isSecretVariableName(name), name);
    }
    for (const name of ['PATH', 'HOME', 'NODE_ENV', 'LANG']) assert.ok(!isSecretVariableName(name), name);
  });

  void it('hides values of secret variables in every spelling a trace line can hold', () => {
    const redactor = Redactor.fromEnvironment({
      MY_TOKEN: 'abc"def-123',
      HOME: '/home/me',
      FLAG_KEY: 'true',
      PIN_PASSWORD: '42',
    });
    const inner = JSON.stringify({ MY_TOKEN: 'abc"def-123', HOME: '/home/me' });
    const line = formatTraceLine({
      ts: 't',
      dir: 'server→host',
      server: 's',
      msg: {
        id: 1,
        result: { content: [{ type: 'text', text: inner }], raw: 'abc"def-123', note: 'flag true, pin 42' },
      },
    });
    const redacted = redactor.redactText(line);
    assert.ok(!redacted.includes('abc'), redacted);
    assert.ok(redacted.includes('/home/me'), 'values of ordinary variables stay');
    assert.ok(redacted.includes('flag true, pin 42'), 'booleans and numbers are not treated as secrets');
    assert.doesNotThrow(() => JSON.parse(redacted));
  });

  void it('hides an Authorization value and its bare token', () => {
    const redactor = new Redactor();
    redactor.addSecret('Bearer tok-98765');
    assert.equal(redactor.redactText('x Bearer tok-98765 y tok-98765'), `x ${REDACTED} y ${REDACTED}`);
  });

  void it('replaces credential-named fields without touching the original message', () => {
    const message = {
      params: { headers: { Authorization: 'Basic zzz' }, arguments: { q: 'x', password: 'pw' } },
      list: [{ token: 't' }],
    };
    const copy = new Redactor().redactFields(message);
    assert.deepEqual(copy, {
      params: { headers: { Authorization: REDACTED }, arguments: { q: 'x', password: REDACTED } },
      list: [{ token: REDACTED }],
    });
    assert.equal(message.params.arguments.password, 'pw');
    const clean = { a: [1, { b: 'c' }] };
    assert.equal(new Redactor().redactFields(clean), clean, 'nothing to hide: the same object comes back');
  });
});
