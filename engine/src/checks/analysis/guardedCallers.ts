/**
 * Functions declared inside another function and called there only inside try/catch: what they throw
 * is caught by their caller. A dispatcher that declares `async function send(…)` and calls it from a
 * `switch` inside its own try/catch is the common shape.
 */
import ts from 'typescript';
import type { NodeIndex } from '../../parse/nodeIndex';
import {
  type FunctionLike,
  enclosingFunction,
  isFunctionLike,
  typedExpressionOf,
  isNullOrUndefined,
} from '../../parse/syntax';

/** Whether `node` is in the try block of a try/catch below `boundary` (callbacks included). */
export function isCaughtWithin(node: ts.Node, boundary: ts.Node): boolean {
  let child: ts.Node = node;
  let current: ts.Node | undefined = node.parent;
  while (current && current !== boundary) {
    if (ts.isTryStatement(current) && current.tryBlock === child && current.catchClause) return true;
    child = current;
    current = current.parent;
  }
  return false;
}

/** The name a function is called by: a function declaration's, or the `const` it is assigned to. */
export function functionName(fn: FunctionLike): string | undefined {
  if (ts.isFunctionDeclaration(fn)) return fn.name?.text;
  if (ts.isVariableDeclaration(fn.parent) && ts.isIdentifier(fn.parent.name)) return fn.parent.name.text;
  return undefined;
}

/** Whether `name(…)` is called in `body` and every such call is inside a try/catch below `boundary`. */
export function namedCallsAreGuarded(nodes: NodeIndex, body: ts.Node, boundary: ts.Node, name: string): boolean {
  let calls = 0;
  for (const node of nodes.within(body, [ts.SyntaxKind.CallExpression])) {
    if (!ts.isCallExpression(node) || !ts.isIdentifier(node.expression) || node.expression.text !== name) continue;
    calls++;
    if (!isCaughtWithin(node, boundary)) return false;
  }
  return calls > 0;
}

/** Whether `fn` is a named function declared inside another function that calls it only inside try/catch. */
export function calledOnlyInsideTry(nodes: NodeIndex, fn: FunctionLike): boolean {
  const name = functionName(fn);
  if (!name) return false;
  let outer: ts.Node | undefined = fn.parent;
  while (outer && !isFunctionLike(outer)) outer = outer.parent;
  if (!outer || !isFunctionLike(outer) || !outer.body) return false;
  return namedCallsAreGuarded(nodes, outer.body, outer, name);
}

/** How many callers up `guardedByEveryCaller` looks: a tool method, its dispatch method, the tools/call handler. */
const MAX_CALLER_DEPTH = 2;

/** Whether a throw in the catch block belongs to the function the try is in (a rethrow, not a callback's). */
function catchRethrows(nodes: NodeIndex, statement: ts.TryStatement): boolean {
  const clause = statement.catchClause;
  if (!clause) return true;
  const owner = enclosingFunction(statement);
  for (const node of nodes.within(clause.block, [ts.SyntaxKind.ThrowStatement])) {
    if (enclosingFunction(node) === owner) return true;
  }
  return false;
}

/** Whether `node` is in the try block of a try in `fn` (not in a callback) whose catch throws nothing. */
function isAnsweredWithin(nodes: NodeIndex, node: ts.Node, fn: FunctionLike): boolean {
  let child: ts.Node = node;
  let current: ts.Node | undefined = node.parent;
  while (current && current !== fn) {
    if (isFunctionLike(current)) return false;
    if (ts.isTryStatement(current) && current.tryBlock === child && !catchRethrows(nodes, current)) return true;
    child = current;
    current = current.parent;
  }
  return false;
}

/** Per file: the identifiers by name, declared names left out. */
const REFERENCES = Symbol('references');
/** Per file: for each class asked about, its `this.name` accesses by name. */
const THIS_MEMBERS = Symbol('thisMembers');

function referencesOf(nodes: NodeIndex, sourceFile: ts.SourceFile): Map<string, ts.Identifier[]> {
  return nodes.memo(REFERENCES, () => {
    const names = new Map<string, ts.Identifier[]>();
    const visit = (node: ts.Node): void => {
      if (ts.isPropertyAccessExpression(node)) {
        visit(node.expression); // `obj.name` is another thing with the same name
        return;
      }
      if (ts.isIdentifier(node)) {
        const parent = node.parent;
        const declared =
          ((ts.isFunctionDeclaration(parent) || ts.isVariableDeclaration(parent) || ts.isParameter(parent)) &&
            parent.name === node) ||
          ((ts.isPropertyAssignment(parent) || ts.isMethodDeclaration(parent) || ts.isPropertyDeclaration(parent)) &&
            parent.name === node);
        if (!declared) push(names, node.text, node);
        return;
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
    return names;
  });
}

/** The `this.name` accesses inside a class (nested functions and classes included), by name. */
function thisMembersOf(nodes: NodeIndex, cls: ts.ClassLikeDeclaration): Map<string, ts.PropertyAccessExpression[]> {
  const byClass = nodes.memo(THIS_MEMBERS, () => new Map<ts.Node, Map<string, ts.PropertyAccessExpression[]>>());
  let members = byClass.get(cls);
  if (!members) {
    const found = new Map<string, ts.PropertyAccessExpression[]>();
    const visit = (node: ts.Node): void => {
      if (ts.isPropertyAccessExpression(node) && node.expression.kind === ts.SyntaxKind.ThisKeyword) {
        push(found, node.name.text, node);
      }
      ts.forEachChild(node, visit);
    };
    ts.forEachChild(cls, visit);
    members = found;
    byClass.set(cls, members);
  }
  return members;
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** How many times `name` stands as a whole identifier-like word in `text` (strings and comments included). */
function wordCount(text: string, name: string): number {
  let count = 0;
  for (let at = text.indexOf(name); at !== -1; at = text.indexOf(name, at + name.length)) {
    if (!isWordCharacter(text.charCodeAt(at - 1)) && !isWordCharacter(text.charCodeAt(at + name.length))) count++;
  }
  return count;
}

function isWordCharacter(code: number): boolean {
  return (
    (code >= 48 && code <= 57) ||
    (code >= 65 && code <= 90) ||
    (code >= 97 && code <= 122) ||
    code === 95 ||
    code === 36
  );
}

/**
 * Every call of `fn` in its file: `this.name(…)` inside its class for a method, `name(…)` for a named
 * function. Undefined when it is also used as a value (passed, bound, returned): it may run anywhere.
 */
function callsOf(nodes: NodeIndex, fn: FunctionLike): ts.CallExpression[] | undefined {
  const calls: ts.CallExpression[] = [];
  if (ts.isMethodDeclaration(fn) && ts.isIdentifier(fn.name) && ts.isClassLike(fn.parent)) {
    for (const access of thisMembersOf(nodes, fn.parent).get(fn.name.text) ?? []) {
      if (!ts.isCallExpression(access.parent) || access.parent.expression !== access) return undefined;
      calls.push(access.parent);
    }
    return calls;
  }
  const name = functionName(fn);
  if (!name) return undefined;
  // Without walking the file: when the calls `name(…)` and the declaration are every occurrence of the word in the
  // text, they are every reference (a walk would find nothing else); otherwise the walk decides.
  for (const call of nodes.of(ts.SyntaxKind.CallExpression, ts.isCallExpression)) {
    if (ts.isIdentifier(call.expression) && call.expression.text === name) calls.push(call);
  }
  const sourceFile = fn.getSourceFile();
  if (wordCount(sourceFile.text, name) === calls.length + 1) return calls;
  calls.length = 0;
  for (const identifier of referencesOf(nodes, sourceFile).get(name) ?? []) {
    if (ts.isCallExpression(identifier.parent) && identifier.parent.expression === identifier) {
      calls.push(identifier.parent);
      continue;
    }
    const looked = tableCalls(nodes, sourceFile, identifier);
    if (!looked) return undefined;
    calls.push(...looked);
  }
  return calls;
}

/** `!h`, `if (h)`, `h === undefined`, `h == null`: a test whether the looked-up entry exists. */
function isExistenceTest(use: ts.Identifier): boolean {
  const parent = use.parent;
  if (ts.isPrefixUnaryExpression(parent) && parent.operator === ts.SyntaxKind.ExclamationToken) return true;
  if (ts.isIfStatement(parent) && parent.expression === use) return true;
  if (!ts.isBinaryExpression(parent)) return false;
  const other = parent.left === use ? parent.right : parent.left;
  const equality = [
    ts.SyntaxKind.EqualsEqualsEqualsToken,
    ts.SyntaxKind.ExclamationEqualsEqualsToken,
    ts.SyntaxKind.EqualsEqualsToken,
    ts.SyntaxKind.ExclamationEqualsToken,
  ].includes(parent.operatorToken.kind);
  return equality && isNullOrUndefined(other);
}

/**
 * The calls that run a function kept as a value of a same-file `const` record of handlers
 * (`const handlers = { get_ip: handleIp }`): every use of the record is a lookup (`handlers[name]`) that is called
 * at once, or bound to a `const` that its function only tests for existence and calls. Undefined when the record (or
 * a looked-up entry) is used any other way: the function may then run anywhere.
 */
function tableCalls(
  nodes: NodeIndex,
  sourceFile: ts.SourceFile,
  reference: ts.Identifier,
): ts.CallExpression[] | undefined {
  const property = reference.parent;
  const isValue =
    ts.isShorthandPropertyAssignment(property) ||
    (ts.isPropertyAssignment(property) && typedExpressionOf(property.initializer) === typedExpressionOf(reference));
  if (!isValue || !ts.isObjectLiteralExpression(property.parent)) return undefined;
  const declaration = typedExpressionOf(property.parent).parent;
  if (!ts.isVariableDeclaration(declaration) || !ts.isIdentifier(declaration.name)) return undefined;
  if (!ts.isVariableDeclarationList(declaration.parent) || !(declaration.parent.flags & ts.NodeFlags.Const)) {
    return undefined;
  }
  const calls: ts.CallExpression[] = [];
  for (const use of referencesOf(nodes, sourceFile).get(declaration.name.text) ?? []) {
    const lookup = typedExpressionOf(use).parent;
    if (!ts.isElementAccessExpression(lookup) || typedExpressionOf(lookup.expression) !== typedExpressionOf(use))
      return undefined;
    const value = typedExpressionOf(lookup);
    if (ts.isCallExpression(value.parent) && value.parent.expression === value) {
      calls.push(value.parent);
      continue;
    }
    const bound = value.parent;
    if (!ts.isVariableDeclaration(bound) || !ts.isIdentifier(bound.name)) return undefined;
    if (!ts.isVariableDeclarationList(bound.parent) || !(bound.parent.flags & ts.NodeFlags.Const)) return undefined;
    const owner = enclosingFunction(bound);
    const name = bound.name.text;
    let other = false;
    const visit = (node: ts.Node): void => {
      if (other) return;
      if (ts.isPropertyAccessExpression(node)) {
        visit(node.expression);
        return;
      }
      if (ts.isIdentifier(node) && node.text === name && node !== bound.name) {
        const parent = node.parent;
        if (ts.isCallExpression(parent) && parent.expression === node) calls.push(parent);
        else if (!isExistenceTest(node)) other = true;
        return;
      }
      ts.forEachChild(node, visit);
    };
    visit(owner ?? sourceFile);
    if (other) return undefined;
  }
  return calls.length > 0 ? calls : undefined;
}

/**
 * Whether every call of `fn` in its file runs inside a try whose catch answers (throws nothing), directly
 * or through callers that are themselves called only that way: a tool method that a dispatch method runs
 * from a `case`, where the dispatch method is called inside the tools/call handler's try/catch.
 */
export function guardedByEveryCaller(nodes: NodeIndex, fn: FunctionLike, depth = 0): boolean {
  if (depth > MAX_CALLER_DEPTH) return false;
  const calls = callsOf(nodes, fn);
  if (!calls || calls.length === 0) return false;
  return calls.every((call) => {
    const caller = enclosingFunction(call);
    if (!caller || caller === fn) return false;
    return isAnsweredWithin(nodes, call, caller) || guardedByEveryCaller(nodes, caller, depth + 1);
  });
}
