/**
 * Tool factories that run the definition's handler inside their own try/catch:
 *
 *   export const defineTool = (definition) => {
 *     const { execute, ...rest } = definition;
 *     return { ...rest, run: (client) => async (input) => {
 *       try { return await execute(client)(input); } catch (error) { return { message: String(error) }; }
 *     } };
 *   };
 *
 * A definition passed to such a factory (`defineTool({ name, parameters, execute })`), in the factory's file or in
 * another one, has a handler whose failures end in that catch: they never escape the tool raw. The factory's file
 * shares what it guards as a record shape (`guards:defineTool>execute`); the files that call it read it back.
 */
import ts from 'typescript';
import { type FunctionLike, unwrapExpression } from '../parse/syntax';
import { markGuardedBy } from './crossFileGuards';
import { catchesEverything } from './guardedParameters';
import { HANDLER_KEYS } from './handlerKeys';
import { type ScanState, where } from './scanContext';

const PREFIX = 'guards:';
const HANDLER_KEY_SET = new Set(HANDLER_KEYS);

function shapeOf(factory: string, key: string): string {
  return `${PREFIX}${factory}>${key}`;
}

/**
 * The handler keys of its parameters that `fn` calls inside a try whose catch answers every error: `definition.key(…)`,
 * or a local taken from the parameter (`const { key } = definition`, `const run = definition.key`, `({ key }) => …`).
 */
function guardedKeysOfFactory(state: ScanState, fn: FunctionLike): Set<string> {
  const keys = new Set<string>();
  const tries = state.index.within(fn, [ts.SyntaxKind.TryStatement]).filter(ts.isTryStatement);
  if (tries.length === 0) return keys;
  const parameters = new Set<string>();
  /** local name → the parameter's key it holds */
  const locals = new Map<string, string>();
  const addBinding = (pattern: ts.ObjectBindingPattern) => {
    for (const element of pattern.elements) {
      if (element.dotDotDotToken || !ts.isIdentifier(element.name)) continue;
      const key = element.propertyName ? element.propertyName.getText(state.sourceFile) : element.name.text;
      if (HANDLER_KEY_SET.has(key)) locals.set(element.name.text, key);
    }
  };
  for (const parameter of fn.parameters) {
    if (ts.isIdentifier(parameter.name)) parameters.add(parameter.name.text);
    else if (ts.isObjectBindingPattern(parameter.name)) addBinding(parameter.name);
  }
  for (const declaration of state.index.within(fn, [ts.SyntaxKind.VariableDeclaration])) {
    if (!ts.isVariableDeclaration(declaration) || !declaration.initializer) continue;
    const value = unwrapExpression(declaration.initializer);
    if (ts.isIdentifier(value) && parameters.has(value.text) && ts.isObjectBindingPattern(declaration.name)) {
      addBinding(declaration.name);
    } else if (
      ts.isIdentifier(declaration.name) &&
      ts.isPropertyAccessExpression(value) &&
      ts.isIdentifier(value.expression) &&
      parameters.has(value.expression.text) &&
      HANDLER_KEY_SET.has(value.name.text)
    ) {
      locals.set(declaration.name.text, value.name.text);
    }
  }
  for (const statement of tries) {
    if (!catchesEverything(statement)) continue;
    for (const call of state.index.within(statement.tryBlock, [ts.SyntaxKind.CallExpression])) {
      if (!ts.isCallExpression(call)) continue;
      const callee = unwrapExpression(call.expression);
      if (ts.isIdentifier(callee) && locals.has(callee.text)) keys.add(locals.get(callee.text) ?? '');
      else if (
        ts.isPropertyAccessExpression(callee) &&
        ts.isIdentifier(callee.expression) &&
        parameters.has(callee.expression.text) &&
        HANDLER_KEY_SET.has(callee.name.text)
      ) {
        keys.add(callee.name.text);
      }
    }
  }
  return keys;
}

/** The file's guarding factories, as record shapes (`guards:defineTool>execute`). */
export function guardingFactoryShapes(state: ScanState): Set<string> {
  const shapes = new Set<string>();
  // Only a try can guard: a file without one is not walked function by function.
  if (state.index.of(ts.SyntaxKind.TryStatement, ts.isTryStatement).length === 0) return shapes;
  for (const [name, fn] of state.functions) {
    if (fn.parameters.length === 0) continue;
    for (const key of guardedKeysOfFactory(state, fn)) shapes.add(shapeOf(name, key));
  }
  return shapes;
}

/**
 * Marks guarded the handlers of definitions passed to a guarding factory (`defineTool({ …, execute })`): a factory
 * of this file (`shapes`) or one another file defines (the project's record shapes).
 */
export function guardFactoryDefinitions(state: ScanState, shapes: ReadonlySet<string>): void {
  for (const registration of state.registrations) {
    const site = registration.node;
    const handler = registration.handler;
    if (!handler || !ts.isCallExpression(site) || !ts.isIdentifier(site.expression)) continue;
    const factory = site.expression.text;
    const local = state.functions.has(factory);
    if (!local && !state.imports.has(factory)) continue;
    for (const argument of site.arguments) {
      const object = unwrapExpression(argument);
      if (!ts.isObjectLiteralExpression(object)) continue;
      for (const property of object.properties) {
        const key = property.name && ts.isIdentifier(property.name) ? property.name.text : undefined;
        if (!key || !HANDLER_KEY_SET.has(key)) continue;
        const shape = shapeOf(factory, key);
        if (local ? !shapes.has(shape) : state.knowledge.recordShape?.(shape) !== true) continue;
        const fn = local ? state.functions.get(factory) : undefined;
        const place = fn ? ` (${where(state, fn)})` : '';
        markGuardedBy(state, handler, `${factory}(…)${place} runs the definition's ${key} inside its own try/catch`);
      }
    }
  }
}
