/**
 * Evidence that a failure is the caller's input, read in a tool handler's own body: the condition guarding an
 * envelope reads only the tool's inputs, or a message names an input value it refuses. Both say VALIDATION.
 */
import ts from 'typescript';
import { defaultRetryable } from '../../../shared/src/taxonomy';
import {
  type FunctionLike,
  enclosingCatch,
  enclosingFunction,
  isFunctionLike,
  unwrapExpression,
  walkOwnBody,
  isNullOrUndefined,
} from '../parse/syntax';
import type { Inference } from './inference';

/** Names a handler's input parameter binds: the destructured fields (`({ id, url })`), or the parameter (`args`). */
function inputNames(handlerFn: FunctionLike): Set<string> {
  const names = new Set<string>();
  const add = (name: ts.BindingName): void => {
    if (ts.isIdentifier(name)) names.add(name.text);
    else for (const element of name.elements) if (!ts.isOmittedExpression(element)) add(element.name);
  };
  const first = handlerFn.parameters[0];
  // A decorated parameter is something the framework injects (`@RawRequest() request`), not the tool's input.
  if (first && (ts.getDecorators(first) ?? []).length === 0) add(first.name);
  return names;
}

/** What a condition may read to be about the input: the inputs (and values computed from them only), and constants. */
interface InputScope {
  inputs: ReadonlySet<string>;
  /** Locals that hold constants (`const kinds = ['a', 'b']`): reading them says nothing either way. */
  neutral: ReadonlySet<string>;
}

/** What an expression reads: an input, something else (a loaded value, a call of a function), or only constants. */
function reads(expression: ts.Node, scope: InputScope): 'input' | 'other' | 'constant' {
  let readsInput = false;
  let readsOther = false;
  const visit = (node: ts.Node, own: ReadonlySet<string>): void => {
    if (readsOther) return;
    if (ts.isPropertyAccessExpression(node)) {
      visit(node.expression, own);
      return;
    }
    if (isFunctionLike(node)) {
      // A callback that reads only its own parameters and the input (`values.some((v) => v !== undefined)`).
      const params = new Set(own);
      for (const parameter of node.parameters) if (ts.isIdentifier(parameter.name)) params.add(parameter.name.text);
      if (node.body) visit(node.body, params);
      return;
    }
    if (ts.isIdentifier(node) && node.text !== 'undefined') {
      if (scope.inputs.has(node.text)) readsInput = true;
      else if (!scope.neutral.has(node.text) && !own.has(node.text)) readsOther = true;
      return;
    }
    ts.forEachChild(node, (child) => visit(child, own));
  };
  visit(expression, new Set());
  return readsOther ? 'other' : readsInput ? 'input' : 'constant';
}

/** Whether every identifier a condition reads is one of the tool's inputs or constants (and it reads an input). */
function testsOnlyInput(condition: ts.Node, scope: InputScope): boolean {
  return reads(condition, scope) === 'input';
}

/**
 * The handler's inputs and the `const` locals of its own body computed from them alone (`const hasUrl = !!url`,
 * `for (const item of input.exclude.split(','))`), in source order; constants are kept apart.
 */
function inputScope(handlerFn: FunctionLike): InputScope {
  const inputs = inputNames(handlerFn);
  const neutral = new Set<string>();
  const scope: InputScope = { inputs, neutral };
  const bind = (name: ts.BindingName, from: ts.Expression): void => {
    if (!ts.isIdentifier(name)) return;
    const read = reads(from, scope);
    if (read === 'input') inputs.add(name.text);
    else if (read === 'constant') neutral.add(name.text);
  };
  walkOwnBody(handlerFn, (node) => {
    if (ts.isVariableDeclarationList(node) && node.flags & ts.NodeFlags.Const) {
      for (const declaration of node.declarations) {
        if (declaration.initializer) bind(declaration.name, declaration.initializer);
      }
    } else if (ts.isForOfStatement(node) && ts.isVariableDeclarationList(node.initializer)) {
      const declaration = node.initializer.declarations[0];
      if (node.initializer.flags & ts.NodeFlags.Const && declaration) bind(declaration.name, node.expression);
    }
    return undefined;
  });
  return scope;
}

/**
 * Whether a statement before the answer only prepares it: a declaration (`const err = buildProblem(…)`) or a call
 * made for its side effect (`console.error(…)`, `log.warn(…)`), not a branch or a loop that could change its meaning.
 */
function onlyPrepares(statement: ts.Statement): boolean {
  return (
    ts.isVariableStatement(statement) ||
    (ts.isExpressionStatement(statement) && ts.isCallExpression(unwrapExpression(statement.expression)))
  );
}

/**
 * The condition of the `if` whose branch answers at once with the envelope: the statement holding `node` is the
 * branch itself, or a statement of its block that only declarations and calls precede (`if (!id) return …`,
 * `if (!id) { const err = problem('NO_ID'); return … }`).
 */
export function immediateGuard(node: ts.Node): ts.Expression | undefined {
  let statement: ts.Node = node;
  while (!ts.isStatement(statement) && statement.parent && !isFunctionLike(statement.parent)) {
    statement = statement.parent;
  }
  const parent = statement.parent;
  if (ts.isIfStatement(parent) && parent.thenStatement === statement) return parent.expression;
  const block = ts.isBlock(parent) ? parent : undefined;
  const owner = block?.parent;
  if (!block || !owner || !ts.isIfStatement(owner) || owner.thenStatement !== block) return undefined;
  const index = block.statements.findIndex((candidate) => candidate === statement);
  return index >= 0 && block.statements.slice(0, index).every(onlyPrepares) ? owner.expression : undefined;
}

/**
 * Whether a condition picks a branch by comparing with a string (`action === 'create'`): a dispatch, not a check.
 * A comparison with the empty string (`name.trim() === ''`) is a check that the input is blank.
 */
function selectsByLiteral(condition: ts.Node): boolean {
  let found = false;
  const isWord = (side: ts.Expression): boolean => ts.isStringLiteralLike(side) && side.text !== '';
  const visit = (node: ts.Node): void => {
    if (
      ts.isBinaryExpression(node) &&
      [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken].includes(node.operatorToken.kind) &&
      (isWord(node.left) || isWord(node.right))
    ) {
      found = true;
    }
    if (!found) ts.forEachChild(node, visit);
  };
  visit(condition);
  return found;
}

/**
 * Whether a condition is an `&&` chain one of whose terms says an input is missing (`!mapOptions`, `options ===
 * undefined`): `kind === 'map' && !mapOptions` is a required-when check on the input, not a dispatch on a value.
 */
function requiresAnInput(condition: ts.Expression, scope: InputScope): boolean {
  const node = unwrapExpression(condition);
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken) {
    return requiresAnInput(node.left, scope) || requiresAnInput(node.right, scope);
  }
  if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.ExclamationToken) {
    return reads(node.operand, scope) === 'input';
  }
  if (
    ts.isBinaryExpression(node) &&
    [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken].includes(node.operatorToken.kind)
  ) {
    const [value, other] = isNullOrUndefined(node.right) ? [node.left, node.right] : [node.right, node.left];
    return isNullOrUndefined(other) && reads(value, scope) === 'input';
  }
  return false;
}

const REFUSED_INPUT = /\b(unknown|unsupported|not supported|invalid|unrecognized|unrecognised)\b/i;

/**
 * Evidence that a failure is the caller's input, in a tool handler's own body: the innermost condition guarding
 * the envelope reads only the tool's inputs (`if (end !== undefined && start === undefined) return …`), or a
 * message names an input value it refuses (`Unknown action: ${action}`). Both say VALIDATION.
 */
export function inputEvidence(
  node: ts.Node,
  handlerFn: FunctionLike,
  texts: readonly ts.Expression[],
): Inference | undefined {
  // In a catch clause the caught error knows better than the wording: the run-time classification decides.
  if (enclosingFunction(node) !== handlerFn || enclosingCatch(node)) return undefined;
  if (inputNames(handlerFn).size === 0) return undefined;
  const inputs = inputScope(handlerFn);
  const retryable = defaultRetryable('VALIDATION');
  const guard = immediateGuard(node);
  if (guard && testsOnlyInput(guard, inputs) && (!selectsByLiteral(guard) || requiresAnInput(guard, inputs))) {
    return { category: 'VALIDATION', retryable, evidence: "a condition on the tool's input only" };
  }
  for (const text of texts) {
    if (!ts.isTemplateExpression(text)) continue;
    const literal = text.head.text + text.templateSpans.map((span) => ` ${span.literal.text}`).join('');
    const refused = REFUSED_INPUT.exec(literal);
    const namesInput = text.templateSpans.some((span) => testsOnlyInput(span.expression, inputs));
    if (refused && namesInput) return { category: 'VALIDATION', retryable, evidence: `"${refused[1]}" input value` };
  }
  return undefined;
}

/**
 * The function directly enclosing `node` when it is the callback of a `.tool(…)` or `.registerTool(…)` call, for
 * registrations discovery cannot name (a computed tool name inside a configure function).
 */
export function toolCallbackOf(node: ts.Node): FunctionLike | undefined {
  const fn = enclosingFunction(node);
  const call = fn?.parent;
  if (!fn || !call || !ts.isCallExpression(call) || !call.arguments.some((argument) => argument === fn)) {
    return undefined;
  }
  const callee = call.expression;
  return ts.isPropertyAccessExpression(callee) && /^(tool|registerTool)$/.test(callee.name.text) ? fn : undefined;
}
