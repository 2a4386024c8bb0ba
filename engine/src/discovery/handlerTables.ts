/**
 * Handler tables: objects of handler functions keyed by tool name that a dispatcher or a registration loop looks
 * tools up in (`HANDLERS[tool.name]`, `handlers[name](args)`); each entry is a tool with its handler. A table that
 * lives in another file is handed over to it.
 */
import ts from 'typescript';
import { type FunctionLike, propertyNameText, unwrapExpression, walk } from '../parse/syntax';
import { recordHandler } from './handlerTargets';
import {
  type ImportBinding,
  type ScanState,
  functionTarget,
  handOffImport,
  isInlineFunction,
  lineOf,
  nameOf,
  where,
} from './scanContext';

/**
 * `entryHandlers.createEntry`: a member of an imported handler module or object — a function by
 * its place in a table the dispatcher indexes with the tool name (schemas and settings excluded).
 */
function isImportedMember(state: ScanState, value: ts.Expression): boolean {
  return (
    ts.isPropertyAccessExpression(value) &&
    ts.isIdentifier(value.expression) &&
    state.imports.has(value.expression.text) &&
    !/schema|config|options|settings|description|name$/i.test(value.name.text) &&
    !/schema|config|options|settings|descriptions?$/i.test(value.expression.text)
  );
}

/** Whether an object's values are functions (a handler table), not schemas or data that sit next to a lookup. */
function isHandlerTable(state: ScanState, table: ts.ObjectLiteralExpression): boolean {
  let functions = 0;
  let others = 0;
  for (const property of table.properties) {
    if (ts.isMethodDeclaration(property)) functions++;
    else if (ts.isPropertyAssignment(property) || ts.isShorthandPropertyAssignment(property)) {
      const value = unwrapExpression(ts.isPropertyAssignment(property) ? property.initializer : property.name);
      if (
        isInlineFunction(value) ||
        (ts.isIdentifier(value) && state.functions.has(value.text)) ||
        isImportedMember(state, value)
      )
        functions++;
      else if (!(ts.isIdentifier(value) && state.imports.has(value.text) && !/schema$/i.test(value.text))) others++;
    }
  }
  return others === 0 || functions > others;
}

/** Entries of an object of handler functions keyed by tool name. */
export function tableEntries(state: ScanState, table: ts.ObjectLiteralExpression, evidence: readonly string[]): number {
  if (!isHandlerTable(state, table)) return 0;
  let count = 0;
  for (const property of table.properties) {
    // `[pingTool.name]: ping`: a key computed from a constant or a definition's name.
    const key =
      propertyNameText(property.name) ??
      (property.name && ts.isComputedPropertyName(property.name)
        ? (nameOf(state, property.name.expression).name ?? undefined)
        : undefined);
    if (key === undefined) continue;
    const value = ts.isPropertyAssignment(property)
      ? property.initializer
      : ts.isShorthandPropertyAssignment(property)
        ? property.name
        : undefined;
    const isMethod = ts.isMethodDeclaration(property);
    if (
      !isMethod &&
      !(
        value &&
        (isInlineFunction(unwrapExpression(value)) ||
          functionTarget(state, value) ||
          isImportedMember(state, unwrapExpression(value)))
      )
    )
      continue;
    const entryEvidence = [`entry '${key}' of the handler table (line ${lineOf(state, property)})`, ...evidence];
    let fn: FunctionLike | undefined;
    if (isMethod) {
      fn = property;
      if (!state.seen.has(fn)) {
        state.seen.add(fn);
        state.handlers.push({ fn, kind: 'dispatch', lowLevel: false, toolName: key, evidence: entryEvidence });
      }
    } else fn = recordHandler(state, value, 'dispatch', key, entryEvidence).fn;
    state.registrations.push({
      name: key,
      kind: 'dispatch',
      node: property,
      nameNode: property.name ?? property,
      handler: fn,
      evidence: entryEvidence,
      listed: true,
    });
    count++;
  }
  return count;
}

/** `HANDLERS[tool.name]` next to a loop that registers definitions: the table's entries are the handlers. */
export function scanTableLookups(state: ScanState, scope: ts.Node, evidence: readonly string[]): void {
  walk(scope, (node) => {
    if (
      ts.isElementAccessExpression(node) &&
      ts.isIdentifier(node.expression) &&
      ts.isPropertyAccessExpression(node.argumentExpression) &&
      /^(name|toolName)$/.test(node.argumentExpression.name.text)
    ) {
      const tableName = node.expression.text;
      const tableEvidence = [`looked up as ${node.getText(state.sourceFile)} (${where(state, node)})`, ...evidence];
      const table = localTable(state, tableName);
      if (table) tableEntries(state, table, tableEvidence);
      else externalRef(state, state.imports.get(tableName), 'table', tableEvidence);
    }
    return true;
  });
}

export function localTable(state: ScanState, name: string): ts.ObjectLiteralExpression | undefined {
  for (const declaration of state.index.of(ts.SyntaxKind.VariableDeclaration, ts.isVariableDeclaration)) {
    if (ts.isIdentifier(declaration.name) && declaration.name.text === name && declaration.initializer) {
      const init = unwrapExpression(declaration.initializer);
      return ts.isObjectLiteralExpression(init) ? init : undefined;
    }
  }
  return undefined;
}

/** Records that a table or dispatch function this file uses lives in the file an import names. */
export function externalRef(
  state: ScanState,
  imported: ImportBinding | undefined,
  role: 'table' | 'dispatch',
  evidence: readonly string[],
  guardedBy?: string,
): void {
  if (!imported) return;
  handOffImport(state, imported.specifier, {
    exportName: imported.exportName,
    kind: 'dispatch',
    toolName: null,
    role,
    evidence: [...evidence],
    ...(guardedBy ? { guarded: true, guardedBy } : {}),
  });
}
