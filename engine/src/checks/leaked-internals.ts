import ts from 'typescript';
import { safeMessageSource } from '../fixes/edits';
import { namedFunctions } from '../discovery/handlers';
import {
  calleeName,
  enclosingFunction,
  isFunctionLike,
  returnedExpressions,
  staticText,
  unwrapExpression,
  walk,
} from '../parse/syntax';
import type { AnalysisContext, Check, Fix } from '../types';

/** Names that conventionally hold a caught error even outside a catch clause (helper parameters). */
const ERROR_NAMES = new Set(['err', 'error', 'e']);
const INSPECT_MODULES = new Set(['util', 'node:util']);

type LeakKind = 'stack' | 'stringified';

interface Leak {
  /** The expression to squiggle and replace. */
  node: ts.Expression;
  /** The caught error the expression reads. */
  errorName: string;
  kind: LeakKind;
  /** How the leak is written, for the message. */
  shape: string;
}

/** Whether `name` is bound by an enclosing catch clause (through nested callbacks). */
function isCatchVariable(node: ts.Node, name: string): boolean {
  let current: ts.Node | undefined = node.parent;
  while (current) {
    if (ts.isCatchClause(current)) {
      const declared = current.variableDeclaration?.name;
      if (declared && ts.isIdentifier(declared) && declared.text === name) return true;
    }
    current = current.parent;
  }
  return false;
}

/** Whether a declaration's name binds `name`, directly or as an element of an object pattern (`{ data, error }`). */
function bindsName(binding: ts.BindingName, name: string): boolean {
  if (ts.isIdentifier(binding)) return binding.text === name;
  if (!ts.isObjectBindingPattern(binding)) return false;
  return binding.elements.some((element) => bindsName(element.name, name));
}

/** The local `const`/`let` that binds `identifier` in an enclosing block, if any. */
function localDeclaration(identifier: ts.Identifier): ts.VariableDeclaration | undefined {
  for (let current: ts.Node | undefined = identifier.parent; current; current = current.parent) {
    if (isFunctionLike(current) && current.parameters.some((p) => p.name.getText() === identifier.text))
      return undefined;
    if (!ts.isBlock(current) && !ts.isSourceFile(current)) continue;
    for (const statement of current.statements) {
      if (!ts.isVariableStatement(statement)) continue;
      for (const declaration of statement.declarationList.declarations) {
        if (bindsName(declaration.name, identifier.text)) return declaration;
      }
    }
  }
  return undefined;
}

/** The initializer of the local `const`/`let` that binds `identifier` by name, if any. */
function localInitializer(identifier: ts.Identifier): ts.Expression | undefined {
  const declaration = localDeclaration(identifier);
  return declaration && ts.isIdentifier(declaration.name) ? declaration.initializer : undefined;
}

/**
 * `const { data, error } = await client.GET(…)`: the error field of a result an API client answered with
 * (a response body the server wrote), not a caught exception; stringifying it shows what the API said.
 */
function isResultErrorField(identifier: ts.Identifier): boolean {
  const declaration = localDeclaration(identifier);
  if (!declaration || !ts.isObjectBindingPattern(declaration.name) || !declaration.initializer) return false;
  const value = unwrapExpression(declaration.initializer);
  const call = ts.isAwaitExpression(value) ? unwrapExpression(value.expression) : value;
  return ts.isCallExpression(call);
}

/**
 * Whether a local named like an error holds a value the code built itself: an object literal, or the
 * result of a same-file function that only returns object literals (`const err = buildErrorResponse(…)`).
 */
function holdsBuiltObject(context: AnalysisContext, identifier: ts.Identifier): boolean {
  const init = localInitializer(identifier);
  const value = init && unwrapExpression(init);
  if (!value) return false;
  if (ts.isObjectLiteralExpression(value)) return true;
  if (!ts.isCallExpression(value) || !ts.isIdentifier(value.expression)) return false;
  const builder = namedFunctions(context.nodes).get(value.expression.text);
  const returned = builder ? returnedExpressions(builder) : [];
  return (
    returned.length > 0 && returned.every((expression) => ts.isObjectLiteralExpression(unwrapExpression(expression)))
  );
}

/** The caught-error identifier `node` is, after `(err as Error)` and `err!` are removed. */
function caughtErrorName(context: AnalysisContext, node: ts.Expression): string | undefined {
  const inner = unwrapExpression(node);
  if (!ts.isIdentifier(inner)) return undefined;
  if (isCatchVariable(inner, inner.text)) return inner.text;
  if (!ERROR_NAMES.has(inner.text) || holdsBuiltObject(context, inner) || isResultErrorField(inner)) return undefined;
  return inner.text;
}

/** `String(x)`, `JSON.stringify(x)`, `util.inspect(x)`, `inspect(x)`: the call's description, when it is one. */
function stringifyingCall(call: ts.CallExpression): string | undefined {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) {
    if (callee.text === 'String') return 'String(…)';
    if (callee.text === 'inspect') return 'inspect(…)';
    return undefined;
  }
  if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression)) {
    const owner = callee.expression.text;
    if (owner === 'JSON' && callee.name.text === 'stringify') return 'JSON.stringify(…)';
    if ((owner === 'util' || INSPECT_MODULES.has(owner)) && callee.name.text === 'inspect') return 'util.inspect(…)';
  }
  return undefined;
}

/** `condition` without parentheses and the number of `!` in front of it removed. */
function stripNegations(condition: ts.Expression): { test: ts.Expression; negated: boolean } {
  let test = condition;
  let negated = false;
  for (;;) {
    if (ts.isParenthesizedExpression(test)) test = test.expression;
    else if (ts.isPrefixUnaryExpression(test) && test.operator === ts.SyntaxKind.ExclamationToken) {
      test = test.operand;
      negated = !negated;
    } else return { test, negated };
  }
}

/** `name instanceof Error`: true when `name` is an Error in the branch where the test holds. */
function isErrorTest(test: ts.Expression, name: string): boolean {
  return (
    ts.isBinaryExpression(test) &&
    test.operatorToken.kind === ts.SyntaxKind.InstanceOfKeyword &&
    unwrapExpression(test.left).getText() === name &&
    ts.isIdentifier(test.right) &&
    test.right.text === 'Error'
  );
}

/** `typeof name === 'string'` (or `==`). */
function isStringTest(test: ts.Expression, name: string): boolean {
  if (!ts.isBinaryExpression(test)) return false;
  const operator = test.operatorToken.kind;
  if (operator !== ts.SyntaxKind.EqualsEqualsEqualsToken && operator !== ts.SyntaxKind.EqualsEqualsToken) return false;
  return [
    [test.left, test.right],
    [test.right, test.left],
  ].some(
    ([typeOf, literal]) =>
      ts.isTypeOfExpression(typeOf) &&
      unwrapExpression(typeOf.expression).getText() === name &&
      staticText(literal) === 'string',
  );
}

/** `name.message ?? …` / `name?.message || …`: the right side runs only when the value has no message. */
function isMessageFallback(test: ts.BinaryExpression, name: string): boolean {
  const operator = test.operatorToken.kind;
  if (operator !== ts.SyntaxKind.QuestionQuestionToken && operator !== ts.SyntaxKind.BarBarToken) return false;
  const left = unwrapExpression(test.left);
  return (
    ts.isPropertyAccessExpression(left) &&
    left.name.text === 'message' &&
    unwrapExpression(left.expression).getText() === name
  );
}

/**
 * Whether the stringified error sits in the branch of a conditional where it is known not to be an Error
 * (`e instanceof Error ? e.message : String(e)`), known to be a string (`typeof e === 'string' ? e : …`), or
 * where the error has no message (`e?.message ?? String(e)`): the recommended idiom, not a leak.
 */
function isInNonErrorBranch(node: ts.Node, name: string): boolean {
  let child: ts.Node = node;
  for (let current = node.parent; current && !isFunctionLike(current); current = current.parent) {
    if (ts.isConditionalExpression(current) && child !== current.condition) {
      const { test, negated } = stripNegations(current.condition);
      const inTrueBranch = (child === current.whenTrue) !== negated;
      if (isErrorTest(test, name) && !inTrueBranch) return true;
      if (isStringTest(test, name) && inTrueBranch) return true;
    }
    if (ts.isBinaryExpression(current) && child === current.right && isMessageFallback(current, name)) return true;
    child = current;
  }
  return false;
}

/** The leak `node` is, if any. */
function leakAt(context: AnalysisContext, node: ts.Node): Leak | undefined {
  const leak = possibleLeakAt(context, node);
  if (leak && leak.kind === 'stringified' && isInNonErrorBranch(leak.node, leak.errorName)) return undefined;
  return leak;
}

/** The expression `node` is, when it reads a stack or stringifies a caught error. */
function possibleLeakAt(context: AnalysisContext, node: ts.Node): Leak | undefined {
  if (ts.isPropertyAccessExpression(node) && node.name.text === 'stack') {
    const errorName = caughtErrorName(context, node.expression);
    if (errorName) return { node, errorName, kind: 'stack', shape: `${errorName}.stack` };
  }
  if (ts.isCallExpression(node) && node.arguments.length > 0) {
    const shape = stringifyingCall(node);
    const errorName = shape ? caughtErrorName(context, node.arguments[0]) : undefined;
    if (shape && errorName) return { node, errorName, kind: 'stringified', shape: shape.replace('…', errorName) };
  }
  if (ts.isTemplateSpan(node)) {
    const errorName = caughtErrorName(context, node.expression);
    if (errorName) return { node: node.expression, errorName, kind: 'stringified', shape: '${' + errorName + '}' };
  }
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    for (const [side, other] of [
      [node.left, node.right],
      [node.right, node.left],
    ] as const) {
      const errorName = caughtErrorName(context, side);
      const otherIsText = staticText(other) !== undefined;
      if (errorName && otherIsText) return { node: side, errorName, kind: 'stringified', shape: `'…' + ${errorName}` };
    }
  }
  return undefined;
}

/** Every leak inside an expression that becomes error text (not entering nested functions). */
function leaksIn(context: AnalysisContext, expression: ts.Node): Leak[] {
  const leaks: Leak[] = [];
  const visit = (node: ts.Node): boolean | void => {
    if (isFunctionLike(node)) return false;
    const leak = leakAt(context, node);
    if (leak) {
      leaks.push(leak);
      // `String(err.stack)` is one leak: the stack; do not descend into a reported expression.
      return leak.node === node ? false : undefined;
    }
  };
  if (visit(expression) !== false) walk(expression, visit);
  return leaks;
}

/** What the model and the customer get to see, for the message. */
function exposureOf(leak: Leak): string {
  if (leak.kind === 'stack') return 'a stack trace (file paths, line numbers, dependency names)';
  if (leak.shape.startsWith('JSON.stringify')) {
    return 'either "{}" (an Error\'s fields are not enumerable) or every field of the thrown object, request configuration and headers included';
  }
  if (leak.shape.includes('inspect')) return 'the whole error object, stack and nested causes included';
  return 'the raw error: its class name and whatever a dependency put in its message (hosts, paths, SQL), or "[object Object]"';
}

/** The replacement text for a leak. */
function replacement(context: AnalysisContext, leak: Leak): { start: number; end: number; newText: string } {
  if (leak.kind === 'stack' && ts.isPropertyAccessExpression(leak.node)) {
    return { start: leak.node.name.getStart(context.sourceFile), end: leak.node.name.getEnd(), newText: 'message' };
  }
  const parent = leak.node.parent;
  const safe = safeMessageSource(leak.errorName);
  const standsAlone =
    ts.isTemplateSpan(parent) ||
    ts.isParenthesizedExpression(parent) ||
    ts.isPropertyAssignment(parent) ||
    ((ts.isCallExpression(parent) || ts.isNewExpression(parent)) && parent.expression !== leak.node);
  return {
    start: leak.node.getStart(context.sourceFile),
    end: leak.node.getEnd(),
    newText: standsAlone ? safe : `(${safe})`,
  };
}

/**
 * Whether the name the leak reads is a local value the function builds itself (`const err = buildErrorResponse(…)`,
 * `const err = { code, message }`), not a caught error: `err.message` would not exist there, so the fix's neutral
 * text would replace the author's whole structured answer. A `new …Error(…)` is still an error.
 */
function isBuiltLocally(leak: Leak): boolean {
  for (let fn = enclosingFunction(leak.node); fn; fn = enclosingFunction(fn)) {
    let built = false;
    if (fn.body) {
      walk(fn.body, (node) => {
        if (built || isFunctionLike(node)) return false;
        if (!ts.isVariableDeclaration(node) || !ts.isIdentifier(node.name) || node.name.text !== leak.errorName) return;
        const value = node.initializer && unwrapExpression(node.initializer);
        const awaited = value && ts.isAwaitExpression(value) ? unwrapExpression(value.expression) : value;
        built =
          awaited !== undefined &&
          (ts.isObjectLiteralExpression(awaited) ||
            (ts.isCallExpression(awaited) && !/Error$/.test(calleeName(awaited) ?? '')));
      });
    }
    if (built) return true;
    if (fn.parameters.some((parameter) => ts.isIdentifier(parameter.name) && parameter.name.text === leak.errorName)) {
      return false;
    }
  }
  return false;
}

function fixesFor(context: AnalysisContext, leak: Leak): Fix[] {
  if (leak.kind === 'stringified' && isBuiltLocally(leak)) return [];
  const title =
    leak.kind === 'stack'
      ? `Use ${leak.errorName}.message instead of ${leak.errorName}.stack`
      : `Use ${leak.errorName}.message (or a neutral text for non-Error values) instead of ${leak.shape}`;
  return [{ title, edits: [replacement(context, leak)], preferred: true }];
}

/** Expressions that become error text: envelope text content, and the arguments of throws inside handlers. */
function errorTextSources(context: AnalysisContext): ts.Node[] {
  const sources: ts.Node[] = context.envelopes.flatMap((envelope) => envelope.texts.map((text) => text.node));
  const visit = (node: ts.Node): void => {
    if (ts.isThrowStatement(node) && node.expression && context.handlerOf(node)) {
      const thrown = unwrapExpression(node.expression);
      if ((ts.isNewExpression(thrown) || ts.isCallExpression(thrown)) && calleeName(thrown)) {
        sources.push(...(thrown.arguments ?? []));
      } else {
        sources.push(thrown);
      }
    }
  };
  if (context.handlers.length > 0)
    for (const node of context.nodes.ofKinds([ts.SyntaxKind.ThrowStatement])) visit(node);
  return sources;
}

export const leakedInternals: Check<'leakedInternals'> = {
  meta: {
    id: 'leaked-internals',
    description:
      'Error text built from a stack trace or a stringified error (err.stack, String(err), JSON.stringify(err), inspect(err), `${err}`).',
    defaultSeverity: 'warning',
    fixable: true,
    messages: {
      leakedInternals:
        "This error text is built from {{shape}}, which shows the model and the customer {{exposure}}. Use the error's message or a written explanation, and log the details instead.",
    },
  },
  run(context, report) {
    const reported = new Set<ts.Node>();
    for (const source of errorTextSources(context)) {
      for (const leak of leaksIn(context, source)) {
        if (reported.has(leak.node)) continue;
        reported.add(leak.node);
        const what = exposureOf(leak);
        report({
          node: leak.node,
          messageId: 'leakedInternals',
          data: { shape: leak.shape, exposure: what },
          fixes: () => fixesFor(context, leak),
        });
      }
    }
  },
};
