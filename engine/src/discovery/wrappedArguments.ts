/**
 * Which argument of a higher-order wrapper call is the function it wraps (handler linking, round 3).
 *
 * `withValidation(lockSchema, async (args) => …)`: a value imported from another file (a schema, options, a
 * config) can stand before the function, and an imported name says nothing about what it is. When the call
 * also has an inline function, that function is the one the tool runs; the imported value is only taken when
 * no argument is written as a function.
 *
 * And a validation library's schema built by chained calls (`z.object({…}).refine((data) => …)`,
 * `.transform(…)`) is never a handler wrapper: its callbacks check or reshape input.
 */
import ts from 'typescript';
import { unwrapExpression } from '../parse/syntax';
import { type ScanState, functionTarget, isInlineFunction } from './scanContext';

/** Whether an argument is a bare name imported from another module (its kind unknown in this file). */
function isImportedName(state: ScanState, argument: ts.Expression): boolean {
  const inner = unwrapExpression(argument);
  return ts.isIdentifier(inner) && !state.functions.has(inner.text) && state.imports.has(inner.text);
}

/** The argument of a wrapper call that is the wrapped function, or else a wrapper call among its arguments. */
export function wrappedFunctionArgument(state: ScanState, call: ts.CallExpression): ts.Expression | undefined {
  const functions = call.arguments.filter((argument) => functionTarget(state, argument) !== undefined);
  const first = functions[0];
  if (first && isImportedName(state, first)) {
    const inline = functions.filter((argument) => isInlineFunction(unwrapExpression(argument)));
    if (inline.length === 1) return inline[0];
  }
  return first ?? call.arguments.find((argument) => ts.isCallExpression(unwrapExpression(argument)));
}

/** Modules whose chained schema builders take callbacks that validate or reshape input, never a tool's work. */
const SCHEMA_LIBRARIES = /^(zod(\/.*)?|yup|joi|valibot|superstruct|arktype|@sinclair\/typebox)$/;

/** The chained steps whose callbacks check or reshape input (`.implement(fn)` does wrap a function: not one). */
const INPUT_STEPS = new Set([
  'refine',
  'superRefine',
  'transform',
  'preprocess',
  'check',
  'pipe',
  'catch',
  'default',
  'test',
  'custom',
  'when',
]);

/** Whether a call is an input step of a chained schema (`z.object({…}).refine(…)`) of a validation library. */
export function isSchemaChainCall(state: ScanState, call: ts.CallExpression): boolean {
  const callee = unwrapExpression(call.expression);
  if (!ts.isPropertyAccessExpression(callee) || !INPUT_STEPS.has(callee.name.text)) return false;
  let current: ts.Expression = call;
  let chained = false;
  for (let depth = 0; depth < 50; depth++) {
    current = unwrapExpression(current);
    if (ts.isCallExpression(current)) current = current.expression;
    else if (ts.isPropertyAccessExpression(current)) {
      chained = true;
      current = current.expression;
    } else break;
  }
  if (!chained || !ts.isIdentifier(current)) return false;
  const imported = state.imports.get(current.text);
  return imported !== undefined && SCHEMA_LIBRARIES.test(imported.specifier);
}
