/**
 * A handler another file registers by import, exported as a call rather than a function:
 * `export const listInvoices = withReporting(listInvoicesImpl, 'invoices')` (a higher-order wrapper around a
 * function of this file) or `export const search = makeSearch(config)` (a factory's returned function). The
 * export is read the way a registration's handler argument is (`recordHandler`), so the function found is the
 * one a `server.tool('x', …, withReporting(listInvoicesImpl))` of this file would have: the function the tool
 * really runs, guarded when the wrapper guards it.
 */
import ts from 'typescript';
import { isExportedStatement, unwrapExpression } from '../parse/syntax';
import type { ExternalInfo } from './handlers';
import { recordHandler } from './handlerTargets';
import type { ScanState } from './scanContext';

/** The call an exported `const exportName = call(…)` of this file holds. */
function exportedCall(sourceFile: ts.SourceFile, exportName: string): ts.CallExpression | undefined {
  for (const statement of sourceFile.statements) {
    if (!ts.isVariableStatement(statement) || !isExportedStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || declaration.name.text !== exportName || !declaration.initializer)
        continue;
      const init = unwrapExpression(declaration.initializer);
      return ts.isCallExpression(init) ? init : undefined;
    }
  }
  return undefined;
}

/** Records the function behind an exported call another file registers as a handler; true when one was found. */
export function wrappedHandlerExport(state: ScanState, exportName: string, ref: ExternalInfo): boolean {
  const call = exportedCall(state.sourceFile, exportName);
  if (!call) return false;
  const evidence = [
    ...(ref.evidence ?? []),
    `exported as ${exportName} = ${call.expression.getText(state.sourceFile)}(…)`,
  ];
  const { fn } = recordHandler(state, call, ref.kind, ref.toolName, evidence);
  if (!fn) return false;
  const handler = state.handlers.find((h) => h.fn === fn);
  if (handler && handler.exportName === undefined) handler.exportName = exportName;
  return true;
}
