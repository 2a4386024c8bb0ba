/**
 * Handler tables that reach the dispatcher through a merging module: the table another file looks up
 * (`HANDLERS[name](…)`) is not written here as an object of functions but built from other tables —
 * an alias (`export const HANDLERS = ALL`), a merge (`{ ...ORDER_HANDLERS, ...USER_HANDLERS }`), or a
 * function that copies or wraps each entry of one (`wrapAll(ALL)`, `for (… of Object.entries(ALL))`).
 * The tables it is built from are followed: those of this file are read, imported ones are handed to
 * their own files as tables.
 */
import ts from 'typescript';
import { type FunctionLike, unwrapExpression, walk } from '../parse/syntax';
import { externalRef, tableEntries } from './handlerTables';
import { type ScanState, where } from './scanContext';

const ENTRY_READERS = new Set(['entries', 'keys', 'values']);
const MAX_DEPTH = 4;

function topLevelInitializer(state: ScanState, name: string): ts.Expression | undefined {
  for (const statement of state.sourceFile.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name) && declaration.name.text === name) return declaration.initializer;
    }
  }
  return undefined;
}

/** Identifiers a table-building function reads whole: `Object.entries(X)`, `for (k in X)`, `{ ...X }`, `wrap(X)`. */
function tablesReadBy(fn: FunctionLike): ts.Identifier[] {
  const read: ts.Identifier[] = [];
  if (!fn.body) return read;
  walk(fn.body, (node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ts.isIdentifier(node.expression.expression) &&
      node.expression.expression.text === 'Object' &&
      ENTRY_READERS.has(node.expression.name.text)
    ) {
      const argument = node.arguments[0] && unwrapExpression(node.arguments[0]);
      if (argument && ts.isIdentifier(argument)) read.push(argument);
    } else if (ts.isForInStatement(node)) {
      const target = unwrapExpression(node.expression);
      if (ts.isIdentifier(target)) read.push(target);
    } else if (ts.isSpreadAssignment(node)) {
      const target = unwrapExpression(node.expression);
      if (ts.isIdentifier(target)) read.push(target);
    }
    return true;
  });
  return read;
}

function importedTable(state: ScanState, name: string, evidence: readonly string[]): void {
  externalRef(state, state.imports.get(name), 'table', evidence);
}

function follow(
  state: ScanState,
  expression: ts.Expression,
  evidence: readonly string[],
  visited: Set<ts.Node>,
  depth: number,
): void {
  const node = unwrapExpression(expression);
  if (depth > MAX_DEPTH || visited.has(node)) return;
  visited.add(node);
  if (ts.isObjectLiteralExpression(node)) {
    tableEntries(state, node, evidence);
    for (const property of node.properties) {
      if (!ts.isSpreadAssignment(property)) continue;
      const spread = unwrapExpression(property.expression);
      if (ts.isIdentifier(spread)) followName(state, spread, evidence, visited, depth + 1, 'merged into');
    }
  } else if (ts.isIdentifier(node)) {
    followName(state, node, evidence, visited, depth + 1, 'aliased as');
  } else if (ts.isCallExpression(node)) {
    // `Object.assign({}, A, B)`, `wrapAll(A)`: the tables passed in.
    for (const argument of node.arguments) {
      const inner = unwrapExpression(argument);
      if (ts.isIdentifier(inner) || ts.isObjectLiteralExpression(inner))
        follow(state, inner, evidence, visited, depth + 1);
    }
    // `createHandlers()`: the tables the building function reads.
    const callee = unwrapExpression(node.expression);
    const fn = ts.isIdentifier(callee) ? state.functions.get(callee.text) : undefined;
    if (fn && !visited.has(fn)) {
      visited.add(fn);
      const built = [`built by ${callee.getText(state.sourceFile)}() (${where(state, fn)})`, ...evidence];
      for (const read of tablesReadBy(fn)) followName(state, read, built, visited, depth + 1, 'read by the builder');
    }
  }
}

function followName(
  state: ScanState,
  identifier: ts.Identifier,
  evidence: readonly string[],
  visited: Set<ts.Node>,
  depth: number,
  how: string,
): void {
  const name = identifier.text;
  const step = [`${how}: ${name} (${where(state, identifier)})`, ...evidence];
  const local = topLevelInitializer(state, name);
  if (local) follow(state, local, step, visited, depth);
  else importedTable(state, name, step);
}

/**
 * A table looked up by tool name, when this file builds it from other tables. The entries written in
 * the table itself are the caller's; here only the tables it is merged, aliased or built from.
 */
export function followTableSources(state: ScanState, tableName: string, evidence: readonly string[]): void {
  const initializer = topLevelInitializer(state, tableName);
  if (!initializer) return;
  const table = unwrapExpression(initializer);
  const visited = new Set<ts.Node>([table]);
  if (!ts.isObjectLiteralExpression(table)) {
    follow(state, table, evidence, new Set(), 0);
    return;
  }
  for (const property of table.properties) {
    if (!ts.isSpreadAssignment(property)) continue;
    const spread = unwrapExpression(property.expression);
    if (ts.isIdentifier(spread)) followName(state, spread, evidence, visited, 1, 'merged into');
  }
}
