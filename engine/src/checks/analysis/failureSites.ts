/**
 * Where a function can throw or reject with nothing in it to catch the failure, following calls into
 * same-file functions (and methods of the same class) a few levels deep, cached per file analysis.
 */
import ts from 'typescript';
import {
  type FunctionLike,
  enclosingTry,
  expressionName,
  isFunctionLike,
  unwrapExpression,
  walkOwnBody,
} from '../../parse/syntax';
import { walkOwnBodyKinds } from '../../parse/indexedBodyWalk';
import { namedFunctions } from '../../discovery/handlers';
import { NodeIndex } from '../../parse/nodeIndex';
import type { ForeignFunction } from '../../types';
import { type ProjectLookup, importedCallees } from './importedCallees';
import { checkedOutcome } from './resultStyle';
import { objectMemberFunction } from './objectMembers';
import { describeSite } from './siteDescriptions';
import { isExhaustivenessThrow } from './exhaustiveThrows';
import {
  PARSING_NAME,
  THROWING_CONSTRUCTORS,
  WORKING_NAME,
  isConstantArgument,
  isFormattingCall,
  isLogCall,
  isNamedResultBuilder,
  namedBuilderReason,
  isSafeCall,
} from './safeCalls';

/** Read once: the typescript module's exports are getters (see parse/syntax.ts). */
export { describeSite };

const { SyntaxKind } = ts;

const MAX_HELPER_DEPTH = 4;

export type FailureSite =
  ts.AwaitExpression | ts.CallExpression | ts.NewExpression | ts.ForOfStatement | ts.ThrowStatement;

/** A call the analysis did not count, and why: said in the finding when a callee decided it. */
export interface Excused {
  site: ts.Node;
  reason: string;
}

export interface FailureFinder {
  readonly sourceFile: ts.SourceFile;
  readonly functions: ReadonlyMap<string, FunctionLike>;
  /** Per function: its first unguarded failure site, or null when it cannot fail. */
  readonly verdicts: Map<FunctionLike, FailureSite | null>;
  /** Per function that can fail: how sure its site is (see firstUnguardedSite). */
  readonly ranks: Map<FunctionLike, number>;
  /** Calls known not to fail for a reason found outside the call itself (a re-parse with the tool's own schema). */
  readonly cannotFail: Map<ts.Node, string>;
  /** A function of another workspace file that this file imports under `name` (or as `name.member`). */
  readonly imported?: (name: string, member?: string) => ForeignFunction | undefined;
  /** What the finders of one analysis share: the project lookup and a finder per file followed into. */
  readonly shared: { lookup?: ProjectLookup; finders: Map<ts.SourceFile, FailureFinder> };
}

/** The finder of one file's analysis; `lookup` lets it follow calls into other workspace files. */
export function failureFinder(
  sourceFile: ts.SourceFile,
  functions: ReadonlyMap<string, FunctionLike>,
  lookup?: ProjectLookup,
): FailureFinder {
  return fileFinder(sourceFile, functions, { lookup, finders: new Map() });
}

function fileFinder(
  sourceFile: ts.SourceFile,
  functions: ReadonlyMap<string, FunctionLike>,
  shared: FailureFinder['shared'],
): FailureFinder {
  const imported = shared.lookup ? importedCallees(sourceFile, shared.lookup) : undefined;
  const finder = {
    sourceFile,
    functions,
    verdicts: new Map(),
    ranks: new Map(),
    cannotFail: new Map(),
    imported,
    shared,
  };
  shared.finders.set(sourceFile, finder);
  return finder;
}

/** The function a call runs and the finder of its file: same-file, or imported from a workspace file. */
export function calleeOf(
  finder: FailureFinder,
  call: ts.CallExpression,
): { fn: FunctionLike; finder: FailureFinder } | undefined {
  const local = localCallee(finder, call);
  if (local) return { fn: local, finder };
  const callee = unwrapExpression(call.expression);
  let foreign: ForeignFunction | undefined;
  if (ts.isIdentifier(callee)) foreign = finder.imported?.(callee.text);
  else if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression)) {
    foreign = finder.imported?.(callee.expression.text, callee.name.text);
  }
  if (!foreign) return undefined;
  const other =
    finder.shared.finders.get(foreign.sourceFile) ??
    fileFinder(foreign.sourceFile, namedFunctions(NodeIndex.of(foreign.sourceFile)), finder.shared);
  return { fn: foreign.fn, finder: other };
}

/** `(in store.ts)` for a callee of another file, nothing for a same-file one. */
function whereDefined(finder: FailureFinder, callee: { finder: FailureFinder }): string {
  if (callee.finder === finder) return '';
  return ` (in ${callee.finder.sourceFile.fileName.split(/[\\/]/).pop() ?? 'another file'})`;
}

/** A method or arrow-function property of the class that encloses `node`, by name. */
function classMember(node: ts.Node, name: string): FunctionLike | undefined {
  let current: ts.Node | undefined = node.parent;
  while (current && !ts.isClassLike(current)) current = current.parent;
  if (!current) return undefined;
  for (const member of current.members) {
    if (!member.name || !ts.isIdentifier(member.name) || member.name.text !== name) continue;
    if (ts.isMethodDeclaration(member) && member.body) return member;
    if (ts.isPropertyDeclaration(member) && member.initializer) {
      const init = unwrapExpression(member.initializer);
      if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) return init;
    }
  }
  return undefined;
}

/** The same-file function a call runs: `helper(…)`, `this.method(…)`, or an inline function expression. */
export function localCallee(finder: FailureFinder, call: ts.CallExpression): FunctionLike | undefined {
  const callee = unwrapExpression(call.expression);
  if (ts.isIdentifier(callee)) return finder.functions.get(callee.text);
  if (ts.isFunctionExpression(callee) || ts.isArrowFunction(callee)) return callee;
  if (ts.isPropertyAccessExpression(callee) && callee.expression.kind === ts.SyntaxKind.ThisKeyword) {
    return classMember(call, callee.name.text);
  }
  if (ts.isPropertyAccessExpression(callee)) return objectMemberFunction(finder.sourceFile, callee, finder.functions);
  return undefined;
}

/** The first unguarded failure site in a same-file function (its throws included), or undefined. */
export function functionFailure(finder: FailureFinder, fn: FunctionLike, depth: number): FailureSite | undefined {
  const known = finder.verdicts.get(fn);
  if (known !== undefined) return known ?? undefined;
  if (depth > MAX_HELPER_DEPTH) return undefined;
  finder.verdicts.set(fn, null); // recursion guard: a cycle adds no failure of its own
  const ranked = { rank: 0 };
  const site = firstUnguardedSite(finder, fn, depth + 1, true, undefined, ranked);
  finder.verdicts.set(fn, site ?? null);
  finder.ranks.set(fn, ranked.rank);
  return site;
}

/** Whether a call can throw or reject, judged by its callee's body when it is in this file. */
export function callCanFail(finder: FailureFinder, call: ts.CallExpression | ts.NewExpression, depth: number): boolean {
  return callVerdict(finder, call, depth, undefined);
}

function callVerdict(
  finder: FailureFinder,
  call: ts.CallExpression | ts.NewExpression,
  depth: number,
  excused: Excused[] | undefined,
): boolean {
  if (ts.isNewExpression(call)) {
    return ts.isIdentifier(call.expression) && THROWING_CONSTRUCTORS.has(call.expression.text);
  }
  if (call.expression.kind === ts.SyntaxKind.ImportKeyword) return true;
  const known = finder.cannotFail.get(call);
  if (known !== undefined) {
    if (!ts.isAwaitExpression(call.parent)) excused?.push({ site: call, reason: known });
    return false;
  }
  if (isLogCall(call)) return false;
  const callee = calleeOf(finder, call);
  if (callee) {
    if (functionFailure(callee.finder, callee.fn, depth) !== undefined) {
      // `textResponse('The alias is required', true)`: a result builder's checks of its own arguments pass
      // or fail the same way on every call with constants, so such a call is not where a handler fails.
      if (!isNamedResultBuilder(call) || !call.arguments.every(isConstantArgument)) return true;
      excused?.push({ site: call, reason: 'its name says it only builds the result, from constants' });
      return false;
    }
    if (!ts.isAwaitExpression(call.parent)) {
      excused?.push({ site: call, reason: calleeExcuse(callee.fn) + whereDefined(finder, callee) });
    }
    return false;
  }
  const each = promiseAllCallback(finder, call);
  if (each) return functionFailure(finder, each, depth) !== undefined;
  if (isSafeCall(call) || isFormattingCall(call)) return false;
  const builder = namedBuilderReason(call);
  if (builder) {
    excused?.push({ site: call, reason: builder });
    return false;
  }
  return true;
}

function calleeExcuse(fn: FunctionLike): string {
  let guarded = false;
  walkOwnBody(fn, (node) => {
    if (guarded) return false;
    if (ts.isTryStatement(node) && node.catchClause) guarded = true;
    return undefined;
  });
  if (guarded) return 'its body catches every error';
  return hasOwnWork(fn) ? 'nothing in its body can fail' : 'its body only builds a value';
}

/** Whether a function awaits or calls anything (else it only builds a value). */
function hasOwnWork(fn: FunctionLike): boolean {
  let found = false;
  walkOwnBody(fn, (node) => {
    if (found) return false;
    if (ts.isAwaitExpression(node) || ts.isCallExpression(node) || (ts.isForOfStatement(node) && node.awaitModifier)) {
      found = true;
    }
    return undefined;
  });
  return found;
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
  // Runs on every node of a handler body: kinds are compared directly (see parse/syntax.ts).
  if (node.kind !== SyntaxKind.CallExpression) return false;
  const call = node as ts.CallExpression;
  const callee = unwrapExpression(call.expression);
  if (callee.kind !== SyntaxKind.PropertyAccessExpression || !ts.isPropertyAccessExpression(callee)) return false;
  const method = callee.name.text;
  if (method === 'catch') return true;
  if (method === 'then') return call.arguments.length >= 2;
  return method === 'allSettled' && ts.isIdentifier(callee.expression) && callee.expression.text === 'Promise';
}

/** `new Promise((resolve) => setTimeout(resolve, ms))`: an executor that never rejects and only sets a timer. */
function isSleep(operand: ts.Expression): boolean {
  if (!ts.isNewExpression(operand) || !ts.isIdentifier(operand.expression) || operand.expression.text !== 'Promise') {
    return false;
  }
  const executor = operand.arguments?.[0] && unwrapExpression(operand.arguments[0]);
  if (!executor || !(ts.isArrowFunction(executor) || ts.isFunctionExpression(executor))) return false;
  if (executor.parameters.length > 1) return false;
  const body = ts.isBlock(executor.body)
    ? executor.body.statements.length === 1 && ts.isExpressionStatement(executor.body.statements[0])
      ? executor.body.statements[0].expression
      : undefined
    : executor.body;
  const call = body && unwrapExpression(body);
  return call !== undefined && ts.isCallExpression(call) && expressionName(call.expression) === 'setTimeout';
}

/**
 * `Promise.all(items.map(work))` (or `.map(async (x) => …)`): the callback each promise comes from,
 * when it is written in this file. Promise.all rejects only when one of those promises does.
 */
function promiseAllCallback(finder: FailureFinder, call: ts.CallExpression): FunctionLike | undefined {
  const callee = unwrapExpression(call.expression);
  if (!ts.isPropertyAccessExpression(callee) || callee.name.text !== 'all') return undefined;
  if (!ts.isIdentifier(callee.expression) || callee.expression.text !== 'Promise' || call.arguments.length !== 1) {
    return undefined;
  }
  const mapped = unwrapExpression(call.arguments[0]);
  if (!ts.isCallExpression(mapped) || mapped.arguments.length !== 1) return undefined;
  const map = unwrapExpression(mapped.expression);
  if (!ts.isPropertyAccessExpression(map) || map.name.text !== 'map') return undefined;
  const callback = unwrapExpression(mapped.arguments[0]);
  if (ts.isArrowFunction(callback) || ts.isFunctionExpression(callback)) return callback;
  return ts.isIdentifier(callback) ? finder.functions.get(callback.text) : undefined;
}

/**
 * An await rejects only when its operand can: awaiting a same-file function that cannot fail is
 * safe, and so is a result-style call whose error the function checks afterwards.
 */
function awaitCanReject(
  finder: FailureFinder,
  node: ts.AwaitExpression,
  fn: FunctionLike,
  depth: number,
  excused: Excused[] | undefined,
  settled: Set<ts.Node>,
): boolean {
  const operand = unwrapExpression(node.expression);
  if (isSleep(operand)) {
    excused?.push({ site: node, reason: 'it only waits' });
    return false;
  }
  if (!ts.isCallExpression(operand)) return true;
  const known = finder.cannotFail.get(operand);
  if (known !== undefined) {
    excused?.push({ site: node, reason: known });
    return false;
  }
  const callee = calleeOf(finder, operand);
  if (callee) {
    if (functionFailure(callee.finder, callee.fn, depth) !== undefined) return true;
    excused?.push({ site: node, reason: calleeExcuse(callee.fn) + whereDefined(finder, callee) });
    return false;
  }
  const each = promiseAllCallback(finder, operand);
  if (each) {
    if (functionFailure(finder, each, depth) !== undefined) return true;
    excused?.push({ site: node, reason: `each promise comes from a callback (${calleeExcuse(each)})` });
    return false;
  }
  const outcome = checkedOutcome(node, fn);
  if (outcome) {
    for (const call of receiverChain(node)) settled.add(call);
    excused?.push({ site: node, reason: `it reports failure in its result, and \`${outcome}\` is checked` });
    return false;
  }
  return true;
}

/**
 * The first place in `fn`'s own body that can throw or reject with no try/catch in `fn` around it:
 * an await, a `for await`, a fallible call, and (with `includeThrows`) a throw. Calls in catch and
 * finally blocks are failure handling already and are not counted; throws there are. `excused`
 * collects the calls passed over because of what their callee does.
 */
export function firstUnguardedSite(
  finder: FailureFinder,
  fn: FunctionLike,
  depth: number,
  includeThrows: boolean,
  excused?: Excused[],
  ranked?: { rank: number },
): FailureSite | undefined {
  let found: FailureSite | undefined;
  let foundRank = 0;
  /** Calls of a result-style await and its receiver chain: their failure is reported in the result. */
  const settled = new Set<ts.Node>();
  // The visitor passes over every other kind of node (it returns undefined for it): the index gives these kinds only.
  walkOwnBodyKinds(fn, SITE_KINDS, (node) => {
    if (foundRank === SURE || handlesRejection(node)) return false;
    // Without throws to count, nothing in a try/catch is a site: its try block is guarded and its
    // catch and finally blocks are failure handling. Skipping it saves judging every call inside.
    const kind = node.kind;
    if (!includeThrows && kind === SyntaxKind.TryStatement && (node as ts.TryStatement).catchClause) return false;
    const isAwait = kind === SyntaxKind.AwaitExpression;
    if (isAwait && handlesRejection(unwrapExpression((node as ts.AwaitExpression).expression))) return false;
    const isThrow = kind === SyntaxKind.ThrowStatement;
    const isCall = kind === SyntaxKind.CallExpression || kind === SyntaxKind.NewExpression;
    const isForAwait = kind === SyntaxKind.ForOfStatement && (node as ts.ForOfStatement).awaitModifier !== undefined;
    if (!(isAwait || isCall || isForAwait || (isThrow && includeThrows))) return undefined;
    // `value satisfies never; throw …`: the last branch of an exhaustive switch, which no value reaches.
    if (isThrow && isExhaustivenessThrow(node as ts.ThrowStatement)) return false;
    // Without throws, the walk never enters a try that has a catch (skipped above): no enclosing try to look for.
    if ((includeThrows && enclosingTry(node, fn)) || (!isThrow && inFailureHandling(node, fn))) return false;
    // A log line and what its arguments compute (`logger.debug({ input: sanitize(args) })`) are not the tool's work.
    if (kind === SyntaxKind.CallExpression && isLogCall(node as ts.CallExpression)) return false;
    let candidate: boolean;
    if (isAwait) {
      candidate = awaitCanReject(finder, node as ts.AwaitExpression, fn, depth, excused, settled);
    } else if (isCall) {
      candidate = !settled.has(node) && !resultStyleCall(node, fn, excused, settled);
      candidate &&= callVerdict(finder, node as ts.CallExpression | ts.NewExpression, depth, excused);
    } else {
      candidate = true;
    }
    if (!candidate) return undefined;
    // The site named is the likeliest to fail: a throw, an await or a failing same-file callee
    // before an unknown synchronous call (`new Builder(…).build()` before `await run(cmd)`).
    const rank = isCall ? callRank(finder, node as ts.CallExpression | ts.NewExpression) : SURE;
    if (rank > foundRank) {
      found = node as FailureSite;
      foundRank = rank;
    }
    return false;
  });
  if (ranked) ranked.rank = foundRank;
  return found;
}

/** The kinds of node firstUnguardedSite looks at: failure sites, and the try statements it passes over. */
const SITE_KINDS: readonly ts.SyntaxKind[] = [
  SyntaxKind.AwaitExpression,
  SyntaxKind.CallExpression,
  SyntaxKind.NewExpression,
  SyntaxKind.ForOfStatement,
  SyntaxKind.ThrowStatement,
  SyntaxKind.TryStatement,
];

/** How sure a site is to be where the failure comes from (see firstUnguardedSite). */
const SURE = 3;

function callRank(finder: FailureFinder, call: ts.CallExpression | ts.NewExpression): number {
  if (ts.isNewExpression(call)) return 2;
  if (call.expression.kind === SyntaxKind.ImportKeyword) return SURE;
  // A failing callee is as sure as the site it fails at (a helper whose only site is an unknown call is not).
  const callee = calleeOf(finder, call);
  if (callee) return callee.finder.ranks.get(callee.fn) ?? SURE;
  const name = expressionName(call.expression);
  return name !== undefined && WORKING_NAME.test(name) ? 2 : 1;
}

const LOOKUP_NAME = /^(get|find|lookup)[A-Z_]/;

/**
 * A synchronous call bound to a variable whose failure flag is checked afterwards (`if (result.isError)`),
 * or a lookup whose miss is (`const pf = registry.getForward(id); if (!pf) …`).
 */
function resultStyleCall(
  node: ts.Node,
  fn: FunctionLike,
  excused: Excused[] | undefined,
  settled: Set<ts.Node>,
): boolean {
  if (!ts.isCallExpression(node)) return false;
  const name = expressionName(node.expression);
  if (name === undefined || PARSING_NAME.test(name)) return false;
  // A synchronous lookup (`getX`, `findX`, `lookupX`) reports a miss by returning nothing.
  const outcome = checkedOutcome(node, fn, LOOKUP_NAME.test(name));
  if (!outcome) return false;
  for (const call of receiverChain(node)) settled.add(call);
  const reason = outcome.startsWith('!')
    ? `it returns nothing on a miss, and \`${outcome}\` is checked`
    : `it reports failure in its result, and \`${outcome}\` is checked`;
  excused?.push({ site: node, reason });
  return true;
}

/** The awaited call and the calls its receiver is built from: `a.from(t).select(c)` → select, from. */
function receiverChain(node: ts.AwaitExpression | ts.CallExpression): ts.Node[] {
  const calls: ts.Node[] = [];
  let current: ts.Expression = unwrapExpression(ts.isAwaitExpression(node) ? node.expression : node);
  while (
    ts.isCallExpression(current) ||
    ts.isPropertyAccessExpression(current) ||
    ts.isElementAccessExpression(current)
  ) {
    if (ts.isCallExpression(current)) calls.push(current);
    current = unwrapExpression(current.expression);
  }
  return calls;
}

/** How a callee reads in evidence: `loadUser()`, `this.store.get()`, or `the function called in place`. */
function calleeLabel(sourceFile: ts.SourceFile, call: ts.CallExpression): string {
  const callee = unwrapExpression(call.expression);
  if (ts.isFunctionExpression(callee) || ts.isArrowFunction(callee)) return 'the function called in place';
  // A name or a chain of names is said whole; an expression written over several words is shortened.
  const text = callee.getText(sourceFile);
  const short = text.replace(/\s+/g, ' ');
  return (/\s/.test(text) && short.length > 40 ? short.slice(0, 39) + '…' : short) + '()';
}

/**
 * When a failure site is a call into a same-file function, why that function can fail: the chain of
 * callees down to the first site that has no try/catch (`loadUser(…) runs \`await db.query(…)\``).
 */
export function calleeEvidence(finder: FailureFinder, site: FailureSite): string | undefined {
  const steps: string[] = [];
  let current: FailureSite | undefined = site;
  let at = finder;
  for (let level = 0; current && level < 3; level++) {
    const target: ts.Node = ts.isAwaitExpression(current) ? unwrapExpression(current.expression) : current;
    if (!ts.isCallExpression(target)) break;
    const callee = calleeOf(at, target);
    if (!callee) break;
    const inner = callee.finder.verdicts.get(callee.fn);
    if (!inner) break;
    const name = calleeLabel(at.sourceFile, target) + whereDefined(at, callee);
    steps.push(`${name} runs \`${describeSite(callee.finder.sourceFile, inner)}\``);
    current = inner;
    at = callee.finder;
  }
  return steps.length > 0 ? `${steps.join(', which ')} with no try/catch around it` : undefined;
}
