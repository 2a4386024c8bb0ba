import ts from 'typescript';
import type { ErrorCategory } from '../../../shared/src/taxonomy';
import { throwAsReturn } from '../fixes/catchAll';
import { type Inference, inferEnvelope, inferFromWording } from '../fixes/inference';
import { enclosingFunction, isFunctionLike, staticText, unwrapExpression } from '../parse/syntax';
import type { AnalysisContext, Check, Fix } from '../types';
import { isProtocolErrorThrow } from './throw-in-handler';
import { guardedByEveryCaller } from './analysis/guardedCallers';
import type { ToolHandler } from '../discovery/handlers';

/** Codes that really are about the protocol request (the client can fix the call), or that ask the client to act. */
const PROTOCOL_CODES = new Set(['InvalidParams', 'MethodNotFound', 'UrlElicitationRequired']);
const PROTOCOL_NUMBERS = new Set([-32602, -32601, -32042]);

/** What an execution failure thrown with a given JSON-RPC code is, as an envelope. */
const CODE_CATEGORIES: Record<string, [ErrorCategory, boolean]> = {
  RequestTimeout: ['TRANSIENT', true],
  ConnectionClosed: ['TRANSIENT', true],
  InvalidRequest: ['VALIDATION', false],
  ParseError: ['VALIDATION', false],
  InternalError: ['UNKNOWN', false],
};
const CODE_NAMES: Record<number, string> = {
  [-32001]: 'RequestTimeout',
  [-32000]: 'ConnectionClosed',
  [-32600]: 'InvalidRequest',
  [-32700]: 'ParseError',
  [-32603]: 'InternalError',
};

interface ThrownCode {
  /** The code's name (`InternalError`), when known. */
  name?: string;
  /** The code as written, for messages. */
  written: string;
}

/** The `code` argument of `new McpError(code, message)`. */
function thrownCode(context: AnalysisContext, thrown: ts.NewExpression | ts.CallExpression): ThrownCode | undefined {
  const first = (thrown.arguments ?? [])[0];
  if (!first) return undefined;
  const code = unwrapExpression(first);
  const written = code.getText(context.sourceFile);
  if (ts.isPropertyAccessExpression(code)) return { name: code.name.text, written };
  if (
    ts.isPrefixUnaryExpression(code) &&
    code.operator === ts.SyntaxKind.MinusToken &&
    ts.isNumericLiteral(code.operand)
  ) {
    const value = -Number(code.operand.text);
    return { name: CODE_NAMES[value] ?? (PROTOCOL_NUMBERS.has(value) ? String(value) : undefined), written };
  }
  return { written };
}

function isProtocolCode(code: ThrownCode): boolean {
  if (code.name && PROTOCOL_CODES.has(code.name)) return true;
  return PROTOCOL_NUMBERS.has(Number(code.written));
}

/** Whether a try/catch in the throw's own function catches it. */
function caughtLocally(statement: ts.ThrowStatement): boolean {
  let child: ts.Node = statement;
  let current: ts.Node | undefined = statement.parent;
  while (current && !isFunctionLike(current)) {
    if (ts.isTryStatement(current) && current.tryBlock === child && current.catchClause) return true;
    child = current;
    current = current.parent;
  }
  return false;
}

/**
 * Whether the throw never leaves the tool as a protocol error: the handler is guarded (a wrapper, or a try in
 * another file whose catch answers), or the function it is in (the handler or a helper) is called only inside
 * tries whose catch answers with a result (throws nothing): there the McpError becomes that result's text.
 */
function answeredByCaller(context: AnalysisContext, statement: ts.ThrowStatement, handler: ToolHandler): boolean {
  if (handler.guarded) return true;
  for (let fn = enclosingFunction(statement); fn; fn = enclosingFunction(fn)) {
    if (guardedByEveryCaller(context.nodes, fn)) return true;
    if (fn === handler.fn) return false;
  }
  return false;
}

/** The envelope's category: from the code when it says something, else from the message and the branch. */
function inferFromCode(statement: ts.ThrowStatement, code: ThrownCode, message: string | undefined): Inference {
  const mapped = code.name ? CODE_CATEGORIES[code.name] : undefined;
  if (mapped && mapped[0] !== 'UNKNOWN') return { category: mapped[0], retryable: mapped[1], evidence: code.written };
  const inferred = inferEnvelope(statement, [message]);
  if (inferred.evidence) return inferred;
  return { category: 'UNKNOWN', retryable: false, evidence: code.written };
}

function fix(
  context: AnalysisContext,
  statement: ts.ThrowStatement,
  thrown: ts.NewExpression | ts.CallExpression,
  code: ThrownCode,
): Fix[] {
  const messageArgument = (thrown.arguments ?? [])[1];
  const inference = inferFromCode(statement, code, staticText(messageArgument));
  const messageSource = messageArgument ? messageArgument.getText(context.sourceFile) : "'The tool failed'";
  const toolName = context.handlerOf(statement)?.toolName ?? null;
  return [{ ...throwAsReturn(context, statement, toolName, inference, messageSource), preferred: true }];
}

/** Codes that say the request itself is malformed: thrown from a tool, they are almost always an argument check. */
const REQUEST_CODES = new Set(['InvalidRequest', 'ParseError']);
/** Wording of a failure of the tool's own work ("Failed to authenticate with the upstream service"). */
const WORK_FAILURE_WORDING = /^\s*(failed|unable|could not|couldn't|cannot connect|connection)\b/i;

/** Whether a request code refuses an argument, rather than reporting an upstream failure under that code. */
function refusesArgument(code: ThrownCode, thrown: ts.NewExpression | ts.CallExpression): boolean {
  if (!code.name || !REQUEST_CODES.has(code.name)) return false;
  const message = staticText((thrown.arguments ?? [])[1]);
  if (message === undefined) return true;
  if (WORK_FAILURE_WORDING.test(message)) return false;
  const category = inferFromWording(message)?.category;
  return category !== 'PERMISSION' && category !== 'TRANSIENT';
}

export const protocolErrorForExecutionFailure: Check<
  'protocolErrorForToolFailure' | 'protocolErrorForToolFailureLowLevel' | 'requestErrorForBadArgument'
> = {
  meta: {
    id: 'protocol-error-for-execution-failure',
    description:
      'A McpError/ProtocolError thrown from a tool handler for an execution failure, which becomes a JSON-RPC error the model usually never sees.',
    defaultSeverity: 'warning',
    fixable: true,
    messages: {
      protocolErrorForToolFailure:
        'A protocol error ({{code}}) for a failure of the tool\'s own work: McpServer turns it into plain isError text ("MCP error …: message") with a protocol code where an errorCategory belongs and no isRetryable. Keep McpError for InvalidParams / MethodNotFound and return an error envelope instead.',
      protocolErrorForToolFailureLowLevel:
        "A protocol error ({{code}}) for a failure of the tool's own work: from a tools/call handler it becomes a JSON-RPC error response that the model usually never sees, with no errorCategory or isRetryable. Keep McpError for InvalidParams / MethodNotFound and return an error envelope instead.",
      requestErrorForBadArgument:
        '{{code}} says the JSON-RPC request itself is malformed, but this refuses an argument of a well-formed tool call. Use ErrorCode.InvalidParams, or return a VALIDATION error envelope (isRetryable: false) that tells the model which argument to change.',
    },
  },
  run(context, report) {
    if (context.handlers.length === 0) return;
    const visit = (node: ts.Node): void => {
      const handler = ts.isThrowStatement(node) && isProtocolErrorThrow(node) ? context.handlerOf(node) : undefined;
      const thrown = handler && ts.isThrowStatement(node) && node.expression && unwrapExpression(node.expression);
      if (ts.isThrowStatement(node) && thrown && (ts.isNewExpression(thrown) || ts.isCallExpression(thrown))) {
        const code = thrownCode(context, thrown) ?? { written: 'no code' };
        if (!isProtocolCode(code) && !caughtLocally(node) && !answeredByCaller(context, node, handler)) {
          const own = enclosingFunction(node) === handler.fn;
          report({
            node,
            messageId: refusesArgument(code, thrown)
              ? 'requestErrorForBadArgument'
              : handler.lowLevel
                ? 'protocolErrorForToolFailureLowLevel'
                : 'protocolErrorForToolFailure',
            data: { code: code.written },
            fixes: own ? () => fix(context, node, thrown, code) : undefined,
          });
        }
      }
    };
    for (const node of context.nodes.ofKinds([ts.SyntaxKind.ThrowStatement])) visit(node);
  },
};
