/**
 * A table-driven tester for one check, in the manner of typescript-eslint's RuleTester:
 * valid cases must produce no finding of the check; invalid cases list the expected ranges
 * (1-based, like the CLI) and the output after applying the check's preferred fixes.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyseSourceFile, parseSource } from '../../../../engine/src/engine';
import { applyEdits, syntaxErrorCount } from '../../../../engine/src/fixes/fixApplier';
import type { EngineSettings, Finding } from '../../../../engine/src/types';
import { DEFAULT_SETTINGS, engineSettings } from '../../../../engine/src/settings';

export interface ExpectedFinding {
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
  /** The id in the check's `meta.messages`: tables assert ids, not wording. */
  messageId: string;
  /** Placeholder values the finding must carry: equal to a string, or matching a pattern. */
  data?: Readonly<Record<string, string | RegExp>>;
  severity?: Finding['severity'];
}

export interface ExpectedSuggestion {
  title: RegExp;
  output: string;
}

export interface ValidCase {
  name: string;
  code: string;
  settings?: Partial<EngineSettings>;
  fileName?: string;
}

export interface InvalidCase extends ValidCase {
  errors: ExpectedFinding[];
  /** Text after applying every preferred fix of this check once; null when the check offers none. */
  output: string | null;
  /** Non-preferred fixes, each applied alone to the original text. */
  suggestions?: ExpectedSuggestion[];
  /** Title of the preferred fix of the first finding. */
  fixTitle?: RegExp;
}

export interface CheckTable {
  valid: ValidCase[];
  invalid: InvalidCase[];
}

function settingsFor(testCase: ValidCase): EngineSettings {
  return { ...engineSettings(DEFAULT_SETTINGS), ...testCase.settings };
}

export function findingsOf(checkId: string, testCase: ValidCase): { findings: Finding[]; text: string } {
  const fileName = testCase.fileName ?? '/virtual/server.ts';
  const sourceFile = parseSource(fileName, testCase.code);
  const { findings } = analyseSourceFile(sourceFile, settingsFor(testCase));
  return { findings: findings.filter((f) => f.check === checkId), text: testCase.code };
}

function position(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}

/** Runs a check's table as node:test cases. */
export function runCheckTable(checkId: string, table: CheckTable): void {
  describe(checkId, () => {
    describe('valid', () => {
      for (const testCase of table.valid) {
        it(testCase.name, () => {
          const { findings } = findingsOf(checkId, testCase);
          assert.deepEqual(
            findings.map((f) => f.message),
            [],
            `expected no ${checkId} finding`,
          );
        });
      }
    });
    describe('invalid', () => {
      for (const testCase of table.invalid) {
        it(testCase.name, () => {
          const { findings, text } = findingsOf(checkId, testCase);
          const actual = findings.map((f) => {
            const start = position(text, f.start);
            const end = position(text, f.end);
            return { line: start.line, column: start.column, endLine: end.line, endColumn: end.column, f };
          });
          assert.equal(
            actual.length,
            testCase.errors.length,
            `findings: ${JSON.stringify(actual.map((a) => [a.line, a.column, a.f.message]))}`,
          );
          testCase.errors.forEach((expected, i) => {
            const got = actual[i];
            assert.equal(got.line, expected.line, `finding ${i} line`);
            assert.equal(got.column, expected.column, `finding ${i} column`);
            if (expected.endLine !== undefined) assert.equal(got.endLine, expected.endLine, `finding ${i} endLine`);
            if (expected.endColumn !== undefined)
              assert.equal(got.endColumn, expected.endColumn, `finding ${i} endColumn`);
            assert.equal(got.f.messageId, expected.messageId, `finding ${i} messageId`);
            for (const [key, value] of Object.entries(expected.data ?? {})) {
              const actualValue = String(got.f.data[key]);
              if (typeof value === 'string') assert.equal(actualValue, value, `finding ${i} data.${key}`);
              else assert.match(actualValue, value, `finding ${i} data.${key}`);
            }
            assert.doesNotMatch(got.f.message, /\{\{\w+\}\}/, `finding ${i}: every placeholder is filled`);
            if (expected.severity) assert.equal(got.f.severity, expected.severity);
          });
          const preferred = findings
            .map((f) => f.computeFixes().find((fix) => fix.preferred))
            .filter((fix) => fix !== undefined);
          if (testCase.output === null) {
            assert.equal(preferred.length, 0, 'expected no preferred fix');
          } else {
            assert.ok(preferred.length > 0, 'expected a preferred fix');
            const fixed = applyEdits(
              text,
              preferred.flatMap((fix) => fix.edits),
            );
            assert.equal(fixed, testCase.output);
            assert.equal(syntaxErrorCount('/virtual/fixed.ts', fixed), 0, 'fixed output must parse');
          }
          if (testCase.fixTitle) {
            const title = preferred[0]?.title ?? '';
            assert.match(title, testCase.fixTitle);
          }
          for (const suggestion of testCase.suggestions ?? []) {
            const fix = findings
              .flatMap((f) => f.computeFixes())
              .find((candidate) => suggestion.title.test(candidate.title));
            assert.ok(fix, `expected a fix titled ${suggestion.title}`);
            assert.equal(applyEdits(text, fix.edits), suggestion.output);
          }
        });
      }
    });
  });
}
