/**
 * Handler tables filled with `set` calls and read with `.get(name)` in a tools/call dispatcher, whose values
 * are functions or instances of handler classes:
 * `this.handlers.set('add_doc', new AddDocHandler(server))` in a registry class, then
 * `const h = this.handlers.get(request.params.name); … await h.handle(args)`. Each entry with a known key is
 * a tool; its handler is the function, or the method the dispatcher calls on the instance (`handle`) of
 * the entry's class — in this file, or in the file the class is imported from (role `classMethod`).
 */
import ts from 'typescript';
import { type FunctionLike, enclosingClass, unwrapExpression, valueCarrier, walk } from '../parse/syntax';
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

/** The method the dispatcher calls on what `.get(name)` returns: `map.get(n).handle(a)` or `h = map.get(n); h.handle(a)`. */
function calledMethod(getCall: ts.CallExpression): string | undefined {
  const outer = valueCarrier(getCall);
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
  for (const entry of tableEntriesOf(state, scope, receiverText, ownField !== undefined)) {
    const name = nameOf(state, entry.key).name;
    if (name === null || MCP_METHOD_NAME.test(name)) continue;
    if (state.registrations.some((r) => r.node === entry.node || (r.kind === 'dispatch' && r.name === name))) continue;
    const entryEvidence = [
      `entry '${name}' of the handler map ${receiverText} (line ${lineOf(state, entry.node)})`,
      ...evidence,
    ];
    const handler = entryHandler(state, entry.value, method, name, entryEvidence);
    if (handler === false) continue;
    state.registrations.push({
      name,
      nameExpression: ts.isStringLiteralLike(unwrapExpression(entry.key))
        ? undefined
        : entry.key.getText(state.sourceFile),
      kind: 'dispatch',
      node: entry.node,
      nameNode: entry.key,
      handler: handler.fn,
      evidence: [...entryEvidence, ...(method ? [`handler: the ${method} method the dispatcher calls`] : [])],
      listed: true,
    });
    count++;
  }
  return count;
}

interface TableEntry {
  node: ts.Node;
  key: ts.Expression;
  value: ts.Expression;
}

/** `[['a', new A()], …]` given to `new Map(…)`: its pairs. */
function mapConstructorPairs(init: ts.Expression | undefined): TableEntry[] {
  const inner = init && unwrapExpression(init);
  if (!inner || !ts.isNewExpression(inner) || !ts.isIdentifier(inner.expression) || inner.expression.text !== 'Map') {
    return [];
  }
  const list = inner.arguments?.[0] && unwrapExpression(inner.arguments[0]);
  if (!list || !ts.isArrayLiteralExpression(list)) return [];
  const pairs: TableEntry[] = [];
  for (const element of list.elements) {
    const pair = unwrapExpression(element);
    if (ts.isArrayLiteralExpression(pair) && pair.elements.length === 2) {
      pairs.push({ node: pair, key: pair.elements[0], value: pair.elements[1] });
    }
  }
  return pairs;
}

/**
 * The entries written into the table `receiverText` names within `scope`: `set(key, value)` calls, and the
 * pairs of the `new Map([…])` it is initialised with (a variable, a class field, or `this.x = new Map([…])`).
 */
function tableEntriesOf(state: ScanState, scope: ts.Node, receiverText: string, ownField: boolean): TableEntry[] {
  const entries: TableEntry[] = [];
  const field = receiverText.replace(/^this\./, '');
  walk(scope, (node) => {
    // `this.x` inside a nested plain function is another object.
    if (ownField && node !== scope && enclosingThisClass(node) !== scope) return true;
    if (ts.isCallExpression(node) && setsSameTable(node, receiverText, state.sourceFile)) {
      entries.push({ node, key: node.arguments[0], value: node.arguments[1] });
    } else if (ownField && ts.isPropertyDeclaration(node) && node.name.getText(state.sourceFile) === field) {
      entries.push(...mapConstructorPairs(node.initializer));
    } else if (!ownField && ts.isVariableDeclaration(node) && node.name.getText(state.sourceFile) === receiverText) {
      entries.push(...mapConstructorPairs(node.initializer));
    } else if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      unwrapExpression(node.left).getText(state.sourceFile) === receiverText
    ) {
      entries.push(...mapConstructorPairs(node.right));
    }
    return true;
  });
  return entries;
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
