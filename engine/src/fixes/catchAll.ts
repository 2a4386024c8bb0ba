/**
 * Fixes for places where a caught error is in hand: when no static evidence decides the category, the fix
 * lets the error decide at run time through the project's tool-errors helper (`toolError(error, 'op')`,
 * `classifyError(error)`) instead of writing a hard-coded UNKNOWN. Static evidence, when certain, still
 * wins and is written as a literal; the helper is used only in TypeScript files.
 */
import ts from 'typescript';
import { isGenericMessage } from '../checks/generic-error-message';
import { enclosingCatch, enclosingFunction, findProperty, unwrapExpression, walk } from '../parse/syntax';
import type { AnalysisContext, Fix } from '../types';
import { type FixEdits, canUseHelper, fittingEnvelope, helperCall, specFrom, throwToReturn } from './edits';
import {
  type Inference,
  describeInference,
  guardingConditions,
  inferEnvelope,
  inputEvidence,
  messageArgument,
  thrownMessage,
  toolCallbackOf,
} from './inference';
import { type AuthorWords, authorWordsOf } from './authorWords';
import { dropPassThrough } from './passThrough';
import { calleeDecision, recognisedNote } from './calleeThrows';
import { fileStyle, quotedIn } from './fileStyle';
import { sharedClassification } from './classifyOnce';
import { commandOutputResult, markAsFailure } from './dataResult';
import { returnsServerResult } from './returnType';
import { envelopeText, runtimeWords, thrownMessageExpression } from './runtimeWords';
import { spellCategory } from '../../../shared/src/taxonomy';
import { CLASSIFY_ERROR_FUNCTION, useHelper } from './toolErrorsHelper';

/** The name a catch clause around `node` (in the same function) binds, when it binds an identifier. */
export function caughtName(node: ts.Node): string | undefined {
  const clause = enclosingCatch(node);
  if (clause) {
    const name = clause.variableDeclaration?.name;
    return name && ts.isIdentifier(name) ? name.text : undefined;
  }
  // An error-answer builder (`function errorResult(error: unknown) { return { isError: true, … } }`).
  const parameter = enclosingFunction(node)?.parameters.find(
    (p) => ts.isIdentifier(p.name) && /^(e|err|error|ex|exception|cause)$/.test(p.name.text),
  );
  return parameter && ts.isIdentifier(parameter.name) ? parameter.name.text : undefined;
}

/** Whether `node` mentions the identifier `name` (outside nested functions' own parameters, simply by text). */
function mentions(node: ts.Node, name: string): boolean {
  let found = false;
  walk(node, (child) => {
    if (found) return false;
    if (ts.isIdentifier(child) && child.text === name) found = true;
  });
  return found || (ts.isIdentifier(node) && node.text === name);
}

type FixBody = Pick<Fix, 'title' | 'edits' | 'createFile'>;

function literalTitle(inference: Inference): string {
  return `Return an error envelope: errorCategory '${inference.category}', isRetryable: ${inference.retryable}${describeInference(inference)}`;
}

/**
 * The author's own message in a thrown error (`new Error(\`Could not load issue ${id}\`)`), as source text, when
 * its literal parts say something in words of their own: at least two words, not a generic phrase. A message that
 * is only the caught error's text (`new Error(e.message)`) is not the author's.
 */
export function authorMessage(context: AnalysisContext, statement: ts.ThrowStatement): string | undefined {
  const thrown = statement.expression && unwrapExpression(statement.expression);
  if (!thrown || !(ts.isNewExpression(thrown) || ts.isCallExpression(thrown))) return undefined;
  for (const argument of thrown.arguments ?? []) {
    const words = authorWordsOf(context.sourceFile, argument, statement);
    if (words === undefined) continue;
    return ownWords(words);
  }
  return undefined;
}

/** The words' source when their literal parts say something of their own: two words or more, not generic. */
function ownWords(words: AuthorWords): string | undefined {
  const literal = words.text.replace(/\$\{…\}|…/g, ' ');
  const found = literal.match(/\p{L}{2,}/gu) ?? [];
  if (found.length < 2 || isGenericMessage(literal)) return undefined;
  return words.source;
}

/** The author's words in a returned result's first text (`return { content: [{ type: 'text', text: \`Failed …\` }] }`). */
function returnedAuthorMessage(context: AnalysisContext, statement: ts.ReturnStatement): string | undefined {
  const returned = statement.expression && unwrapExpression(statement.expression);
  if (!returned || !ts.isObjectLiteralExpression(returned)) return undefined;
  const content = findProperty(returned, ['content']);
  const items = content && ts.isPropertyAssignment(content) ? unwrapExpression(content.initializer) : undefined;
  const first = items && ts.isArrayLiteralExpression(items) ? items.elements[0] : undefined;
  const item = first && unwrapExpression(first);
  const text = item && ts.isObjectLiteralExpression(item) ? findProperty(item, ['text']) : undefined;
  if (!text || !ts.isPropertyAssignment(text)) return undefined;
  // Words for a degraded success ('cached results only') do not say what failed: the caught error's message does.
  const words = authorWordsOf(context.sourceFile, text.initializer, statement);
  return words && SAYS_FAILURE.test(words.text) ? ownWords(words) : undefined;
}

const SAYS_FAILURE =
  /\b(?:fail\w*|errors?|unable|could(?:n't| not)|cannot|can't|not|no|invalid|denied|unavailable|missing|refused|timed? ?out)\b/i;

function helperTitle(call: string): string {
  return `Return ${call}: the category is read from the caught error at run time`;
}

/** `{ createFile }` when the fix relies on a file it creates, else nothing (to spread into a Fix). */
export function createFileOf(needs: FixEdits): Pick<Fix, 'createFile'> {
  return needs.createFile ? { createFile: needs.createFile } : {};
}

function withNeeds(title: string, edits: FixEdits['edits'], needs: FixEdits): FixBody {
  return { title, edits: [...edits, ...needs.edits], ...createFileOf(needs) };
}

/** VALIDATION when a throw in a handler's own body answers a guard on the tool's input (see `inputEvidence`). */
function thrownInputEvidence(context: AnalysisContext, statement: ts.ThrowStatement): Inference | undefined {
  const handlerFn = context.handlerOf(statement)?.fn ?? toolCallbackOf(statement);
  const thrown = statement.expression && unwrapExpression(statement.expression);
  const first = thrown && (ts.isNewExpression(thrown) || ts.isCallExpression(thrown)) ? thrown.arguments?.[0] : thrown;
  const message = messageArgument(first);
  return handlerFn ? inputEvidence(statement, handlerFn, message ? [message] : []) : undefined;
}

/**
 * `throw X;` → `return …;`: a literal envelope when the evidence decides; `return toolError(e, 'tool')` when
 * it does not and the throw passes on the error a catch clause caught (`throw e`, `throw new Error(… e …)`).
 */
export function throwAsReturn(
  context: AnalysisContext,
  statement: ts.ThrowStatement,
  toolName: string | null,
  given: Inference,
  messageSource: string,
): FixBody {
  const caught = caughtName(statement);
  const inference = given.evidence === undefined ? (thrownInputEvidence(context, statement) ?? given) : given;
  const decided = inference.evidence !== undefined && inference.category !== 'UNKNOWN';
  const callee = decided ? undefined : calleeDecision(context, statement);
  if (callee?.certain) {
    return {
      title: literalTitle(callee.certain),
      edits: [throwToReturn(context, statement, specFrom(callee.certain, messageSource))],
    };
  }
  // In a catch, the caught error is the cause of whatever the catch throws, even in the author's own words
  // (`throw new Error(\`Failed to list apps${detail}\`)`): it decides at run time, the words stay as the message.
  const fromCatch = enclosingCatch(statement) !== undefined;
  if (!decided && caught && statement.expression && (fromCatch || mentions(statement.expression, caught))) {
    const helper = helperCall(context, caught, toolName, authorMessage(context, statement), statement);
    if (helper) {
      const { semicolon } = fileStyle(context.sourceFile);
      const returned = `return ${helper.call}${semicolon}`;
      const plannedFor = (next: ts.ThrowStatement): string | undefined => {
        const nextHelper = helperCall(context, caught, toolName, authorMessage(context, next), next);
        const undecided = (inferEnvelope(next, [thrownMessage(next)]).evidence ?? 'UNKNOWN') === 'UNKNOWN';
        return nextHelper && undecided && mentions(next, caught) ? `return ${nextHelper.call}${semicolon}` : undefined;
      };
      const dropped = dropPassThrough(context, statement, caught, returned, plannedFor);
      if (dropped) {
        const title = `${helperTitle(helper.shown)}; the branch that passed the error through returned the same, so it is dropped`;
        return withNeeds(title, [dropped], helper.needs);
      }
      const start = statement.getStart(context.sourceFile);
      const edit = { start, end: statement.getEnd(), newText: returned };
      return withNeeds(helperTitle(helper.shown) + recognisedNote(callee), [edit], helper.needs);
    }
  }
  // A result's own error read in the message (`if (!r.ok) throw new Error(r.error.describe())`) before the object.
  const response = decided ? undefined : (failedResultError(statement) ?? failedResponseName(statement));
  const thrownText = thrownMessageExpression(statement)?.getText(context.sourceFile);
  const resultWords = response?.endsWith('.error') && thrownText !== response ? thrownText : undefined;
  const fromResponse = response
    ? helperCall(context, response, toolName, authorMessage(context, statement) ?? resultWords, statement)
    : undefined;
  if (fromResponse) {
    // `if (!res.ok) throw new Error(…)`: the response's status (and Retry-After) decides, not a hard-coded UNKNOWN;
    // `if (!r.success) throw new Error(r.error.message)`: the error the call returned decides.
    const start = statement.getStart(context.sourceFile);
    const edit = {
      start,
      end: statement.getEnd(),
      newText: `return ${fromResponse.call}${fileStyle(context.sourceFile).semicolon}`,
    };
    const what = response?.endsWith('.error') ? 'the returned error' : "the HTTP response's status";
    const title = `Return ${fromResponse.shown}: the category is read from ${what} at run time`;
    return withNeeds(title, [edit], fromResponse.needs);
  }
  const words = decided ? undefined : runtimeWords(thrownMessageExpression(statement));
  const fromWords = words ? helperCall(context, words.error, toolName, words.message, statement) : undefined;
  if (fromWords) {
    // `throw new Error(errorMessage)`, `throw new Error(\`Failed to apply theme: ${result.reason}\`)`: the words are
    // only known at run time, so the helper reads them there instead of a hard-coded UNKNOWN.
    const edit = {
      start: statement.getStart(context.sourceFile),
      end: statement.getEnd(),
      newText: `return ${fromWords.call}${fileStyle(context.sourceFile).semicolon}`,
    };
    return withNeeds(
      `Return ${fromWords.shown}: the category is read from the message at run time`,
      [edit],
      fromWords.needs,
    );
  }
  return {
    title: literalTitle(inference),
    edits: [throwToReturn(context, statement, specFrom(inference, messageSource))],
  };
}

/**
 * A `return <data>` in a catch clause → an error answer: literal when the evidence decides, else
 * `return toolError(e, 'tool')`. A command's output (exit code, stdout, stderr) is kept and marked as a failure.
 */
export function catchReturnAsError(
  context: AnalysisContext,
  statement: ts.ReturnStatement,
  toolName: string | null,
  inference: Inference,
  messageSource: string,
): FixBody {
  const caught = caughtName(statement);
  const staticDecided = inference.evidence !== undefined && inference.category !== 'UNKNOWN';
  const callee = staticDecided ? undefined : calleeDecision(context, statement);
  const decided = staticDecided || callee?.certain !== undefined;
  const output = commandOutputResult(context, statement);
  if (output) return markAsFailure(context, output, caught, callee?.certain ?? (staticDecided ? inference : undefined));
  const start = statement.getStart(context.sourceFile);
  const authorWords = returnedAuthorMessage(context, statement);
  const helper = !decided && caught ? helperCall(context, caught, toolName, authorWords, statement) : undefined;
  if (helper) {
    const edit = {
      start,
      end: statement.getEnd(),
      newText: `return ${helper.call}${fileStyle(context.sourceFile).semicolon}`,
    };
    return withNeeds(helperTitle(helper.shown) + recognisedNote(callee), [edit], helper.needs);
  }
  const chosen = callee?.certain ?? inference;
  const envelope = fittingEnvelope(context, statement, specFrom(chosen, authorWords ?? messageSource));
  return {
    title: `Return an error envelope from the catch: errorCategory '${chosen.category}', isRetryable: ${chosen.retryable}${describeInference(chosen)}`,
    edits: [
      { start, end: statement.getEnd(), newText: `return ${envelope}${fileStyle(context.sourceFile).semicolon}` },
    ],
  };
}

/**
 * `return { content: […], isError: true }` in a catch of a function declared to return the SDK's `ServerResult`, which
 * allows no added field: the whole answer becomes `return toolError(error, 'op', <the author's words>)` (a value of a
 * declared type, not a fresh literal, so it fits). Undefined elsewhere, or where the file cannot use the helper.
 */
export function serverResultCatchReturn(
  context: AnalysisContext,
  envelope: ts.Node,
  toolName: string | null,
): FixBody | undefined {
  const statement = envelope.parent;
  if (!ts.isReturnStatement(statement) || !returnsServerResult(statement)) return undefined;
  const caught = enclosingCatch(statement) ? caughtName(statement) : undefined;
  const helper = caught
    ? helperCall(context, caught, toolName, returnedAuthorMessage(context, statement), statement)
    : undefined;
  if (!helper) return undefined;
  const edit = {
    start: statement.getStart(context.sourceFile),
    end: statement.getEnd(),
    newText: `return ${helper.call}${fileStyle(context.sourceFile).semicolon}`,
  };
  return withNeeds(`${helperTitle(helper.shown)} (ServerResult allows no added field)`, [edit], helper.needs);
}

/** What a run-time classification reads, and how a fix title says so. */
export interface RuntimeSubject {
  /** The expression passed to classifyError: the caught error, the HTTP response, or the builder's message. */
  name: string;
  /** "the caught error", "the HTTP response", "the returned error", "the message". */
  what: string;
}

const HTTP_STATUS_PROPERTIES = new Set(['status', 'statusCode', 'statusText', 'ok']);

/**
 * An HTTP response in scope that failed: `res` when a guarding condition tests `!res.ok` or compares
 * `res.status` (or `statusCode`) with a number, or the envelope's own text quotes `res.statusText`. A `.status`
 * alone is not enough (an order's status is a word, not an HTTP status).
 */
function failedResponseName(envelope: ts.Node): string | undefined {
  const candidates: string[] = [];
  const collect = (node: ts.Node, strong: (access: ts.PropertyAccessExpression) => boolean): void => {
    walkWithRoot(node, (child) => {
      if (
        ts.isPropertyAccessExpression(child) &&
        ts.isIdentifier(child.expression) &&
        HTTP_STATUS_PROPERTIES.has(child.name.text) &&
        strong(child)
      ) {
        candidates.push(child.expression.text);
      }
    });
  };
  const comparedWithNumber = (access: ts.PropertyAccessExpression): boolean => {
    const parent = access.parent;
    if (access.name.text === 'ok') return true;
    if (!ts.isBinaryExpression(parent)) return false;
    const other = parent.left === access ? parent.right : parent.left;
    return ts.isNumericLiteral(other) && Number(other.text) >= 100 && Number(other.text) <= 599;
  };
  for (const condition of guardingConditions(envelope)) collect(condition, comparedWithNumber);
  collect(envelope, (access) => access.name.text === 'statusText');
  return candidates[0];
}

/** `walk`, visiting `node` itself first: a condition may be the property access itself (`if (r.error)`). */
function walkWithRoot(node: ts.Node, visit: (node: ts.Node) => void): void {
  visit(node);
  walk(node, visit);
}

const MESSAGE_TYPE_KEYWORDS = new Set<ts.SyntaxKind>([
  ts.SyntaxKind.StringKeyword,
  ts.SyntaxKind.UnknownKeyword,
  ts.SyntaxKind.AnyKeyword,
]);

/** A type a message may have: `string`, `unknown`, `any`, `Error`, or a union of them (`Error | string | unknown`). */
function isMessageType(type: ts.TypeNode): boolean {
  if (MESSAGE_TYPE_KEYWORDS.has(type.kind)) return true;
  if (ts.isUnionTypeNode(type)) return type.types.every(isMessageType);
  return ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && type.typeName.text === 'Error';
}

/** A builder's message parameter (`function errorResult(message: string)`), whose words decide at run time. */
function messageParameterName(envelope: ts.Node): string | undefined {
  const parameter = enclosingFunction(envelope)?.parameters.find(
    (p) =>
      ts.isIdentifier(p.name) &&
      /^(message|msg|text|errorMessage|errorText|error_message|reason)$/.test(p.name.text) &&
      (!p.type || isMessageType(p.type)),
  );
  if (!parameter || !ts.isIdentifier(parameter.name)) return undefined;
  const name = parameter.name.text;
  // The text may read the message through a local (`const text = message instanceof Error ? … : String(message)`).
  const body = enclosingFunction(envelope)?.body;
  return mentions(envelope, name) || (body !== undefined && mentions(body, name)) ? name : undefined;
}

/**
 * `r.error` of a result-style outcome a guard tests as failed (`if (!r.success)`, `if (!r.ok)`, `if (r.error)`),
 * when the envelope itself reads `r.error`: the error the call returned instead of throwing.
 */
function failedResultError(envelope: ts.Node): string | undefined {
  for (const condition of guardingConditions(envelope)) {
    const outcomes: string[] = [];
    walkWithRoot(condition, (child) => {
      if (
        ts.isPropertyAccessExpression(child) &&
        ts.isIdentifier(child.expression) &&
        /^(?:success|ok|error)$/.test(child.name.text)
      ) {
        outcomes.push(child.expression.text);
      }
    });
    for (const name of outcomes) {
      let read = false;
      walk(envelope, (child) => {
        if (
          ts.isPropertyAccessExpression(child) &&
          ts.isIdentifier(child.expression) &&
          child.expression.text === name &&
          child.name.text === 'error'
        ) {
          read = true;
        }
      });
      if (read) return `${name}.error`;
    }
  }
  return undefined;
}

/** What decides an envelope's category at run time, when no static evidence does. */
export function runtimeSubject(envelope: ts.Node): RuntimeSubject | undefined {
  const caught = caughtName(envelope);
  if (caught) return { name: caught, what: 'the caught error' };
  const returned = failedResultError(envelope);
  if (returned) return { name: returned, what: 'the returned error' };
  const response = failedResponseName(envelope);
  if (response) return { name: response, what: 'the HTTP response' };
  const message = messageParameterName(envelope);
  if (message) return { name: message, what: 'the message' };
  const words = runtimeWords(envelopeText(envelope));
  if (!words || words.error.length > 80 || typedNotAsMessage(envelope, words.error)) return undefined;
  return { name: words.error, what: 'the message' };
}

/** Whether `name` is a parameter of the function around `node` declared with a type no message has (`code: number`). */
function typedNotAsMessage(node: ts.Node, name: string): boolean {
  const parameter = enclosingFunction(node)?.parameters.find((p) => ts.isIdentifier(p.name) && p.name.text === name);
  return parameter?.type !== undefined && !isMessageType(parameter.type);
}

/**
 * The value of a missing envelope field when no evidence decides: `classifyError(x).errorCategory` (or
 * `.isRetryable`) with the helper's import, where x is the caught error, a failed HTTP response in scope, or an
 * error-answer builder's message.
 */
export function classifiedField(
  context: AnalysisContext,
  envelope: ts.Node,
  field: 'errorCategory' | 'isRetryable',
): { value: string; needs: FixEdits; title: string } | undefined {
  const subject = runtimeSubject(envelope);
  if (!subject) return undefined;
  const callee = subject.what === 'the caught error' ? calleeDecision(context, envelope) : undefined;
  const certain = callee?.certain;
  if (certain) {
    const value =
      field === 'errorCategory'
        ? quotedIn(context, spellCategory(certain.category, context.settings.categoryCase))
        : String(certain.retryable);
    return { value, needs: { edits: [] }, title: `${value}${describeInference(certain)}` };
  }
  if (!canUseHelper(context)) return undefined;
  const use = useHelper(context.sourceFile, CLASSIFY_ERROR_FUNCTION);
  const shown = `${use.local}(${subject.name}).${field}`;
  const shared = sharedClassification(context, envelope, field, use.local, subject.name);
  const value = shared ? `${shared.name}.${field}` : shown;
  return {
    value,
    needs: {
      edits: [...(shared?.edits ?? []), ...use.edits],
      ...(use.createFile ? { createFile: use.createFile } : {}),
    },
    title: `${shown} (read from ${subject.what} at run time)${recognisedNote(callee)}`,
  };
}
