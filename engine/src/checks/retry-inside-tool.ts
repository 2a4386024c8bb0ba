import ts from 'typescript';
import { isFunctionLike, unwrapExpression, walk, isNullOrUndefined } from '../parse/syntax';
import { LOOP_KINDS } from '../parse/nodeIndex';
import type { AnalysisContext, Check } from '../types';
import {
  type Loop,
  handlesFailureItself,
  isFailureHandler,
  isLoop,
  triesEachItem,
  tryBlockContinues,
} from './analysis/retryLoopShapes';

/** Callee names of retry and backoff helpers (compared case-insensitively). */
const RETRY_HELPER =
  /^(p|async|promise)?retry(async|withbackoff|operation)?$|^with(retry|retries|backoff)$|^(exponential)?backoff$/i;
/** Packages whose imports are retry helpers whatever they are named locally. */
const RETRY_PACKAGES = new Set([
  'p-retry',
  'async-retry',
  'retry',
  'promise-retry',
  'exponential-backoff',
  'ts-retry-promise',
  'retry-axios',
]);
/** Calls that wait between attempts. */
const SLEEP_CALL = /^(sleep|delay|wait|pause|setTimeout|backoff|waitFor|timeout)$|sleep|backoff|delay/i;
/** Identifiers that count attempts (`tries` as a word of its own: `maxTries`, `MAX_TRIES`, not `entries`). */
const ATTEMPT_NAME = /[Aa]ttempt|ATTEMPT|[Rr]etr(y|ies)|RETR(Y|IES)|[Bb]ackoff|BACKOFF|(^|_)(tries|TRIES)|Tries/;

function countsAttempts(name: string): boolean {
  return ATTEMPT_NAME.test(name);
}

/** Read once: the typescript module's exports are getters (see parse/syntax.ts); callName runs on every call. */
const { SyntaxKind } = ts;

function callName(call: ts.CallExpression): string | undefined {
  const callee = unwrapExpression(call.expression);
  if (callee.kind === SyntaxKind.Identifier) return (callee as ts.Identifier).text;
  if (callee.kind === SyntaxKind.PropertyAccessExpression) return (callee as ts.PropertyAccessExpression).name.text;
  return undefined;
}

/** Local names bound by imports (or `require`) of retry packages. */
function retryImports(context: AnalysisContext): Set<string> {
  const names = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && node.importClause) {
      if (RETRY_PACKAGES.has(node.moduleSpecifier.text)) {
        const clause = node.importClause;
        if (clause.name) names.add(clause.name.text);
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) names.add(bindings.name.text);
        if (bindings && ts.isNamedImports(bindings))
          for (const element of bindings.elements) names.add(element.name.text);
      }
    } else if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      ts.isCallExpression(node.initializer) &&
      ts.isIdentifier(node.initializer.expression) &&
      node.initializer.expression.text === 'require' &&
      node.initializer.arguments.length === 1 &&
      ts.isStringLiteral(node.initializer.arguments[0]) &&
      RETRY_PACKAGES.has(node.initializer.arguments[0].text)
    ) {
      names.add(node.name.text);
    }
  };
  for (const node of context.nodes.ofKinds([ts.SyntaxKind.ImportDeclaration, ts.SyntaxKind.VariableDeclaration]))
    visit(node);
  return names;
}

/** The loop's header: the node after which the body starts. */
function loopHeader(loop: Loop): ts.Node | undefined {
  if (ts.isForStatement(loop)) return loop.incrementor ?? loop.condition ?? loop.initializer;
  if (ts.isForOfStatement(loop) || ts.isForInStatement(loop)) return loop.expression;
  if (ts.isWhileStatement(loop)) return loop.expression;
  return undefined;
}

/**
 * Why a loop is a retry loop: a try/catch (or `.catch(…)`) in its body plus a wait, a `continue` from the
 * catch, or an attempt counter; and it ends once an attempt succeeds (else it is polling).
 */
function retryEvidence(loop: Loop): string | undefined {
  let hasTry = false;
  let continueInCatch = false;
  let sleeps = false;
  let counts = false;
  const header = loopHeader(loop);
  const headerNodes: ts.Node[] = ts.isForStatement(loop)
    ? [loop.initializer, loop.condition, loop.incrementor].filter((n): n is ts.ForInitializer | ts.Expression => !!n)
    : ts.isDoStatement(loop)
      ? [loop.expression]
      : header
        ? [header]
        : [];
  const inspect = (node: ts.Node, inCatch: boolean): void => {
    walk(node, (child) => {
      if (isFunctionLike(child) && !ts.isArrowFunction(child)) return false;
      if (isFailureHandler(child)) hasTry = true;
      if (ts.isCatchClause(child)) {
        // `try { …; continue } catch { continue }`: the loop goes on the same way after a success.
        inspect(child.block, !tryBlockContinues(child.parent));
        return false;
      }
      if (ts.isContinueStatement(child) && inCatch) continueInCatch = true;
      if (ts.isCallExpression(child) && SLEEP_CALL.test(callName(child) ?? '')) sleeps = true;
      if (ts.isIdentifier(child) && countsAttempts(child.text)) counts = true;
    });
  };
  inspect(loop.statement, false);
  for (const node of headerNodes) {
    if (ts.isIdentifier(node) && countsAttempts(node.text)) counts = true;
    walk(node, (child) => {
      if (ts.isIdentifier(child) && countsAttempts(child.text)) counts = true;
    });
  }
  if (!hasTry || !endsAfterSuccess(loop) || triesEachItem(loop)) return undefined;
  if (sleeps) return 'waits between attempts';
  // A try only in a nested loop belongs to that loop: this one repeats work, unless it waits between rounds.
  if (!handlesFailureItself(loop)) return undefined;
  if (counts) return 'counts attempts';
  // Over a collection, `continue` in the catch skips an item; elsewhere it tries again.
  const overCollection = ts.isForOfStatement(loop) || ts.isForInStatement(loop);
  if (continueInCatch && !overCollection) return 'tries again from the catch';
  return undefined;
}

const OUTCOME_MEMBERS = new Set(['ok', 'success', 'error', 'err', 'isError']);

/**
 * Whether a condition tests whether an attempt succeeded: a value's presence (`res`, `!result`,
 * `res === undefined`) or its outcome flag (`res.ok`, `!r.error`) — not a job's state
 * (`status === 'done'`, `isTerminal(s)`, `Date.now() < deadline`), which is what polling tests.
 */
function testsOutcome(condition: ts.Expression): boolean {
  const inner = unwrapExpression(condition);
  if (ts.isPrefixUnaryExpression(inner) && inner.operator === ts.SyntaxKind.ExclamationToken) {
    return testsOutcome(inner.operand);
  }
  if (ts.isIdentifier(inner)) return true;
  if (ts.isPropertyAccessExpression(inner)) return OUTCOME_MEMBERS.has(inner.name.text);
  if (ts.isBinaryExpression(inner)) {
    const op = inner.operatorToken.kind;
    if (op === ts.SyntaxKind.AmpersandAmpersandToken || op === ts.SyntaxKind.BarBarToken) {
      return testsOutcome(inner.left) || testsOutcome(inner.right);
    }
    const empty = (side: ts.Expression): boolean => {
      return isNullOrUndefined(unwrapExpression(side));
    };
    return (empty(inner.left) && testsOutcome(inner.right)) || (empty(inner.right) && testsOutcome(inner.left));
  }
  return false;
}

/** Whether a statement leaves the loop: `return`, `break`, or a block / `if` on an outcome test that does. */
function exits(statement: ts.Statement): boolean {
  if (ts.isReturnStatement(statement) || ts.isBreakStatement(statement)) return true;
  if (ts.isBlock(statement)) return statement.statements.some(exits);
  return ts.isIfStatement(statement) && testsOutcome(statement.expression) && exits(statement.thenStatement);
}

/**
 * Whether the loop ends once an attempt succeeds, so that it only repeats after a failure: an exit
 * in a try block (directly, or on an outcome test), an exit on an outcome test in the loop body
 * (after `await call().catch(…)`), or a `while`/`do…while` condition that tests the outcome. A
 * polling loop goes on after a successful read until the job's state is terminal: not a retry.
 */
function endsAfterSuccess(loop: Loop): boolean {
  if ((ts.isWhileStatement(loop) || ts.isDoStatement(loop)) && testsOutcome(loop.expression)) return true;
  const body = loop.statement;
  if (ts.isBlock(body) && body.statements.some((statement) => ts.isIfStatement(statement) && exits(statement))) {
    return true;
  }
  let found = false;
  walk(body, (node) => {
    // A `return` in a callback (`batch.map(async (dir) => { try { … return … } })`) leaves the callback, not the loop.
    if (found || isFunctionLike(node) || isLoop(node)) return false;
    if (ts.isTryStatement(node) && node.catchClause && node.tryBlock.statements.some(exits)) found = true;
    return undefined;
  });
  return found;
}

/** From the loop keyword through the closing parenthesis of its header (`do` alone for do…while). */
function headRange(context: AnalysisContext, loop: Loop): { start: number; end: number } {
  const start = loop.getStart(context.sourceFile);
  if (ts.isDoStatement(loop)) return { start, end: start + 'do'.length };
  const bodyStart = loop.statement.getStart(context.sourceFile);
  const close = context.text.lastIndexOf(')', bodyStart);
  return { start, end: close > start ? close + 1 : bodyStart };
}

const ADVICE =
  'Retry policy belongs in the agent loop: a tool that retries internally hides its failures and spends the budget the agent cannot see. Try once and, on a temporary failure, return errorCategory TRANSIENT with isRetryable: true (and retryAfterMs when known).';

export const retryInsideTool: Check<'retryLoop' | 'retryHelper'> = {
  meta: {
    id: 'retry-inside-tool',
    description:
      'A retry loop or a retry/backoff helper inside a tool handler, hiding failures and the retry budget from the agent.',
    defaultSeverity: 'info',
    fixable: false,
    messages: {
      retryLoop: `This loop retries (it {{evidence}}). ${ADVICE}`,
      retryHelper: `{{name}}() retries inside the tool. ${ADVICE}`,
    },
  },
  run(context, report) {
    if (context.handlers.length === 0) return;
    const imported = retryImports(context);
    for (const node of context.nodes.ofKinds(LOOP_KINDS)) {
      if (!isLoop(node) || !context.handlerOf(node)) continue;
      const evidence = retryEvidence(node);
      if (evidence) report({ ...headRange(context, node), messageId: 'retryLoop', data: { evidence } });
    }
    for (const node of context.nodes.of(ts.SyntaxKind.CallExpression, ts.isCallExpression)) {
      const name = callName(node);
      if (!name) continue;
      const callee = unwrapExpression(node.expression);
      const viaImport =
        (ts.isIdentifier(callee) && imported.has(callee.text)) ||
        (ts.isPropertyAccessExpression(callee) &&
          ts.isIdentifier(callee.expression) &&
          imported.has(callee.expression.text));
      // The cheap name test first: most calls are not retry helpers, and finding the handler walks parents.
      if ((viaImport || RETRY_HELPER.test(name)) && context.handlerOf(node)) {
        report({ node: node.expression, messageId: 'retryHelper', data: { name } });
      }
    }
  },
};
