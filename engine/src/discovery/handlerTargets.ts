/**
 * From a registration's handler expression to the handler function: inline functions, same-file
 * functions, imported functions (recorded for the file that defines them), and functions wrapped by
 * higher-order functions (`withTracing(async (req) => …)`, `wrap(fn, 'name')`).
 */
import ts from 'typescript';
import { type FunctionLike, unwrapExpression, walkOwnBody } from '../parse/syntax';
import { recordFactoryHandler } from './factoryHandlers';
import { recordMemberHandler } from './memberHandlers';
import { isSchemaChainCall, wrappedFunctionArgument } from './wrappedArguments';
import { type RegistrationKind, type ScanState, functionTarget, handOffImport, where } from './scanContext';

export interface RecordedHandler {
  fn?: FunctionLike;
  /** Evidence about the handler itself (the higher-order wrapper it goes through). */
  evidence: string[];
}

function hasTryCatch(fn: FunctionLike): boolean {
  let found = false;
  walkOwnBody(fn, (node) => {
    if (ts.isTryStatement(node) && node.catchClause) found = true;
    return !found;
  });
  return found;
}

/** Whether a same-file function, or a function of another file, is a higher-order wrapper with its own try/catch. */
function guards(state: ScanState, callee: ts.Expression): boolean {
  const inner = unwrapExpression(callee);
  if (!ts.isIdentifier(inner)) return false;
  const local = state.functions.get(inner.text);
  if (local) return hasTryCatch(local) || innerReturnedGuards(local);
  return state.knowledge.guardingWrapper(inner.text);
}

/** `const withX = (fn) => async (...a) => { try { … } catch … }`: the returned function has the try/catch. */
function innerReturnedGuards(fn: FunctionLike): boolean {
  const body = fn.body;
  if (!body) return false;
  const returned = ts.isBlock(body)
    ? body.statements.filter(ts.isReturnStatement).map((r) => r.expression)
    : [body as ts.Expression];
  return returned.some((expression) => {
    const inner = expression && unwrapExpression(expression);
    return !!inner && (ts.isArrowFunction(inner) || ts.isFunctionExpression(inner)) && hasTryCatch(inner);
  });
}

function isBindCall(call: ts.CallExpression): call is ts.CallExpression & { expression: ts.PropertyAccessExpression } {
  return ts.isPropertyAccessExpression(call.expression) && call.expression.name.text === 'bind';
}

/** Records the handler behind `expression`; returns it when it is in this file. */
export function recordHandler(
  state: ScanState,
  expression: ts.Expression | undefined,
  kind: RegistrationKind,
  toolName: string | null,
  evidence: readonly string[],
  lowLevel = false,
  depth = 0,
): RecordedHandler {
  if (!expression) return { evidence: [] };
  const target = unwrapExpression(expression);
  // `makeSearch(config)`, or a constant holding it: the function the factory returns (a tool's handler only; a
  // low-level dispatcher made by a factory is not taken apart).
  const madeByFactory = (): RecordedHandler => {
    const fn = lowLevel ? undefined : recordFactoryHandler(state, target, kind, toolName, evidence);
    return fn ? { fn, evidence: [] } : { evidence: [] };
  };
  // `this.callTool.bind(this)`: the bound method is the handler.
  if (ts.isCallExpression(target) && isBindCall(target) && depth < 3) {
    return recordHandler(state, target.expression.expression, kind, toolName, evidence, lowLevel, depth + 1);
  }
  if (ts.isCallExpression(target) && depth < 3) {
    // A higher-order wrapper: the function among its arguments is the handler (wrappedArguments.ts)
    // (or, when none is, the wrapper call among them: `logging('CallTool', monitoring(async (req) => …))`).
    // A validation library's chained schema (`z.object({…}).refine(…)`) wraps no handler.
    if (isSchemaChainCall(state, target)) return { evidence: [] };
    const wrapped = wrappedFunctionArgument(state, target);
    if (!wrapped) return madeByFactory();
    const calleeText = target.expression.getText(state.sourceFile);
    const note = `handler wrapped by ${calleeText}(…)`;
    const inner = recordHandler(state, wrapped, kind, toolName, [...evidence, note], lowLevel, depth + 1);
    if (inner.fn && guards(state, target.expression)) {
      const handler = state.handlers.find((h) => h.fn === inner.fn);
      if (handler) handler.guarded = true;
    }
    return { fn: inner.fn, evidence: [note, ...inner.evidence] };
  }
  const found = functionTarget(state, target);
  // `handlers.handleX`, `cardHandlers.createCard`, `doorTool.execute`: a member that leads to a function.
  const member = found || lowLevel ? undefined : recordMemberHandler(state, target, kind, toolName, evidence);
  if (member) return { fn: member.fn, evidence: [] };
  if (!found) return madeByFactory();
  if (found.fn) {
    if (!state.seen.has(found.fn)) {
      state.seen.add(found.fn);
      state.handlers.push({ fn: found.fn, kind, lowLevel, toolName, evidence: [...evidence] });
    }
    return { fn: found.fn, evidence: [] };
  }
  if (found.imported) {
    handOffImport(state, found.imported.specifier, {
      exportName: found.imported.exportName,
      kind,
      toolName,
      role: 'handler',
      evidence: [...evidence],
    });
  }
  return { evidence: [] };
}

/**
 * A definition record found by its keys (a record a registration loop reads, a value of a type a helper registers):
 * its handler, when it has one, is recorded as a definition handler once, and the record is a listed tool.
 */
export function recordDefinitionTool(
  state: ScanState,
  site: ts.Node,
  nameValue: ts.Expression,
  name: string,
  handler: FunctionLike | undefined,
  evidence: string[],
): void {
  if (handler && !state.seen.has(handler)) {
    state.seen.add(handler);
    state.handlers.push({ fn: handler, kind: 'definition', lowLevel: false, toolName: name, evidence });
  }
  state.registrations.push({
    name,
    kind: 'definition',
    node: site,
    nameNode: nameValue,
    handler,
    evidence: [...evidence, `defined at ${where(state, site)}`],
    listed: true,
  });
}
