/**
 * One run-time classification per envelope: when a fix reads a field from `classifyError(error)`, it binds the
 * classification to a local before the statement that builds the envelope (`const classified =
 * classifyError(error);`) and reads the field from it, so the fix adding `isRetryable` later reuses the
 * classification the `errorCategory` fix made instead of classifying the same error twice.
 */
import ts from 'typescript';
import { isFunctionLike, unwrapExpression, walk } from '../parse/syntax';
import type { AnalysisContext, OffsetEdit } from '../types';
import { fileStyle } from './fileStyle';

const LOCAL_NAME = 'classified';

/** The statement around `node` that sits directly in a block (or case clause) of its function, if any. */
function statementOf(node: ts.Node): ts.Statement | undefined {
  let current: ts.Node = node;
  while (current.parent && !isFunctionLike(current)) {
    const parent = current.parent;
    if ((ts.isBlock(parent) || ts.isCaseClause(parent) || ts.isDefaultClause(parent)) && ts.isStatement(current)) {
      return current;
    }
    if (ts.isSourceFile(parent)) return undefined;
    current = parent;
  }
  return undefined;
}

/** Whether `expression` is `classify(subject)` (a name, or a property such as `result.error`). */
function isClassification(expression: ts.Expression | undefined, classify: string, subject: string): boolean {
  const call = expression && unwrapExpression(expression);
  if (!call || !ts.isCallExpression(call) || call.arguments.length !== 1) return false;
  const argument = call.arguments[0];
  return (
    ts.isIdentifier(call.expression) &&
    call.expression.text === classify &&
    (ts.isIdentifier(argument) || ts.isPropertyAccessExpression(argument)) &&
    argument.getText() === subject
  );
}

/** A `const x = classify(subject)` before `statement` in the blocks around it, within its function. */
function existingLocal(statement: ts.Statement, classify: string, subject: string): string | undefined {
  let child: ts.Node = statement;
  let current: ts.Node | undefined = statement.parent;
  while (current && !isFunctionLike(current)) {
    const statements = ts.isBlock(current) || ts.isCaseClause(current) ? current.statements : undefined;
    for (const earlier of statements ?? []) {
      if (earlier === child) break;
      if (!ts.isVariableStatement(earlier) || !(earlier.declarationList.flags & ts.NodeFlags.Const)) continue;
      for (const declaration of earlier.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name) && isClassification(declaration.initializer, classify, subject)) {
          return declaration.name.text;
        }
      }
    }
    child = current;
    current = current.parent;
  }
  return undefined;
}

/** `classified`, or `classified2`… when the function (or file) already uses the name. */
function freeName(scope: ts.Node): string {
  const used = new Set<string>();
  walk(scope, (node) => {
    if (ts.isIdentifier(node)) used.add(node.text);
  });
  let name = LOCAL_NAME;
  for (let n = 2; used.has(name); n++) name = `${LOCAL_NAME}${n}`;
  return name;
}

const OTHER_FIELD = {
  errorCategory: ['isRetryable', 'is_retryable'],
  isRetryable: ['errorCategory', 'error_category'],
} as const;

/** The envelope's property holding the other field, by its key. */
function otherProperty(object: ts.ObjectLiteralExpression, field: keyof typeof OTHER_FIELD): ts.Node | undefined {
  const names: readonly string[] = OTHER_FIELD[field];
  return object.properties.find(
    (property) =>
      (ts.isPropertyAssignment(property) || ts.isShorthandPropertyAssignment(property)) &&
      (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)) &&
      names.includes(property.name.text),
  );
}

/**
 * The name holding `classify(subject)` for the envelope `object`, and the edits that declare it (and make the
 * other field read it), when the envelope needs the classification for both fields: the other field is missing
 * (its fix will come) or reads `classify(subject)` itself. Undefined when one inline call is all it needs, or
 * the envelope is not built by a statement in a block (an expression body).
 */
export function sharedClassification(
  context: AnalysisContext,
  object: ts.Node,
  field: 'errorCategory' | 'isRetryable',
  classify: string,
  subject: string,
): { name: string; edits: OffsetEdit[] } | undefined {
  if (!ts.isObjectLiteralExpression(object)) return undefined;
  const statement = statementOf(object);
  if (!statement || sharesScopeWithAnotherEnvelope(statement)) return undefined;
  const existing = existingLocal(statement, classify, subject);
  const other = otherProperty(object, field);
  const otherValue = other && ts.isPropertyAssignment(other) ? unwrapExpression(other.initializer) : undefined;
  const read = otherValue && ts.isPropertyAccessExpression(otherValue) ? otherValue.expression : undefined;
  const readsLocal = read !== undefined && ts.isIdentifier(read) && read.text === existing;
  const readsCall = read !== undefined && isClassification(read, classify, subject);
  if (other && !readsLocal && !readsCall) return undefined;
  const name = existing ?? freeName(enclosingScope(statement));
  const edits: OffsetEdit[] = [];
  if (!existing) {
    const start = statement.getStart(context.sourceFile);
    edits.push({
      start,
      end: start,
      newText: `const ${name} = ${classify}(${subject})${fileStyle(context.sourceFile).semicolon}\n${context.indentOf(statement)}`,
    });
  }
  if (readsCall) edits.push({ start: read.getStart(context.sourceFile), end: read.getEnd(), newText: name });
  return { name, edits };
}

/**
 * Whether another error envelope is built in the same block scope as `statement` (the block, or the whole switch for
 * an unbraced case clause). Fix-all applies both fixes in one pass, each choosing the free name `classified` before
 * the other exists: two `const classified` in one scope would not compile, so such envelopes classify inline.
 */
function sharesScopeWithAnotherEnvelope(statement: ts.Statement): boolean {
  const container =
    ts.isCaseClause(statement.parent) || ts.isDefaultClause(statement.parent)
      ? statement.parent.parent
      : statement.parent;
  let found = false;
  const visit = (node: ts.Node): void => {
    if (found || node === statement || isFunctionLike(node)) return;
    if (ts.isBlock(node)) return; // a nested block is a scope of its own
    if (
      ts.isPropertyAssignment(node) &&
      (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name)) &&
      node.name.text === 'isError'
    ) {
      found = true;
      return;
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(container, visit);
  return found;
}

function enclosingScope(statement: ts.Statement): ts.Node {
  let scope: ts.Node = statement;
  while (scope.parent && !isFunctionLike(scope)) scope = scope.parent;
  return scope;
}
