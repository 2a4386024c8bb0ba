/**
 * The probe's generator: valid baselines, one mistake per call, determinism per seed. Baselines and mistakes are
 * checked against the schemas with Ajv (the JSON Schema validator the SDK itself depends on), so "valid" and
 * "breaks the schema" are judged by a real validator, not by the generator's own reading.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { ProbeMistake } from '../../../shared/src/probeReport';
import { planTool, planUnknownTool, type ToolPlan } from '../../../probe/src/generator';
import type { JsonSchema } from '../../../probe/src/schema';

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);

function valid(schema: JsonSchema, args: Record<string, unknown>): boolean {
  return ajv.validate(schema, args);
}

/** An orders tool as zod emits it (int bounds included), but with additionalProperties: false. */
const REFUND: JsonSchema = {
  type: 'object',
  properties: {
    orderId: { type: 'string', minLength: 1 },
    amountCents: { type: 'integer', exclusiveMinimum: 0, maximum: Number.MAX_SAFE_INTEGER },
    reason: { type: 'string', minLength: 3, maxLength: 40 },
    status: { type: 'string', enum: ['placed', 'shipped'] },
    notify: { type: 'boolean' },
  },
  required: ['orderId', 'amountCents', 'reason'],
  additionalProperties: false,
};

const SEARCH: JsonSchema = {
  $defs: { Id: { type: 'string', format: 'uuid' } },
  type: 'object',
  properties: {
    userId: { $ref: '#/$defs/Id' },
    limit: { anyOf: [{ type: 'integer', minimum: 1, maximum: 100 }, { type: 'null' }] },
    paths: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 3 },
    since: { type: 'string', format: 'date-time' },
  },
  required: ['userId', 'paths'],
};

const NO_INPUT: JsonSchema = { type: 'object', properties: {} };
const OPEN_OBJECT: JsonSchema = { type: 'object', properties: { q: { type: 'string' } }, additionalProperties: true };

function mistakes(plan: ToolPlan): ProbeMistake[] {
  return plan.calls.map((call) => call.mistake);
}

function callFor(plan: ToolPlan, mistake: ProbeMistake) {
  const call = plan.calls.find((candidate) => candidate.mistake === mistake);
  assert.ok(call, `a ${mistake} call should be planned: ${JSON.stringify(mistakes(plan))}`);
  return call;
}

void describe('probe generator: baselines', () => {
  void it('builds a valid baseline from defaults, enums, minimums and formats', () => {
    for (const schema of [REFUND, SEARCH, NO_INPUT, OPEN_OBJECT]) {
      const plan = planTool({ name: 't', inputSchema: schema }, 1);
      assert.ok(valid(schema, plan.baseline), `baseline ${JSON.stringify(plan.baseline)}: ${ajv.errorsText()}`);
    }
    const plan = planTool({ name: 't', inputSchema: SEARCH }, 1);
    assert.equal(plan.baseline.userId, '00000000-0000-4000-8000-000000000000');
    assert.deepEqual(plan.baseline.paths, ['example']);
    assert.deepEqual(planTool({ name: 't', inputSchema: REFUND }, 1).baseline, {
      orderId: 'example',
      amountCents: 1,
      reason: 'example',
    });
  });

  void it('uses a default or the first enum value before anything else', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: { sort: { type: 'string', enum: ['name', 'size'] }, count: { type: 'number', default: 3 } },
      required: ['sort', 'count'],
    };
    assert.deepEqual(planTool({ name: 't', inputSchema: schema }, 1).baseline, { sort: 'name', count: 3 });
  });
});

void describe('probe generator: one mistake per call', () => {
  void it('plans every schema mistake for a rich schema, each breaking the schema', () => {
    const plan = planTool({ name: 'issue_refund', inputSchema: REFUND }, 1);
    assert.deepEqual(mistakes(plan), [
      'missing-required',
      'wrong-type',
      'out-of-enum',
      'out-of-range',
      'unexpected-property',
      'empty-string',
      'oversized-string',
      'nonexistent-id',
    ]);
    for (const call of plan.calls) {
      const ok = valid(REFUND, call.arguments);
      assert.equal(ok, call.mistake === 'nonexistent-id', `${call.mistake} ${JSON.stringify(call.arguments)}`);
      const changed = Object.keys({ ...plan.baseline, ...call.arguments }).filter(
        (key) => JSON.stringify(plan.baseline[key]) !== JSON.stringify(call.arguments[key]),
      );
      assert.deepEqual(changed, [call.parameter], `${call.mistake} should change only ${call.parameter}`);
    }
  });

  void it('reads each kind the way the schema states it', () => {
    const plan = planTool({ name: 'issue_refund', inputSchema: REFUND }, 1);
    assert.ok(REFUND.required && (REFUND.required as string[]).includes(callFor(plan, 'missing-required').parameter));
    assert.deepEqual(callFor(plan, 'out-of-enum').parameter, 'status');
    const range = callFor(plan, 'out-of-range');
    assert.equal(range.parameter, 'amountCents');
    assert.ok((range.arguments.amountCents as number) <= 0, 'below the exclusive minimum, not above MAX_SAFE_INTEGER');
    assert.equal(callFor(plan, 'oversized-string').parameter, 'reason');
    assert.ok((callFor(plan, 'oversized-string').arguments.reason as string).length > 40);
    assert.equal(callFor(plan, 'empty-string').arguments[callFor(plan, 'empty-string').parameter], '');
    assert.equal(callFor(plan, 'unexpected-property').expectation.extraPropertiesAllowed, false);
    assert.deepEqual(callFor(plan, 'nonexistent-id').expectation.categories, ['NOT_FOUND']);
    assert.match(callFor(plan, 'nonexistent-id').arguments.orderId as string, /^nonexistent-[0-9a-f]{8}$/);
  });

  void it('follows $ref and anyOf, breaks array bounds, and shapes a missing id like its format', () => {
    const plan = planTool({ name: 'search', inputSchema: SEARCH }, 3);
    for (const call of plan.calls) {
      assert.equal(
        valid(SEARCH, call.arguments),
        call.mistake === 'nonexistent-id' || call.mistake === 'unexpected-property',
      );
    }
    const id = callFor(plan, 'nonexistent-id');
    assert.equal(id.parameter, 'userId');
    assert.match(id.arguments.userId as string, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/);
    const extra = callFor(plan, 'unexpected-property');
    assert.equal(extra.expectation.extraPropertiesAllowed, true, 'additionalProperties absent: extras are allowed');
    const wrongType = callFor(plan, 'wrong-type');
    assert.notEqual(typeof wrongType.arguments[wrongType.parameter], 'undefined');
  });

  void it('plans no unexpected property when the schema accepts any, and only that for a tool without input', () => {
    assert.ok(!mistakes(planTool({ name: 'q', inputSchema: OPEN_OBJECT }, 1)).includes('unexpected-property'));
    assert.deepEqual(mistakes(planTool({ name: 'ping', inputSchema: NO_INPUT }, 1)), ['unexpected-property']);
  });

  void it('an empty id without minLength expects VALIDATION or NOT_FOUND and accepts an empty answer', () => {
    const schema: JsonSchema = { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] };
    const call = callFor(planTool({ name: 'read', inputSchema: schema }, 1), 'empty-string');
    assert.deepEqual(call.expectation, { categories: ['VALIDATION', 'NOT_FOUND'], emptyIsFine: true });
  });
});

void describe('probe generator: fixtures', () => {
  void it('starts from the fixture and replaces its id with one that cannot exist in the same folder', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: { path: { type: 'string' }, head: { type: 'number' } },
      required: ['path'],
    };
    const fixture = { path: '/srv/data/notes.txt', head: 2 };
    const plan = planTool({ name: 'read_text_file', inputSchema: schema }, 1, fixture);
    assert.deepEqual(plan.baseline, fixture);
    assert.deepEqual(plan.control, fixture);
    assert.ok(!mistakes(plan).includes('nonexistent-id'), 'the fixture mistake replaces nonexistent-id');
    const call = callFor(plan, 'fixture');
    assert.match(call.arguments.path as string, /^\/srv\/data\/nonexistent-[0-9a-f]{8}$/);
    assert.equal(call.arguments.head, 2);
    assert.equal(callFor(plan, 'missing-required').arguments.head, 2, 'other mistakes start from the fixture too');
  });
});

void describe('probe generator: determinism', () => {
  const plans = (seed: number) =>
    [REFUND, SEARCH, NO_INPUT].map((schema, index) => planTool({ name: `tool${index}`, inputSchema: schema }, seed));

  void it('sends the same calls for the same seed', () => {
    assert.deepEqual(plans(7), plans(7));
    assert.deepEqual(planUnknownTool(['a'], 7), planUnknownTool(['a'], 7));
  });

  void it('sends different calls for a different seed where randomness is used', () => {
    const arguments1 = JSON.stringify(plans(1).map((plan) => plan.calls.map((call) => call.arguments)));
    const arguments2 = JSON.stringify(plans(2).map((plan) => plan.calls.map((call) => call.arguments)));
    assert.notEqual(arguments1, arguments2);
    assert.notEqual(planUnknownTool([], 1).tool, planUnknownTool([], 2).tool);
    // The kinds of mistake do not depend on the seed, only the details.
    assert.deepEqual(
      plans(1).map((plan) => mistakes(plan)),
      plans(2).map((plan) => mistakes(plan)),
    );
  });

  void it("a tool's calls do not depend on the other tools of the server", () => {
    const alone = planTool({ name: 'issue_refund', inputSchema: REFUND }, 5);
    const again = planTool({ name: 'issue_refund', inputSchema: REFUND }, 5);
    planTool({ name: 'other', inputSchema: SEARCH }, 5);
    assert.deepEqual(alone, again);
  });

  void it('never names the unknown tool like a listed one', () => {
    const first = planUnknownTool([], 1).tool;
    assert.notEqual(planUnknownTool([first], 1).tool, first);
  });
});
