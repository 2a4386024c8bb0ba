/**
 * A module's own tool definition built by a tool-named factory and carrying no handler:
 * `export const getOrder = defineTool({ name: 'get_order', description, input, graphql: query, response })`
 * or `export default defineTool({ … })`. The project's generic runner executes it (a query it sends, a
 * response mapper), so it has a name and an input schema but no function to run; it is a tool all the same,
 * with no handler. The factory must be imported and named for tools (`defineTool`, `createShopTool`), the
 * object must spell its name as text and have a description and an input schema; factories of the
 * non-MCP tool APIs, nameless objects and objects that spread another are left alone.
 */
import ts from 'typescript';
import { isExportedStatement, unwrapExpression } from '../parse/syntax';
import { NON_MCP_MODULES, SCHEMA_KEYS, handlerMember, memberOf, valueOfMember } from './definitions';
import { recordDefinitionTool } from './handlerTargets';
import { type ScanState, where } from './scanContext';

/** `defineTool`, `createTool`, `makeShopTool`: a factory whose name says it builds a tool. */
const TOOL_FACTORY = /^(define|create|make|build)[A-Za-z]*Tool$/;
/** A wire name: an identifier-like word. */
const WIRE_NAME = /^[A-Za-z][A-Za-z0-9_.-]*$/;

/** The value of `export default X` or each `export const x = X` of this file. */
function exportedValues(sourceFile: ts.SourceFile): ts.Expression[] {
  const values: ts.Expression[] = [];
  for (const statement of sourceFile.statements) {
    if (ts.isExportAssignment(statement) && !statement.isExportEquals) values.push(statement.expression);
    if (!ts.isVariableStatement(statement)) continue;
    if (!isExportedStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (declaration.initializer) values.push(declaration.initializer);
    }
  }
  return values;
}

/** Records each handler-less definition a tool-named factory of another module builds in this file's exports. */
export function scanHandlerlessFactoryDefinitions(state: ScanState): void {
  for (const value of exportedValues(state.sourceFile)) {
    const call = unwrapExpression(value);
    if (!ts.isCallExpression(call) || !ts.isIdentifier(call.expression) || call.arguments.length !== 1) continue;
    const factory = call.expression.text;
    const imported = state.imports.get(factory);
    if (!TOOL_FACTORY.test(factory) || !imported || NON_MCP_MODULES.test(imported.specifier)) continue;
    const object = unwrapExpression(call.arguments[0]);
    if (!ts.isObjectLiteralExpression(object) || state.consumed.has(object)) continue;
    if (object.properties.some(ts.isSpreadAssignment) || handlerMember(object)) continue;
    if (!memberOf(object, ['description']) || !memberOf(object, SCHEMA_KEYS)) continue;
    const nameValue = valueOfMember(memberOf(object, ['name']));
    const literal = nameValue && unwrapExpression(nameValue);
    if (!literal || !ts.isStringLiteralLike(literal) || !WIRE_NAME.test(literal.text)) continue;
    if (state.registrations.some((r) => r.node === call || r.node === object)) continue;
    state.consumed.add(object);
    recordDefinitionTool(state, call, literal, literal.text, undefined, [
      `handler-less tool definition built by ${factory}(…) at ${where(state, call)} (name, description and input schema)`,
    ]);
  }
}
