/**
 * A catch that answers with the command's own output (`exit code`, `stdout`, `stderr`) is a deliberate result the
 * authors kept on purpose: the fix marks it as a failure (`isError: true` with a category) and keeps its content,
 * instead of replacing it with a bare error envelope that loses the output.
 */
import ts from 'typescript';
import { spellCategory } from '../../../shared/src/taxonomy';
import { findProperty, unwrapExpression } from '../parse/syntax';
import type { AnalysisContext, CreatedFile, OffsetEdit } from '../types';
import { sharedClassification } from './classifyOnce';
import { canUseHelper, insertProperties } from './edits';
import { quotedIn } from './fileStyle';
import type { Inference } from './inference';
import { CLASSIFY_ERROR_FUNCTION, useHelper } from './toolErrorsHelper';

const COMMAND_OUTPUT = /\b(stdout|stderr|exitCode|exit_code|exit code|exit status)\b/i;

/** The returned object literal, when it carries a command's output. */
export function commandOutputResult(
  context: AnalysisContext,
  statement: ts.ReturnStatement,
): ts.ObjectLiteralExpression | undefined {
  const returned = statement.expression && unwrapExpression(statement.expression);
  if (!returned || !ts.isObjectLiteralExpression(returned)) return undefined;
  return COMMAND_OUTPUT.test(returned.getText(context.sourceFile)) ? returned : undefined;
}

/**
 * The edits that mark a command-output result as a failure: `isError: true` (in place of `isError: false`), and
 * the category and retryability, literal when `decided`, else read once from the caught error at run time.
 */
export function markAsFailure(
  context: AnalysisContext,
  object: ts.ObjectLiteralExpression,
  caught: string | undefined,
  decided: Inference | undefined,
): { title: string; edits: OffsetEdit[]; createFile?: CreatedFile } {
  const edits: OffsetEdit[] = [];
  const properties: string[] = [];
  const isError = findProperty(object, ['isError']);
  if (isError && ts.isPropertyAssignment(isError)) {
    const value = isError.initializer;
    edits.push({ start: value.getStart(context.sourceFile), end: value.getEnd(), newText: 'true' });
  } else {
    properties.push('isError: true');
  }
  let createFile: CreatedFile | undefined;
  let shown: string;
  const use =
    !decided && caught && canUseHelper(context) ? useHelper(context.sourceFile, CLASSIFY_ERROR_FUNCTION) : undefined;
  const shared = use && caught ? sharedClassification(context, object, 'errorCategory', use.local, caught) : undefined;
  if (use && shared && caught) {
    properties.push(`errorCategory: ${shared.name}.errorCategory`, `isRetryable: ${shared.name}.isRetryable`);
    edits.push(...shared.edits, ...use.edits);
    createFile = use.createFile;
    shown = `the category read from ${caught} at run time`;
  } else {
    const inference = decided ?? { category: 'UNKNOWN', retryable: false };
    const category = quotedIn(context, spellCategory(inference.category, context.settings.categoryCase));
    properties.push(`errorCategory: ${category}`, `isRetryable: ${inference.retryable}`);
    shown = `errorCategory ${category}`;
  }
  edits.push(insertProperties(context, object, properties));
  return {
    title: `Mark the command's output as a failed result (isError: true, ${shown}), keeping the output`,
    edits,
    ...(createFile ? { createFile } : {}),
  };
}
