/**
 * Calls of a dispatcher branch that only prepare the input of the call doing the work (handler linking, round 3):
 *
 * ```ts
 * case 'get_invoice': {
 *   const id = checkedId(args.id);          // a validator: throws on bad input, returns the id
 *   const invoice = await billing.getInvoice(id);
 *   return { content: [{ type: 'text', text: JSON.stringify(invoice) }] };
 * }
 * ```
 *
 * `checkedId` is kept in a variable, but only to be handed to the awaited call after it: the tool's work is that
 * call, and the validator is not the tool's handler (it would be judged as one: its throws, its plain result).
 */
import ts from 'typescript';
import { unwrapExpression } from '../parse/syntax';

/** The statement list a statement sits in (a block or a case clause). */
function siblingStatements(statement: ts.Statement): readonly ts.Statement[] | undefined {
  const parent = statement.parent;
  if (ts.isBlock(parent) || ts.isSourceFile(parent) || ts.isModuleBlock(parent)) return parent.statements;
  if (ts.isCaseClause(parent) || ts.isDefaultClause(parent)) return parent.statements;
  return undefined;
}

/** Whether `node` mentions one of `names` (an identifier, a shorthand property), outside nested functions. */
function mentions(node: ts.Node, names: ReadonlySet<string>): boolean {
  let found = false;
  const visit = (child: ts.Node): void => {
    if (found || ts.isArrowFunction(child) || ts.isFunctionExpression(child)) return;
    if (ts.isIdentifier(child) && names.has(child.text)) found = true;
    else ts.forEachChild(child, visit);
  };
  visit(node);
  return found;
}

/** Whether an awaited call in `statement` takes one of `names` in its arguments (`getInvoice(id)`, `({ id, …args })`). */
function awaitedCallTakes(statement: ts.Statement, names: ReadonlySet<string>): boolean {
  let found = false;
  const visit = (node: ts.Node): void => {
    if (found || ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isFunctionDeclaration(node)) return;
    if (ts.isAwaitExpression(node)) {
      const awaited = unwrapExpression(node.expression);
      if (ts.isCallExpression(awaited) && awaited.arguments.some((argument) => mentions(argument, names))) {
        found = true;
        return;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(statement);
  return found;
}

/** The names a `const` statement declares from one of `names` without awaiting (`const data = { id, text }`). */
function derivedNames(statement: ts.Statement, names: ReadonlySet<string>): string[] {
  if (!ts.isVariableStatement(statement)) return [];
  return statement.declarationList.declarations
    .filter(
      (declaration) =>
        ts.isIdentifier(declaration.name) &&
        declaration.initializer !== undefined &&
        !ts.isAwaitExpression(unwrapExpression(declaration.initializer)) &&
        mentions(declaration.initializer, names),
    )
    .map((declaration) => (declaration.name as ts.Identifier).text);
}

/**
 * Whether a call only prepares another call's input: not awaited, kept in a `const` of its own
 * (`const id = checkedId(args.id)`), and that constant (or a `const` made from it) is in the arguments of an
 * awaited call of a later statement.
 */
export function preparesInput(call: ts.CallExpression): boolean {
  let node: ts.Node = call;
  while (ts.isParenthesizedExpression(node.parent) || ts.isAsExpression(node.parent)) node = node.parent;
  const declaration = node.parent;
  if (!ts.isVariableDeclaration(declaration) || declaration.initializer !== node) return false;
  if (!ts.isIdentifier(declaration.name)) return false;
  const statement = declaration.parent.parent;
  if (!ts.isVariableStatement(statement)) return false;
  const siblings = siblingStatements(statement);
  if (!siblings) return false;
  const later = siblings.slice(siblings.indexOf(statement) + 1);
  const names = new Set([declaration.name.text]);
  for (const sibling of later) {
    if (awaitedCallTakes(sibling, names)) return true;
    for (const derived of derivedNames(sibling, names)) names.add(derived);
  }
  return false;
}
