/**
 * Tool names read off an entry of a record looked up by a key known only at run time:
 * `const label = NAMESPACE_TOOLS[namespace]; registerProxy(server, label.toolName, …)` (or
 * `NAMESPACE_TOOLS[ns].toolName` inline), where `NAMESPACE_TOOLS` is a top-level constant object of this file
 * whose every value is an object spelling that key as text (`tickets: { toolName: 'desk_tickets', … }`). The
 * registration is one tool per entry, each named by its entry and reported there; the call stays a site that
 * registers them. A record with any other value, a key missing from an entry, or a name that is no text keeps the
 * call nameless.
 */
import ts from 'typescript';
import { propertyNameText, unwrapExpression } from '../parse/syntax';
import { moduleConstValue } from './localObjects';
import { type ScanState, type ToolRegistration, where } from './scanContext';

/** A wire name: an identifier-like word. */
const WIRE_NAME = /^[A-Za-z][A-Za-z0-9_.-]*$/;

interface RecordEntry {
  entry: ts.PropertyAssignment;
  literal: ts.StringLiteralLike;
}

/** Every entry's text under `key`, or undefined when any entry is not an object spelling it. */
function entriesUnder(record: ts.ObjectLiteralExpression, key: string): RecordEntry[] | undefined {
  const entries: RecordEntry[] = [];
  for (const property of record.properties) {
    if (!ts.isPropertyAssignment(property)) return undefined;
    const value = unwrapExpression(property.initializer);
    if (!ts.isObjectLiteralExpression(value)) return undefined;
    const named = value.properties.find((p) => ts.isPropertyAssignment(p) && propertyNameText(p.name) === key);
    const literal = named && ts.isPropertyAssignment(named) ? unwrapExpression(named.initializer) : undefined;
    if (!literal || !ts.isStringLiteralLike(literal) || !WIRE_NAME.test(literal.text)) return undefined;
    entries.push({ entry: property, literal });
  }
  return entries.length > 0 ? entries : undefined;
}

/** `REC[k]` with a key that is not text: the record's name. */
function lookedUpRecord(expression: ts.Expression): string | undefined {
  const inner = unwrapExpression(expression);
  if (!ts.isElementAccessExpression(inner) || !ts.isIdentifier(inner.expression)) return undefined;
  return ts.isStringLiteralLike(inner.argumentExpression) ? undefined : inner.expression.text;
}

/** `const label = REC[k]` in a block around `node`: the record's name. */
function aliasedLookup(node: ts.Node, local: string): string | undefined {
  for (let scope: ts.Node | undefined = node.parent; scope; scope = scope.parent) {
    if (!ts.isBlock(scope)) continue;
    for (const statement of scope.statements) {
      if (!ts.isVariableStatement(statement)) continue;
      for (const declaration of statement.declarationList.declarations) {
        if (!ts.isIdentifier(declaration.name) || declaration.name.text !== local || !declaration.initializer) continue;
        return lookedUpRecord(declaration.initializer);
      }
    }
  }
  return undefined;
}

/** The record and key a nameless registration's name argument reads: `label.toolName`, `REC[k].toolName`. */
function recordRead(state: ScanState, registration: ToolRegistration): RecordEntry[] | undefined {
  if (!ts.isCallExpression(registration.node)) return undefined;
  for (const argument of registration.node.arguments) {
    const inner = unwrapExpression(argument);
    if (!ts.isPropertyAccessExpression(inner)) continue;
    if (registration.nameExpression !== inner.getText(state.sourceFile)) continue;
    const owner = unwrapExpression(inner.expression);
    const record = ts.isIdentifier(owner) ? aliasedLookup(registration.node, owner.text) : lookedUpRecord(owner);
    const value = record === undefined ? undefined : moduleConstValue(registration.node, record);
    const object = value && ts.isObjectLiteralExpression(value) ? value : undefined;
    return object ? entriesUnder(object, inner.name.text) : undefined;
  }
  return undefined;
}

/** Turns each nameless registration named by a record lookup into one tool per entry of the record. */
export function expandRecordLookupNames(state: ScanState): void {
  const added: ToolRegistration[] = [];
  for (const registration of state.registrations) {
    if (registration.name !== null || !registration.listed || !registration.nameExpression) continue;
    const entries = recordRead(state, registration);
    if (!entries) continue;
    registration.listed = false;
    for (const { entry, literal } of entries) {
      added.push({
        name: literal.text,
        kind: registration.kind,
        node: entry,
        nameNode: literal,
        ...(registration.handler ? { handler: registration.handler } : {}),
        evidence: [
          `'${literal.text}' names an entry of the record looked up at ${where(state, registration.node)}`,
          ...registration.evidence,
        ],
        listed: true,
      });
    }
  }
  state.registrations.push(...added);
}
