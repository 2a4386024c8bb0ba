import ts from 'typescript';
import { safeMessageSource } from '../fixes/edits';
import { catchReturnAsError } from '../fixes/catchAll';
import {
  type FunctionLike,
  enclosingFunction,
  findProperty,
  isFunctionLike,
  staticText,
  unwrapExpression,
  walk,
  walkOwnBody,
  isNullOrUndefined,
} from '../parse/syntax';
import { canReturnEnvelope } from '../fixes/returnType';
import type { ToolHandler } from '../discovery/handlers';
import { isContentItem } from '../envelopes/envelopeSources';
import { inferEnvelope } from '../fixes/inference';
import { emptyMeansLookElsewhere } from './analysis/lookElsewhereOnEmpty';
import type { AnalysisContext, Check, Fix, OffsetEdit } from '../types';

/** A return inside a catch clause that hands data (or "nothing") back instead of an error. */
interface DataReturn {
  statement: ts.ReturnStatement;
  /** Static text shown to the model, when the returned result has one. */
  texts: string[];
}

function isEmptyLiteral(expression: ts.Expression): boolean {
  const inner = unwrapExpression(expression);
  if (ts.isArrayLiteralExpression(inner)) return inner.elements.length === 0;
  if (ts.isObjectLiteralExpression(inner)) return inner.properties.length === 0;
  if (ts.isStringLiteralLike(inner)) return inner.text.length === 0;
  if (ts.isIdentifier(inner)) return inner.text === 'undefined';
  return inner.kind === ts.SyntaxKind.NullKeyword || inner.kind === ts.SyntaxKind.FalseKeyword;
}

/** Static texts of a tool result's `content: [{ text }]`. */
function contentTexts(object: ts.ObjectLiteralExpression): string[] {
  const texts: string[] = [];
  const content = findProperty(object, ['content']);
  if (!content || !ts.isPropertyAssignment(content)) return texts;
  walk(content.initializer, (node) => {
    if (ts.isObjectLiteralExpression(node)) {
      const text = findProperty(node, ['text']);
      const value = text && ts.isPropertyAssignment(text) ? staticText(text.initializer) : undefined;
      if (value !== undefined) texts.push(value);
    }
  });
  return texts;
}

/**
 * Whether a returned value reports success: a tool result without `isError: true` (in the handler),
 * or an empty value that the handler will present as "nothing found" (in a helper).
 */
function dataReturn(statement: ts.ReturnStatement, inHandler: boolean): DataReturn | undefined {
  const expression = statement.expression;
  if (!expression) return inHandler ? undefined : { statement, texts: [] };
  // `return null as never` after branches that all throw: written for the compiler, never reached.
  if (ts.isAsExpression(expression) && expression.type.kind === ts.SyntaxKind.NeverKeyword) return undefined;
  const inner = unwrapExpression(expression);
  if (ts.isObjectLiteralExpression(inner)) {
    const isError = findProperty(inner, ['isError']);
    if (isError) {
      const value = ts.isPropertyAssignment(isError) ? unwrapExpression(isError.initializer) : isError.name;
      if (value.kind !== ts.SyntaxKind.FalseKeyword) return undefined;
    }
    if (inHandler || findProperty(inner, ['content']) || inner.properties.length === 0) {
      return { statement, texts: contentTexts(inner) };
    }
    return undefined;
  }
  return isEmptyLiteral(inner) ? { statement, texts: [] } : undefined;
}

/** Returns in the catch block itself (not in nested callbacks) that report success. */
function dataReturnsIn(clause: ts.CatchClause, inHandler: boolean): DataReturn[] {
  const found: DataReturn[] = [];
  walk(clause.block, (node) => {
    if (isFunctionLike(node) || ts.isClassLike(node)) return false;
    if (ts.isReturnStatement(node)) {
      const result = dataReturn(node, inHandler);
      if (result) found.push(result);
    }
  });
  return found;
}

/** Whether a function's own body (not nested functions) has a `return <literal kind>`. */
function returnsLiteral(fn: FunctionLike, kind: ts.SyntaxKind): boolean {
  let found = false;
  walkOwnBody(fn, (node) => {
    if (found) return false;
    if (ts.isReturnStatement(node) && node.expression && unwrapExpression(node.expression).kind === kind) found = true;
    return undefined;
  });
  return found;
}

/** Whether `use` reads its variable only to supply something in its place: `v?.x` or `v ?? fallback`. */
function suppliesFallback(use: ts.Identifier): boolean {
  const parent = use.parent;
  if (ts.isPropertyAccessExpression(parent) || ts.isElementAccessExpression(parent)) {
    return parent.expression === use && parent.questionDotToken !== undefined;
  }
  return (
    ts.isBinaryExpression(parent) &&
    parent.left === use &&
    parent.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken
  );
}

/** `!v`, `v === null`, `v == null`, `v === undefined`: a test that is true when `use` holds nothing. */
function testsForNothing(use: ts.Identifier): ts.Expression | undefined {
  const parent = use.parent;
  if (ts.isPrefixUnaryExpression(parent) && parent.operator === ts.SyntaxKind.ExclamationToken) return parent;
  if (!ts.isBinaryExpression(parent) || parent.left !== use) return undefined;
  const op = parent.operatorToken.kind;
  if (op !== ts.SyntaxKind.EqualsEqualsEqualsToken && op !== ts.SyntaxKind.EqualsEqualsToken) return undefined;
  const right = unwrapExpression(parent.right);
  const nothing = isNullOrUndefined(right);
  return nothing ? parent : undefined;
}

/** Whether a statement returns a tool result with `isError: true` (not inside nested functions). */
function returnsErrorResult(statement: ts.Statement): boolean {
  let found = false;
  const visit = (node: ts.Node): boolean | void => {
    if (found || isFunctionLike(node)) return false;
    if (ts.isReturnStatement(node) && node.expression) {
      const value = unwrapExpression(node.expression);
      const isError = ts.isObjectLiteralExpression(value) ? findProperty(value, ['isError']) : undefined;
      if (isError && ts.isPropertyAssignment(isError) && isError.initializer.kind === ts.SyntaxKind.TrueKeyword) {
        found = true;
      }
    }
  };
  if (visit(statement) !== false) walk(statement, visit);
  return found;
}

/** `if (!v) return { …, isError: true }`: the handler answers "nothing" from the helper with an error result. */
function answersNothingWithError(use: ts.Identifier): boolean {
  const test = testsForNothing(use);
  const statement = test?.parent;
  return (
    statement !== undefined &&
    ts.isIfStatement(statement) &&
    statement.expression === test &&
    returnsErrorResult(statement.thenStatement)
  );
}

/**
 * Whether the handler treats the helper's `null` as a failure marker or as "this optional extra is
 * unavailable": every call of the helper is bound to a variable that the handler either reads only as
 * `v?.x` or `v ?? fallback`, or first tests with `if (!v) return { …, isError: true }`.
 */
function nullIsHandled(context: AnalysisContext, handler: ToolHandler, helper: FunctionLike): boolean {
  const name = functionName(helper);
  if (!name || !handler.fn.body) return false;
  const bound: string[] = [];
  for (const node of context.nodes.within(handler.fn.body, [ts.SyntaxKind.CallExpression])) {
    if (!ts.isCallExpression(node) || !ts.isIdentifier(node.expression) || node.expression.text !== name) continue;
    let value: ts.Node = node;
    while (ts.isAwaitExpression(value.parent) || ts.isParenthesizedExpression(value.parent)) value = value.parent;
    const declaration = value.parent;
    if (!ts.isVariableDeclaration(declaration) || !ts.isIdentifier(declaration.name)) return false;
    bound.push(declaration.name.text);
  }
  if (bound.length === 0) return false;
  const uses = new Map<string, ts.Identifier[]>(bound.map((variable) => [variable, []]));
  walkOwnBody(handler.fn, (node) => {
    if (ts.isIdentifier(node) && uses.has(node.text) && !ts.isVariableDeclaration(node.parent)) {
      uses.get(node.text)?.push(node);
    }
    return undefined;
  });
  const all = [...uses.values()];
  return (
    all.some((reads) => reads.length > 0) &&
    all.every((reads) => reads.every(suppliesFallback) || answersNothingWithError(reads[0]))
  );
}

function functionName(fn: FunctionLike): string | undefined {
  if (ts.isFunctionDeclaration(fn)) return fn.name?.text;
  if (ts.isVariableDeclaration(fn.parent) && ts.isIdentifier(fn.parent.name)) return fn.parent.name.text;
  return undefined;
}

/**
 * A helper's failure marker rather than "nothing found": `false` from a function that answers `true`
 * on success (did it work?), `null` that the handler replaces with a placeholder of its own or
 * answers with an error result, and `null` whose callers then get the value another way (a cache miss).
 */
function isFailureMarker(
  context: AnalysisContext,
  handler: ToolHandler,
  helper: FunctionLike,
  returned: DataReturn,
): boolean {
  const expression = returned.statement.expression && unwrapExpression(returned.statement.expression);
  if (!expression) return false;
  if (expression.kind === ts.SyntaxKind.FalseKeyword) return returnsLiteral(helper, ts.SyntaxKind.TrueKeyword);
  const empty = isNullOrUndefined(expression);
  return empty && (nullIsHandled(context, handler, helper) || emptyMeansLookElsewhere(context.nodes, helper));
}

/** Wording of a deliberate fallback ("Falling back to the bundled guide", "using the default instead"). */
const FALLBACK_WORDING = /\bfall(s|ing)?[ -]?back\b|\bfallback\b/i;

/**
 * Whether the catch says, in a message it logs, that it falls back on purpose: what it returns is the
 * fallback the caller uses (a bundled default), not "nothing found".
 */
function announcesFallback(clause: ts.CatchClause): boolean {
  let found = false;
  walk(clause.block, (node) => {
    if (found || isFunctionLike(node)) return false;
    if (ts.isCallExpression(node) && node.arguments.some((arg) => FALLBACK_WORDING.test(staticText(arg) ?? ''))) {
      found = true;
    }
    return undefined;
  });
  return found;
}

/** `catch (e)` (through the closing parenthesis), or just `catch` when it binds nothing. */
function clauseHead(context: AnalysisContext, clause: ts.CatchClause): { start: number; end: number } {
  const start = clause.getStart(context.sourceFile);
  if (!clause.variableDeclaration) return { start, end: start + 'catch'.length };
  const close = context.text.indexOf(')', clause.variableDeclaration.getEnd());
  return { start, end: close >= 0 && close < clause.block.getStart(context.sourceFile) ? close + 1 : start + 5 };
}

function messageSource(clause: ts.CatchClause, handler: ToolHandler): string {
  const what = handler.toolName ? `${handler.toolName} failed` : 'The tool failed';
  const name = clause.variableDeclaration?.name;
  if (name && ts.isIdentifier(name)) return '`' + what + ': ${' + safeMessageSource(name.text) + '}`';
  return `'${what}'`;
}

function fix(context: AnalysisContext, clause: ts.CatchClause, handler: ToolHandler, returns: DataReturn[]): Fix[] {
  if (!canReturnEnvelope(context, handler.fn)) return [];
  const edits: OffsetEdit[] = [];
  let title = '';
  let createFile: Fix['createFile'];
  for (const { statement, texts } of returns) {
    const inference = inferEnvelope(statement, texts);
    const one = catchReturnAsError(context, statement, handler.toolName, inference, messageSource(clause, handler));
    edits.push(...one.edits);
    createFile ??= one.createFile;
    title ||= one.title;
  }
  return [{ title, edits, ...(createFile ? { createFile } : {}), preferred: true }];
}

/** `isError` written on one content item (`{ type: 'text', text, isError: true }`) of a tool's result. */
function contentItemIsErrors(context: AnalysisContext): ts.Node[] {
  const found: ts.Node[] = [];
  if (!/\bisError\b/.test(context.text)) return found;
  for (const node of context.nodes.ofKinds([ts.SyntaxKind.ObjectLiteralExpression])) {
    if (!ts.isObjectLiteralExpression(node)) continue;
    const property = findProperty(node, ['isError']);
    if (!property || !isContentItem(node) || context.handlerOf(node) === undefined) continue;
    const value = ts.isPropertyAssignment(property) ? unwrapExpression(property.initializer) : undefined;
    if (value?.kind !== ts.SyntaxKind.FalseKeyword) found.push(property);
  }
  return found;
}

/** Whether every return is a tool result (`{ content: … }`) rather than an empty value. */
function returnsToolResults(returns: readonly DataReturn[]): boolean {
  return returns.every(({ statement }) => {
    const value = statement.expression && unwrapExpression(statement.expression);
    return value !== undefined && ts.isObjectLiteralExpression(value) && findProperty(value, ['content']) !== undefined;
  });
}

type FailureAsSuccessMessage =
  'catchReturnsData' | 'helperCatchReturnsEmpty' | 'helperCatchReturnsResult' | 'isErrorOnContentItem';

export const failureAsSuccess: Check<FailureAsSuccessMessage> = {
  meta: {
    id: 'failure-as-success',
    description:
      'A catch clause in a tool handler that returns a result without isError: true, or an isError put on a content item instead of the result, so a failure reaches the agent as data or as "nothing found".',
    defaultSeverity: 'warning',
    fixable: true,
    messages: {
      catchReturnsData:
        'This catch returns a normal result: the agent sees the failure as data (or as "nothing found") and cannot tell it apart from a real answer. Return an error envelope with isError: true, errorCategory and isRetryable.',
      helperCatchReturnsEmpty:
        'This catch in a helper of a tool handler returns an empty value on failure, so the handler reports "nothing found" for what was an access failure. Let the error reach the handler (or return a failure marker) and answer with an error envelope there.',
      helperCatchReturnsResult:
        'This catch in a helper of a tool handler returns a tool result without isError: the handler hands the failure to the agent as a normal answer. Return an error envelope with isError: true, errorCategory and isRetryable.',
      isErrorOnContentItem:
        'This isError is on one content item, not on the result: hosts ignore it there, so the agent reads the call as a success. Set isError: true (with errorCategory and isRetryable) on the result object instead.',
    },
  },
  run(context, report) {
    if (context.handlers.length === 0) return;
    /** Returns already reported with their catch: an isError on one of their content items is the same failure. */
    const reported = new Set<ts.ReturnStatement>();
    const visit = (node: ts.Node): void => {
      if (ts.isCatchClause(node)) {
        const handler = context.handlerOf(node);
        const owner = enclosingFunction(node);
        const inHandler = handler !== undefined && owner === handler.fn;
        const inHelper =
          handler !== undefined && !inHandler && context.helpersOf(handler).some((helper) => helper === owner);
        let returns =
          handler && (inHandler || inHelper) && !announcesFallback(node) ? dataReturnsIn(node, inHandler) : [];
        if (handler && owner && inHelper) {
          returns = returns.filter((returned) => !isFailureMarker(context, handler, owner, returned));
        }
        if (handler && returns.length > 0) {
          const head = clauseHead(context, node);
          for (const returned of returns) reported.add(returned.statement);
          report({
            ...head,
            messageId: inHandler
              ? 'catchReturnsData'
              : returnsToolResults(returns)
                ? 'helperCatchReturnsResult'
                : 'helperCatchReturnsEmpty',
            fixes: inHandler ? () => fix(context, node, handler, returns) : undefined,
          });
        }
      }
    };
    for (const node of context.nodes.ofKinds([ts.SyntaxKind.CatchClause])) visit(node);
    for (const node of contentItemIsErrors(context)) {
      const returned = ts.findAncestor(node, (ancestor) => isFunctionLike(ancestor) || ts.isReturnStatement(ancestor));
      if (returned && ts.isReturnStatement(returned) && reported.has(returned)) continue;
      report({ node, messageId: 'isErrorOnContentItem' });
    }
  },
};
