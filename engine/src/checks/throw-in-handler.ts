import ts from 'typescript';
import { thrownMessageSource, wrapBodyInTryCatch } from '../fixes/edits';
import { caughtName, throwAsReturn } from '../fixes/catchAll';
import { keepsThrow, wrapWouldCatchKeptThrow } from '../fixes/passThrough';
import { canReturnEnvelope } from '../fixes/returnType';
import { type ToolHandler, namedFunctions } from '../discovery/handlers';
import { inferEnvelope, thrownMessage } from '../fixes/inference';
import { answeredErrorClasses, throwsAnsweredClass } from './analysis/selectiveGuards';
import {
  type FunctionLike,
  calleeName,
  enclosingTry,
  expressionName,
  findProperty,
  isFunctionLike,
  unwrapExpression,
} from '../parse/syntax';
import { isExhaustivenessThrow } from './analysis/exhaustiveThrows';
import { answeredByFramework } from './analysis/frameworkGuards';
import { inCallbackGuardedByCallee } from './analysis/guardedCallbackArguments';
import { throwsBuiltUserError, userErrorNames } from './analysis/userErrors';
import type { AnalysisContext, Check, Fix } from '../types';
import {
  calledOnlyInsideTry,
  functionName,
  guardedByEveryCaller,
  isCaughtWithin,
  namedCallsAreGuarded,
} from './analysis/guardedCallers';

const PROTOCOL_ERROR_TYPES = new Set(['McpError', 'ProtocolError']);

/** Throws of McpError/ProtocolError belong to protocol-error-for-execution-failure. */
export function isProtocolErrorThrow(statement: ts.ThrowStatement): boolean {
  const thrown = statement.expression;
  return (
    thrown !== undefined &&
    (ts.isNewExpression(thrown) || ts.isCallExpression(thrown)) &&
    PROTOCOL_ERROR_TYPES.has(calleeName(thrown) ?? '')
  );
}

/**
 * `if (e instanceof McpError) throw e;`: passing a protocol error on unchanged. Where it was created,
 * protocol-error-for-execution-failure judges it; the pass-through is not a failure of its own.
 */
export function isProtocolErrorPassThrough(statement: ts.ThrowStatement): boolean {
  const thrown = statement.expression && unwrapExpression(statement.expression);
  if (!thrown || !ts.isIdentifier(thrown)) return false;
  for (let current: ts.Node = statement; !isFunctionLike(current); current = current.parent) {
    const parent = current.parent;
    if (ts.isIfStatement(parent) && parent.thenStatement === current) {
      const test = unwrapExpression(parent.expression);
      return (
        ts.isBinaryExpression(test) &&
        test.operatorToken.kind === ts.SyntaxKind.InstanceOfKeyword &&
        ts.isIdentifier(test.left) &&
        test.left.text === thrown.text &&
        PROTOCOL_ERROR_TYPES.has(expressionName(test.right) ?? '')
      );
    }
    if (!ts.isBlock(parent)) return false;
  }
  return false;
}

/**
 * Throw statements in `fn` (including nested callbacks, not classes) that no try/catch inside `fn`
 * catches. A throw in a function declared inside `fn` (`async function send(…) { … }`) is caught
 * when every call of that function in `fn` is inside a try/catch of `fn`, and a throw in a callback that `fn`
 * hands to a same-file helper guarding that argument is caught there.
 */
export function uncaughtThrows(context: AnalysisContext, fn: FunctionLike): ts.ThrowStatement[] {
  const throws: ts.ThrowStatement[] = [];
  if (!fn.body) return throws;
  for (const node of context.nodes.within(fn.body, [ts.SyntaxKind.ThrowStatement])) {
    if (!ts.isThrowStatement(node) || isInClass(node, fn) || isCaughtWithin(node, fn)) continue;
    if (inNestedFunctionCalledGuarded(context, node, fn) || isExhaustivenessThrow(node)) continue;
    // `return runSafely(async () => { … throw … })`: a same-file helper calls the callback inside its own try/catch.
    if (inCallbackGuardedByCallee(node, fn, namedFunctions(context.nodes))) continue;
    throws.push(node);
  }
  return throws;
}

function isInClass(node: ts.Node, boundary: ts.Node): boolean {
  for (let current = node.parent; current && current !== boundary; current = current.parent) {
    if (ts.isClassLike(current)) return true;
  }
  return false;
}

/** Whether the throw is in a named function declared inside `fn` whose every call in `fn` is guarded there. */
function inNestedFunctionCalledGuarded(context: AnalysisContext, node: ts.Node, fn: FunctionLike): boolean {
  for (let current = node.parent; current && current !== fn; current = current.parent) {
    if (!isFunctionLike(current) || isCaughtWithin(current, fn)) continue;
    const name = functionName(current);
    if (name && fn.body && namedCallsAreGuarded(context.nodes, fn.body, fn, name)) return true;
  }
  return false;
}

/** Whether every direct call of `helper` from the handler happens inside a try/catch. */
function callsAreGuarded(context: AnalysisContext, handler: ToolHandler, helper: FunctionLike): boolean {
  const name = functionName(helper);
  if (!name || !handler.fn.body) return false;
  return namedCallsAreGuarded(context.nodes, handler.fn.body, handler.fn, name);
}

/** Whether the throw is in the handler's own body (not a nested callback), so `return` is equivalent. */
function isInOwnBody(statement: ts.ThrowStatement, fn: FunctionLike): boolean {
  let current: ts.Node | undefined = statement.parent;
  while (current && current !== fn) {
    if (isFunctionLike(current)) return false;
    current = current.parent;
  }
  return current === fn;
}

function fixes(context: AnalysisContext, handler: ToolHandler, statement: ts.ThrowStatement, own: boolean): Fix[] {
  const result: Fix[] = [];
  if (!canReturnEnvelope(context, handler.fn)) return result;
  if (own && !keepsThrow(statement, caughtName(statement))) {
    const inference = inferEnvelope(statement, [thrownMessage(statement)]);
    const messageSource = thrownMessageSource(context, statement);
    result.push({ ...throwAsReturn(context, statement, handler.toolName, inference, messageSource), preferred: true });
  }
  // Not where the wrap would catch a throw kept on purpose (fix-all would apply it for another finding).
  if (
    handler.fn.body &&
    enclosingTry(statement, handler.fn) === undefined &&
    !wrapWouldCatchKeptThrow(context, handler)
  ) {
    result.push({
      title: 'Wrap the handler body in try/catch returning structured errors',
      ...wrapBodyInTryCatch(context, handler.fn, handler.toolName),
      preferred: !own,
    });
  }
  return result;
}

/**
 * "Unknown tool: x", "Tool not found: x", "Tool 'x' could not be found", "No such tool": the request names no
 * tool of this server. "Tool name must be a string", "Missing tool name", "Invalid tool name": the request's
 * own `name` is malformed (invalid params of tools/call).
 */
const UNKNOWN_TOOL_MESSAGE =
  /^\s*(unknown tool\b|no such tool\b|tool (\S+ )?((was|is) )?(not found|could not be found|cannot be found|does not exist|not registered)\b|tool not (found|registered)\b|(missing|invalid) tool name\b|tool name (is )?(required|missing|must be)\b)/i;

/**
 * In a low-level tools/call handler, refusing a tool name the server does not have is a protocol error
 * by the MCP specification (not a failure of a tool), so a throw there is not asked to become an envelope.
 */
function isUnknownToolThrow(statement: ts.ThrowStatement): boolean {
  const message = thrownMessage(statement);
  return message !== undefined && UNKNOWN_TOOL_MESSAGE.test(message);
}

/** Whether the thrown value is `new UserError(…)` of a framework that reports it as a tool error. */
function isUserErrorThrow(statement: ts.ThrowStatement, names: ReadonlySet<string>): boolean {
  const thrown = statement.expression && ts.isNewExpression(statement.expression) ? statement.expression : undefined;
  return thrown !== undefined && ts.isIdentifier(thrown.expression) && names.has(thrown.expression.text);
}

/** Whether `new UserError(message, { errorCategory, isRetryable, … })` already says both. */
function extrasHaveCategory(statement: ts.ThrowStatement): boolean {
  const thrown = statement.expression;
  const extras = thrown && ts.isNewExpression(thrown) ? thrown.arguments?.[1] : undefined;
  if (!extras || !ts.isObjectLiteralExpression(extras)) return false;
  return findProperty(extras, ['errorCategory']) !== undefined && findProperty(extras, ['isRetryable']) !== undefined;
}

export const throwInHandler: Check<'uncaughtThrow' | 'uncaughtThrowLowLevel' | 'userErrorWithoutCategory'> = {
  meta: {
    id: 'throw-in-handler',
    description: 'A throw inside a tool handler that no try/catch in the handler catches.',
    defaultSeverity: 'warning',
    fixable: true,
    messages: {
      uncaughtThrow:
        'This throw escapes the tool handler and reaches the model as unstructured text with no errorCategory or isRetryable. Return an error envelope instead.',
      uncaughtThrowLowLevel:
        'This throw escapes a low-level tools/call handler and becomes a JSON-RPC error that the model never sees. Return an error envelope (isError, errorCategory, isRetryable, content) instead.',
      userErrorWithoutCategory:
        "FastMCP turns this UserError into an isError result the model sees (its message as text, its extras as structured content), but nothing in it says the errorCategory or whether a retry can help. Add errorCategory and isRetryable to the error's extras, or return an error envelope instead.",
    },
  },
  run(context, report) {
    const userErrors = context.handlers.length > 0 ? userErrorNames(context.sourceFile) : new Set<string>();
    for (const handler of context.handlers) {
      // A function the dispatcher declares and calls only inside its own try/catch: its throws are caught there.
      if (calledOnlyInsideTry(context.nodes, handler.fn) || guardedByEveryCaller(context.nodes, handler.fn)) continue;
      // A framework whose tool builder answers every throw with a structured isError result.
      if (answeredByFramework(context, handler)) continue;
      const sites: Array<{ statement: ts.ThrowStatement; own: boolean }> = uncaughtThrows(context, handler.fn).map(
        (statement) => ({ statement, own: isInOwnBody(statement, handler.fn) }),
      );
      for (const helper of context.helpersOf(handler)) {
        if (callsAreGuarded(context, handler, helper)) continue;
        for (const statement of uncaughtThrows(context, helper)) sites.push({ statement, own: false });
      }
      // `throw new ToolUserError(…)` where the registration helper answers that class with a result.
      const answered = sites.length > 0 ? answeredErrorClasses(context, handler.fn) : new Set<string>();
      for (const { statement, own } of sites) {
        if (isProtocolErrorThrow(statement) || isProtocolErrorPassThrough(statement)) continue;
        if (throwsAnsweredClass(statement, answered)) continue;
        if (handler.lowLevel && isUnknownToolThrow(statement)) continue;
        if (isUserErrorThrow(statement, userErrors) || throwsBuiltUserError(context, statement)) {
          if (!extrasHaveCategory(statement)) {
            report({ node: statement, severity: 'info', messageId: 'userErrorWithoutCategory' });
          }
          continue;
        }
        report({
          node: statement,
          severity: handler.lowLevel ? 'error' : 'warning',
          messageId: handler.lowLevel ? 'uncaughtThrowLowLevel' : 'uncaughtThrow',
          fixes: () => fixes(context, handler, statement, own),
        });
      }
    }
  },
};
