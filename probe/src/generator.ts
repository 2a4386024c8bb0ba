/**
 * The schema-driven generator: from a tool's `inputSchema` (and an optional fixture of known-good arguments) it
 * plans a seeded, deterministic set of wrong calls. Every call starts from one valid baseline and breaks exactly
 * one thing; the seed picks which parameter is broken and how, so the same seed always sends the same calls.
 */
import type { ProbeMistake } from '../../shared/src/probeReport';
import type { ErrorCategory } from '../../shared/src/taxonomy';
import { SeededRandom } from './random';
import {
  acceptedTypes,
  baselineObject,
  baselineValue,
  isIdLike,
  isSchema,
  mainType,
  primaryBranch,
  requiredNames,
  topLevelProperties,
  type JsonSchema,
  type JsonType,
} from './schema';

/** What a recoverable answer to a planned call looks like. */
export interface Expectation {
  /** Categories that fit the mistake (the first is the one the mistake names). */
  categories: ErrorCategory[];
  /** A valid empty answer is a correct answer (a filter or lookup that matched nothing). */
  emptyIsFine: boolean;
  /** unexpected-property only: the schema does not forbid extra properties (`additionalProperties` absent). */
  extraPropertiesAllowed?: boolean;
}

export interface PlannedCall {
  mistake: ProbeMistake;
  tool: string;
  arguments: Record<string, unknown>;
  /** The parameter the call gets wrong (the tool's name for unknown-tool), for grading the message. */
  parameter: string;
  /** What is wrong, for people: "orderId left out (required)". */
  description: string;
  expectation: Expectation;
}

export interface ToolPlan {
  tool: string;
  baseline: Record<string, unknown>;
  calls: PlannedCall[];
  /** The fixture's own arguments, sent first as a control that must succeed. */
  control?: Record<string, unknown>;
}

export interface ProbedTool {
  name: string;
  inputSchema: JsonSchema;
}

const SCHEMA_RULE: Expectation = { categories: ['VALIDATION'], emptyIsFine: false };
const MISSING_RECORD: Expectation = { categories: ['NOT_FOUND'], emptyIsFine: true };
const EMPTY_IDENTIFIER: Expectation = { categories: ['VALIDATION', 'NOT_FOUND'], emptyIsFine: true };

type Property = { name: string; schema: JsonSchema };

const WRONG_VALUES: Array<{ type: JsonType; value: unknown }> = [
  { type: 'string', value: 'not-a-valid-value' },
  { type: 'number', value: 42 },
  { type: 'boolean', value: true },
  { type: 'array', value: ['example'] },
  { type: 'object', value: { value: 'example' } },
];

function withValue(base: Record<string, unknown>, name: string, value: unknown): Record<string, unknown> {
  return { ...base, [name]: value };
}

function without(base: Record<string, unknown>, name: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(base).filter(([key]) => key !== name));
}

function limit(schema: JsonSchema, key: string): number | undefined {
  const value = schema[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** A numeric bound a person wrote: zod's `.int()` adds ±Number.MAX_SAFE_INTEGER, which says nothing about the domain. */
function numericBound(schema: JsonSchema, key: string): number | undefined {
  const value = limit(schema, key);
  return value !== undefined && Math.abs(value) < Number.MAX_SAFE_INTEGER ? value : undefined;
}

function article(word: string): string {
  return `${/^[aeiou]/.test(word) ? 'an' : 'a'} ${word}`;
}

/** A value for an id-like parameter that cannot name an existing record, shaped like the valid one. */
export function nonexistentValue(schema: JsonSchema, valid: unknown, random: SeededRandom): string {
  const tag = `nonexistent-${random.hex(8)}`;
  const current = typeof valid === 'string' ? valid : '';
  let value: string;
  if (schema.format === 'uuid') {
    value = `${random.hex(8)}-${random.hex(4)}-4${random.hex(3)}-8${random.hex(3)}-${random.hex(12)}`;
  } else if (schema.format === 'email' || schema.format === 'idn-email') {
    value = `${tag}@example.invalid`;
  } else if (/^https?:\/\//.test(current) || schema.format === 'uri' || schema.format === 'url') {
    value = `https://example.invalid/${tag}`;
  } else if (/[\\/]/.test(current)) {
    value = current.replace(/[^\\/]*$/, tag);
  } else {
    const prefix = /^([A-Za-z]+[-_])/.exec(current)?.[1] ?? '';
    value = `${prefix}${tag}`;
  }
  const maxLength = limit(schema, 'maxLength');
  return maxLength !== undefined && value.length > maxLength ? value.slice(value.length - maxLength) : value;
}

function planMissingRequired(required: Property[], base: Record<string, unknown>, random: SeededRandom) {
  if (required.length === 0) return undefined;
  const { name } = random.pick(required);
  return { args: without(base, name), parameter: name, description: `${name} left out (required)` };
}

function planWrongType(properties: Property[], root: JsonSchema, base: Record<string, unknown>, random: SeededRandom) {
  const candidates = properties
    .map((property) => {
      const accepted = acceptedTypes(property.schema, root);
      const wrong = accepted.size === 0 ? [] : WRONG_VALUES.filter(({ type }) => !accepted.has(type));
      return { property, wrong };
    })
    .filter(({ wrong }) => wrong.length > 0);
  if (candidates.length === 0) return undefined;
  const { property, wrong } = random.pick(candidates);
  const { type, value } = random.pick(wrong);
  const expected = mainType(property.schema, root) ?? 'another type';
  return {
    args: withValue(base, property.name, value),
    parameter: property.name,
    description: `${property.name} given ${article(type)} instead of ${article(expected)}`,
  };
}

function planOutOfEnum(properties: Property[], base: Record<string, unknown>, random: SeededRandom) {
  const candidates = properties.filter(
    ({ schema }) => Array.isArray(schema.enum) && schema.enum.some((value) => typeof value === 'string'),
  );
  if (candidates.length === 0) return undefined;
  const { name, schema } = random.pick(candidates);
  const allowed = (schema.enum as unknown[]).filter((value): value is string => typeof value === 'string');
  let value = `${random.pick(allowed)}-${random.hex(4)}`;
  while (allowed.includes(value)) value += 'x';
  return { args: withValue(base, name, value), parameter: name, description: `${name} outside its allowed values` };
}

function planOutOfRange(properties: Property[], root: JsonSchema, base: Record<string, unknown>, random: SeededRandom) {
  type Option = { name: string; value: unknown; description: string };
  const options: Option[] = [];
  for (const property of properties) {
    const { name } = property;
    const schema = primaryBranch(property.schema, root);
    const type = mainType(schema, root);
    if (type === 'number' || type === 'integer') {
      const step = 1 + random.below(9);
      const minimum = numericBound(schema, 'minimum');
      const exclusiveMinimum = numericBound(schema, 'exclusiveMinimum');
      const maximum = numericBound(schema, 'maximum');
      const exclusiveMaximum = numericBound(schema, 'exclusiveMaximum');
      if (minimum !== undefined)
        options.push({ name, value: minimum - step, description: `below its minimum ${minimum}` });
      if (exclusiveMinimum !== undefined) {
        options.push({ name, value: exclusiveMinimum - step + 1, description: `not above ${exclusiveMinimum}` });
      }
      if (maximum !== undefined)
        options.push({ name, value: maximum + step, description: `above its maximum ${maximum}` });
      if (exclusiveMaximum !== undefined) {
        options.push({ name, value: exclusiveMaximum + step - 1, description: `not below ${exclusiveMaximum}` });
      }
    } else if (type === 'array') {
      const items = isSchema(schema.items) ? schema.items : {};
      const minItems = limit(schema, 'minItems');
      const maxItems = limit(schema, 'maxItems');
      if (minItems !== undefined && minItems > 0) {
        options.push({ name, value: [], description: `with fewer than ${minItems} items` });
      }
      if (maxItems !== undefined && maxItems < 1000) {
        const item = baselineValue(items, root) ?? 'example';
        const value = Array.from({ length: maxItems + 1 }, () => item);
        options.push({ name, value, description: `with more than ${maxItems} items` });
      }
    }
  }
  if (options.length === 0) return undefined;
  const { name, value, description } = random.pick(options);
  return { args: withValue(base, name, value), parameter: name, description: `${name} ${description}` };
}

function planUnexpectedProperty(inputSchema: JsonSchema, base: Record<string, unknown>, random: SeededRandom) {
  const extra = inputSchema.additionalProperties;
  if (extra === true || isSchema(extra) || isSchema(inputSchema.patternProperties)) return undefined;
  const properties = isSchema(inputSchema.properties) ? inputSchema.properties : {};
  let name = `unexpected_${random.hex(4)}`;
  while (name in properties) name += 'x';
  return {
    args: withValue(base, name, 'example'),
    parameter: name,
    description: `an extra property ${name} the schema does not declare`,
    extraPropertiesAllowed: extra !== false,
  };
}

function stringProperties(properties: Property[], root: JsonSchema): Property[] {
  return properties.filter(
    ({ schema }) => mainType(schema, root) === 'string' && !Array.isArray(schema.enum) && !('const' in schema),
  );
}

function planEmptyString(
  properties: Property[],
  required: Set<string>,
  root: JsonSchema,
  base: Record<string, unknown>,
  random: SeededRandom,
) {
  const candidates = stringProperties(properties, root).filter(
    ({ name, schema }) =>
      (limit(schema, 'minLength') ?? 0) > 0 ||
      (schema.minLength === undefined && required.has(name) && isIdLike(name, schema, root)),
  );
  if (candidates.length === 0) return undefined;
  const { name, schema } = random.pick(candidates);
  const declared = (limit(schema, 'minLength') ?? 0) > 0;
  return {
    args: withValue(base, name, ''),
    parameter: name,
    description: `${name} given an empty string`,
    expectation: declared ? SCHEMA_RULE : EMPTY_IDENTIFIER,
  };
}

function planOversizedString(
  properties: Property[],
  root: JsonSchema,
  base: Record<string, unknown>,
  random: SeededRandom,
) {
  const candidates = stringProperties(properties, root).filter(
    ({ schema }) => limit(schema, 'maxLength') !== undefined,
  );
  if (candidates.length === 0) return undefined;
  const { name, schema } = random.pick(candidates);
  const maxLength = limit(schema, 'maxLength') ?? 0;
  const length = Math.min(100_000, maxLength + 1 + random.below(Math.max(8, maxLength)));
  return {
    args: withValue(base, name, 'x'.repeat(length)),
    parameter: name,
    description: `${name} given ${length} characters (maxLength ${maxLength})`,
  };
}

function planNonexistentId(
  properties: Property[],
  root: JsonSchema,
  base: Record<string, unknown>,
  random: SeededRandom,
) {
  const candidates = properties.filter(({ name, schema }) => isIdLike(name, schema, root));
  if (candidates.length === 0) return undefined;
  const { name, schema } = random.pick(candidates);
  const value = nonexistentValue(schema, base[name] ?? baselineValue(schema, root), random);
  return {
    args: withValue(base, name, value),
    parameter: name,
    description: `${name} names a record that cannot exist`,
  };
}

/** Plans the wrong calls for one tool; `fixture` (known-good arguments) replaces the schema baseline. */
export function planTool(tool: ProbedTool, seed: number, fixture?: Record<string, unknown>): ToolPlan {
  const random = new SeededRandom(seed, tool.name);
  const root = tool.inputSchema;
  const properties = topLevelProperties(root);
  const requiredSet = new Set(requiredNames(root));
  const required = properties.filter(({ name }) => requiredSet.has(name));
  const baseline = fixture ?? baselineObject(root, root);
  const calls: PlannedCall[] = [];
  const add = (
    mistake: ProbeMistake,
    planned: { args: Record<string, unknown>; parameter: string; description: string } | undefined,
    expectation: Expectation,
  ): void => {
    if (planned) {
      calls.push({
        mistake,
        tool: tool.name,
        arguments: planned.args,
        parameter: planned.parameter,
        description: planned.description,
        expectation,
      });
    }
  };
  add('missing-required', planMissingRequired(required, baseline, random), SCHEMA_RULE);
  add('wrong-type', planWrongType(properties, root, baseline, random), SCHEMA_RULE);
  add('out-of-enum', planOutOfEnum(properties, baseline, random), SCHEMA_RULE);
  add('out-of-range', planOutOfRange(properties, root, baseline, random), SCHEMA_RULE);
  const unexpected = planUnexpectedProperty(root, baseline, random);
  add('unexpected-property', unexpected, {
    ...SCHEMA_RULE,
    extraPropertiesAllowed: unexpected?.extraPropertiesAllowed ?? false,
  });
  const empty = planEmptyString(properties, requiredSet, root, baseline, random);
  add('empty-string', empty, empty?.expectation ?? SCHEMA_RULE);
  add('oversized-string', planOversizedString(properties, root, baseline, random), SCHEMA_RULE);
  const present = properties.filter(({ name }) => fixture === undefined || typeof fixture[name] === 'string');
  add(fixture ? 'fixture' : 'nonexistent-id', planNonexistentId(present, root, baseline, random), MISSING_RECORD);
  return { tool: tool.name, baseline, calls, ...(fixture && { control: fixture }) };
}

/** The call to a tool that does not exist: one per server, its name seeded and unlike every listed tool. */
export function planUnknownTool(toolNames: readonly string[], seed: number): PlannedCall {
  const random = new SeededRandom(seed, '\u0000unknown-tool');
  let name = `no_such_tool_${random.hex(6)}`;
  while (toolNames.includes(name)) name += '_x';
  return {
    mistake: 'unknown-tool',
    tool: name,
    arguments: {},
    parameter: name,
    description: `a call to ${name}, a tool the server does not list`,
    expectation: { categories: ['NOT_FOUND', 'VALIDATION'], emptyIsFine: false },
  };
}
