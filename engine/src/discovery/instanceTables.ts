/**
 * Handler tables filled with `set` calls and read with `.get(name)` in a tools/call dispatcher, whose values
 * are functions or instances of handler classes:
 * `this.handlers.set('add_doc', new AddDocHandler(server))` in a registry class, then
 * `const h = this.handlers.get(request.params.name); … await h.handle(args)`. Each entry with a known key is
 * a tool; its handler is the function, or the method the dispatcher calls on the instance (`handle`) of
 * the entry's class — in this file, or in the file the class is imported from (role `classMethod`).
 */
import ts from 'typescript';
import { type FunctionLike, unwrapExpression, walk } from '../parse/syntax';
import type { ExternalInfo } from './handlers';
import { recordHandler } from './handlerTargets';
import {
  type ScanState,
  enclosingFunctionOf,
  functionTarget,
  handOffImport,
  isInlineFunction,
  lineOf,
  nameOf,
} from './scanContext';

/** JSON-RPC method names of MCP (`tools/list`…): never tool names. */
const MCP_METHOD_NAME = /^(?:tools|prompts|resources|completion|logging|roots|sampling|elicitation|notifications)\//;

/** Steps from an expression up through `await`, parentheses, casts and `!`. */
function outerOf(node: ts.Expression): ts.Node {
  let current: ts.Node = node;
  while (
    ts.isAwaitExpression(current.parent) ||
    ts.isParenthesizedExpression(current.parent) ||
    ts.isAsExpression(current.parent) ||
    ts.isNonNullExpression(current.parent)
  ) {
    current = current.parent;
  }
  return current;
}

/** The method the dispatcher calls on what `.get(name)` returns: `map.get(n).handle(a)` or `h = map.get(n); h.handle(a)`. */
function calledMethod(getCall: ts.CallExpression): string | undefined {
  const outer = outerOf(getCall);
  const parent = outer.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.expression === outer && ts.isCallExpression(parent.parent)) {
    return parent.name.text;
  }
  if (!ts.isVariableDeclaration(parent) || !ts.isIdentifier(parent.name)) return undefined;
  const variable = parent.name.text;
  const scope = enclosingFunctionOf(getCall);
  if (!scope) return undefined;
  let method: string | undefined;
  walk(scope, (node) => {
    if (method !== undefined) return false;
    if (ts.isCallExpression(node)) {
      const callee = unwrapExpression(node.expression);
      if (
        ts.isPropertyAccessExpression(callee) &&
        ts.isIdentifier(unwrapExpression(callee.expression)) &&
        (unwrapExpression(callee.expression) as ts.Identifier).text === variable
      ) {
        method = callee.name.text;
      }
    }
    return method === undefined;
  });
  return method;
}

function enclosingClass(node: ts.Node): ts.ClassLikeDeclaration | undefined {
  for (let current = node.parent; current; current = current.parent) {
    if (ts.isClassDeclaration(current) || ts.isClassExpression(current)) return current;
  }
  return undefined;
}

/** A method of a class of this file, or of its base class in this file (one level). */
function methodOf(state: ScanState, className: string, method: string, depth = 0): FunctionLike | undefined {
  const declaration = state.sourceFile.statements.find(
    (s): s is ts.ClassDeclaration => ts.isClassDeclaration(s) && s.name?.text === className,
  );
  if (!declaration) return undefined;
  for (const member of declaration.members) {
    if (ts.isMethodDeclaration(member) && member.body && member.name.getText(state.sourceFile) === method)
      return member;
    if (
      ts.isPropertyDeclaration(member) &&
      member.initializer &&
      member.name.getText(state.sourceFile) === method &&
      isInlineFunction(unwrapExpression(member.initializer))
    ) {
      return unwrapExpression(member.initializer) as FunctionLike;
    }
  }
  const base = declaration.heritageClauses
    ?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword)
    ?.types[0]?.expression.getText(state.sourceFile);
  return base && depth < 1 ? methodOf(state, base, method, depth + 1) : undefined;
}

function recordFunction(
  state: ScanState,
  fn: FunctionLike,
  toolName: string | null,
  evidence: readonly string[],
): void {
  if (state.seen.has(fn)) return;
  state.seen.add(fn);
  state.handlers.push({ fn, kind: 'dispatch', lowLevel: false, toolName, evidence: [...evidence] });
}

/** The handler of one entry: a function, or the called method of a `new X(…)` instance; false when neither. */
function entryHandler(
  state: ScanState,
  value: ts.Expression,
  method: string | undefined,
  toolName: string,
  evidence: readonly string[],
): { fn?: FunctionLike } | false {
  const inner = unwrapExpression(value);
  if (isInlineFunction(inner) || (ts.isIdentifier(inner) && functionTarget(state, inner) !== undefined)) {
    return { fn: recordHandler(state, inner, 'dispatch', toolName, evidence).fn };
  }
  if (!ts.isNewExpression(inner) || !ts.isIdentifier(inner.expression) || method === undefined) return false;
  const className = inner.expression.text;
  const local = methodOf(state, className, method);
  if (local) {
    recordFunction(state, local, toolName, evidence);
    return { fn: local };
  }
  const imported = state.imports.get(className);
  if (!imported || imported.exportName === '*') return false;
  handOffImport(state, imported.specifier, {
    exportName: imported.exportName,
    kind: 'dispatch',
    toolName,
    role: 'classMethod',
    member: method,
    evidence: [...evidence],
  });
  return {};
}

/** Whether `call` is `<receiver>.set(key, value)` on the same table as the lookup. */
function setsSameTable(call: ts.CallExpression, receiverText: string, sourceFile: ts.SourceFile): boolean {
  const callee = unwrapExpression(call.expression);
  return (
    ts.isPropertyAccessExpression(callee) &&
    callee.name.text === 'set' &&
    call.arguments.length === 2 &&
    unwrapExpression(callee.expression).getText(sourceFile) === receiverText
  );
}

/**
 * The entries of the table a tools/call dispatcher reads with `getCall` (`this.handlers.get(name)`, or
 * `HANDLERS.get(name)` for instance values): returns how many were found.
 */
export function instanceTableEntries(
  state: ScanState,
  getCall: ts.CallExpression,
  evidence: readonly string[],
): number {
  const callee = unwrapExpression(getCall.expression);
  if (!ts.isPropertyAccessExpression(callee)) return 0;
  const receiver = unwrapExpression(callee.expression);
  const ownField =
    ts.isPropertyAccessExpression(receiver) && receiver.expression.kind === ts.SyntaxKind.ThisKeyword
      ? receiver
      : undefined;
  if (!ownField && !ts.isIdentifier(receiver)) return 0;
  const scope = ownField ? enclosingClass(getCall) : state.sourceFile;
  if (!scope) return 0;
  const receiverText = receiver.getText(state.sourceFile);
  const method = calledMethod(getCall);
  let count = 0;
  walk(scope, (node) => {
    if (!ts.isCallExpression(node) || !setsSameTable(node, receiverText, state.sourceFile)) return true;
    // `this.x` inside a nested plain function is another object.
    if (ownField && enclosingThisClass(node) !== scope) return true;
    const name = nameOf(state, node.arguments[0]).name;
    if (name === null || MCP_METHOD_NAME.test(name)) return true;
    if (state.registrations.some((r) => r.node === node || (r.kind === 'dispatch' && r.name === name))) return true;
    const entryEvidence = [
      `entry '${name}' of the handler map ${receiverText} (line ${lineOf(state, node)})`,
      ...evidence,
    ];
    const handler = entryHandler(state, node.arguments[1], method, name, entryEvidence);
    if (handler === false) return true;
    state.registrations.push({
      name,
      nameExpression: ts.isStringLiteralLike(unwrapExpression(node.arguments[0]))
        ? undefined
        : node.arguments[0].getText(state.sourceFile),
      kind: 'dispatch',
      node,
      nameNode: node.arguments[0],
      handler: handler.fn,
      evidence: [...entryEvidence, ...(method ? [`handler: the ${method} method the dispatcher calls`] : [])],
      listed: true,
    });
    count++;
    return true;
  });
  return count;
}

/** The class whose `this` a node sees: the nearest class, through arrow functions only. */
function enclosingThisClass(node: ts.Node): ts.ClassLikeDeclaration | undefined {
  for (let current = node.parent; current; current = current.parent) {
    if (ts.isClassDeclaration(current) || ts.isClassExpression(current)) return current;
    if (ts.isFunctionDeclaration(current) || ts.isFunctionExpression(current)) return undefined;
  }
  return undefined;
}

/** A class of this file whose method another file's handler table calls (role `classMethod`). */
export function classMethodExport(state: ScanState, exportName: string, ref: ExternalInfo): void {
  if (!ref.member) return;
  const fn = methodOf(state, exportName, ref.member);
  if (fn) recordFunction(state, fn, ref.toolName, ref.evidence ?? []);
}
