/**
 * Guards that sit in another file than the handler: `server.ts`'s tools/call handler calls
 * `handleSearchRequest(connection, request)` (features/search/index.ts) inside a try whose catch answers
 * with a result, so the dispatcher it calls, the handlers that dispatcher's branches run, and the
 * definition keys it invokes (`tool.handler(args)`) all fail into that catch. The calling file marks the
 * reference it hands over (`guardedBy`); the file that defines the function, when every reference it gets
 * is guarded, marks what it finds under it.
 */
import ts from 'typescript';
import { NodeIndex } from '../parse/nodeIndex';
import { type FunctionLike, isFunctionLike, walk } from '../parse/syntax';
import { addInvokedKeys } from './definitions';
import { catchesEverything } from './guardedParameters';
import { type ArgPath, type ExternalHandlerRef, type ScanState, where } from './scanContext';

/** A return that gives the caller something: not `return;`, `return undefined`, `return null`. */
function answersSomething(statement: ts.ReturnStatement): boolean {
  const value = statement.expression;
  if (!value) return false;
  if (value.kind === ts.SyntaxKind.NullKeyword) return false;
  if (ts.isIdentifier(value) && value.text === 'undefined') return false;
  if (ts.isVoidExpression(value)) return false;
  return true;
}

/** A catch that throws nothing and returns an answer on its own (a log alone does not answer). */
function catchAnswers(statement: ts.TryStatement): boolean {
  const clause = statement.catchClause;
  if (!clause || !catchesEverything(statement)) return false;
  let answers = false;
  walk(clause.block, (node) => {
    if (isFunctionLike(node)) return false;
    if (ts.isReturnStatement(node) && answersSomething(node)) answers = true;
    return !answers;
  });
  return answers;
}

/**
 * Evidence for a call that sits in the try block of a try, within its own function, whose catch answers
 * every error with a result: "guarded by the try at server.ts:316 that calls handleSearchRequest".
 */
export function answeringTryOf(state: ScanState, call: ts.CallExpression): string | undefined {
  let child: ts.Node = call;
  for (let current = call.parent; current && !isFunctionLike(current); current = current.parent) {
    if (ts.isTryStatement(current) && current.tryBlock === child && catchAnswers(current)) {
      return `guarded by the try at ${where(state, current)} that calls ${call.expression.getText(state.sourceFile)}`;
    }
    child = current;
  }
  return undefined;
}

/** Marks a recorded handler guarded by another file's try, with the evidence why. */
export function markGuardedBy(state: ScanState, fn: FunctionLike, guardedBy: string): void {
  const handler = state.handlers.find((h) => h.fn === fn);
  if (!handler) return;
  handler.guarded = true;
  const evidence = (handler.evidence ??= []);
  if (!evidence.includes(guardedBy)) evidence.push(guardedBy);
}

/**
 * Scans the dispatcher `fn` another file calls inside its answering try (`scan`), then marks what the scan
 * found under it — its handlers, the references it handed to other files, the definition keys it invokes —
 * as guarded by that try. Handlers this file registers on its own are left as they are.
 */
export function scanGuardedDispatch(state: ScanState, fn: FunctionLike, guardedBy: string, scan: () => void): void {
  const handlersBefore = state.handlers.length;
  const externalBefore = state.external.length;
  scan();
  markGuardedBy(state, fn, guardedBy);
  const ownRegistrations = new Set(state.registrations.filter((r) => r.kind !== 'dispatch').map((r) => r.handler));
  for (const handler of state.handlers.slice(handlersBefore)) {
    if (!ownRegistrations.has(handler.fn)) markGuardedBy(state, handler.fn, guardedBy);
  }
  for (const ref of state.external.slice(externalBefore)) guardReference(ref, guardedBy);
  if (fn.body) addInvokedKeys(state, fn.body, state.guardedKeys);
}

/** A reference handed on from a guarded dispatcher is guarded by the same try. */
function guardReference(ref: ExternalHandlerRef, guardedBy: string): void {
  if (ref.role !== undefined && ref.role !== 'handler' && ref.role !== 'dispatch' && ref.role !== 'table') return;
  ref.guarded = true;
  ref.guardedBy ??= guardedBy;
}

/**
 * A definition factory that calls the handler it takes as a property inside its own answering try
 * (`createTool(config)` whose built `invoke` runs `try { await config.apiCall(api, args) } catch (e) { return
 * 'Failed…' }`): evidence for the handlers registered through it, or undefined.
 */
export function answeringTryOfProperty(state: ScanState, fn: FunctionLike, path: ArgPath): string | undefined {
  const parameter = fn.parameters[path.index];
  if (!parameter || !ts.isIdentifier(parameter.name) || !path.property) return undefined;
  const owner = parameter.name.text;
  let found: string | undefined;
  walk(fn, (node) => {
    if (found) return false;
    if (!ts.isTryStatement(node) || !catchAnswers(node)) return;
    walk(node.tryBlock, (inner) => {
      if (found || isFunctionLike(inner)) return false;
      if (!ts.isCallExpression(inner)) return;
      const callee = inner.expression;
      if (
        ts.isPropertyAccessExpression(callee) &&
        callee.name.text === path.property &&
        ts.isIdentifier(callee.expression) &&
        callee.expression.text === owner
      ) {
        found = `guarded by the try at ${where(state, node)} that calls ${callee.getText(state.sourceFile)}`;
      }
    });
  });
  return found;
}

/**
 * The methods a class calls as `this.m(…)` inside a try whose catch answers (`invoke(args) { try { return await
 * this.execute(this.schema.parse(args)) } catch (e) { return errorResult(e) } }`), each with that try's place.
 */
export function answeredThisCalls(node: ts.ClassDeclaration): Record<string, string> | undefined {
  const found: Record<string, string> = {};
  const sourceFile = node.getSourceFile();
  const base = sourceFile.fileName.split(/[\\/]/).pop() ?? sourceFile.fileName;
  const index = NodeIndex.of(sourceFile);
  for (const member of node.members) {
    if (!ts.isMethodDeclaration(member) || !member.body) continue;
    // Only a try can answer: a method without one is not walked.
    if (index.within(member.body, [ts.SyntaxKind.TryStatement]).length === 0) continue;
    walk(member.body, (child) => {
      if (isFunctionLike(child)) return false;
      if (!ts.isTryStatement(child) || !catchAnswers(child)) return;
      walk(child.tryBlock, (inner) => {
        if (isFunctionLike(inner)) return false;
        if (
          ts.isCallExpression(inner) &&
          ts.isPropertyAccessExpression(inner.expression) &&
          inner.expression.expression.kind === ts.SyntaxKind.ThisKeyword
        ) {
          const method = inner.expression.name.text;
          const line = sourceFile.getLineAndCharacterOfPosition(child.getStart(sourceFile)).line + 1;
          found[method] ??= `guarded by the try at ${base}:${line} that calls this.${method}`;
        }
      });
    });
  }
  return Object.keys(found).length > 0 ? found : undefined;
}

/** The try of the base class (this file's or another's) that runs a subclass's `method`, as evidence. */
export function baseGuardOf(state: ScanState, baseName: string, method: string | undefined): string | undefined {
  if (!method) return undefined;
  const local = state.sourceFile.statements.find(
    (s): s is ts.ClassDeclaration => ts.isClassDeclaration(s) && s.name?.text === baseName,
  );
  const methods = local ? answeredThisCalls(local) : state.knowledge.classFact(baseName)?.guardedMethods;
  return methods && Object.prototype.hasOwnProperty.call(methods, method) ? methods[method] : undefined;
}
