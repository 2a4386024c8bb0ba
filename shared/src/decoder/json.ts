/** Small JSON helpers for the decoder: pure, no Node modules (the decoder also runs in a webview). */

export type JsonObject = Record<string, unknown>;

export function isRecord(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Parses `text` when it looks like one JSON object (or array); anything else returns undefined.
 * The first-character test keeps plain prose away from `JSON.parse`, which keeps the decoder fast.
 */
export function parseJsonValue(text: string): unknown {
  let start = 0;
  while (start < text.length && text.charCodeAt(start) <= 32) start++;
  const first = text[start];
  if (first !== '{' && first !== '[') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A canonical string for a JSON value: object keys sorted, so equal arguments give equal keys. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (isRecord(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${stableJson(value[key])}`).join(',')}}`;
  }
  return value === undefined ? 'null' : JSON.stringify(value);
}
