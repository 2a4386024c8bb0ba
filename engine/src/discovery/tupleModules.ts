/**
 * Tool modules written as tuples: `const module: ToolModule = [name, config, callback]; export default module;`, the
 * exact arguments of `registerTool(name, config, handler)`, spread into it by a manager
 * (`server.registerTool(...plugin)`). The tuple names the tool (its first element, a string), describes it (an
 * object with an input schema or a description) and holds its handler: the callback itself, or — when the callback
 * builds the handler from the server (`(mcp) => async (args) => …`) — the function it returns.
 *
 * Only an exported tuple of exactly three elements counts, typed as a tool (`ToolModule`, `ToolTuple`) or with a
 * config that carries an input schema.
 */
import ts from 'typescript';
import { type FunctionLike, isExportedStatement, returnedExpressions, unwrapExpression } from '../parse/syntax';
import { memberOf } from './definitions';
import { recordHandler } from './handlerTargets';
import { type ScanState, isInlineFunction, nameOf, where, shownNameExpression } from './scanContext';

/** Types and results named for prompts or resources. */
const OTHER_PRIMITIVE = /Prompt|Resource/;
/** Config keys that hold a tool's input schema (a prompt's is `argsSchema`). */
const TOOL_INPUT_KEYS = ['inputSchema', 'parameters', 'paramsSchema', 'inputShape'];

/** A same-file `const x = …` initializer by name (top-level statements only). */
function topLevelInitializer(sourceFile: ts.SourceFile, name: string): ts.Expression | undefined {
  for (const statement of sourceFile.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name) && declaration.name.text === name && declaration.initializer) {
        return unwrapExpression(declaration.initializer);
      }
    }
  }
  return undefined;
}

/** Names exported as the default or by `export { x }` / `export { x as default }`. */
function exportedNames(sourceFile: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  for (const statement of sourceFile.statements) {
    if (ts.isExportAssignment(statement) && ts.isIdentifier(unwrapExpression(statement.expression))) {
      names.add((unwrapExpression(statement.expression) as ts.Identifier).text);
    } else if (
      ts.isExportDeclaration(statement) &&
      !statement.moduleSpecifier &&
      statement.exportClause &&
      ts.isNamedExports(statement.exportClause)
    ) {
      for (const element of statement.exportClause.elements) names.add((element.propertyName ?? element.name).text);
    }
  }
  return names;
}

/** The exported three-element tuples of the file, with the type written on them (if any). */
function exportedTuples(sourceFile: ts.SourceFile): { tuple: ts.ArrayLiteralExpression; type?: string }[] {
  const exported = exportedNames(sourceFile);
  const found: { tuple: ts.ArrayLiteralExpression; type?: string }[] = [];
  for (const statement of sourceFile.statements) {
    if (ts.isExportAssignment(statement)) {
      const value = unwrapExpression(statement.expression);
      const outer = statement.expression;
      const type =
        ts.isSatisfiesExpression(outer) || ts.isAsExpression(outer) ? outer.type.getText(sourceFile) : undefined;
      if (ts.isArrayLiteralExpression(value)) found.push({ tuple: value, type });
      continue;
    }
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || !declaration.initializer) continue;
      if (!isExportedStatement(statement) && !exported.has(declaration.name.text)) continue;
      const value = unwrapExpression(declaration.initializer);
      if (!ts.isArrayLiteralExpression(value)) continue;
      const outer = declaration.initializer;
      const type =
        declaration.type?.getText(sourceFile) ??
        (ts.isSatisfiesExpression(outer) || ts.isAsExpression(outer) ? outer.type.getText(sourceFile) : undefined);
      found.push({ tuple: value, type });
    }
  }
  return found.filter(({ tuple }) => tuple.elements.length === 3 && !tuple.elements.some(ts.isSpreadElement));
}

/** The tool's config object: inline or a same-file constant. */
function configObject(state: ScanState, element: ts.Expression): ts.ObjectLiteralExpression | undefined {
  const inner = unwrapExpression(element);
  if (ts.isObjectLiteralExpression(inner)) return inner;
  if (!ts.isIdentifier(inner)) return undefined;
  const value = topLevelInitializer(state.sourceFile, inner.text);
  return value && ts.isObjectLiteralExpression(value) ? value : undefined;
}

/** The callback: inline or a same-file function. */
function callbackFunction(state: ScanState, element: ts.Expression): FunctionLike | undefined {
  const inner = unwrapExpression(element);
  if (isInlineFunction(inner)) return inner;
  return ts.isIdentifier(inner) ? state.functions.get(inner.text) : undefined;
}

/** The function the callback returns when it only returns functions (it builds the handler), if it does. */
function builtHandler(callback: FunctionLike): ts.Expression | undefined {
  const returned = returnedExpressions(callback).map((e) => unwrapExpression(e));
  return returned.length > 0 && returned.every(isInlineFunction) ? returned[0] : undefined;
}

export function scanTupleModules(state: ScanState): void {
  for (const { tuple, type } of exportedTuples(state.sourceFile)) {
    const [nameElement, configElement, callbackElement] = tuple.elements;
    const config = configObject(state, configElement);
    const callback = callbackFunction(state, callbackElement);
    if (!config || !callback) continue;
    // `PromptPlugin`, `ResourceModule`, a callback answering `GetPromptResult`: the same tuples serve other primitives.
    if (type !== undefined && OTHER_PRIMITIVE.test(type)) continue;
    if (callback.type && OTHER_PRIMITIVE.test(callback.type.getText(state.sourceFile))) continue;
    const typedAsTool = type !== undefined && /Tool/.test(type);
    if (!typedAsTool && !memberOf(config, TOOL_INPUT_KEYS)) continue;
    if (!typedAsTool && !memberOf(config, ['description', 'title'])) continue;
    const resolved = nameOf(state, nameElement);
    if (resolved.name === null) continue;
    state.consumed.add(config);
    const built = builtHandler(callback);
    const evidence = [
      `tool module tuple [name, config, callback] at ${where(state, tuple)}${type ? ` (${type.split('<')[0]})` : ''}`,
      built ? 'handler: the function its callback returns' : 'handler: its callback',
    ];
    const recorded = recordHandler(state, built ?? callbackElement, 'definition', resolved.name, evidence);
    state.registrations.push({
      name: resolved.name,
      nameExpression: shownNameExpression(nameElement, resolved),
      kind: 'definition',
      node: tuple,
      nameNode: nameElement,
      handler: recorded.fn,
      evidence: [...evidence, ...recorded.evidence],
      listed: true,
    });
  }
}
