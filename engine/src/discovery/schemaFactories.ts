/**
 * A project's own tool factory, known across files: `defineThing({ name: 'x', description, parameters, execute })`
 * in one file tells the project that `defineThing` builds tools, so a call of it without an input schema in
 * another file (`defineThing({ name: 'list_things', description, execute })`, a tool that takes no arguments)
 * is a tool too, when it writes a name and a description itself. Only factories the project declares itself (a
 * local function, or one imported from a relative path, a workspace package or an alias) are published; a
 * package's factory (`tool()` of an AI SDK) never is.
 */
import ts from 'typescript';
import { unwrapExpression } from '../parse/syntax';
import { SCHEMA_KEYS, memberOf } from './definitions';
import type { ScanState } from './scanContext';

const SHAPE_PREFIX = 'schemaFactory:';
const NAME_KEYS = ['name', 'method', 'toolName'];

/** The callee's name when it is the project's own function. */
function projectFactoryName(state: ScanState, call: ts.CallExpression): string | undefined {
  if (!ts.isIdentifier(call.expression)) return undefined;
  const name = call.expression.text;
  const binding = state.imports.get(name);
  if (!binding) return state.functions.has(name) ? name : undefined;
  if (binding.specifier.startsWith('.')) return name;
  return state.resolveImport?.(binding.specifier, state.sourceFile.fileName) ? name : undefined;
}

/** Shapes to publish: the project factories this file's schema-bearing definitions were passed to. */
export function schemaFactoryShapes(state: ScanState): string[] {
  const shapes = new Set<string>();
  for (const registration of state.registrations) {
    if (registration.kind !== 'definition' || !ts.isCallExpression(registration.node)) continue;
    const argument = registration.node.arguments[0] && unwrapExpression(registration.node.arguments[0]);
    if (!argument || !ts.isObjectLiteralExpression(argument) || memberOf(argument, SCHEMA_KEYS) === undefined) continue;
    const name = projectFactoryName(state, registration.node);
    if (name) shapes.add(SHAPE_PREFIX + name);
  }
  return [...shapes];
}

/** Whether `call` is a project factory another file (or this one) passed a schema-bearing tool definition to. */
export function isKnownSchemaFactory(state: ScanState, call: ts.CallExpression | ts.NewExpression): boolean {
  if (!ts.isCallExpression(call)) return false;
  // A definition of its own: a name and a description written in the object (an identity helper's other uses,
  // `{ label, handler }` under a record key, are not tools).
  const argument = call.arguments[0] && unwrapExpression(call.arguments[0]);
  if (!argument || !ts.isObjectLiteralExpression(argument)) return false;
  if (!memberOf(argument, NAME_KEYS) || !memberOf(argument, ['description'])) return false;
  const name = projectFactoryName(state, call);
  return name !== undefined && state.knowledge.recordShape?.(SHAPE_PREFIX + name) === true;
}
