/**
 * Project helpers that build a tool from an options object: `createTool(config, deps)` returning
 * `{ name: config.name, description: config.description, inputSchema, handler: async (a) => … config.handler(…) }`.
 * The returned object is the template every call fills in, not a tool (its name is the helper's own
 * parameter's); each call of the helper (`createTool({ name: 'x', handler }, deps)`, also without a schema:
 * `createToolNoArgs({ name: 'y', handler })`) is a tool. The helper is published as a wrapper whose
 * argument is the whole definition, so calls in other files are read through the project's knowledge.
 */
import ts from 'typescript';
import { type FunctionLike, returnedExpressions, propertyNameText, unwrapExpression } from '../parse/syntax';
import { NOT_TOOL_CALLEES, NOT_TOOL_KEYS, handlerMember, memberOf, valueOfMember } from './definitions';
import { type ScanState, functionName, where } from './scanContext';

/** The object literals a function returns from its own body. */
function returnedObjects(fn: FunctionLike): ts.ObjectLiteralExpression[] {
  return returnedExpressions(fn).map(unwrapExpression).filter(ts.isObjectLiteralExpression);
}

/** `config.name` (config a parameter) or `name` destructured from one: the index of that parameter. */
function parameterNamed(fn: FunctionLike, value: ts.Expression): number | undefined {
  const inner = unwrapExpression(value);
  for (let index = 0; index < fn.parameters.length; index++) {
    const parameter = fn.parameters[index].name;
    if (
      ts.isPropertyAccessExpression(inner) &&
      inner.name.text === 'name' &&
      ts.isIdentifier(parameter) &&
      ts.isIdentifier(inner.expression) &&
      inner.expression.text === parameter.text
    ) {
      return index;
    }
    if (ts.isIdentifier(inner) && ts.isObjectBindingPattern(parameter)) {
      const bound = parameter.elements.some(
        (element) =>
          ts.isIdentifier(element.name) &&
          element.name.text === inner.text &&
          (propertyNameText(element.propertyName) ?? element.name.text) === 'name',
      );
      if (bound) return index;
    }
  }
  return undefined;
}

/** A helper's template: a returned `{ name: <param>.name, …, handler }` that looks like a tool. */
function templateOf(fn: FunctionLike, name: string): { object: ts.ObjectLiteralExpression; index: number } | undefined {
  for (const object of returnedObjects(fn)) {
    const nameValue = valueOfMember(memberOf(object, ['name']));
    const index = nameValue && parameterNamed(fn, nameValue);
    if (index === undefined || !handlerMember(object) || memberOf(object, NOT_TOOL_KEYS)) continue;
    if (/tool/i.test(name) || memberOf(object, ['inputSchema'])) return { object, index };
  }
  return undefined;
}

/** Finds the file's tool-building helpers: their templates are consumed, the helpers become wrappers. */
export function scanTemplateFactories(state: ScanState): void {
  if (!/\.name\b|\{\s*name\b/.test(state.sourceFile.text)) return;
  for (const [name, fn] of state.functions) {
    if (NOT_TOOL_CALLEES.test(name) || state.wrappers.has(name)) continue;
    const template = templateOf(fn, name);
    if (!template) continue;
    state.consumed.add(template.object);
    const declaration = ts.isFunctionDeclaration(fn) ? fn : fn.parent.parent.parent;
    const exported =
      ts.canHaveModifiers(declaration) &&
      (ts.getModifiers(declaration) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    state.wrappers.set(name, {
      name: functionName(fn) ?? name,
      definitionFrom: { index: template.index },
      evidence: [`${name} (${where(state, fn)}) returns a tool built from its options (name: its parameter's name)`],
      shared: exported,
    });
  }
}
