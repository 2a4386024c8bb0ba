import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { TOOL_ERRORS_HELPER_PATH, TOOL_ERRORS_HELPER_SOURCE, classifyText } from '../../../../shared/src/classifier';
import { SPECIFIC_TEXT_RULES, WORDING_RULES } from '../../../../shared/src/classifier/wording';
import type { ErrorCategory } from '../../../../shared/src/taxonomy';
import { ALL_CASES } from './allCases';
import { TEXT_CASES } from './casesText';
import { assertSafeMessage } from './check';

/** Wordings seen in real servers' throws, beyond the case table: the helper must read each as the classifier does. */
const WORDING_CORPUS = [
  'Rate limit reached for requests',
  'The operation was aborted due to timeout',
  'Service temporarily unavailable, please try again',
  'Access denied - path outside allowed directories',
  'Repository octo/hello does not exist',
  'Could not find a page with that title',
  'A label with this name already exists',
  'Insufficient balance to place the order',
  'Cannot specify both startDate and daysBack',
  'limit must be between 1 and 100',
  'Expected a JSON object',
  'Internal Server Error',
  'Authenticated request props are required',
  'Authentication required to list private repositories',
  'BRIGHTDATA_API_TOKEN is required',
  'Notion API key not configured',
  'config.baseUrl is required',
  'The index name is required',
  'Something odd happened',
];

interface HelperModule {
  classifyError(error: unknown): {
    errorCategory: ErrorCategory;
    isRetryable: boolean;
    retryAfterMs?: number;
    reason: string;
  };
  toolError(
    error: unknown,
    operation: string,
    message?: string,
  ): { isError: true; content: [{ type: 'text'; text: string }]; errorCategory: ErrorCategory; isRetryable: boolean };
}

const STRICT: ts.CompilerOptions = {
  strict: true,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  noImplicitReturns: true,
  noUnusedLocals: true,
  noUnusedParameters: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2020,
  lib: ['lib.es2020.d.ts'],
  types: [],
  skipLibCheck: true,
};

let helper: HelperModule;
let directory: string;

void describe('tool-errors helper template', () => {
  before(() => {
    directory = mkdtempSync(path.join(tmpdir(), 'mcp-envelope-helper-'));
    const source = path.join(directory, 'toolErrors.ts');
    writeFileSync(source, TOOL_ERRORS_HELPER_SOURCE);
    const output = ts.transpileModule(TOOL_ERRORS_HELPER_SOURCE, {
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2020, strict: true },
    });
    const compiled = path.join(directory, 'toolErrors.js');
    writeFileSync(compiled, output.outputText);
    helper = createRequire(__filename)(compiled) as HelperModule;
  });

  void it('type-checks under strict settings with no lib beyond ES2020', () => {
    const program = ts.createProgram([path.join(directory, 'toolErrors.ts')], STRICT);
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    assert.deepEqual(problems, []);
    rmSync(directory, { recursive: true, force: true });
  });

  void it('is self-contained, owned by the user, short, and formatted as Prettier writes it', async () => {
    assert.doesNotMatch(TOOL_ERRORS_HELPER_SOURCE, /^\s*import\s|require\(/m);
    assert.match(TOOL_ERRORS_HELPER_SOURCE, /Written by MCP Envelope; this file is yours/);
    assert.match(
      TOOL_ERRORS_HELPER_SOURCE,
      /export function toolError\(error: unknown, operation: string, message\?: string\)/,
    );
    assert.match(TOOL_ERRORS_HELPER_SOURCE, /export function classifyError\(error: unknown\)/);
    assert.equal(TOOL_ERRORS_HELPER_PATH, 'src/toolErrors.ts');
    const lines = TOOL_ERRORS_HELPER_SOURCE.split('\n');
    // The wording rows are the classifier's own regular expressions, which Prettier does not wrap.
    assert.ok(lines.length <= 240, String(lines.length));
    for (const line of lines) assert.ok(line.length <= 120 || /^ {4}\/.+\/[a-z]*,$/.test(line), line);
    const prettier = await import('prettier');
    const formatted = await prettier.format(TOOL_ERRORS_HELPER_SOURCE, {
      parser: 'typescript',
      printWidth: 120,
      singleQuote: true,
      trailingComma: 'all',
    });
    assert.equal(formatted, TOOL_ERRORS_HELPER_SOURCE);
  });

  void it('agrees with the classifier on every library case it covers', () => {
    let covered = 0;
    for (const testCase of ALL_CASES) {
      if (testCase.helper === false) continue;
      covered++;
      const result = helper.classifyError(testCase.error);
      assert.deepEqual(
        [result.errorCategory, result.isRetryable],
        [testCase.category, testCase.retryable],
        `${testCase.name}: ${JSON.stringify(result)}`,
      );
    }
    assert.ok(covered >= 90, String(covered));
  });

  void it('agrees with the classifier on the text cases it covers', () => {
    for (const testCase of TEXT_CASES) {
      if (testCase.helper === false) continue;
      const result = helper.classifyError(testCase.text);
      assert.deepEqual(
        [result.errorCategory, result.isRetryable],
        [testCase.category, testCase.retryable],
        testCase.text,
      );
    }
  });

  void it("holds the classifier's wording rules, in the classifier's order", () => {
    const table = (name: string): string => {
      const start = TOOL_ERRORS_HELPER_SOURCE.indexOf(`const ${name}: [ErrorCategory, RegExp][] = [`);
      return TOOL_ERRORS_HELPER_SOURCE.slice(start, TOOL_ERRORS_HELPER_SOURCE.indexOf('\n];', start));
    };
    const rows = (text: string): string[] =>
      [...text.matchAll(/\[\s*'([A-Z_]+)',\s+(\/.+\/[a-z]*),?\s*\]/g)].map((match) => `${match[1]} ${match[2]}`);
    const expected = (rules: typeof WORDING_RULES): string[] =>
      rules.map((rule) => `${rule.category} ${String(rule.match)}`);
    assert.deepEqual(rows(table('SDK_PHRASES')), expected(SPECIFIC_TEXT_RULES));
    assert.deepEqual(rows(table('WORDING')), expected(WORDING_RULES));
    // The helper derives retryability from the category: the wording rules must mean the same.
    for (const rule of [...SPECIFIC_TEXT_RULES, ...WORDING_RULES]) {
      assert.equal(rule.retryable, rule.category === 'TRANSIENT', String(rule.match));
    }
  });

  void it('decides like the classifier on a corpus of wordings (category and retryability)', () => {
    const corpus = [
      ...TEXT_CASES.filter((testCase) => testCase.helper !== false).map((testCase) => testCase.text),
      ...WORDING_CORPUS,
    ];
    for (const text of corpus) {
      const ours = classifyText(text);
      const result = helper.classifyError(new Error(text));
      assert.deepEqual([result.errorCategory, result.isRetryable], [ours.category, ours.isRetryable], text);
    }
  });

  void it('reads a failed fetch Response: status, Retry-After, and the status as the reason', () => {
    const response = (status: number, statusText: string, headers: Record<string, string> = {}): unknown => ({
      ok: false,
      status,
      statusText,
      headers: { get: (name: string): string | null => headers[name.toLowerCase()] ?? null },
    });
    const limited = helper.toolError(response(429, 'Too Many Requests', { 'retry-after': '7' }), 'search');
    assert.deepEqual([limited.errorCategory, limited.isRetryable], ['TRANSIENT', true]);
    assert.equal(helper.classifyError(response(429, 'Too Many Requests', { 'retry-after': '7' })).retryAfterMs, 7000);
    assert.equal(limited.content[0].text, '[TRANSIENT, retryable] search failed: HTTP 429 Too Many Requests');
    const missing = helper.toolError(response(404, 'Not Found'), 'search', 'Index products was not found');
    assert.equal(missing.errorCategory, 'NOT_FOUND');
    assert.equal(
      missing.content[0].text,
      '[NOT_FOUND, not retryable] Index products was not found: HTTP 404 Not Found',
    );
    const told = helper.toolError(response(401, 'Unauthorized'), 'search', 'Search failed: 401 Unauthorized');
    assert.equal(told.content[0].text, '[PERMISSION, not retryable] Search failed: 401 Unauthorized');
    const failed = helper.toolError(response(500, ''), 'search');
    assert.equal(failed.content[0].text, '[UNKNOWN, not retryable] search failed: HTTP 500');
  });

  void it('writes the facts first in the text, and the same facts as fields', () => {
    const error = Object.assign(new Error("ENOENT: no such file or directory, open '/srv/data/a.txt'"), {
      code: 'ENOENT',
    });
    const result = helper.toolError(error, 'read_file');
    assert.equal(result.isError, true);
    assert.equal(result.errorCategory, 'NOT_FOUND');
    assert.equal(result.isRetryable, false);
    assert.match(result.content[0].text, /^\[NOT_FOUND, not retryable\] read_file failed: /);
    assert.ok(!result.content[0].text.includes('/srv/data'), result.content[0].text);
  });

  void it("keeps the author's own message in place of '<operation> failed', the reason after it once", () => {
    const timeout = Object.assign(new Error('connect ETIMEDOUT 10.0.0.7:443'), { code: 'ETIMEDOUT' });
    const cases: { message: string | undefined; text: string }[] = [
      {
        message: 'Could not load issue 42 from the tracker',
        text: '[TRANSIENT, retryable] Could not load issue 42 from the tracker: connect ETIMEDOUT 10.0.0.7:443',
      },
      {
        // The author's message already carries the error's text: it is not repeated.
        message: 'Tracker request failed: connect ETIMEDOUT 10.0.0.7:443',
        text: '[TRANSIENT, retryable] Tracker request failed: connect ETIMEDOUT 10.0.0.7:443',
      },
      {
        // Credentials and paths in the author's message are hidden like those in the error's.
        message: 'Upload of /home/ana/report.pdf with token=s3cr3t failed',
        text: '[TRANSIENT, retryable] Upload of <path> with token=[redacted] failed: connect ETIMEDOUT 10.0.0.7:443',
      },
      { message: '   ', text: '[TRANSIENT, retryable] get_issue failed: connect ETIMEDOUT 10.0.0.7:443' },
      { message: undefined, text: '[TRANSIENT, retryable] get_issue failed: connect ETIMEDOUT 10.0.0.7:443' },
    ];
    for (const { message, text } of cases) {
      const result = helper.toolError(timeout, 'get_issue', message);
      assert.equal(result.content[0].text, text);
      assert.equal(result.errorCategory, 'TRANSIENT');
    }
  });

  void it('reads Retry-After seconds and names zod fields', () => {
    const limited = helper.classifyError({ status: 429, headers: { 'retry-after': '12' } });
    assert.equal(limited.retryAfterMs, 12_000);
    const zod = helper.classifyError({
      name: 'ZodError',
      issues: [{ path: ['items', 0, 'qty'], message: 'Required' }],
    });
    assert.equal(zod.reason, 'invalid input: items.0.qty: Required');
  });

  void it('never throws and hides internals on hostile input', () => {
    const cyclic: Record<string, unknown> = { message: 'Bearer abc.def.ghi at /opt/app/x.ts:1:2' };
    cyclic.cause = cyclic;
    const getters = Object.defineProperty({}, 'message', {
      get: () => {
        throw new Error('no');
      },
    });
    const badHeaders = {
      status: 429,
      headers: {
        get: () => {
          throw new Error('no');
        },
      },
    };
    const revoked = Proxy.revocable({}, {});
    revoked.revoke();
    const odd = {
      message: {
        toString: () => {
          throw new Error('no');
        },
      },
      issues: [{ path: [Symbol('s'), {}], message: 1 }],
    };
    for (const input of [
      null,
      undefined,
      42,
      Symbol('s'),
      cyclic,
      getters,
      badHeaders,
      revoked.proxy,
      odd,
      'x'.repeat(100_000),
    ]) {
      const result = helper.toolError(input, 'tool');
      assert.equal(result.isError, true);
      assertSafeMessage(result.content[0].text);
    }
  });
});
