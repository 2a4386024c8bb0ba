/**
 * Handler tables a function builds and returns, looked up by tool name in a dispatcher:
 * `const handlers = makeGardenHandlers(service); … handlers[name](args)` or a table merged from such calls,
 * `const HANDLERS = { ...createBedHandlers(api), ...createHoseHandlers(api) }; HANDLERS[request.params.name](request)`.
 * The object literal the function returns is the table: read here when the function is in this file, handed to
 * the file that exports it otherwise. Its entries may be inline functions, functions of the file, or calls of
 * handler factories (`plant_bulb: handlePlantBulb(service)`, the function the factory returns answers); a table
 * whose values are other data (schemas, strings, numbers) is not a handler table.
 */
import ts from 'typescript';
import { type FunctionLike, propertyNameText, returnedExpressions, unwrapExpression } from '../parse/syntax';
import { markGuardedBy } from './crossFileGuards';
import { recordHandler } from './handlerTargets';
import { type ScanState, functionTarget, handOffImport, isInlineFunction, lineOf, where } from './scanContext';

/** `plant_bulb: handlePlantBulb(service)`: a call of a function (of this file or imported) that makes the handler. */
function isFactoryCall(state: ScanState, value: ts.Expression): value is ts.CallExpression {
  if (!ts.isCallExpression(value)) return false;
  const callee = unwrapExpression(value.expression);
  if (!ts.isIdentifier(callee)) return false;
  const imported = state.imports.get(callee.text);
  return state.functions.has(callee.text) || (imported !== undefined && imported.specifier.startsWith('.'));
}

function isHandlerValue(state: ScanState, value: ts.Expression): boolean {
  const inner = unwrapExpression(value);
  return isInlineFunction(inner) || functionTarget(state, inner) !== undefined || isFactoryCall(state, inner);
}

/** The object literal a table-building function returns (the last one, when it has several returns). */
function returnedTable(fn: FunctionLike): ts.ObjectLiteralExpression | undefined {
  const returned = returnedExpressions(fn)
    .map((expression) => unwrapExpression(expression))
    .filter(ts.isObjectLiteralExpression);
  return returned[returned.length - 1];
}

/**
 * The entries of a built table: each key a tool, each value its handler. Returns how many were found. With
 * `guardedBy` (the dispatcher that looks the table up answers every throw in its own try), the handlers are guarded
 * by it, also those the entries' factories return in other files.
 */
export function builtTableEntries(
  state: ScanState,
  table: ts.ObjectLiteralExpression,
  evidence: readonly string[],
  guardedBy?: string,
): number {
  const entries = table.properties.filter(
    (p): p is ts.PropertyAssignment | ts.MethodDeclaration => ts.isPropertyAssignment(p) || ts.isMethodDeclaration(p),
  );
  if (entries.length === 0) return 0;
  if (!entries.every((p) => ts.isMethodDeclaration(p) || isHandlerValue(state, p.initializer))) return 0;
  let count = 0;
  for (const property of entries) {
    const key = propertyNameText(property.name);
    if (key === undefined) continue;
    const entryEvidence = [`entry '${key}' of the built handler table (line ${lineOf(state, property)})`, ...evidence];
    let fn: FunctionLike | undefined;
    if (ts.isMethodDeclaration(property)) {
      fn = property;
      if (!state.seen.has(fn)) {
        state.seen.add(fn);
        state.handlers.push({ fn, kind: 'dispatch', lowLevel: false, toolName: key, evidence: entryEvidence });
      }
    } else {
      const externalBefore = state.external.length;
      fn = recordHandler(state, property.initializer, 'dispatch', key, entryEvidence).fn;
      if (guardedBy) {
        for (const ref of state.external.slice(externalBefore)) {
          ref.guarded = true;
          ref.guardedBy ??= guardedBy;
        }
      }
    }
    if (fn && guardedBy) markGuardedBy(state, fn, guardedBy);
    state.registrations.push({
      name: key,
      kind: 'dispatch',
      node: property,
      nameNode: property.name,
      handler: fn,
      evidence: entryEvidence,
      listed: true,
    });
    count++;
  }
  return count;
}

/** `makeHandlers(deps)` (awaited or not): the table its function returns, here or in the file that exports it. */
function followBuildingCall(state: ScanState, call: ts.CallExpression, evidence: readonly string[]): number {
  const callee = unwrapExpression(call.expression);
  if (!ts.isIdentifier(callee)) return 0;
  const step = [`built by ${callee.text}(…) (${where(state, call)})`, ...evidence];
  const local = state.functions.get(callee.text);
  if (local) {
    const table = returnedTable(local);
    return table ? builtTableEntries(state, table, step) : 0;
  }
  const imported = state.imports.get(callee.text);
  if (!imported || !imported.specifier.startsWith('.') || imported.exportName === '*') return 0;
  handOffImport(state, imported.specifier, {
    exportName: imported.exportName,
    kind: 'dispatch',
    toolName: null,
    role: 'table',
    evidence: step,
  });
  return 0;
}

/** `{ ...createBedHandlers(api), … }`: the tables the spread calls build. */
export function spreadBuiltTables(
  state: ScanState,
  table: ts.ObjectLiteralExpression,
  evidence: readonly string[],
): number {
  let count = 0;
  for (const property of table.properties) {
    if (!ts.isSpreadAssignment(property)) continue;
    const spread = unwrapExpression(property.expression);
    if (ts.isCallExpression(spread)) count += followBuildingCall(state, spread, evidence);
  }
  return count;
}

/** The declaration of `name` in a function around `site`, else at the top of the file. */
function declarationAround(state: ScanState, name: string, site: ts.Node): ts.VariableDeclaration | undefined {
  let topLevel: ts.VariableDeclaration | undefined;
  for (const declaration of state.index.of(ts.SyntaxKind.VariableDeclaration, ts.isVariableDeclaration)) {
    if (!ts.isIdentifier(declaration.name) || declaration.name.text !== name || !declaration.initializer) continue;
    const statement = declaration.parent.parent;
    if (ts.isVariableStatement(statement) && statement.parent === state.sourceFile) topLevel ??= declaration;
    else {
      for (let node: ts.Node | undefined = site; node; node = node.parent) {
        if (node === declaration.parent.parent.parent) return declaration;
      }
    }
  }
  return topLevel;
}

/** A lookup `name[toolName]` of a table built by a call: `const handlers = makeHandlers(service)`. */
export function calledTableEntries(
  state: ScanState,
  tableName: string,
  site: ts.Node,
  evidence: readonly string[],
): number {
  const declaration = declarationAround(state, tableName, site);
  let init = declaration?.initializer && unwrapExpression(declaration.initializer);
  if (init && ts.isAwaitExpression(init)) init = unwrapExpression(init.expression);
  return init && ts.isCallExpression(init) ? followBuildingCall(state, init, evidence) : 0;
}

/** The exported function `exportName` of this file, when another file looks up the table it returns. */
export function returnedTableExport(
  state: ScanState,
  exported: ReadonlyMap<string, FunctionLike>,
  exportName: string,
  evidence: readonly string[],
  guardedBy?: string,
): void {
  const fn = exported.get(exportName);
  const table = fn && returnedTable(fn);
  if (table) builtTableEntries(state, table, evidence, guardedBy);
}
