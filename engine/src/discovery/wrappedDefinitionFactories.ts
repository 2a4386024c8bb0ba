/**
 * A project factory that wraps a definition factory: `export const makeReadTool = (o) => defineTool({ name: o.name,
 * description: o.description, inputSchema, handler: async (input, ctx) => … })`, called per tool as
 * `export const [getThingTool, handleGetThing] = makeReadTool({ name: 'getThing', … })`.
 *
 * The inner definition's name comes from the factory's parameter (`o.name`, or `const { name } = o`), so the inner
 * object is not a tool of its own: every call of the factory is, named by its argument. The factory becomes a
 * wrapper (its calls in this file or, exported, in any other are tools); the handler it builds is recorded here,
 * once for all of them, so its checks still run.
 */
import ts from 'typescript';
import {
  type FunctionLike,
  isFunctionLike,
  propertyNameText,
  returnedExpressions,
  unwrapExpression,
} from '../parse/syntax';
import { NON_MCP_MODULES, NOT_TOOL_KEYS, SCHEMA_KEYS, handlerMember, memberOf, valueOfMember } from './definitions';
import { recordHandler } from './handlerTargets';
import { argPathOf, isShared } from './registrationCalls';
import { type ArgPath, type ScanState, where } from './scanContext';

/** `createPromptReadTool`, `makeReadTool`: a function named for making a tool ("tool" as a word of its name). */
const TOOL_FACTORY_NAME = /(?:^tool|Tool|TOOL|_tool)(?![a-z])/;

/** `const { name } = options` (or `const name = options.name`) in the factory's body: where `name` comes from. */
function localPath(fn: FunctionLike, identifier: ts.Identifier): ArgPath | undefined {
  if (!fn.body || !ts.isBlock(fn.body)) return undefined;
  for (const statement of fn.body.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const init = declaration.initializer && unwrapExpression(declaration.initializer);
      if (!init) continue;
      if (ts.isIdentifier(declaration.name) && declaration.name.text === identifier.text) return argPathOf(init, fn);
      if (!ts.isObjectBindingPattern(declaration.name) || !ts.isIdentifier(init)) continue;
      for (const element of declaration.name.elements) {
        if (!ts.isIdentifier(element.name) || element.name.text !== identifier.text || element.dotDotDotToken) continue;
        const base = argPathOf(init, fn);
        if (!base || base.property !== undefined) return undefined;
        return { index: base.index, property: propertyNameText(element.propertyName) ?? element.name.text };
      }
    }
  }
  return undefined;
}

/** The definition object the factory hands to another factory and returns: `return defineTool({ … })`. */
function wrappedDefinition(state: ScanState, fn: FunctionLike): ts.ObjectLiteralExpression | undefined {
  const returned = returnedExpressions(fn).map((e) => unwrapExpression(e));
  if (returned.length !== 1 || !ts.isCallExpression(returned[0])) return undefined;
  // An AI SDK's `tool({ … })` wrapped by a project helper builds that SDK's tools, not MCP ones.
  let callee: ts.Expression = returned[0].expression;
  while (ts.isPropertyAccessExpression(callee)) callee = callee.expression;
  const module = ts.isIdentifier(callee) ? state.imports.get(callee.text)?.specifier : undefined;
  if (module && NON_MCP_MODULES.test(module)) return undefined;
  const argument = returned[0].arguments.length === 1 ? unwrapExpression(returned[0].arguments[0]) : undefined;
  return argument && ts.isObjectLiteralExpression(argument) ? argument : undefined;
}

export function scanWrappedDefinitionFactories(state: ScanState): void {
  for (const [name, fn] of state.functions) {
    if (state.wrappers.has(name) || !isFunctionLike(fn) || fn.parameters.length === 0) continue;
    if (!TOOL_FACTORY_NAME.test(name)) continue;
    const object = wrappedDefinition(state, fn);
    if (!object || state.consumed.has(object) || memberOf(object, NOT_TOOL_KEYS)) continue;
    const handler = handlerMember(object);
    if (!handler || (!memberOf(object, SCHEMA_KEYS) && !memberOf(object, ['description']))) continue;
    const nameValue = valueOfMember(memberOf(object, ['name', 'toolName']));
    if (!nameValue) continue;
    const inner = unwrapExpression(nameValue);
    const nameFrom = argPathOf(inner, fn) ?? (ts.isIdentifier(inner) ? localPath(fn, inner) : undefined);
    if (!nameFrom || nameFrom.property === undefined || nameFrom.fallback !== undefined) continue;
    state.consumed.add(object);
    const evidence = [
      `${name} (${where(state, fn)}) wraps a tool definition named by its parameter (${nameFrom.property})`,
    ];
    state.wrappers.set(name, { name, nameFrom, evidence, shared: isShared(fn) });
    if (!ts.isMethodDeclaration(handler)) {
      recordHandler(state, valueOfMember(handler), 'definition', null, [
        `handler of the tool definitions ${name}(…) builds (${where(state, object)})`,
      ]);
    }
  }
}
