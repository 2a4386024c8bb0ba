import ts from 'typescript';
import { namedFunctions } from '../discovery/handlers';
import { functionHeadRange } from '../discovery/handlerHead';
import { wrapBodyInTryCatch } from '../fixes/edits';
import {
  type FunctionLike,
  enclosingTry,
  isFunctionLike,
  propertyNameText,
  unwrapExpression,
  walkOwnBody,
} from '../parse/syntax';
import type { AnalysisContext, Check } from '../types';

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
]);
const SAFE_NAMESPACES = new Set(['console', 'Math']);
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
]);
/** Constructors that throw on bad input, which a handler usually passes straight from its arguments. */
const THROWING_CONSTRUCTORS = new Set(['URL', 'RegExp', 'BigInt']);

const MAX_HELPER_DEPTH = 4;

function isSafeCall(call: ts.CallExpression): boolean {
  const callee = unwrapExpression(call.expression);
  if (ts.isIdentifier(callee)) return SAFE_GLOBAL_CALLS.has(callee.text);
  if (ts.isPropertyAccessExpression(callee)) {
    const receiver = unwrapExpression(callee.expression);
    if (ts.isIdentifier(receiver)) {
      if (SAFE_NAMESPACES.has(receiver.text)) return true;
      if (SAFE_QUALIFIED_CALLS.has(`${receiver.text}.${callee.name.text}`)) return true;
    }
    return SAFE_METHODS.has(callee.name.text);
  }
  return false;
}

interface Finder {
  functions: ReadonlyMap<string, FunctionLike>;
  verdicts: Map<FunctionLike, boolean>;
}

/** Whether calling a same-file function can throw or reject: it awaits, throws or calls something that can. */
function functionCanFail(finder: Finder, fn: FunctionLike, depth: number): boolean {
  const known = finder.verdicts.get(fn);
  if (known !== undefined) return known;
  if (depth > MAX_HELPER_DEPTH) return true;
  finder.verdicts.set(fn, false); // recursion guard: a cycle adds no failure of its own
  const fails = firstUnguardedSite(finder, fn, depth + 1, true) !== undefined;
  finder.verdicts.set(fn, fails);
  return fails;
}

function callCanFail(finder: Finder, call: ts.CallExpression | ts.NewExpression, depth: number): boolean {
  if (ts.isNewExpression(call)) {
    return ts.isIdentifier(call.expression) && THROWING_CONSTRUCTORS.has(call.expression.text);
  }
  if (call.expression.kind === ts.SyntaxKind.ImportKeyword) return true;
  const callee = unwrapExpression(call.expression);
  if (ts.isIdentifier(callee)) {
    const local = finder.functions.get(callee.text);
    if (local) return functionCanFail(finder, local, depth);
  }
  if (ts.isFunctionExpression(callee) || ts.isArrowFunction(callee)) return functionCanFail(finder, callee, depth);
  return !isSafeCall(call) && !isFormattingCall(call);
}

const PARSING_NAME = /parse|decode|validate|assert|load|read|fetch|query/i;

/**
 * A call whose value is only written into text (`${formatCents(x)}`, `text: describe(order)`) formats
 * a value the handler already has; unless its name says it parses or loads something, it is not
 * where a handler's failures come from.
 */
function isFormattingCall(call: ts.CallExpression): boolean {
  const parent = call.parent;
  const inText =
    ts.isTemplateSpan(parent) ||
    (ts.isPropertyAssignment(parent) && parent.initializer === call && propertyNameText(parent.name) === 'text');
  if (!inText) return false;
  const callee = unwrapExpression(call.expression);
  const name = ts.isIdentifier(callee)
    ? callee.text
    : ts.isPropertyAccessExpression(callee)
      ? callee.name.text
      : undefined;
  return name !== undefined && !PARSING_NAME.test(name);
}

/** Whether `node` runs in a catch or finally block of a try inside the handler: failure handling is there already. */
function inFailureHandling(node: ts.Node, fn: FunctionLike): boolean {
  let child: ts.Node = node;
  let current: ts.Node | undefined = node.parent;
  while (current && current !== fn) {
    if (isFunctionLike(current)) return false;
    if (ts.isCatchClause(current)) return true;
    if (ts.isTryStatement(current) && current.finallyBlock === child) return true;
    child = current;
    current = current.parent;
  }
  return false;
}

/** `p.catch(…)`, `p.then(ok, fail)` and `Promise.allSettled(…)`: the rejection is handled where it happens. */
function handlesRejection(node: ts.Node): boolean {
  if (!ts.isCallExpression(node)) return false;
  const callee = unwrapExpression(node.expression);
  if (!ts.isPropertyAccessExpression(callee)) return false;
  const method = callee.name.text;
  if (method === 'catch') return true;
  if (method === 'then') return node.arguments.length >= 2;
  return method === 'allSettled' && ts.isIdentifier(callee.expression) && callee.expression.text === 'Promise';
}

/** An await rejects only when its operand can: awaiting a same-file function that cannot fail is safe. */
function awaitCanReject(finder: Finder, node: ts.AwaitExpression, depth: number): boolean {
  const operand = unwrapExpression(node.expression);
  if (!ts.isCallExpression(operand)) return true;
  const callee = unwrapExpression(operand.expression);
  const local = ts.isIdentifier(callee) ? finder.functions.get(callee.text) : undefined;
  return local ? functionCanFail(finder, local, depth) : true;
}

type FailureSite = ts.AwaitExpression | ts.CallExpression | ts.NewExpression | ts.ForOfStatement | ts.ThrowStatement;

/**
 * The first place in `fn`'s own body that can throw or reject with no try/catch in `fn` around it:
 * an await, a `for await`, a fallible call, and (with `includeThrows`) a throw. Calls in catch and
 * finally blocks are failure handling already and are not counted; throws there are.
 */
function firstUnguardedSite(
  finder: Finder,
  fn: FunctionLike,
  depth: number,
  includeThrows: boolean,
): FailureSite | undefined {
  let found: FailureSite | undefined;
  walkOwnBody(fn, (node) => {
    if (found || handlesRejection(node)) return false;
    // Without throws to count, nothing in a try/catch is a site: its try block is guarded and its
    // catch and finally blocks are failure handling. Skipping it saves judging every call inside.
    if (!includeThrows && ts.isTryStatement(node) && node.catchClause) return false;
    if (ts.isAwaitExpression(node) && handlesRejection(unwrapExpression(node.expression))) return false;
    const isThrow = ts.isThrowStatement(node);
    const candidate =
      (isThrow && includeThrows) ||
      (ts.isAwaitExpression(node) && awaitCanReject(finder, node, depth)) ||
      (ts.isForOfStatement(node) && node.awaitModifier !== undefined) ||
      ((ts.isCallExpression(node) || ts.isNewExpression(node)) && callCanFail(finder, node, depth));
    if (!candidate) return undefined;
    if (enclosingTry(node, fn) || (!isThrow && inFailureHandling(node, fn))) return false;
    found = node as FailureSite;
    return false;
  });
  return found;
}

/** Whether the handler's own body has a `throw` that no try/catch in it catches. */
function hasOwnUncaughtThrow(fn: FunctionLike): boolean {
  let found = false;
  walkOwnBody(fn, (node) => {
    if (found) return false;
    if (ts.isThrowStatement(node) && !enclosingTry(node, fn)) found = true;
    return undefined;
  });
  return found;
}

function describeSite(context: AnalysisContext, site: ts.Node): string {
  if (ts.isForOfStatement(site)) return 'for await (…)';
  const target = ts.isAwaitExpression(site) ? site.expression : site;
  const callee =
    ts.isCallExpression(target) || ts.isNewExpression(target)
      ? target.expression.getText(context.sourceFile)
      : undefined;
  const shown = callee ? `${ts.isNewExpression(target) ? 'new ' : ''}${callee}(…)` : target.getText(context.sourceFile);
  const short = shown.replace(/\s+/g, ' ');
  const label = short.length > 40 ? short.slice(0, 39) + '…' : short;
  return ts.isAwaitExpression(site) ? `await ${label}` : label;
}

export const unguardedHandler: Check = {
  meta: {
    id: 'unguarded-handler',
    description:
      'A tool handler that awaits or calls something that can fail, with no try/catch turning the failure into an error envelope.',
    defaultSeverity: 'info',
    fixable: true,
  },
  run(context, report) {
    if (context.handlers.length === 0) return;
    const finder: Finder = { functions: namedFunctions(context.nodes), verdicts: new Map() };
    for (const handler of context.handlers) {
      if (!handler.fn.body) continue;
      const site = firstUnguardedSite(finder, handler.fn, 0, false);
      if (!site) continue;
      const { start, end } = functionHeadRange(handler.fn, context.sourceFile);
      const consequence = handler.lowLevel
        ? 'becomes a JSON-RPC error that the model never sees'
        : 'reaches the model as unstructured text with no errorCategory or isRetryable';
      report({
        start,
        end,
        message: `This tool handler runs \`${describeSite(context, site)}\` outside any try/catch: if it fails, the failure ${consequence}.`,
        fixes: () => [
          {
            title: 'Wrap the handler body in try/catch returning structured errors',
            ...wrapBodyInTryCatch(context, handler.fn, handler.toolName, (call) => callCanFail(finder, call, 0)),
            // A throw the handler writes itself gets a more specific fix (a return with the category the
            // throw implies); wrapping first would catch it as UNKNOWN. Fix-all wraps on its next pass.
            preferred: !hasOwnUncaughtThrow(handler.fn),
          },
        ],
      });
    }
  },
};
