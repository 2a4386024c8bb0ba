/**
 * A tools/list answer that builds one definition per key of a record:
 * `tools: Object.entries(GUIDES).map(([name, guide]) => ({ name, description: guide.summary, inputSchema }))`, or
 * `` name: `guide-${name}` ``. The record is an object literal of the same file; each of its keys is a tool, named by
 * the key (inside the template's prefix and suffix) and found at the key. The generic tools/call handler that looks
 * the record up by name serves them all. A record whose keys are not spelled out (computed keys, spreads) gives
 * nothing for those entries.
 */
import ts from 'typescript';
import { propertyNameText, returnedExpressions, unwrapExpression } from '../parse/syntax';
import { moduleObjectOf } from './localObjects';
import { type NamePattern, type ScanState, where } from './scanContext';

const KEY_READERS = new Set(['entries', 'keys']);

/** `Object.entries(X)` / `Object.keys(X)` with X an identifier: X. */
function recordRead(expression: ts.Expression): ts.Identifier | undefined {
  const call = unwrapExpression(expression);
  if (!ts.isCallExpression(call) || !ts.isPropertyAccessExpression(call.expression)) return undefined;
  const receiver = call.expression.expression;
  if (!ts.isIdentifier(receiver) || receiver.text !== 'Object' || !KEY_READERS.has(call.expression.name.text)) {
    return undefined;
  }
  const argument = call.arguments[0] && unwrapExpression(call.arguments[0]);
  return argument && ts.isIdentifier(argument) ? argument : undefined;
}

/** The key variable of the mapping callback: `([key, value]) => …` or `(key) => …`. */
function keyParameter(callback: ts.ArrowFunction | ts.FunctionExpression): string | undefined {
  const binding = callback.parameters[0]?.name;
  if (!binding) return undefined;
  if (ts.isIdentifier(binding)) return binding.text;
  const first = ts.isArrayBindingPattern(binding) ? binding.elements[0] : undefined;
  return first && ts.isBindingElement(first) && ts.isIdentifier(first.name) ? first.name.text : undefined;
}

/** The `name` of the object the callback returns, as a pattern around the key: `key` or `` `pre-${key}-post` ``. */
function namePatternOf(callback: ts.ArrowFunction | ts.FunctionExpression, key: string): NamePattern | undefined {
  const returned = returnedExpressions(callback);
  if (returned.length !== 1 || !returned[0]) return undefined;
  const object = unwrapExpression(returned[0]);
  if (!ts.isObjectLiteralExpression(object)) return undefined;
  let pattern: NamePattern | undefined;
  let hasSchema = false;
  for (const property of object.properties) {
    const name = property.name && propertyNameText(property.name);
    if (name === 'inputSchema') hasSchema = true;
    if (name !== 'name') continue;
    if (ts.isShorthandPropertyAssignment(property))
      pattern = property.name.text === key ? { prefix: '', suffix: '' } : undefined;
    if (!ts.isPropertyAssignment(property)) continue;
    const value = unwrapExpression(property.initializer);
    if (ts.isIdentifier(value) && value.text === key) pattern = { prefix: '', suffix: '' };
    if (ts.isTemplateExpression(value) && value.templateSpans.length === 1) {
      const span = value.templateSpans[0];
      const substituted = unwrapExpression(span.expression);
      if (ts.isIdentifier(substituted) && substituted.text === key) {
        pattern = { prefix: value.head.text, suffix: span.literal.text };
      }
    }
  }
  return hasSchema ? pattern : undefined;
}

/**
 * `Object.entries(RECORD).map(([key, v]) => ({ name: key, inputSchema, … }))` in a tools/list answer: records each
 * key of RECORD as a tool. Returns whether the call had that shape (then nothing else is to be followed).
 */
export function recordKeyedListAnswer(
  state: ScanState,
  mapCall: ts.CallExpression,
  evidence: readonly string[],
): boolean {
  const callee = unwrapExpression(mapCall.expression);
  if (!ts.isPropertyAccessExpression(callee) || callee.name.text !== 'map') return false;
  const recordName = recordRead(callee.expression);
  const callback = mapCall.arguments[0] && unwrapExpression(mapCall.arguments[0]);
  if (!recordName || !callback || !(ts.isArrowFunction(callback) || ts.isFunctionExpression(callback))) return false;
  const key = keyParameter(callback);
  const pattern = key === undefined ? undefined : namePatternOf(callback, key);
  const record = pattern && moduleObjectOf(recordName);
  if (!pattern || !record) return false;
  for (const property of record.properties) {
    if (!ts.isPropertyAssignment(property)) continue;
    const keyText = propertyNameText(property.name);
    if (keyText === undefined) continue;
    state.registrations.push({
      name: pattern.prefix + keyText + pattern.suffix,
      ...(pattern.prefix || pattern.suffix ? { nameExpression: `${pattern.prefix}\${${key}}${pattern.suffix}` } : {}),
      kind: 'definition',
      node: property,
      nameNode: property.name,
      evidence: [`key of ${recordName.text} at ${where(state, property)}, mapped to a definition`, ...evidence],
      listed: true,
    });
  }
  return true;
}
