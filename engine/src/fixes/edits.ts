/** Edits that quick fixes share: adding envelope fields, turning a throw into a return, wrapping a body. */
import ts from 'typescript';
import {
  type EnvelopeSpec,
  type EnvelopeStyle,
  renderEnvelope,
  renderEnvelopeProperties,
} from '../../../shared/src/envelopeStyle';
import { declaresOutputSchema } from './outputSchema';
import type { ErrorEnvelope } from '../envelopes/envelopes';
import { type Inference, messageArgument } from './inference';
import { type FunctionLike, enclosingFunction, unwrapExpression, walk, walkOwnBody } from '../parse/syntax';
import type { AnalysisContext, CreatedFile, OffsetEdit } from '../types';
import { TOOL_ERROR_FUNCTION, useHelper } from './toolErrorsHelper';
import { fileStyle, quotedIn } from './fileStyle';
import { breaksDeclaredFailureType } from './returnType';

/** The edits of a fix and the file they rely on. */
export interface FixEdits {
  edits: OffsetEdit[];
  createFile?: CreatedFile;
}

/** Whether fixes in this file may import the helper: TypeScript files the TypeScript one, JavaScript files the JavaScript one. */
export function canUseHelper(context: AnalysisContext): boolean {
  return /\.(?:[cm]?[jt]s|[jt]sx)$/i.test(context.sourceFile.fileName);
}

/** A switch on a tool's name (`switch (name)`, `switch (request.params.name)`), as low-level dispatchers write it. */
const TOOL_NAME_SUBJECT = /(?:^|\.)(?:name|toolName|tool_name|tool)$/;
/** A case label that can be a tool's name (`'download_attachment'`, `"get-issue"`), not a sentence. */
const TOOL_NAME_LABEL = /^[A-Za-z][\w.-]{0,63}$/;

/**
 * The tool a low-level dispatcher's `case 'download_attachment':` answers, for a node inside that case (in the same
 * function): the label, when the switch reads a tool's name. A switch on anything else (`switch (error.code)`) names
 * no tool.
 */
export function caseToolName(node: ts.Node): string | undefined {
  for (
    let current: ts.Node | undefined = node.parent;
    current && !ts.isFunctionLike(current);
    current = current.parent
  ) {
    if (!ts.isCaseClause(current)) continue;
    const label = unwrapExpression(current.expression);
    const subject = unwrapExpression(current.parent.parent.expression).getText();
    if (ts.isStringLiteralLike(label) && TOOL_NAME_LABEL.test(label.text) && TOOL_NAME_SUBJECT.test(subject)) {
      return label.text;
    }
  }
  return undefined;
}

/** Whether `body` reads the tool's name from its `request` parameter: `request.params.name`, `const { name } = request.params`. */
function readsRequestedName(body: ts.Node, request: string): boolean {
  const isParams = (node: ts.Expression): boolean => {
    const inner = unwrapExpression(node);
    return (
      ts.isPropertyAccessExpression(inner) &&
      inner.name.text === 'params' &&
      ts.isIdentifier(inner.expression) &&
      inner.expression.text === request
    );
  };
  let found = false;
  walk(body, (node) => {
    if (found) return false;
    if (ts.isPropertyAccessExpression(node) && node.name.text === 'name' && isParams(node.expression)) found = true;
    if (
      ts.isVariableDeclaration(node) &&
      node.initializer &&
      isParams(node.initializer) &&
      ts.isObjectBindingPattern(node.name) &&
      node.name.elements.some((element) => (element.propertyName ?? element.name).getText() === 'name')
    ) {
      found = true;
    }
    return undefined;
  });
  return found;
}

/**
 * `request.params.name` when `at` is inside a low-level tools/call handler that reads the tool's name from its
 * `request` parameter: the name is only known at run time, and the parameter is in scope everywhere in the handler
 * (a `const { name } = request.params` inside the try block is not, in its catch).
 */
function requestedToolName(at: ts.Node): string | undefined {
  for (let fn = enclosingFunction(at); fn; fn = enclosingFunction(fn)) {
    const request = fn.parameters[0]?.name;
    if (request && ts.isIdentifier(request) && fn.body && readsRequestedName(fn.body, request.text)) {
      return `${request.text}.params.name`;
    }
  }
  return undefined;
}

/**
 * The operation a helper call names, as source: the tool, else the tool a dispatcher's case answers at `at`, else
 * the name a low-level handler reads from its request at run time, else a neutral phrase.
 */
export function operationSource(context: AnalysisContext, toolName: string | null, at?: ts.Node): string {
  const known = toolName ?? (at && caseToolName(at));
  if (known) return quotedIn(context, known);
  return (at && requestedToolName(at)) ?? quotedIn(context, 'the tool call');
}

/**
 * `toolError(caught, 'op')` (or `toolError(caught, 'op', <the author's message>)`) and what it needs (import, helper
 * file), for a catch-all whose category only the caught error can tell; undefined when the file cannot use the
 * helper. `shown` is the call as a fix title names it; `at` is where the call goes (a dispatcher's case names the tool).
 */
export function helperCall(
  context: AnalysisContext,
  caught: string,
  toolName: string | null,
  messageSource?: string,
  at?: ts.Node,
): { call: string; shown: string; needs: FixEdits } | undefined {
  if (!canUseHelper(context)) return undefined;
  const use = useHelper(context.sourceFile, TOOL_ERROR_FUNCTION);
  const head = `${use.local}(${caught}, ${operationSource(context, toolName, at)}`;
  const call = messageSource === undefined ? `${head})` : `${head}, ${messageSource})`;
  const shown = messageSource === undefined ? call : `${head}, …) keeping your message`;
  return { call, shown, needs: { edits: use.edits, ...(use.createFile ? { createFile: use.createFile } : {}) } };
}

function isMultiline(context: AnalysisContext, object: ts.ObjectLiteralExpression): boolean {
  const start = object.getStart(context.sourceFile);
  return context.text.slice(start, object.getEnd()).includes('\n');
}

/** Inserts `key: value` properties after the object's last property, matching its layout. */
export function insertProperties(
  context: AnalysisContext,
  object: ts.ObjectLiteralExpression,
  properties: readonly string[],
): OffsetEdit {
  const last = object.properties[object.properties.length - 1];
  if (!last) {
    const open = object.getStart(context.sourceFile) + 1;
    return { start: open, end: open, newText: ` ${properties.join(', ')} ` };
  }
  const hasTrailingComma = object.properties.hasTrailingComma;
  const afterLast = last.getEnd();
  if (isMultiline(context, object)) {
    const indent = context.indentOf(last);
    const text = properties.map((p) => `\n${indent}${p},`).join('');
    return hasTrailingComma
      ? { start: afterLast + 1, end: afterLast + 1, newText: text }
      : { start: afterLast, end: afterLast, newText: ',' + text.slice(0, -1) };
  }
  const text = properties.map((p) => `, ${p}`).join('');
  return hasTrailingComma
    ? { start: afterLast, end: afterLast + 1, newText: text + ',' }
    : { start: afterLast, end: afterLast, newText: text };
}

/** The envelope's main message source: its first text, or a neutral description. */
export function messageSourceOf(context: AnalysisContext, envelope: ErrorEnvelope): string {
  const first = envelope.texts[0];
  return first ? first.node.getText(context.sourceFile) : quotedIn(context, 'The tool failed');
}

/** A message expression for an arbitrary thrown value that never leaks a stack. */
export function safeMessageSource(expression: string, quote: "'" | '"' = "'"): string {
  return `${expression} instanceof Error ? ${expression}.message : ${quote}unexpected failure${quote}`;
}

/** The spec a fix writes, from an inference and a message. */
export function specFrom(inference: Inference, messageSource: string): EnvelopeSpec {
  return { category: inference.category, retryable: inference.retryable, messageSource };
}

/**
 * The envelope style a fix writes at `node`: the configured one, except that `structured` becomes `recommended`
 * in a tool that declares an outputSchema (SDK 1.x clients validate an error's structuredContent against it and
 * throw), so the facts go to the top level and the text instead.
 */
export function envelopeStyleAt(context: AnalysisContext, node: ts.Node): EnvelopeStyle {
  const style = context.settings.envelopeStyle;
  if (style !== 'structured') return style;
  const handler = context.handlerOf(node);
  return handler && declaresOutputSchema(context, handler.fn) ? 'recommended' : style;
}

/**
 * Whether an envelope returned at `node` needs `type: 'text' as const`: in TypeScript, when the function around it
 * has no declared return type and is not passed straight to a call (`const handler = async (args: In) => { … }`,
 * registered later), nothing types the literal, `'text'` widens to `string` and the result no longer fits the SDK's
 * `CallToolResult`; or when the file already writes `as const` there itself.
 */
function needsConstTextType(context: AnalysisContext, node: ts.Node): boolean {
  if (!/\.[cm]?tsx?$/.test(context.sourceFile.fileName)) return false;
  if (/type:\s*(['"])text\1\s+as\s+const\b/.test(context.text)) return true;
  let fn: ts.Node | undefined = node.parent;
  while (fn && !ts.isFunctionLike(fn)) fn = fn.parent;
  if (!fn || !ts.isFunctionLike(fn) || fn.type) return false;
  const parent = fn.parent;
  const passed = ts.isCallExpression(parent) || ts.isNewExpression(parent) || ts.isPropertyAssignment(parent);
  return !passed && !ts.isMethodDeclaration(fn);
}

/** A rendered envelope with `type: 'text' as const` where the function around `node` needs it. */
export function typedEnvelope(context: AnalysisContext, node: ts.Node, rendered: string): string {
  if (!needsConstTextType(context, node)) return rendered;
  return rendered.replace(/\btype: (['"])text\1(?! as const)/g, (match) => `${match} as const`);
}

const FACT_LINE = /^\s*(?:errorCategory|isRetryable|retryAfterMs|structuredContent|_meta):/;

/**
 * An envelope literal returned at `statement`, rendered in the configured style, that the function's declared return
 * type accepts: where that type refuses the fact fields (`Promise<ToolResponse>` with `interface ToolResponse {
 * content: …; isError?: boolean }`, the SDK's `ServerResult`), only `isError` and the content, the facts written at
 * the start of the text, so the fix adds no type error.
 */
export function fittingEnvelope(context: AnalysisContext, statement: ts.Statement, spec: EnvelopeSpec): string {
  const refused = breaksDeclaredFailureType(statement, ['errorCategory', 'isRetryable']);
  const rendered = renderEnvelope(spec, {
    style: refused ? 'recommended' : envelopeStyleAt(context, statement),
    categoryCase: context.settings.categoryCase,
    indent: context.indentOf(statement),
    ...fileStyle(context.sourceFile),
  });
  const fitting = refused
    ? rendered
        .split('\n')
        .filter((line) => !FACT_LINE.test(line))
        .join('\n')
    : rendered;
  return typedEnvelope(context, statement, fitting);
}

/** `throw X;` → `return { …envelope… };` (only valid in the handler's own body). */
export function throwToReturn(context: AnalysisContext, statement: ts.ThrowStatement, spec: EnvelopeSpec): OffsetEdit {
  const envelope = fittingEnvelope(context, statement, spec);
  const end = fileStyle(context.sourceFile).semicolon;
  return {
    start: statement.getStart(context.sourceFile),
    end: statement.getEnd(),
    newText: `return ${envelope}${end}`,
  };
}

/** The message source for a thrown expression: the `new Error(msg)` argument, or a safe description. */
export function thrownMessageSource(context: AnalysisContext, statement: ts.ThrowStatement): string {
  const thrown = statement.expression;
  if (thrown && (ts.isNewExpression(thrown) || ts.isCallExpression(thrown))) {
    const message = messageArgument((thrown.arguments ?? [])[0]);
    if (message) return message.getText(context.sourceFile);
    if ((thrown.arguments ?? []).length > 0) return quotedIn(context, 'The tool failed');
  }
  if (thrown && ts.isIdentifier(thrown)) return safeMessageSource(thrown.text, fileStyle(context.sourceFile).quote);
  if (thrown && (ts.isStringLiteralLike(thrown) || ts.isTemplateExpression(thrown))) {
    return thrown.getText(context.sourceFile);
  }
  return quotedIn(context, 'The tool failed');
}

function isAsync(fn: FunctionLike): boolean {
  return (ts.getModifiers(fn) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.AsyncKeyword);
}

/**
 * Calls an async function returns directly (`return call()`, or an expression body that is a call):
 * inside a try block their rejection would escape the catch unless awaited — the rule
 * typescript-eslint's `return-await` enforces.
 */
function returnedCalls(fn: FunctionLike, isFallible: (call: ts.CallExpression) => boolean): ts.Expression[] {
  if (!fn.body || !isAsync(fn)) return [];
  const fallible = (expression: ts.Expression | undefined): expression is ts.Expression => {
    const inner = expression && unwrapExpression(expression);
    return inner !== undefined && ts.isCallExpression(inner) && isFallible(inner);
  };
  if (!ts.isBlock(fn.body)) return fallible(fn.body) ? [fn.body] : [];
  const calls: ts.Expression[] = [];
  walkOwnBody(fn, (node) => {
    if (ts.isReturnStatement(node) && fallible(node.expression)) calls.push(node.expression);
  });
  return calls;
}

/**
 * Re-indents lines to `indent`, removing their common leading whitespace first. Lines flagged
 * `verbatim` start inside a template literal: their whitespace is the string's content, so they stay as they are.
 */
function reindent(lines: readonly string[], verbatim: readonly boolean[], indent: string): string {
  const code = lines.filter((line, i) => !verbatim[i] && line.trim().length > 0);
  const widths = code.map((line) => /^[ \t]*/.exec(line)?.[0].length ?? 0);
  const common = widths.length > 0 ? Math.min(...widths) : 0;
  return lines
    .map((line, i) => (verbatim[i] ? line : line.trim().length === 0 ? '' : indent + line.slice(common)))
    .join('\n');
}

/** For each line of `text` (starting at offset `start` of the file), whether it begins inside a template literal. */
function linesInsideTemplates(body: ts.Node, start: number, text: string): boolean[] {
  const ranges: Array<[number, number]> = [];
  walk(body, (node) => {
    if (ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node))
      ranges.push([node.getStart(), node.getEnd()]);
  });
  const flags: boolean[] = [];
  let lineStart = start;
  for (const line of text.split('\n')) {
    flags.push(ranges.some(([from, to]) => lineStart > from && lineStart < to));
    lineStart += line.length + 1;
  }
  return flags;
}

/**
 * Wraps a handler's body in try/catch whose catch returns `toolError(error, '<tool>')` (the helper decides the
 * category from the error at run time), or, where the helper cannot be used, an UNKNOWN envelope; in an async
 * function, fallible calls it returns directly get `await` so the catch sees their rejection.
 */
export function wrapBodyInTryCatch(
  context: AnalysisContext,
  fn: FunctionLike,
  toolName: string | null,
  isFallible: (call: ts.CallExpression) => boolean = () => true,
): FixEdits {
  const body = fn.body;
  if (!body) throw new Error('wrapBodyInTryCatch needs a function with a body');
  const { indentUnit: unit, quote, semicolon } = fileStyle(context.sourceFile);
  const baseIndent = context.indentOf(fn);
  const what = toolName ? `${toolName} failed` : 'The tool failed';
  const spec: EnvelopeSpec = {
    category: 'UNKNOWN',
    retryable: false,
    messageSource: '`' + what + ': ${' + safeMessageSource('error', quote) + '}`',
  };
  const options = {
    style: envelopeStyleAt(context, fn.body),
    categoryCase: context.settings.categoryCase,
    indentUnit: unit,
    quote,
  };
  const catchIndent = baseIndent + unit;
  const helper = helperCall(context, 'error', toolName, undefined, body);
  const returned = helper ? helper.call : renderEnvelope(spec, { ...options, indent: catchIndent + unit });
  const catchBlock = `${catchIndent}} catch (error) {\n${catchIndent}${unit}return ${returned}${semicolon}\n${catchIndent}}`;
  const withHelper = (edit: OffsetEdit): FixEdits =>
    helper ? { ...helper.needs, edits: [edit, ...helper.needs.edits] } : { edits: [edit] };
  // A returned helper call (`return toolError(res, 'op')`) is synchronous and cannot fail: it needs no await.
  const isHelper = (call: ts.CallExpression): boolean =>
    ts.isIdentifier(call.expression) && /^(?:toolError|classifyError)(?:FromHelper\d*)?$/.test(call.expression.text);
  const awaited = returnedCalls(fn, (call) => isFallible(call) && !isHelper(call)).map((call) =>
    call.getStart(context.sourceFile),
  );
  const withAwaits = (start: number, end: number): string => {
    let text = context.text.slice(start, end);
    for (const offset of [...awaited].sort((a, b) => b - a)) {
      if (offset >= start && offset < end) text = text.slice(0, offset - start) + 'await ' + text.slice(offset - start);
    }
    return text;
  };
  if (!ts.isBlock(body)) {
    const start = body.getStart(context.sourceFile);
    const expression = withAwaits(start, body.getEnd());
    const newText = `{\n${catchIndent}try {\n${catchIndent}${unit}return ${expression}${semicolon}\n${catchBlock}\n${baseIndent}}`;
    return withHelper({ start, end: body.getEnd(), newText });
  }
  const innerStart = body.getStart(context.sourceFile) + 1;
  const innerEnd = body.getEnd() - 1;
  // Awaits add no line breaks, so line i of the awaited text is line i of the original.
  const verbatim = linesInsideTemplates(body, innerStart, context.text.slice(innerStart, innerEnd));
  const lines = withAwaits(innerStart, innerEnd).replace(/\s+$/, '').split('\n');
  while (lines.length > 0 && lines[0].trim().length === 0) {
    lines.shift();
    verbatim.shift();
  }
  const newText = `\n${catchIndent}try {\n${reindent(lines, verbatim, catchIndent + unit)}\n${catchBlock}\n${baseIndent}`;
  return withHelper({ start: innerStart, end: innerEnd, newText });
}

/** The properties that carry a category and retryability, in the configured style. */
export function factProperties(
  context: AnalysisContext,
  spec: EnvelopeSpec,
  which: 'category' | 'retryable' | 'both',
): string[] {
  const lines = renderEnvelopeProperties(spec, {
    style: 'top-level',
    categoryCase: context.settings.categoryCase,
    indent: '',
    quote: fileStyle(context.sourceFile).quote,
  });
  return lines.filter(
    (line) =>
      (which !== 'retryable' && line.startsWith('errorCategory:')) ||
      (which !== 'category' && line.startsWith('isRetryable:')),
  );
}
