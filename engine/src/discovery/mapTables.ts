/**
 * Handler tables kept in a `Map` and looked up with `.get(name)` in a tools/call dispatcher:
 * `const HANDLERS = new Map([['ping', handlePing], …])` or `HANDLERS.set('ping', handlePing)`.
 * Each entry whose key is a literal and whose value is a function is a tool.
 */
import ts from 'typescript';
import { unwrapExpression } from '../parse/syntax';
import { recordHandler } from './handlerTargets';
import { type ScanState, functionTarget, isInlineFunction, lineOf } from './scanContext';

function isFunctionValue(state: ScanState, value: ts.Expression): boolean {
  const inner = unwrapExpression(value);
  return isInlineFunction(inner) || (ts.isIdentifier(inner) && functionTarget(state, inner) !== undefined);
}

function addEntry(
  state: ScanState,
  node: ts.Node,
  key: ts.Expression,
  value: ts.Expression,
  mapName: string,
  evidence: readonly string[],
): void {
  const name = unwrapExpression(key);
  if (!ts.isStringLiteralLike(name) || !isFunctionValue(state, value)) return;
  if (state.registrations.some((r) => r.node === node)) return;
  const entryEvidence = [
    `entry '${name.text}' of the handler map ${mapName} (line ${lineOf(state, node)})`,
    ...evidence,
  ];
  const recorded = recordHandler(state, value, 'dispatch', name.text, entryEvidence);
  state.registrations.push({
    name: name.text,
    kind: 'dispatch',
    node,
    nameNode: name,
    handler: recorded.fn,
    evidence: [...entryEvidence, ...recorded.evidence],
    listed: true,
  });
}

/** The entries of a `Map` of handlers named `mapName` in this file; returns how many were found. */
export function mapTableEntries(state: ScanState, mapName: string, evidence: readonly string[]): number {
  const before = state.registrations.length;
  for (const declaration of state.index.of(ts.SyntaxKind.VariableDeclaration, ts.isVariableDeclaration)) {
    if (!ts.isIdentifier(declaration.name) || declaration.name.text !== mapName || !declaration.initializer) continue;
    const init = unwrapExpression(declaration.initializer);
    if (!ts.isNewExpression(init) || !ts.isIdentifier(init.expression) || init.expression.text !== 'Map') continue;
    const entries = init.arguments?.[0] && unwrapExpression(init.arguments[0]);
    if (!entries || !ts.isArrayLiteralExpression(entries)) continue;
    for (const element of entries.elements) {
      const pair = unwrapExpression(element);
      if (ts.isArrayLiteralExpression(pair) && pair.elements.length === 2) {
        addEntry(state, pair, pair.elements[0], pair.elements[1], mapName, evidence);
      }
    }
  }
  for (const call of state.index.of(ts.SyntaxKind.CallExpression, ts.isCallExpression)) {
    const callee = call.expression;
    if (!ts.isPropertyAccessExpression(callee) || callee.name.text !== 'set' || call.arguments.length !== 2) continue;
    const receiver = unwrapExpression(callee.expression);
    if (!ts.isIdentifier(receiver) || receiver.text !== mapName) continue;
    addEntry(state, call, call.arguments[0], call.arguments[1], mapName, evidence);
  }
  return state.registrations.length - before;
}
