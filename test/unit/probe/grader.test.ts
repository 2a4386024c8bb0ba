/**
 * The probe's grader as a table: each row is a planned wrong call, a real answer (decoded by the shared decoder),
 * and the score and findings the rubric gives it. Plus the rubric itself: its rows add up to 100, and
 * docs/probe.md states the same points.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { decodeRpcError, decodeToolResult } from '../../../shared/src/decoder';
import type { ProbeMistake } from '../../../shared/src/probeReport';
import type { Expectation, PlannedCall } from '../../../probe/src/generator';
import { gradeAnswer, gradeServer, gradeTool, type ProbeAnswer } from '../../../probe/src/grader';
import { PARTIAL_CREDIT, RUBRIC, RUBRIC_TOTAL } from '../../../probe/src/rubric';

const SCHEMA_RULE: Expectation = { categories: ['VALIDATION'], emptyIsFine: false };
const MISSING_RECORD: Expectation = { categories: ['NOT_FOUND'], emptyIsFine: true };

function planned(
  mistake: ProbeMistake,
  parameter: string,
  args: Record<string, unknown>,
  expectation: Expectation = SCHEMA_RULE,
): PlannedCall {
  return { mistake, tool: 'get_order', arguments: args, parameter, description: `${parameter} wrong`, expectation };
}

function result(value: Record<string, unknown>): ProbeAnswer {
  const texts = Array.isArray(value.content)
    ? (value.content as Array<{ text?: string }>).map((block) => block.text ?? '').join('\n')
    : '';
  return { kind: 'result', decoded: decodeToolResult(value), text: texts };
}

function text(body: string, extra: Record<string, unknown> = {}): ProbeAnswer {
  return result({ isError: true, content: [{ type: 'text', text: body }], ...extra });
}

const SDK_TYPE_ERROR =
  'MCP error -32602: Input validation error: Invalid arguments for tool get_order: Invalid input: expected string, received number at orderId';

interface Row {
  name: string;
  call: PlannedCall;
  answer: ProbeAnswer;
  score: number;
  findings?: string[];
  secrets?: string[];
}

const wrongType = planned('wrong-type', 'orderId', { orderId: 42 });
const missingOrder = planned('nonexistent-id', 'orderId', { orderId: 'nonexistent-1a2b3c4d' }, MISSING_RECORD);
const extraAllowed = planned(
  'unexpected-property',
  'unexpected_ab12',
  { orderId: 'ord-1', unexpected_ab12: 'example' },
  { ...SCHEMA_RULE, extraPropertiesAllowed: true },
);
const extraForbidden = { ...extraAllowed, expectation: { ...SCHEMA_RULE, extraPropertiesAllowed: false } };
const unknownTool = planned(
  'unknown-tool',
  'no_such_tool_abc',
  {},
  {
    categories: ['NOT_FOUND', 'VALIDATION'],
    emptyIsFine: false,
  },
);

const ROWS: Row[] = [
  {
    name: 'the SDK default for a schema violation: tool error, no category, no retryability',
    call: wrongType,
    answer: text(SDK_TYPE_ERROR),
    score: 70,
    findings: ['missing-error-category', 'missing-is-retryable'],
  },
  {
    name: 'a full envelope naming the parameter and the rule',
    call: wrongType,
    answer: text('[VALIDATION, not retryable] orderId must be a string such as ord-1001.', {
      errorCategory: 'VALIDATION',
      isRetryable: false,
    }),
    score: 100,
    findings: [],
  },
  {
    name: 'a wrong call answered as a success',
    call: wrongType,
    answer: result({ content: [{ type: 'text', text: '{"id":"42"}' }] }),
    score: 0,
    findings: ['silently-accepted'],
  },
  {
    name: 'a wrong call answered with an empty success',
    call: wrongType,
    answer: result({ content: [{ type: 'text', text: 'No orders found.' }] }),
    score: 0,
    findings: ['silently-accepted'],
  },
  {
    name: 'a missing record answered NOT_FOUND, not retryable, naming the id',
    call: missingOrder,
    answer: text('[NOT_FOUND, not retryable] There is no order nonexistent-1a2b3c4d.', {
      errorCategory: 'NOT_FOUND',
      isRetryable: false,
    }),
    score: 100,
  },
  {
    name: 'a missing record as a plain thrown error (the mistaken twin)',
    call: missingOrder,
    answer: text('Order nonexistent-1a2b3c4d not found'),
    score: 70,
  },
  {
    name: 'a missing record in a filter: a valid empty answer',
    call: missingOrder,
    answer: result({ isError: false, content: [{ type: 'text', text: 'No orders found for customer x.' }] }),
    score: 100,
    findings: [],
  },
  {
    name: 'a missing record answered with data',
    call: missingOrder,
    answer: result({ content: [{ type: 'text', text: '{"id":"nonexistent-1a2b3c4d","total":3}' }] }),
    score: 0,
    findings: ['silently-accepted'],
  },
  {
    name: 'a category that does not fit, and a retryable VALIDATION',
    call: wrongType,
    answer: text('orderId: expected a string', { errorCategory: 'NOT_FOUND', isRetryable: true }),
    score: 40 + PARTIAL_CREDIT.otherCategory + 0 + 10 + 10 + 10,
    findings: ['envelope-hidden-from-model', 'unexpected-category'],
  },
  {
    name: 'an extra property the schema allows, ignored',
    call: extraAllowed,
    answer: result({ content: [{ type: 'text', text: '{"id":"ord-1"}' }] }),
    score: PARTIAL_CREDIT.extraPropertyIgnored,
    findings: ['extra-property-ignored'],
  },
  {
    name: 'an extra property the schema allows, and an error about something else',
    call: extraAllowed,
    answer: text('[NOT_FOUND, not retryable] There is no order ord-1.', {
      errorCategory: 'NOT_FOUND',
      isRetryable: false,
    }),
    score: PARTIAL_CREDIT.extraPropertyIgnored,
    findings: ['extra-property-ignored'],
  },
  {
    name: 'an extra property the schema forbids, ignored',
    call: extraForbidden,
    answer: result({ content: [{ type: 'text', text: '{"id":"ord-1"}' }] }),
    score: 0,
    findings: ['silently-accepted'],
  },
  {
    name: 'an extra property the schema forbids, refused by name',
    call: extraForbidden,
    answer: text('[VALIDATION, not retryable] Unrecognized key "unexpected_ab12".', {
      errorCategory: 'VALIDATION',
      isRetryable: false,
    }),
    score: 100,
  },
  {
    name: 'the unknown tool as a JSON-RPC -32602 error (what the MCP spec shows)',
    call: unknownTool,
    answer: {
      kind: 'result',
      decoded: decodeRpcError({ code: -32602, message: 'Unknown tool: no_such_tool_abc' }),
      text: 'Unknown tool: no_such_tool_abc',
    },
    score: PARTIAL_CREDIT.unknownToolAsProtocolError + 0 + 0 + 10 + 10 + 10,
  },
  {
    name: 'a wrong call as a JSON-RPC -32602 error',
    call: wrongType,
    answer: {
      kind: 'result',
      decoded: decodeRpcError({ code: -32602, message: SDK_TYPE_ERROR }),
      text: SDK_TYPE_ERROR,
    },
    score: PARTIAL_CREDIT.requestRejectedAsProtocolError + 30,
  },
  {
    name: 'an execution failure as a JSON-RPC -32603 error',
    call: missingOrder,
    answer: { kind: 'result', decoded: decodeRpcError({ code: -32603, message: 'boom' }), text: 'boom' },
    score: PARTIAL_CREDIT.otherProtocolError + 10,
    findings: ['protocol-error-for-execution-failure'],
  },
  {
    name: 'a stack trace in the text',
    call: wrongType,
    answer: text('TypeError: orderId expected string\n    at getOrder (/srv/app/dist/orders.js:12:7)'),
    score: 60,
    findings: ['missing-error-category', 'missing-is-retryable', 'leaked-internals'],
  },
  {
    name: 'a source file path in the text',
    call: wrongType,
    answer: text('orderId: expected a string (validator /srv/app/dist/validate.js rejected it)', {
      errorCategory: 'VALIDATION',
      isRetryable: false,
    }),
    score: 90,
    findings: ['envelope-hidden-from-model', 'leaked-internals'],
  },
  {
    name: 'a path the call itself gave is not a leak',
    call: planned('nonexistent-id', 'path', { path: '/data/nonexistent-1a2b3c4d.ts' }, MISSING_RECORD),
    answer: text('[NOT_FOUND, not retryable] No such file: /data/nonexistent-1a2b3c4d.ts', {
      errorCategory: 'NOT_FOUND',
      isRetryable: false,
    }),
    score: 100,
    findings: [],
  },
  {
    name: 'a value of the environment in the text',
    call: wrongType,
    answer: text('orderId: expected a string (db password hunter2-secret)', {
      errorCategory: 'VALIDATION',
      isRetryable: false,
    }),
    secrets: ['hunter2-secret'],
    score: 90,
    findings: ['envelope-hidden-from-model', 'leaked-environment'],
  },
  { name: 'a hang', call: wrongType, answer: { kind: 'timeout', timeoutMs: 300 }, score: 0, findings: ['timeout'] },
  {
    name: 'a crash',
    call: wrongType,
    answer: { kind: 'crashed', detail: 'exit code 1' },
    score: 0,
    findings: ['server-crashed'],
  },
  {
    name: 'a call abandoned after a crash',
    call: wrongType,
    answer: { kind: 'not-sent', because: 'server-crashed' },
    score: 0,
    findings: ['server-crashed'],
  },
];

void describe('probe grader: answers and their scores', () => {
  for (const row of ROWS) {
    void it(row.name, () => {
      const graded = gradeAnswer(row.call, row.answer, row.secrets);
      assert.equal(graded.score, row.score, graded.verdict);
      if (row.findings)
        assert.deepEqual(
          graded.findings.map((finding) => finding.check),
          row.findings,
        );
      assert.match(graded.verdict, new RegExp(`^${row.score}/100`));
    });
  }

  void it('reports hangs and crashes as protocol errors with a message', () => {
    for (const answer of [
      { kind: 'timeout', timeoutMs: 300 },
      { kind: 'crashed', detail: 'exit code 1' },
    ] satisfies ProbeAnswer[]) {
      const graded = gradeAnswer(wrongType, answer);
      assert.equal(graded.outcome, 'protocol-error');
      assert.ok(graded.message !== null && graded.message.length > 0);
    }
  });

  void it('tool and server grades are rounded means; skipped tools do not count', () => {
    assert.equal(gradeTool([70, 70, 100]), 80);
    assert.equal(gradeTool([]), null);
    assert.equal(gradeServer([80, null, 61]), 71);
    assert.equal(gradeServer([null]), null);
  });
});

void describe('probe rubric', () => {
  void it('adds up to 100 and the criteria row points sum to a perfect answer', () => {
    assert.equal(RUBRIC_TOTAL, 100);
    assert.equal(new Set(RUBRIC.map((row) => row.criterion)).size, RUBRIC.length);
  });

  void it('docs/probe.md states the same points per criterion and the same partial credit', () => {
    const doc = fs.readFileSync(path.resolve(__dirname, '../../../../docs/probe.md'), 'utf8');
    for (const row of RUBRIC) {
      assert.match(doc, new RegExp(`\\|\\s*\`${row.criterion}\`\\s*\\|\\s*${row.points}\\s*\\|`), row.criterion);
    }
    for (const [name, points] of Object.entries(PARTIAL_CREDIT)) {
      assert.match(doc, new RegExp(`\`${name}\`[^\\n]*\\|\\s*${points}\\s*\\|`), name);
    }
  });
});
