/** Assertions shared by the classifier tests: a case's verdict, and a message that leaks nothing. */
import assert from 'node:assert/strict';
import type { Classification } from '../../../../shared/src/classifier';
import { leakedInternals } from '../../../../shared/src/decoder/text';
import { ERROR_CATEGORIES } from '../../../../shared/src/taxonomy';
import type { FailureCase } from './shapes';

const SECRET =
  /sk-(?:live-|proj-)?[A-Za-z0-9]{10,}|gh[pousr]_[A-Za-z0-9]{10,}|A[KS]IA[0-9A-Z]{16}|eyJ[\w-]+\.[\w-]+\.|Bearer\s+(?!\[redacted\])\S|p4ssw0rd|hunter2|xoxb-\d/;
const ABSOLUTE_PATH = /(?:^|[\s'"(=:,])((?:\/|~\/|[A-Za-z]:\\)[^\s'"(),;]+)/g;

/** The message leaks no stack frame, no path the request did not name, no credential. */
export function assertSafeMessage(message: string, requestValues: readonly string[] = []): void {
  assert.equal(typeof message, 'string');
  assert.ok(message.length > 0 && message.length < 1200, `length ${message.length}`);
  assert.equal(leakedInternals(message), undefined, `internals in: ${message}`);
  assert.doesNotMatch(message, /^\s*at\s.+:\d+:\d+/m, message);
  assert.doesNotMatch(message, SECRET, message);
  for (const match of message.matchAll(ABSOLUTE_PATH)) {
    const path = match[1].replace(/[.:]+$/, '');
    if (path.startsWith('//') || !/[/\\][^/\\]+[/\\]/.test(path)) continue;
    assert.ok(
      requestValues.some((value) => path === value || path.startsWith(value)),
      `path ${path} in: ${message}`,
    );
  }
}

/** The classification matches the case's expectations. */
export function assertVerdict(result: Classification, testCase: Omit<FailureCase, 'error' | 'name'>): void {
  const shown = JSON.stringify(result);
  assert.ok(ERROR_CATEGORIES.includes(result.category), shown);
  assert.equal(result.category, testCase.category, shown);
  assert.equal(result.isRetryable, testCase.retryable, shown);
  if (testCase.retryAfterMs !== undefined) assert.equal(result.retryAfterMs, testCase.retryAfterMs, shown);
  if (!result.isRetryable) assert.equal(result.retryAfterMs, undefined, shown);
  if (testCase.evidence !== undefined) assert.equal(result.evidence[0], testCase.evidence, shown);
  for (const words of testCase.says ?? []) assert.ok(result.message.includes(words), `"${words}" missing: ${shown}`);
  for (const words of testCase.hides ?? []) assert.ok(!result.message.includes(words), `"${words}" shown: ${shown}`);
  const operation = testCase.context?.operation ?? 'The operation';
  assert.ok(result.message.startsWith(`${operation} failed: `), result.message);
  assertSafeMessage(result.message, testCase.context?.requestValues);
}
