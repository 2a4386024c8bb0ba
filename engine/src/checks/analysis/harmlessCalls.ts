/**
 * Calls that cannot fail the way the handler checks mean, whatever their arguments: a built-in reached
 * through a dotted path (`Object.prototype.hasOwnProperty.call(…)`), a test of a regular expression the
 * file writes as a literal (`ID_PATTERN.test(id)`), a date computed from the clock and constants
 * (`new Date(Date.now() + 7 * DAY).toISOString()`), `process.exit(…)`, which ends the process
 * rather than throwing: wrapping it in try/catch changes nothing the model sees, and the result helpers
 * of a server framework (mcp-use's `error(…)`, `markdown(…)`, `text(…)`), which only build a result.
 */
import ts from 'typescript';
import { unwrapExpression } from '../../parse/syntax';

/** Built-ins named by their whole dotted path. */
const HARMLESS_PATHS = new Set([
  'Object.prototype.hasOwnProperty.call',
  'Object.prototype.propertyIsEnumerable.call',
  'Object.prototype.toString.call',
  'Object.hasOwn',
  'Object.is',
  'Number.isSafeInteger',
  'process.exit',
]);

/** Methods of a RegExp that answer a match or `null`, never throw. */
const REGEX_METHODS = new Set(['test', 'exec']);

/** Server frameworks whose packages export result helpers, and the helpers' names. */
const FRAMEWORK_PACKAGE = /^mcp-use(\/server)?$/;
const FRAMEWORK_RESULT_HELPERS = new Set([
  'text',
  'markdown',
  'error',
  'object',
  'json',
  'html',
  'image',
  'audio',
  'binary',
  'resource',
  'mix',
]);

/** `a.b.c` of an identifier chain, or undefined for anything else (a call, an index, `this`). */
export function dottedPath(expression: ts.Expression): string | undefined {
  const inner = unwrapExpression(expression);
  if (ts.isIdentifier(inner)) return inner.text;
  if (!ts.isPropertyAccessExpression(inner)) return undefined;
  const head = dottedPath(inner.expression);
  return head === undefined ? undefined : `${head}.${inner.name.text}`;
}

const regexConstantsByFile = new WeakMap<ts.SourceFile, ReadonlySet<string>>();

/** Names the file binds with `const NAME = /…/` (anywhere in it). */
function regexConstants(sourceFile: ts.SourceFile): ReadonlySet<string> {
  const known = regexConstantsByFile.get(sourceFile);
  if (known) return known;
  const names = new Set<string>();
  if (sourceFile.text.includes('/')) {
    const visit = (node: ts.Node): void => {
      if (
        ts.isVariableDeclaration(node) &&
        ts.isIdentifier(node.name) &&
        node.initializer &&
        unwrapExpression(node.initializer).kind === ts.SyntaxKind.RegularExpressionLiteral &&
        ts.isVariableDeclarationList(node.parent) &&
        node.parent.flags & ts.NodeFlags.Const
      ) {
        names.add(node.name.text);
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
  }
  regexConstantsByFile.set(sourceFile, names);
  return names;
}

/** `PATTERN.test(…)` / `PATTERN.exec(…)` where the file binds `const PATTERN = /…/`. */
function testsRegexConstant(call: ts.CallExpression): boolean {
  const callee = unwrapExpression(call.expression);
  if (!ts.isPropertyAccessExpression(callee) || !REGEX_METHODS.has(callee.name.text)) return false;
  const receiver = unwrapExpression(callee.expression);
  return ts.isIdentifier(receiver) && regexConstants(call.getSourceFile()).has(receiver.text);
}

/** `Date.now()`, a number, or `+ - * /` of those: a time computed from the clock and constants. */
function isClockArithmetic(expression: ts.Expression): boolean {
  const inner = unwrapExpression(expression);
  if (ts.isNumericLiteral(inner)) return true;
  if (ts.isCallExpression(inner)) return inner.arguments.length === 0 && dottedPath(inner.expression) === 'Date.now';
  if (!ts.isBinaryExpression(inner)) return false;
  const op = inner.operatorToken.kind;
  const arithmetic =
    op === ts.SyntaxKind.PlusToken ||
    op === ts.SyntaxKind.MinusToken ||
    op === ts.SyntaxKind.AsteriskToken ||
    op === ts.SyntaxKind.SlashToken;
  return arithmetic && isClockArithmetic(inner.left) && isClockArithmetic(inner.right);
}

/** `new Date(Date.now() + 7 * 24 * 60 * 60 * 1000)`: always a valid date, whatever its methods are asked. */
export function isClockDate(expression: ts.Expression): boolean {
  const inner = unwrapExpression(expression);
  return (
    ts.isNewExpression(inner) &&
    ts.isIdentifier(inner.expression) &&
    inner.expression.text === 'Date' &&
    inner.arguments?.length === 1 &&
    isClockArithmetic(inner.arguments[0])
  );
}

const frameworkHelpersByFile = new WeakMap<ts.SourceFile, ReadonlySet<string>>();

/** Local names of the result helpers the file imports from a server framework's package. */
function frameworkResultHelpers(sourceFile: ts.SourceFile): ReadonlySet<string> {
  const known = frameworkHelpersByFile.get(sourceFile);
  if (known) return known;
  const names = new Set<string>();
  for (const statement of sourceFile.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!FRAMEWORK_PACKAGE.test(statement.moduleSpecifier.text)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements) {
      const imported = (element.propertyName ?? element.name).text;
      if (FRAMEWORK_RESULT_HELPERS.has(imported)) names.add(element.name.text);
    }
  }
  frameworkHelpersByFile.set(sourceFile, names);
  return names;
}

/** Whether a call is one of the harmless shapes above. */
export function isHarmlessCall(call: ts.CallExpression): boolean {
  const path = dottedPath(call.expression);
  if (path !== undefined && HARMLESS_PATHS.has(path)) return true;
  if (path !== undefined && !ts.isAwaitExpression(call.parent)) {
    if (frameworkResultHelpers(call.getSourceFile()).has(path)) return true;
  }
  return testsRegexConstant(call);
}
