/**
 * The parts of JSON Schema the probe reads from a tool's `inputSchema`, and the VALID baseline arguments it builds
 * from them (defaults, the first enum value, minimums, examples, format-aware strings), so that each wrong call
 * breaks exactly one thing. Local `$ref`s (`#/definitions/…`, `#/$defs/…`) are followed; anything else is read
 * leniently: a schema the probe cannot understand yields no mistake rather than a wrong one.
 */

export type JsonSchema = Record<string, unknown>;

export type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object' | 'null';

const JSON_TYPES: readonly JsonType[] = ['string', 'number', 'integer', 'boolean', 'array', 'object', 'null'];

export function isSchema(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Follows a local `$ref` (one level at a time, at most 16 hops) against the root schema. */
export function resolveSchema(schema: JsonSchema, root: JsonSchema): JsonSchema {
  let current = schema;
  for (let hops = 0; hops < 16 && typeof current.$ref === 'string'; hops++) {
    const ref = current.$ref;
    if (!ref.startsWith('#/')) return current;
    let target: unknown = root;
    for (const part of ref.slice(2).split('/')) {
      const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
      target = isSchema(target) ? target[key] : undefined;
    }
    if (!isSchema(target)) return current;
    const rest = Object.fromEntries(Object.entries(current).filter(([key]) => key !== '$ref'));
    current = { ...target, ...rest };
  }
  return current;
}

/** The non-null branches of `anyOf`/`oneOf`, or the schema itself. */
function branches(schema: JsonSchema): JsonSchema[] {
  const alternatives = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : [];
  const real = alternatives.filter(isSchema).filter((branch) => branch.type !== 'null');
  return real.length > 0 ? real : [schema];
}

/** The schema of its first non-null `anyOf`/`oneOf` branch (where bounds such as `minimum` live), resolved. */
export function primaryBranch(schema: JsonSchema, root: JsonSchema): JsonSchema {
  const resolved = resolveSchema(schema, root);
  return resolveSchema(branches(resolved)[0], root);
}

/** Every JSON type the schema accepts (declared, or implied by keywords); empty when it cannot tell. */
export function acceptedTypes(schema: JsonSchema, root: JsonSchema): Set<JsonType> {
  const types = new Set<JsonType>();
  const alternatives = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : [];
  if (alternatives.length > 0) {
    for (const branch of alternatives.filter(isSchema)) {
      const inner = acceptedTypes(resolveSchema(branch, root), root);
      if (inner.size === 0) return new Set();
      for (const type of inner) types.add(type);
    }
    return types;
  }
  const declared = Array.isArray(schema.type) ? schema.type : schema.type !== undefined ? [schema.type] : [];
  for (const type of declared) if (JSON_TYPES.includes(type as JsonType)) types.add(type as JsonType);
  if (types.size === 0 && Array.isArray(schema.enum)) {
    for (const value of schema.enum) types.add(typeOfValue(value));
  }
  if (types.size === 0 && 'const' in schema) types.add(typeOfValue(schema.const));
  if (types.has('integer')) types.add('number');
  return types;
}

export function typeOfValue(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'object') return 'object';
  return 'string';
}

/** The schema's main type for building values: the first non-null declared or implied type. */
export function mainType(schema: JsonSchema, root: JsonSchema): JsonType | undefined {
  const resolved = resolveSchema(branches(resolveSchema(schema, root))[0], root);
  const declared = Array.isArray(resolved.type) ? resolved.type : [resolved.type];
  const first = declared.find((type) => typeof type === 'string' && type !== 'null');
  if (typeof first === 'string' && JSON_TYPES.includes(first as JsonType)) return first as JsonType;
  if (Array.isArray(resolved.enum) && resolved.enum.length > 0) return typeOfValue(resolved.enum[0]);
  if ('const' in resolved) return typeOfValue(resolved.const);
  if (isSchema(resolved.properties)) return 'object';
  return undefined;
}

const FORMAT_EXAMPLES: Record<string, string> = {
  email: 'user@example.com',
  'idn-email': 'user@example.com',
  uri: 'https://example.com/',
  'uri-reference': 'https://example.com/',
  iri: 'https://example.com/',
  url: 'https://example.com/',
  date: '2024-01-01',
  'date-time': '2024-01-01T00:00:00Z',
  time: '00:00:00Z',
  duration: 'P1D',
  uuid: '00000000-0000-4000-8000-000000000000',
  ipv4: '127.0.0.1',
  ipv6: '::1',
  hostname: 'example.com',
  'idn-hostname': 'example.com',
};

function numberOrUndefined(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function baselineString(schema: JsonSchema): string {
  const format = typeof schema.format === 'string' ? FORMAT_EXAMPLES[schema.format] : undefined;
  let text = format ?? 'example';
  const minLength = numberOrUndefined(schema.minLength) ?? 0;
  const maxLength = numberOrUndefined(schema.maxLength);
  while (text.length < minLength) text += 'x';
  if (maxLength !== undefined && text.length > maxLength) text = text.slice(0, Math.max(maxLength, minLength));
  return text;
}

function baselineNumber(schema: JsonSchema, integer: boolean): number {
  const minimum = numberOrUndefined(schema.minimum);
  const exclusiveMinimum = numberOrUndefined(schema.exclusiveMinimum);
  const maximum = numberOrUndefined(schema.maximum);
  const exclusiveMaximum = numberOrUndefined(schema.exclusiveMaximum);
  const multipleOf = numberOrUndefined(schema.multipleOf);
  let value: number;
  if (minimum !== undefined) value = minimum;
  else if (exclusiveMinimum !== undefined) value = integer ? Math.floor(exclusiveMinimum) + 1 : exclusiveMinimum + 1;
  else value = 1;
  const upper = maximum ?? (exclusiveMaximum !== undefined ? exclusiveMaximum - (integer ? 1 : 0.5) : undefined);
  if (upper !== undefined && value > upper) value = integer ? Math.floor(upper) : upper;
  if (multipleOf !== undefined && multipleOf > 0) value = Math.ceil(value / multipleOf) * multipleOf;
  return value;
}

/** A valid value for the schema, or undefined when it cannot build one. Depth-limited against cycles. */
export function baselineValue(schema: JsonSchema, root: JsonSchema, depth = 0): unknown {
  if (depth > 8) return undefined;
  const resolved = resolveSchema(schema, root);
  if ('const' in resolved) return resolved.const;
  if ('default' in resolved && resolved.default !== undefined) return resolved.default;
  if (Array.isArray(resolved.enum) && resolved.enum.length > 0) return resolved.enum[0];
  if (Array.isArray(resolved.examples) && resolved.examples.length > 0) return resolved.examples[0];
  if (Array.isArray(resolved.allOf)) {
    const merged = resolved.allOf.filter(isSchema).reduce<JsonSchema>((all, part) => ({ ...all, ...part }), {});
    return baselineValue({ ...merged, ...resolved, allOf: undefined }, root, depth + 1);
  }
  const branch = branches(resolved)[0];
  if (branch !== resolved) return baselineValue(branch, root, depth + 1);
  switch (mainType(resolved, root)) {
    case 'string':
      return baselineString(resolved);
    case 'integer':
      return baselineNumber(resolved, true);
    case 'number':
      return baselineNumber(resolved, false);
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'array': {
      const items = isSchema(resolved.items) ? resolved.items : {};
      const count = numberOrUndefined(resolved.minItems) ?? 0;
      return Array.from({ length: count }, () => baselineValue(items, root, depth + 1) ?? 'example');
    }
    case 'object':
      return baselineObject(resolved, root, depth + 1);
    default:
      return undefined;
  }
}

/** The object's required properties, each with its baseline value. */
export function baselineObject(schema: JsonSchema, root: JsonSchema, depth = 0): Record<string, unknown> {
  const resolved = resolveSchema(schema, root);
  const properties = isSchema(resolved.properties) ? resolved.properties : {};
  const required = Array.isArray(resolved.required) ? resolved.required.filter((n) => typeof n === 'string') : [];
  const object: Record<string, unknown> = {};
  for (const name of required) {
    const property = properties[name];
    const value = isSchema(property) ? baselineValue(property, root, depth) : 'example';
    object[name] = value === undefined ? 'example' : value;
  }
  return object;
}

/** The top-level properties of a tool's input schema, resolved. */
export function topLevelProperties(inputSchema: JsonSchema): Array<{ name: string; schema: JsonSchema }> {
  const properties = isSchema(inputSchema.properties) ? inputSchema.properties : {};
  return Object.entries(properties)
    .filter((entry): entry is [string, JsonSchema] => isSchema(entry[1]))
    .map(([name, schema]) => ({ name, schema: resolveSchema(schema, inputSchema) }));
}

export function requiredNames(inputSchema: JsonSchema): string[] {
  return Array.isArray(inputSchema.required) ? inputSchema.required.filter((n) => typeof n === 'string') : [];
}

/** Parameter names that identify a record: *id, *Id, *_id, path, name, key, uri, url, slug, sku, ref… */
const ID_LIKE =
  /(^id$|id$|Id$|ID$|_id$|^path$|path$|Path$|^name$|Name$|_name$|^key$|Key$|^uri$|^url$|^slug$|^file$|File$|^sku$|Sku$|_sku$|^ref$|Ref$|_ref$)/;

/** A string parameter whose value names one record (enum and boolean-like strings excluded). */
export function isIdLike(name: string, schema: JsonSchema, root: JsonSchema): boolean {
  if (!ID_LIKE.test(name) || /^(valid|paid|void|hid)$/i.test(name)) return false;
  if (Array.isArray(schema.enum) || 'const' in schema) return false;
  return mainType(schema, root) === 'string';
}
