/**
 * Guards a dispatcher gives the handlers its branches call: `try { switch (name) { case 'x': return await
 * handleX(args); } } catch (e) { return errorResult(e); }` answers every failure of `handleX`, so that
 * handler (in this file or another) is guarded.
 */
import ts from 'typescript';
import { type FunctionLike, isFunctionLike } from '../parse/syntax';
import { catchesEverything } from './guardedParameters';
import type { ScanState } from './scanContext';

/** Whether `call` sits in the try block of a try whose catch answers every error, within its own function. */
export function callIsAnswered(call: ts.Node): boolean {
  let child: ts.Node = call;
  for (let current = call.parent; current && !isFunctionLike(current); current = current.parent) {
    if (ts.isTryStatement(current) && current.tryBlock === child && catchesEverything(current)) return true;
    child = current;
  }
  return false;
}

/** Marks a recorded handler as guarded by its caller. */
export function markGuarded(state: ScanState, fn: FunctionLike): void {
  const handler = state.handlers.find((h) => h.fn === fn);
  if (handler) handler.guarded = true;
}
