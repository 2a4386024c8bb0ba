/**
 * Where the tool instances of a registration come from when they pass through a class's own members:
 *
 *   class GardenServer {
 *     constructor() {
 *       const water = new WaterTool(log);
 *       this.tools = { water, prune: new PruneTool() };
 *       for (const tool of this.listTools()) this.registerOne(tool);
 *       this.registerOne(this.tools.water);
 *     }
 *     private listTools() { return [this.tools.water, this.tools.prune]; }
 *     private registerOne(tool: Target) {
 *       this.server.registerTool(tool.name, { … }, tool.execute.bind(tool));
 *     }
 *   }
 *
 * The registration's element is a parameter of the method it sits in (`registerOne(tool)`); its instances are the
 * arguments of that method's calls in the same class (or of a same-file function's calls), a loop's element standing
 * for the loop's list. The values are read through the class: `this.listTools()` is what the method returns,
 * `this.tools.water` what the class assigns to `this.tools` (or initialises the field with), and a local constant
 * its value in the block that declares it. The executor registry then takes the classes of the `new` expressions
 * reached (executorRegistry.ts), which must have a `name` and the method the registration calls.
 */
import ts from 'typescript';
import {
  type FunctionLike,
  enclosingClass,
  isFunctionLike,
  propertyNameText,
  propertyValue,
  returnedExpressions,
  unwrapExpression,
  walk,
} from '../parse/syntax';
import { scopedConstValue } from './localObjects';

const MAX_VALUES = 32;

/** `this.x` (through parentheses and casts): the member name. */
function thisMember(expression: ts.Expression): string | undefined {
  const inner = unwrapExpression(expression);
  if (!ts.isPropertyAccessExpression(inner)) return undefined;
  return unwrapExpression(inner.expression).kind === ts.SyntaxKind.ThisKeyword ? inner.name.text : undefined;
}

/** The values a class gives its member: the field's initialiser and every `this.member = value` in its methods. */
function memberValues(cls: ts.ClassLikeDeclaration, member: string): ts.Expression[] {
  const values: ts.Expression[] = [];
  for (const m of cls.members) {
    if (ts.isPropertyDeclaration(m) && propertyNameText(m.name) === member && m.initializer) values.push(m.initializer);
  }
  walk(cls, (node) => {
    if (values.length >= MAX_VALUES) return false;
    if (node !== cls && (ts.isClassDeclaration(node) || ts.isClassExpression(node))) return false;
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      thisMember(node.left) === member
    ) {
      values.push(node.right);
    }
    return true;
  });
  return values;
}

/** The method of the class with that name and a body. */
function classMethod(cls: ts.ClassLikeDeclaration, name: string): ts.MethodDeclaration | undefined {
  return cls.members.find(
    (m): m is ts.MethodDeclaration => ts.isMethodDeclaration(m) && propertyNameText(m.name) === name && !!m.body,
  );
}

/**
 * The values an expression stands for when read through its class or block: `this.m()` (what the method returns),
 * `this.a.b` (what the class assigns to `this.a`, then its `b`), a local constant (its value). Undefined for
 * anything else, so the caller's own rules apply.
 */
export function valuesThroughClass(expression: ts.Expression): ts.Expression[] | undefined {
  const inner = unwrapExpression(expression);
  if (ts.isCallExpression(inner) && inner.arguments.length === 0) {
    const method = thisMember(inner.expression);
    const cls = method === undefined ? undefined : enclosingClass(inner);
    const declaration = cls && method !== undefined ? classMethod(cls, method) : undefined;
    return declaration ? returnedExpressions(declaration) : undefined;
  }
  if (ts.isPropertyAccessExpression(inner)) {
    const member = thisMember(inner);
    if (member !== undefined) {
      const cls = enclosingClass(inner);
      return cls ? memberValues(cls, member) : undefined;
    }
    const owners = valuesThroughClass(inner.expression);
    if (!owners) return undefined;
    const result: ts.Expression[] = [];
    for (const owner of owners) {
      const object = unwrapExpression(owner);
      const value = ts.isObjectLiteralExpression(object) ? propertyValue(object, inner.name.text) : undefined;
      if (value) result.push(value);
    }
    return result;
  }
  if (ts.isIdentifier(inner)) {
    const value = scopedConstValue(inner, inner.text, false);
    return value ? [value] : undefined;
  }
  return undefined;
}

/** The loop list an identifier is the element of, where the identifier is used: `for (const t of list)`, `list.forEach((t) => …)`. */
function loopListOf(use: ts.Identifier): ts.Expression | undefined {
  for (let node: ts.Node = use.parent; !ts.isSourceFile(node); node = node.parent) {
    if (ts.isForOfStatement(node) && ts.isVariableDeclarationList(node.initializer)) {
      const declared = node.initializer.declarations[0]?.name;
      if (declared && ts.isIdentifier(declared) && declared.text === use.text) return node.expression;
    }
    if ((ts.isArrowFunction(node) || ts.isFunctionExpression(node)) && node.parameters.length >= 1) {
      const parameter = node.parameters[0].name;
      const outer = node.parent;
      if (
        ts.isIdentifier(parameter) &&
        parameter.text === use.text &&
        ts.isCallExpression(outer) &&
        ts.isPropertyAccessExpression(outer.expression) &&
        outer.expression.name.text === 'forEach'
      ) {
        return outer.expression.expression;
      }
    }
    if (isFunctionLike(node)) {
      // The element is declared no further out than the function that uses it.
      if (node.parameters.some((p) => ts.isIdentifier(p.name) && p.name.text === use.text)) return undefined;
    }
  }
  return undefined;
}

/**
 * `receiver.method(…)`, `receiver.method.bind(…)` or `receiver.method` alone in a handler, with receiver the given
 * name and method one of `methods`: that method.
 */
export function executorUse(
  handler: ts.Expression,
  receiver: string,
  methods: ReadonlySet<string>,
): string | undefined {
  let found: string | undefined;
  const check = (node: ts.Node) => {
    if (!ts.isPropertyAccessExpression(node) || !methods.has(node.name.text)) return;
    const owner = unwrapExpression(node.expression);
    if (ts.isIdentifier(owner) && owner.text === receiver) found = node.name.text;
  };
  const inner = unwrapExpression(handler);
  check(inner);
  if (!found) {
    walk(inner, (node) => {
      if (found) return false;
      check(node);
      return true;
    });
  }
  return found;
}

/** `p.name` / `p.toolName` among the call's arguments: the parameter name whose own name is registered. */
function registeredOwnName(call: ts.CallExpression, parameter: string): boolean {
  return call.arguments.some((argument) => {
    const inner = unwrapExpression(argument);
    return (
      ts.isPropertyAccessExpression(inner) &&
      (inner.name.text === 'name' || inner.name.text === 'toolName') &&
      ts.isIdentifier(unwrapExpression(inner.expression)) &&
      (unwrapExpression(inner.expression) as ts.Identifier).text === parameter
    );
  });
}

/** The calls of a named method (`this.m(…)` in its class) or top-level function (`m(…)` in its file). */
function callsOf(fn: FunctionLike): ts.CallExpression[] {
  const calls: ts.CallExpression[] = [];
  if (ts.isMethodDeclaration(fn) && fn.name && ts.isIdentifier(fn.name)) {
    const name = fn.name.text;
    const cls = fn.parent;
    if (!ts.isClassDeclaration(cls) && !ts.isClassExpression(cls)) return calls;
    walk(cls, (node) => {
      if (ts.isCallExpression(node) && thisMember(node.expression) === name) calls.push(node);
      return true;
    });
  } else if (ts.isFunctionDeclaration(fn) && fn.name && ts.isSourceFile(fn.parent)) {
    const name = fn.name.text;
    walk(fn.parent, (node) => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === name) {
        calls.push(node);
      }
      return true;
    });
  }
  return calls;
}

export interface ForwardedInstances {
  /** The expressions holding the instances (a list, an instance, a member read). */
  sources: ts.Expression[];
  /** The method of each instance the registration calls. */
  method: string;
  /** The method or function the registration sits in. */
  via: FunctionLike;
}

/**
 * A registration inside a named method or function that registers its parameter's own name and calls (or binds) one
 * of its executor methods — `registerOne(tool) { server.registerTool(tool.name, cfg, tool.execute.bind(tool)) }` —
 * and the instances that method's calls hand it.
 */
export function forwardedInstances(
  call: ts.CallExpression,
  handler: ts.Expression | undefined,
  methods: ReadonlySet<string>,
): ForwardedInstances | undefined {
  if (!handler) return undefined;
  let fn: ts.Node | undefined = call.parent;
  while (fn && !isFunctionLike(fn)) fn = fn.parent;
  if (!fn || (!ts.isMethodDeclaration(fn) && !ts.isFunctionDeclaration(fn))) return undefined;
  const via: FunctionLike = fn;
  const index = via.parameters.findIndex(
    (p) => ts.isIdentifier(p.name) && registeredOwnName(call, p.name.text) && !p.dotDotDotToken,
  );
  if (index < 0) return undefined;
  const parameter = (via.parameters[index].name as ts.Identifier).text;
  const method = executorUse(handler, parameter, methods);
  if (!method) return undefined;
  const sources: ts.Expression[] = [];
  for (const site of callsOf(via)) {
    const argument = site.arguments[index] && unwrapExpression(site.arguments[index]);
    if (!argument || ts.isSpreadElement(argument)) continue;
    const list = ts.isIdentifier(argument) ? loopListOf(argument) : undefined;
    sources.push(list ?? argument);
    if (sources.length >= MAX_VALUES) break;
  }
  return sources.length > 0 ? { sources, method, via } : undefined;
}
