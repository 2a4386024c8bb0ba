/**
 * Tool arguments for a direct call: a JSON skeleton from the tool's inputSchema to start editing from, and a
 * check of the edited JSON against that schema before it is sent (the SDK's own Ajv-based validator). Pure.
 */
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { JsonSchemaType, JsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';

type Schema = Record<string, unknown>;

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function firstType(schema: Schema): string | undefined {
  if (typeof schema.type === 'string') return schema.type;
  if (Array.isArray(schema.type))
    return schema.type.find((type): type is string => typeof type === 'string' && type !== 'null');
  return undefined;
}

/** A placeholder value for one schema: its default, const, first enum value or example, else an empty value of its type. */
export function placeholderFor(schema: unknown, depth = 0): unknown {
  if (!isSchema(schema) || depth > 6) return null;
  if ('default' in schema) return schema.default;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(variants) && variants.length > 0) return placeholderFor(variants[0], depth + 1);
  switch (firstType(schema) ?? (isSchema(schema.properties) ? 'object' : undefined)) {
    case 'string':
      return '';
    case 'number':
    case 'integer':
      return typeof schema.minimum === 'number' ? schema.minimum : 0;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      return objectSkeleton(schema, depth + 1);
    default:
      return null;
  }
}

function objectSkeleton(schema: Schema, depth: number): Record<string, unknown> {
  const properties = isSchema(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required.filter((key) => typeof key === 'string') : [];
  const result: Record<string, unknown> = {};
  for (const key of required) result[key] = placeholderFor(properties[key], depth);
  return result;
}

/**
 * The arguments to start from: every required property with a placeholder; when the tool requires nothing,
 * its properties that carry a default.
 */
export function argumentSkeleton(inputSchema: unknown): Record<string, unknown> {
  if (!isSchema(inputSchema)) return {};
  const skeleton = objectSkeleton(inputSchema, 0);
  if (Object.keys(skeleton).length > 0) return skeleton;
  const properties = isSchema(inputSchema.properties) ? inputSchema.properties : {};
  for (const [key, property] of Object.entries(properties)) {
    if (isSchema(property) && 'default' in property) skeleton[key] = property.default;
  }
  return skeleton;
}

export type ArgumentCheck =
  { ok: true; value: Record<string, unknown>; note?: string } | { ok: false; message: string };

let validator: AjvJsonSchemaValidator | undefined;
/** Compiled validators per schema object (the input box checks on every keystroke; compile once). */
const compiled = new WeakMap<object, JsonSchemaValidator<Record<string, unknown>> | Error>();

function validatorFor(inputSchema: Schema): JsonSchemaValidator<Record<string, unknown>> | Error {
  const known = compiled.get(inputSchema);
  if (known) return known;
  // The meta-schema id is not needed to validate and some drafts are unknown to the validator.
  const { $schema: _ignored, ...schema } = inputSchema;
  let result: JsonSchemaValidator<Record<string, unknown>> | Error;
  try {
    validator ??= new AjvJsonSchemaValidator();
    result = validator.getValidator<Record<string, unknown>>(schema as JsonSchemaType);
  } catch (error) {
    result = error instanceof Error ? error : new Error(String(error));
  }
  compiled.set(inputSchema, result);
  return result;
}

/** Parses the JSON people typed and validates it against the tool's inputSchema. */
export function checkArguments(text: string, inputSchema: unknown): ArgumentCheck {
  let value: unknown;
  try {
    value = text.trim() === '' ? {} : JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `Not JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (!isSchema(value)) return { ok: false, message: 'Tool arguments must be a JSON object.' };
  if (!isSchema(inputSchema)) return { ok: true, value };
  const validate = validatorFor(inputSchema);
  if (validate instanceof Error) {
    return {
      ok: true,
      value,
      note: `The tool's inputSchema could not be compiled (${validate.message}); sent without checking.`,
    };
  }
  const result = validate(value);
  return result.valid
    ? { ok: true, value }
    : { ok: false, message: `Does not match the tool's inputSchema: ${result.errorMessage}` };
}
