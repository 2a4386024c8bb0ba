/**
 * FastMCP's `UserError`: thrown from a tool, the framework answers it with an `isError` result whose text is
 * the error's message. A throw of one is not "unstructured"; what it lacks is the errorCategory and isRetryable.
 */
import ts from 'typescript';
import { namedFunctions } from '../../discovery/handlers';
import { returnedExpressions, unwrapExpression } from '../../parse/syntax';
import type { AnalysisContext, ForeignFunction } from '../../types';
import { importedCallees } from './importedCallees';

/** Packages whose user-error class the framework turns into an `isError` result the model sees. */
const USER_ERROR_PACKAGES = new Set(['fastmcp']);

/** Local names of FastMCP's `UserError` in a file (imported under any name). */
export function userErrorNames(sourceFile: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  for (const node of sourceFile.statements) {
    if (!ts.isImportDeclaration(node) || !ts.isStringLiteral(node.moduleSpecifier)) continue;
    if (!USER_ERROR_PACKAGES.has(node.moduleSpecifier.text)) continue;
    const bindings = node.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements) {
      if ((element.propertyName ?? element.name).text === 'UserError') names.add(element.name.text);
    }
  }
  return names;
}

/** Whether an expression is `new UserError(…)` for one of `names`. */
function isNewUserError(expression: ts.Expression, names: ReadonlySet<string>): boolean {
  const inner = unwrapExpression(expression);
  return ts.isNewExpression(inner) && ts.isIdentifier(inner.expression) && names.has(inner.expression.text);
}

/** The function a plain call names, in this file or imported from a workspace file. */
function calledFunction(context: AnalysisContext, call: ts.CallExpression): ForeignFunction | undefined {
  if (!ts.isIdentifier(call.expression)) return undefined;
  const local = namedFunctions(context.nodes).get(call.expression.text);
  if (local) return { fn: local, sourceFile: context.sourceFile };
  const lookup = context.importedFunction?.bind(context);
  return lookup ? importedCallees(context.sourceFile, lookup)(call.expression.text) : undefined;
}

/**
 * `throw toUserError(error)` where the function (this file or an imported one) returns only
 * `new UserError(…)`: the framework answers the throw as it answers `throw new UserError(…)`.
 */
export function throwsBuiltUserError(context: AnalysisContext, statement: ts.ThrowStatement): boolean {
  const thrown = statement.expression && unwrapExpression(statement.expression);
  if (!thrown || !ts.isCallExpression(thrown)) return false;
  const callee = calledFunction(context, thrown);
  if (!callee) return false;
  const names = userErrorNames(callee.sourceFile);
  if (names.size === 0) return false;
  const returned = returnedExpressions(callee.fn);
  return returned.length > 0 && returned.every((expression) => isNewUserError(expression, names));
}
