/**
 * Lookup tables of tool entries keyed by the wire name, indexed with the tool name in a tools/call
 * dispatcher: `const TABLE = { svc_ping: { tool: pingDef, handler: ping }, … }` and
 * `TABLE[request.params.name].handler(request.params.arguments)` (or through a local binding of the
 * looked-up entry). The key every entry holds and the dispatcher calls on the entry names the handler;
 * each entry whose key is a literal is a tool.
 */
import ts from 'typescript';
import { type FunctionLike, propertyNameText, propertyValue, unwrapExpression, walk } from '../parse/syntax';
import { recordHandler } from './handlerTargets';
import { type ScanState, functionTarget, handOffImport, lineOf } from './scanContext';

/** Property names called as `x.key(…)` within a dispatcher: the candidates for the entries' handler key. */
function calledKeys(fn: FunctionLike): Set<string> {
  const keys = new Set<string>();
  walk(fn, (node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      keys.add(node.expression.name.text);
    }
    return true;
  });
  return keys;
}

/** `Handlers.pingHandler`: a member of a namespace import, a function of the module it names. */
function namespaceMember(state: ScanState, value: ts.Expression): { specifier: string; member: string } | undefined {
  if (!ts.isPropertyAccessExpression(value) || !ts.isIdentifier(value.expression)) return undefined;
  const binding = state.imports.get(value.expression.text);
  return binding?.exportName === '*' ? { specifier: binding.specifier, member: value.name.text } : undefined;
}

function isFunctionValue(state: ScanState, value: ts.Expression): boolean {
  const inner = unwrapExpression(value);
  return functionTarget(state, inner) !== undefined || namespaceMember(state, inner) !== undefined;
}

/** The handler key: held as a function by every entry, and called on an entry by the dispatcher. */
function handlerKey(
  state: ScanState,
  entries: ReadonlyArray<ts.ObjectLiteralExpression>,
  called: ReadonlySet<string>,
): string | undefined {
  const [first] = entries;
  if (!first) return undefined;
  for (const property of first.properties) {
    const key = propertyNameText(property.name);
    if (key === undefined || !called.has(key)) continue;
    if (
      entries.every((entry) => {
        const value = propertyValue(entry, key);
        return value !== undefined && isFunctionValue(state, value);
      })
    )
      return key;
  }
  return undefined;
}

/**
 * Entries of a table of tool records (objects holding the handler under one key) looked up by the tool
 * name inside the dispatcher `fn`; returns how many were found. Tables of anything else stay silent.
 */
export function entryTableEntries(
  state: ScanState,
  table: ts.ObjectLiteralExpression,
  fn: FunctionLike,
  evidence: readonly string[],
): number {
  const entries: Array<{ property: ts.PropertyAssignment; key: string; entry: ts.ObjectLiteralExpression }> = [];
  for (const property of table.properties) {
    if (!ts.isPropertyAssignment(property)) return 0;
    const key = propertyNameText(property.name);
    const entry = unwrapExpression(property.initializer);
    if (key === undefined || !ts.isObjectLiteralExpression(entry)) return 0;
    entries.push({ property, key, entry });
  }
  const handlerProperty = handlerKey(
    state,
    entries.map((e) => e.entry),
    calledKeys(fn),
  );
  if (!handlerProperty) return 0;
  let count = 0;
  for (const { property, key, entry } of entries) {
    if (state.registrations.some((r) => r.node === property)) continue;
    const value = unwrapExpression(propertyValue(entry, handlerProperty) as ts.Expression);
    const entryEvidence = [
      `entry '${key}' of the tool table (line ${lineOf(state, property)}), its ${handlerProperty} called by the dispatcher`,
      ...evidence,
    ];
    const member = namespaceMember(state, value);
    let handler: FunctionLike | undefined;
    if (member) {
      handOffImport(state, member.specifier, {
        exportName: member.member,
        kind: 'dispatch',
        toolName: key,
        role: 'handler',
        evidence: [...entryEvidence, `handler ${value.getText(state.sourceFile)}`],
      });
    } else handler = recordHandler(state, value, 'dispatch', key, entryEvidence).fn;
    state.registrations.push({
      name: key,
      kind: 'dispatch',
      node: property,
      nameNode: property.name,
      handler,
      evidence: entryEvidence,
      listed: true,
    });
    count++;
  }
  return count;
}
