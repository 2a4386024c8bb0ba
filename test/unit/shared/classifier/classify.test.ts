import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { classifyFailure, CLASSIFIER_RULES, factsPrefix } from '../../../../shared/src/classifier';
import { NEVER_RETRYABLE } from '../../../../shared/src/taxonomy';
import { ALL_CASES, CASE_GROUPS } from './allCases';
import { assertVerdict } from './check';
import { NOW, type FailureCase } from './shapes';

function runCases(cases: FailureCase[]): void {
  for (const testCase of cases) {
    void it(testCase.name, () => {
      assertVerdict(classifyFailure(testCase.error, { now: NOW, ...testCase.context }), testCase);
    });
  }
}

for (const [group, cases] of CASE_GROUPS) void describe(`classifier: ${group}`, () => runCases(cases));

void describe('classifier: evidence and rules', () => {
  void it('has at least 80 library cases, every library represented', () => {
    const all = ALL_CASES;
    assert.ok(all.length >= 80, String(all.length));
    const names = all.map((testCase) => testCase.name).join('\n');
    for (const library of ['fs', 'net', 'fetch', 'axios', 'Octokit', 'AWS', 'Prisma', 'pg', 'zod 3', 'zod 4']) {
      assert.ok(names.includes(library), library);
    }
    assert.equal(new Set(all.map((testCase) => testCase.name)).size, all.length, 'case names are unique');
  });

  void it('says when structured evidence outranked the wording', () => {
    const result = classifyFailure(Object.assign(new Error('upstream timed out'), { status: 404 }));
    assert.deepEqual(result.evidence, ['HTTP 404', '"timed out" (wording, outranked)']);
  });

  void it('keeps a passed-over weak rule as evidence', () => {
    const result = classifyFailure(Object.assign(new Error('Order 12 not found'), { status: 500 }));
    assert.deepEqual(result.evidence, ['"not found"', 'HTTP 500']);
  });

  void it('reports Retry-After as evidence', () => {
    const result = classifyFailure({ status: 429, headers: { 'Retry-After': '30' }, message: 'slow down' });
    assert.deepEqual([result.category, result.retryAfterMs], ['TRANSIENT', 30_000]);
    assert.ok(result.evidence.includes('Retry-After: 30'), JSON.stringify(result.evidence));
  });

  void it('a Retry-After date in the past means retry now', () => {
    const past = new Date(NOW - 60_000).toUTCString();
    const result = classifyFailure({ status: 503, headers: { 'retry-after': past } }, { now: NOW });
    assert.equal(result.retryAfterMs, 0);
  });

  void it('writes the facts prefix the recommended envelope style puts first', () => {
    assert.equal(factsPrefix({ category: 'NOT_FOUND', isRetryable: false }), '[NOT_FOUND, not retryable]');
    assert.equal(factsPrefix({ category: 'TRANSIENT', isRetryable: true }), '[TRANSIENT, retryable]');
  });

  void it('the rule table is consistent: reasons, never-retryable categories, weak rules only UNKNOWN', () => {
    assert.ok(CLASSIFIER_RULES.length > 150, String(CLASSIFIER_RULES.length));
    for (const rule of CLASSIFIER_RULES) {
      const shown = `${rule.source} ${String(rule.match)}`;
      assert.ok(rule.reason.length > 5, shown);
      assert.doesNotMatch(rule.reason, /^[A-Z]|\.$/, `reasons are lower-case fragments: ${shown}`);
      if (NEVER_RETRYABLE.has(rule.category)) assert.equal(rule.retryable, false, shown);
      if (rule.weak) assert.equal(rule.category, 'UNKNOWN', shown);
    }
  });
});
