/**
 * Prompt objects look like tool definitions: `{ name, title, description, argsSchema, callback }`.
 * What tells them apart is what their handler answers: a prompt's callback returns `{ messages: […] }`
 * (typed `GetPromptResult`), a tool's returns `{ content: […] }`.
 */
import ts from 'typescript';
import { type FunctionLike, returnedExpressions, propertyNameText, unwrapExpression } from '../parse/syntax';
import type { ScanState } from './scanContext';

/** Handler keys a prompt object may carry its callback under. */
const PROMPT_HANDLER_KEYS = new Set(['callback', 'handler', 'handle', 'execute', 'run', 'cb', 'fn', 'get', 'render']);
/** Return types that name a prompt result (`GetPromptResult`, `PromptResult`, `Promise<GetPromptResult>`). */
const PROMPT_RESULT_TYPE = /\b(?:Get)?Prompt(?:Result|Response|Messages)\b/;

/** Whether a definition-shaped object is an MCP prompt: its handler answers with prompt messages. */
export function isPromptDefinition(state: ScanState, object: ts.ObjectLiteralExpression): boolean {
  for (const property of object.properties) {
    const key = propertyNameText(property.name);
    if (key === undefined || !PROMPT_HANDLER_KEYS.has(key)) continue;
    const fn = handlerFunction(state, property);
    if (fn && answersPromptMessages(state, fn)) return true;
  }
  return false;
}

function handlerFunction(state: ScanState, property: ts.ObjectLiteralElementLike): FunctionLike | undefined {
  if (ts.isMethodDeclaration(property)) return property;
  const value = ts.isPropertyAssignment(property)
    ? unwrapExpression(property.initializer)
    : ts.isShorthandPropertyAssignment(property)
      ? property.name
      : undefined;
  if (!value) return undefined;
  if (ts.isArrowFunction(value) || ts.isFunctionExpression(value)) return value;
  return ts.isIdentifier(value) ? state.functions.get(value.text) : undefined;
}

/** A declared prompt-result return type, or every returned object literal holding `messages` and no `content`. */
function answersPromptMessages(state: ScanState, fn: FunctionLike): boolean {
  if (fn.type && PROMPT_RESULT_TYPE.test(fn.type.getText(state.sourceFile))) return true;
  const returned = returnedExpressions(fn);
  const objects = returned.map((e) => unwrapExpression(e)).filter(ts.isObjectLiteralExpression);
  return (
    objects.length > 0 &&
    objects.length === returned.length &&
    objects.every((o) => hasKey(o, 'messages') && !hasKey(o, 'content'))
  );
}

function hasKey(object: ts.ObjectLiteralExpression, key: string): boolean {
  return object.properties.some((p) => propertyNameText(p.name) === key);
}
