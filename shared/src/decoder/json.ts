/** Small JSON helpers for the decoder: pure, no Node modules (the decoder also runs in a webview). */

export type JsonObject = Record<string, unknown>;

export function isRecord(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Parses `text` when it looks like one JSON object (or array); anything else returns undefined.
 * The first- and last-character tests keep plain prose away from `JSON.parse`, which keeps the decoder fast.
 */
export function parseJsonValue(text: string): unknown {
  let start = 0;
  while (start < text.length && text.charCodeAt(start) <= 32) start++;
  const first = text[start];
  if (first !== '{' && first !== '[') return undefined;
  // The last character must close what the first opened: "[TRANSIENT, retryable] upstream timed out" (the
  // envelope-in-text encoding) is not JSON, and a failed JSON.parse costs a thrown SyntaxError per text.
  let end = text.length - 1;
  while (end > start && text.charCodeAt(end) <= 32) end--;
  if (text[end] !== (first === '{' ? '}' : ']')) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A canonical string for a JSON value: object keys sorted, so equal arguments give equal keys. */
export function stableJson(value: unknown): string {
  if (typeof value !== 'object' || value === null) return value === undefined ? 'null' : JSON.stringify(value);
  let text: string;
  if (Array.isArray(value)) {
    text = '[';
    for (let i = 0; i < value.length; i++) text += (i > 0 ? ',' : '') + stableJson(value[i]);
    return text + ']';
  }
  const record = value as JsonObject;
  const keys = Object.keys(record).sort();
  text = '{';
  for (let i = 0; i < keys.length; i++) {
    text += (i > 0 ? ',' : '') + JSON.stringify(keys[i]) + ':' + stableJson(record[keys[i]]);
  }
  return text + '}';
}
