/**
 * A forwarding function only the guarded call reaches: `try { return await this.dispatchCall(name, args) } catch
 * (e) { return answer(e) }` where `dispatchCall` is a private method (or a function the file does not export) that
 * nothing else in the file names and that hands the call on to a function another file exports. Whatever it runs — its own branches, the dispatcher it calls in another file, the
 * handlers that dispatcher's table holds — runs inside that try, so it fails into the catch. A function with other
 * callers, or used as a value, is left to the checks (crossFileGuards.ts).
 */
import ts from 'typescript';
import { type FunctionLike, unwrapExpression, walk } from '../parse/syntax';
import { answeringTryOf } from './crossFileGuards';
import type { ScanState } from './scanContext';

function isPrivateMethod(fn: FunctionLike): fn is ts.MethodDeclaration {
  if (!ts.isMethodDeclaration(fn)) return false;
  if (ts.isPrivateIdentifier(fn.name)) return true;
  return (ts.getModifiers(fn) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.PrivateKeyword);
}

function isUnexportedFunction(fn: FunctionLike): fn is ts.FunctionDeclaration {
  return (
    ts.isFunctionDeclaration(fn) &&
    fn.name !== undefined &&
    !(ts.getModifiers(fn) ?? []).some(
      (modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword || modifier.kind === ts.SyntaxKind.DefaultKeyword,
    )
  );
}

/**
 * How many times the file names a function outside its declaration: a method as a member (`this.x`, `obj.x`), a
 * function as an identifier (an import of the same name elsewhere in the file is another binding, but counts too
 * for a function, which keeps the answer cautious).
 */
function mentions(state: ScanState, target: ts.MethodDeclaration | ts.FunctionDeclaration, name: string): number {
  const asMember = ts.isMethodDeclaration(target);
  let count = 0;
  const visit = (node: ts.Node): void => {
    if ((ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) && node.text === name && node.parent !== target) {
      const member = ts.isPropertyAccessExpression(node.parent) && node.parent.name === node;
      if (member === asMember || !asMember) count++;
    }
    ts.forEachChild(node, visit);
  };
  visit(state.sourceFile);
  return count;
}

/**
 * Whether the function only hands the call on to another file: it calls a function it imports and runs nothing of
 * its own class (`this.x(…)`) nor branches on the name (`switch`). What it runs in this file is left to the checks,
 * which also see a method handed out as a value.
 */
function forwardsToAnotherFile(state: ScanState, target: FunctionLike): boolean {
  if (!target.body) return false;
  let imported = false;
  let ownWork = false;
  walk(target.body, (node) => {
    if (ownWork) return false;
    if (ts.isSwitchStatement(node)) ownWork = true;
    else if (ts.isCallExpression(node)) {
      const callee = unwrapExpression(node.expression);
      if (ts.isPropertyAccessExpression(callee) && callee.expression.kind === ts.SyntaxKind.ThisKeyword) ownWork = true;
      else if (ts.isIdentifier(callee) && state.imports.has(callee.text)) imported = true;
    }
    return !ownWork;
  });
  return imported && !ownWork;
}

/**
 * The answering try around `call` ("guarded by the try at …"), when `target` — the function `call` runs — is a
 * private method or an unexported function that the file names only at this call.
 */
export function soleCallerGuard(state: ScanState, call: ts.CallExpression, target: FunctionLike): string | undefined {
  if (!isPrivateMethod(target) && !isUnexportedFunction(target)) return undefined;
  const name = target.name;
  if (!name || !(ts.isIdentifier(name) || ts.isPrivateIdentifier(name))) return undefined;
  if (mentions(state, target, name.text) !== 1 || !forwardsToAnotherFile(state, target)) return undefined;
  return answeringTryOf(state, call);
}
