/**
 * Calls that do not fail on ordinary input, and calls that only build a tool result: neither is a
 * failure that escapes a handler.
 */
import ts from 'typescript';
import { expressionName, propertyNameText, unwrapExpression } from '../../parse/syntax';
import { isClockDate, isHarmlessCall } from './harmlessCalls';

/** Global functions and namespaces whose calls do not fail on ordinary input. */
const SAFE_GLOBAL_CALLS = new Set([
  'String',
  'Number',
  'Boolean',
  'Symbol',
  'isNaN',
  'isFinite',
  'parseInt',
  'parseFloat',
  'encodeURIComponent',
  'encodeURI',
  'randomUUID',
  'setTimeout',
  'clearTimeout',
  'setInterval',
  'clearInterval',
  // `import { existsSync } from 'node:fs'`: answers false instead of throwing.
  'existsSync',
  // React's own hooks, in a tool whose handler is a component (a UI tool): state, not the tool's work.
  'useState',
  'useEffect',
  'useLayoutEffect',
  'useMemo',
  'useCallback',
  'useRef',
  'useReducer',
  'useContext',
  'useId',
]);
const SAFE_NAMESPACES = new Set(['console', 'Math']);
/**
 * Loggers (`log.info`, `logger.warn`, `this.logger.debug`, `log(…)`, `structuredLogger.debug`, `auditLogger.info`):
 * a log line is not the tool's work.
 */
const LOGGER_NAME = /^(log|logger)$/i;
const LOGGER_SUFFIX = /[a-z0-9]Logger$/;

function isLoggerName(name: string): boolean {
  return LOGGER_NAME.test(name) || LOGGER_SUFFIX.test(name);
}
/** Log functions named by their level (`verbose_log`, `debugLog`, `logError`, `log_info`), called by name. */
const LEVEL_LOG_FUNCTION =
  /^((verbose|debug|trace|info|warn|warning|error|always|safe)_?log|log_?(verbose|debug|trace|info|warn|warning|error))$/i;
/**
 * Methods that do not fail when their result is not awaited: of a map, a set or URLSearchParams; a metrics
 * counter, gauge or histogram (`calls.inc(…)`, `duration.startTimer(…)`, `size.observe(…)`); a component's or
 * an agent's own state (`this.setState(…)`).
 */
const SAFE_UNAWAITED_METHODS = new Set([
  'delete',
  'clear',
  'append',
  'safeParse',
  'inc',
  'dec',
  'observe',
  'startTimer',
  'setState',
]);
const SAFE_QUALIFIED_CALLS = new Set([
  'JSON.stringify',
  'Array.isArray',
  'Array.from',
  'Array.of',
  'Object.keys',
  'Object.values',
  'Object.entries',
  'Object.assign',
  'Object.freeze',
  'Object.fromEntries',
  'Date.now',
  'performance.now',
  'Number.isFinite',
  'Number.isInteger',
  'Number.isNaN',
  'Promise.resolve',
  'Buffer.from',
  'Buffer.byteLength',
  'crypto.randomUUID',
  'path.join',
  'path.resolve',
  'path.basename',
  'path.dirname',
  'path.extname',
  'path.relative',
  'path.normalize',
  'path.isAbsolute',
  'fs.existsSync',
  'process.cwd',
  'process.memoryUsage',
  'process.uptime',
  'process.hrtime',
  'process.cpuUsage',
  'os.homedir',
  'os.tmpdir',
  'os.platform',
  'os.hostname',
  'os.type',
  'os.arch',
]);
/** Methods of strings, arrays, maps and sets that do not fail (their callbacks are judged on their own). */
const SAFE_METHODS = new Set([
  'map',
  'filter',
  'join',
  'slice',
  'concat',
  'includes',
  'some',
  'every',
  'find',
  'findIndex',
  'indexOf',
  'lastIndexOf',
  'push',
  'unshift',
  'toString',
  'toFixed',
  'trim',
  'trimStart',
  'trimEnd',
  'toUpperCase',
  'toLowerCase',
  'padStart',
  'padEnd',
  'startsWith',
  'endsWith',
  'replace',
  'replaceAll',
  'split',
  'sort',
  'reverse',
  'flat',
  'flatMap',
  'reduce',
  'forEach',
  'keys',
  'values',
  'entries',
  'has',
  'get',
  'set',
  'add',
  'at',
  'charAt',
  'substring',
  'localeCompare',
  'match',
  'matchAll',
]);
/** Methods of a fresh `new Date()` (the current time), which is always a valid date. */
const CURRENT_DATE_METHODS = /^(toISOString|toJSON|getTime|valueOf|toLocale\w*String|toUTCString|toDateString)$/;

/** Constructors that throw on bad input, which a handler usually passes straight from its arguments. */
export const THROWING_CONSTRUCTORS = new Set(['URL', 'RegExp', 'BigInt']);

function isCurrentDate(node: ts.Expression): boolean {
  const inner = unwrapExpression(node);
  return (
    ts.isNewExpression(inner) &&
    ts.isIdentifier(inner.expression) &&
    inner.expression.text === 'Date' &&
    (inner.arguments?.length ?? 0) === 0
  );
}

/** `getX()` with no arguments, not awaited: an accessor that reads state (`server.getClientCapabilities()`). */
const ACCESSOR_NAME = /^get[A-Z]/;

/** The process's own output streams: writing a log line to them is not the tool's work. */
const OUTPUT_STREAMS = new Set(['process.stderr', 'process.stdout']);

/** Functions and methods that add a line to a log (`storage.addLogEntry(…)`, `appendLog(…)`), called by name. */
const LOG_ENTRY_FUNCTION = /^(add|append|push|record|write)Log(Entry|Line|Message)?$/;

/**
 * `log(…)`, `logger.warn(…)`, `process.stderr.write(…)`, `storage.addLogEntry(…)`, not awaited: a log line, whatever
 * the logger does inside (it is not followed into, even when it is a workspace function).
 */
export function isLogCall(call: ts.CallExpression): boolean {
  if (ts.isAwaitExpression(call.parent)) return false;
  const callee = unwrapExpression(call.expression);
  if (ts.isIdentifier(callee)) {
    return isLoggerName(callee.text) || LEVEL_LOG_FUNCTION.test(callee.text) || LOG_ENTRY_FUNCTION.test(callee.text);
  }
  if (!ts.isPropertyAccessExpression(callee)) return false;
  if (LOG_ENTRY_FUNCTION.test(callee.name.text)) return true;
  const receiverName = expressionName(unwrapExpression(callee.expression));
  if (receiverName === undefined) return false;
  return isLoggerName(receiverName) || (OUTPUT_STREAMS.has(receiverName) && callee.name.text === 'write');
}

export function isSafeCall(call: ts.CallExpression): boolean {
  if (isLogCall(call) || isHarmlessCall(call)) return true;
  const callee = unwrapExpression(call.expression);
  if (call.arguments.length === 0 && !ts.isAwaitExpression(call.parent)) {
    const name = expressionName(callee);
    if (name !== undefined && ACCESSOR_NAME.test(name)) return true;
  }
  if (ts.isIdentifier(callee)) return SAFE_GLOBAL_CALLS.has(callee.text) || isLoggerName(callee.text);
  if (ts.isPropertyAccessExpression(callee)) {
    const receiver = unwrapExpression(callee.expression);
    const receiverName = expressionName(receiver);
    if (receiverName !== undefined && isLoggerName(receiverName)) return true;
    if (SAFE_UNAWAITED_METHODS.has(callee.name.text) && !ts.isAwaitExpression(call.parent)) return true;
    if (ts.isIdentifier(receiver)) {
      if (SAFE_NAMESPACES.has(receiver.text)) return true;
      if (SAFE_QUALIFIED_CALLS.has(`${receiver.text}.${callee.name.text}`)) return true;
    }
    if ((isCurrentDate(receiver) || isClockDate(receiver)) && CURRENT_DATE_METHODS.test(callee.name.text)) return true;
    if (receiver.kind === ts.SyntaxKind.RegularExpressionLiteral) return true;
    return SAFE_METHODS.has(callee.name.text);
  }
  return false;
}

export const PARSING_NAME = /parse|decode|validate|assert|load|read|fetch|query/i;
/** Verbs that say a function does work (I/O, a computation that can fail), not that it builds a value. */
export const WORKING_NAME =
  /parse|decode|validate|assert|load|read|fetch|query|get|call|run|exec|send|request|process|handle|invoke|save|write|delete|remove|update|insert|upsert|search|find|lookup|resolve|compute|generate|upload|download/i;

/**
 * Names of the well-known shapes of a tool-result builder: `createErrorResponse`, `buildToolResult`,
 * `toolResult`, `errorResult`, `jsonResponse`, `textContent`, `toolErrorOutput`, `ok`, `fail`.
 */
const BUILDER_NAME =
  /^((create|build|make|to|as|wrap|format)(Mcp|Tool|Error|Success|Text|Json|Structured|Ok|Fail|Failure|Empty)*(Response|Result|Reply|Envelope|Content|Output)|(mcp|tool|error|success|text|json|structured|ok|fail|failure|empty|notFound|validation|permission|transient|internal)(Error)?(Response|Result|Reply|Envelope|Content|Output)|ok|fail|err|success|failure)$/;

/** The name a call is made through, when it is a plain function or a method of `this`. */
function builderCandidateName(call: ts.CallExpression): string | undefined {
  const callee = unwrapExpression(call.expression);
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee) && callee.expression.kind === ts.SyntaxKind.ThisKeyword) {
    return callee.name.text;
  }
  return undefined;
}

/**
 * A call whose body cannot be seen (imported) but whose name is a well-known result-builder shape
 * and which is not awaited: it builds the tool result, it does not do the tool's work.
 */
export function isNamedResultBuilder(call: ts.CallExpression): boolean {
  return namedBuilderReason(call) !== undefined;
}

/** Why `isNamedResultBuilder` holds, in the words of a finding's evidence; undefined when it does not. */
export function namedBuilderReason(call: ts.CallExpression): string | undefined {
  const name = builderCandidateName(call);
  if (!name || ts.isAwaitExpression(call.parent)) return undefined;
  if (ERROR_ANSWER_NAME.test(name)) {
    return returnedAsIs(call)
      ? 'its name says it turns an error into the answer, which the handler returns'
      : undefined;
  }
  return BUILDER_NAME.test(name) && !WORKING_NAME.test(name) ? 'its name says it only builds the result' : undefined;
}

/**
 * The name of a helper that turns an error into the tool's answer: `handleApiError`, `this.handleSimplifiedError`,
 * `formatToolError`, `createValidationError`. Taken only for a call whose value the handler returns as it is
 * (`return this.handleSimplifiedError(new Error('Missing path'), hint)`): it answers, it does not do the work.
 */
const ERROR_ANSWER_NAME = /^(?:handle|format|create|build|make|to)[A-Z]?\w*Error$/;

function returnedAsIs(call: ts.CallExpression): boolean {
  let node: ts.Node = call;
  while (ts.isParenthesizedExpression(node.parent) || ts.isAsExpression(node.parent)) node = node.parent;
  return ts.isReturnStatement(node.parent) || (ts.isArrowFunction(node.parent) && node.parent.body === node);
}

/** A literal that is the same on every call: a non-empty string, a number, `true`, `false`. */
export function isConstantArgument(argument: ts.Expression): boolean {
  const inner = unwrapExpression(argument);
  if (ts.isStringLiteral(inner) || ts.isNoSubstitutionTemplateLiteral(inner)) return inner.text.length > 0;
  return (
    ts.isNumericLiteral(inner) || inner.kind === ts.SyntaxKind.TrueKeyword || inner.kind === ts.SyntaxKind.FalseKeyword
  );
}

/**
 * A call whose value is only written into text (`${formatCents(x)}`, `text: describe(order)`) formats
 * a value the handler already has; unless its name says it parses or loads something, it is not
 * where a handler's failures come from.
 */
export function isFormattingCall(call: ts.CallExpression): boolean {
  const parent = call.parent;
  const inText =
    ts.isTemplateSpan(parent) ||
    (ts.isPropertyAssignment(parent) && parent.initializer === call && propertyNameText(parent.name) === 'text');
  if (!inText) return false;
  const name = expressionName(call.expression);
  return name !== undefined && !PARSING_NAME.test(name);
}
