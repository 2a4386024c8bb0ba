import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseSettings } from '../../../engine/src/settings';

describe('settings', () => {
  it('keeps the valid check overrides when one entry is invalid, and reports the bad one', () => {
    const { settings, problems } = parseSettings({
      checks: { 'throw-in-handler': 'off', 'unguarded-handler': 'warn' },
    });
    assert.deepEqual(settings.checks, { 'throw-in-handler': 'off' });
    assert.equal(problems.length, 1);
    assert.match(problems[0], /mcpEnvelope\.checks\.unguarded-handler/);
  });

  it('falls back to the default for an invalid value and says so', () => {
    const { settings, problems } = parseSettings({ categoryCase: 'shouty', envelopeStyle: 'top-level' });
    assert.equal(settings.categoryCase, 'upper');
    assert.equal(settings.envelopeStyle, 'top-level');
    assert.equal(problems.length, 1);
  });
});
