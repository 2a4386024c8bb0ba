import ts from 'typescript';
import { canonicalCategory } from '../../../shared/src/taxonomy';
import { type ErrorEnvelope, CATEGORY_KEYS, RETRYABLE_KEYS, literalString } from '../envelopes/envelopes';
import { toolNameOf } from '../envelopes/envelopeFields';
import { inferFromWording } from '../fixes/inference';
import { quotedIn } from '../fixes/fileStyle';
import { breaksDeclaredFailureType } from '../fixes/returnType';
import { NodeIndex } from '../parse/nodeIndex';
import { enclosingFunction, isFunctionLike, propertyNameText, staticText, unwrapExpression } from '../parse/syntax';
import type { AnalysisContext, Check, Fix } from '../types';

/** Properties and variables whose value zero means "nothing matched". */
const COUNT_NAME =
  /^(length|size|count|total|rowCount|totalCount|numResults|hits|matchCount|resultCount)$|(Count|Total|Size)$/;
/** Wording of an access failure or a refusal: not a valid empty answer. */
const FAILURE_WORDING =
  /\b(unable|fail(ed|ure|s)?|cannot|can't|could not|couldn't|error(ed|s)?|refus(e|ed|es|ing|al)|invalid)\b|\bnot\b[^.]{0,24}\bvalid\b/i;
/** Wording that asks for other input ("No fields provided. Pass at least one of …"): a VALIDATION refusal. */
const MISSING_INPUT_WORDING = /\b(no \w+( \w+)? (were |was )?(provided|supplied|specified|given)|at least one)\b/i;
/** What a write produced (`created`, `updatedRows`): nothing there means the write failed, not an empty answer. */
const WRITE_OUTCOME_NAME =
  /^(created|updated|deleted|removed|inserted|added|saved|sent|uploaded|imported|applied|written|replaced|modified|changed|renamed|moved|patched|affected|succeeded|successful)/i;
/** A predicate's name (`hasRunbooksInGit`, `isEnabled`): its result is a yes/no answer, not a collection. */
const PREDICATE_NAME = /^(is|has|can|should|supports|contains|exists|includes|allows)[A-Z_]/;
/** Verbs of a tool name that reads (`list_runs`, `searchNotes`) or acts on a target (`update_fix`, `run-runbook`). */
const READ_VERB = /^(get|list|search|find|query|read|fetch|show|describe|count|lookup|browse|view|check|inspect)$/;
const ACT_VERB =
  /^(update|delete|remove|create|add|set|run|execute|deploy|apply|cancel|trigger|start|stop|restart|send|move|rename|approve|reject|merge|close|archive|enable|disable|assign|unassign|publish|upload|write|edit|modify|patch|retry|rerun|promote|rollback|toggle)$/;
/** Fields that only make sense on an error envelope; the fix drops them. */
const ERROR_ONLY_KEYS = new Set<string>([
  'isError',
  ...CATEGORY_KEYS,
  ...RETRYABLE_KEYS,
  'retryAfterMs',
  'retry_after_ms',
  'suggestedAction',
  'suggested_action',
]);

interface EmptinessTest {
  /** The collection or result the condition tests, for the message ("rows"). */
  subject: string;
  /** The subject is one record looked up by its id: nothing back is NOT_FOUND, not an empty answer. */
  lookupById?: boolean;
  /** The expression whose emptiness is tested (`rows.length`, `count`). */
  tested: ts.Expression;
}

function isZero(node: ts.Expression): boolean {
  const inner = unwrapExpression(node);
  return ts.isNumericLiteral(inner) && Number(inner.text) === 0;
}

function isOne(node: ts.Expression): boolean {
  const inner = unwrapExpression(node);
  return ts.isNumericLiteral(inner) && Number(inner.text) === 1;
}

/** `rows.length`, `set.size`, `count`: the subject name when `node` is a count. */
function countSubject(node: ts.Expression): string | undefined {
  const inner = unwrapExpression(node);
  if (ts.isPropertyAccessExpression(inner) && COUNT_NAME.test(inner.name.text)) {
    const owner = unwrapExpression(inner.expression);
    if (ts.isIdentifier(owner)) return owner.text;
    if (ts.isPropertyAccessExpression(owner)) return owner.name.text;
    return inner.name.text;
  }
  if (ts.isIdentifier(inner) && COUNT_NAME.test(inner.text)) return inner.text;
  return undefined;
}

/**
 * The call whose result `identifier` holds: `const rows = await db.query(…)` → that call. The first such
 * declaration of its function (not of functions nested in it), from the file's node index.
 */
function queryCallOf(identifier: ts.Identifier): ts.CallExpression | undefined {
  const function_ = enclosingFunction(identifier);
  const sourceFile = identifier.getSourceFile();
  const scope = function_ ?? sourceFile;
  for (const node of NodeIndex.of(sourceFile).within(scope, [ts.SyntaxKind.VariableDeclaration])) {
    if (
      !ts.isVariableDeclaration(node) ||
      !ts.isIdentifier(node.name) ||
      node.name.text !== identifier.text ||
      !node.initializer ||
      enclosingFunction(node) !== function_
    ) {
      continue;
    }
    let init = unwrapExpression(node.initializer);
    if (ts.isAwaitExpression(init)) init = unwrapExpression(init.expression);
    if (ts.isCallExpression(init)) return init;
  }
  return undefined;
}

/** The name a call is made through: `find` for `repo.find(…)`, `hasX` for `hasX(…)`. */
function calleeText(call: ts.CallExpression): string {
  const callee = unwrapExpression(call.expression);
  if (ts.isIdentifier(callee)) return callee.text;
  return ts.isPropertyAccessExpression(callee) ? callee.name.text : '';
}

/** Callee names of a lookup of one record by its key, whatever the result is called (`getLabelById`, `findUnique`). */
const LOOKUP_CALL = /ById$|^findUnique|^findOne$|^findByPk$/;
/** Callee names of a resolution of one named thing (`resolveCoinId`, `lookupUser`): a miss is NOT_FOUND. */
const RESOLVER_CALL = /^(resolve|lookup)[A-Z]/;

/**
 * A lookup of one record by its identifier (`findById(id)`, `get(orderId)`), or of one key in a map the
 * handler holds (`products.get(sku)`, not awaited): nothing back means NOT_FOUND.
 */
function isLookupById(call: ts.CallExpression): boolean {
  const name = calleeText(call);
  if (LOOKUP_CALL.test(name)) return true;
  // `resolveCoinId(name, ticker)`, `lookupUser(email)`: one record resolved from what names it.
  if (RESOLVER_CALL.test(name)) return true;
  if (name === 'get' && call.arguments.length === 1 && !ts.isAwaitExpression(call.parent)) return true;
  return call.arguments.some((arg) => {
    const inner = unwrapExpression(arg);
    const argName = ts.isIdentifier(inner) ? inner.text : ts.isPropertyAccessExpression(inner) ? inner.name.text : '';
    return /(^id|Id|ID)$/.test(argName);
  });
}

/**
 * Whether a count (`rows.length`) is of what a lookup by key returned (`const rows = index.getLabelById(id)`): the
 * rows of one keyed record, so none back means that record is NOT_FOUND. Only the callee's name decides here (a
 * list filtered by an id argument, `commentsOf(postId)`, can be validly empty).
 */
function countsLookupById(count: ts.Expression): boolean {
  const inner = unwrapExpression(count);
  const owner = ts.isPropertyAccessExpression(inner) ? unwrapExpression(inner.expression) : undefined;
  const call = owner && ts.isIdentifier(owner) ? queryCallOf(owner) : undefined;
  return call !== undefined && LOOKUP_CALL.test(calleeText(call));
}

/** Recognises `x.length === 0`, `!rows`, `!rows.length`, `size === 0`, `rows.length < 1`, `count == 0`. */
function emptinessTest(condition: ts.Expression): EmptinessTest | undefined {
  const node = unwrapExpression(condition);
  if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.ExclamationToken) {
    const operand = unwrapExpression(node.operand);
    const counted = countSubject(operand);
    if (counted) return { subject: counted, lookupById: countsLookupById(operand), tested: operand };
    const call = ts.isIdentifier(operand) ? queryCallOf(operand) : undefined;
    if (call && ts.isIdentifier(operand) && !PREDICATE_NAME.test(calleeText(call))) {
      // A plural name (`orders`, `rows`, `matchList`) holds a list, even when the query takes an id.
      const singular = !/(s|List|Array|data)$/i.test(operand.text);
      return { subject: operand.text, lookupById: singular && isLookupById(call), tested: operand };
    }
    return undefined;
  }
  if (ts.isBinaryExpression(node)) {
    const op = node.operatorToken.kind;
    if (op === ts.SyntaxKind.BarBarToken || op === ts.SyntaxKind.AmpersandAmpersandToken) {
      return emptinessTest(node.left) ?? emptinessTest(node.right);
    }
    const equality = [
      ts.SyntaxKind.EqualsEqualsEqualsToken,
      ts.SyntaxKind.EqualsEqualsToken,
      ts.SyntaxKind.LessThanEqualsToken,
    ].includes(op);
    const leftCount = countSubject(node.left);
    if (leftCount && ((equality && isZero(node.right)) || (op === ts.SyntaxKind.LessThanToken && isOne(node.right)))) {
      return { subject: leftCount, lookupById: countsLookupById(node.left), tested: node.left };
    }
    const rightCount = countSubject(node.right);
    const mirrored = [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken].includes(op);
    if (rightCount && mirrored && isZero(node.left)) {
      return { subject: rightCount, lookupById: countsLookupById(node.right), tested: node.right };
    }
  }
  return undefined;
}

/** Recognises the opposite tests, for envelopes in the `else` branch: `rows.length > 0`, `count !== 0`. */
function nonEmptinessTest(condition: ts.Expression): EmptinessTest | undefined {
  const node = unwrapExpression(condition);
  if (!ts.isBinaryExpression(node)) {
    const counted = countSubject(node);
    return counted ? { subject: counted, tested: node } : undefined;
  }
  const op = node.operatorToken.kind;
  const subject = countSubject(node.left);
  if (!subject) return undefined;
  const notZero = [ts.SyntaxKind.ExclamationEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsToken].includes(op);
  if ((notZero || op === ts.SyntaxKind.GreaterThanToken) && isZero(node.right)) return { subject, tested: node.left };
  if (op === ts.SyntaxKind.GreaterThanEqualsToken && isOne(node.right)) return { subject, tested: node.left };
  return undefined;
}

/** The emptiness test of the nearest branch that holds `node`, if that branch is the "empty" one. */
function emptyBranchTest(node: ts.Node): EmptinessTest | undefined {
  let child: ts.Node = node;
  let current: ts.Node | undefined = node.parent;
  while (current && !isFunctionLike(current)) {
    if (ts.isIfStatement(current) && child !== current.expression) {
      return child === current.thenStatement ? emptinessTest(current.expression) : nonEmptinessTest(current.expression);
    }
    if (ts.isConditionalExpression(current) && child !== current.condition) {
      return child === current.whenTrue ? emptinessTest(current.condition) : nonEmptinessTest(current.condition);
    }
    if (ts.isCaseClause(current) || ts.isCatchClause(current)) return undefined;
    child = current;
    current = current.parent;
  }
  return undefined;
}

/** The identifier an access path starts from: `args.items.length` → args. */
function rootIdentifier(node: ts.Expression): ts.Identifier | undefined {
  let current = unwrapExpression(node);
  while (ts.isPropertyAccessExpression(current) || ts.isElementAccessExpression(current)) {
    current = unwrapExpression(current.expression);
  }
  return ts.isIdentifier(current) ? current : undefined;
}

function bindingNames(name: ts.BindingName, into: Set<string>): Set<string> {
  if (ts.isIdentifier(name)) into.add(name.text);
  else for (const element of name.elements) if (!ts.isOmittedExpression(element)) bindingNames(element.name, into);
  return into;
}

/**
 * Whether the tested value is the tool's own input (a parameter of the handler, destructured or not):
 * an empty input is a VALIDATION matter ("provide at least one item"), not an empty answer.
 */
function testsToolInput(context: AnalysisContext, test: EmptinessTest): boolean {
  const root = rootIdentifier(test.tested);
  const handler = root && context.handlerOf(test.tested);
  if (!root || !handler || enclosingFunction(test.tested) !== handler.fn) return false;
  const names = new Set<string>();
  for (const parameter of handler.fn.parameters) bindingNames(parameter.name, names);
  return names.has(root.text);
}

/** Whether the text names a specific resource: a template hole, a number, or a quoted value. */
function namesAnIdentifier(text: string): boolean {
  return /\$\{…\}|\d|["'`]|#\w/.test(text);
}

/** The string values written in an object literal (nested objects included): `{ success: false, error: '…' }`. */
function literalStrings(object: ts.ObjectLiteralExpression): string[] {
  const strings: string[] = [];
  for (const property of object.properties) {
    if (!ts.isPropertyAssignment(property)) continue;
    const value = unwrapExpression(property.initializer);
    if (ts.isObjectLiteralExpression(value)) strings.push(...literalStrings(value));
    else {
      const text = staticText(value);
      if (text !== undefined) strings.push(text);
    }
  }
  return strings;
}

/** `output.message` where `const output = { …, message: '…' }` in the same function: that property's text. */
function declaredPropertyText(node: ts.Expression): string | undefined {
  const access = unwrapExpression(node);
  if (!ts.isPropertyAccessExpression(access) || !ts.isIdentifier(access.expression)) return undefined;
  const name = access.expression.text;
  const scope = enclosingFunction(access);
  if (!scope) return undefined;
  for (const declaration of NodeIndex.of(access.getSourceFile()).within(scope, [ts.SyntaxKind.VariableDeclaration])) {
    if (!ts.isVariableDeclaration(declaration) || !ts.isIdentifier(declaration.name)) continue;
    if (declaration.name.text !== name || !declaration.initializer) continue;
    const init = unwrapExpression(declaration.initializer);
    if (!ts.isObjectLiteralExpression(init)) return undefined;
    const property = init.properties.find(
      (p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && propertyNameText(p.name) === access.name.text,
    );
    return property ? staticText(unwrapExpression(property.initializer)) : undefined;
  }
  return undefined;
}

/** The static lines of a text written as a list of lines joined (`[\`❌ Cannot …\`, '', 'Pass one of:'].join('\\n')`). */
function joinedLines(node: ts.Expression): string[] {
  const call = unwrapExpression(node);
  if (!ts.isCallExpression(call) || !ts.isPropertyAccessExpression(call.expression)) return [];
  if (call.expression.name.text !== 'join') return [];
  const list = unwrapExpression(call.expression.expression);
  if (!ts.isArrayLiteralExpression(list)) return [];
  return list.elements.flatMap((element) => staticText(element) ?? []);
}

/**
 * What the envelope says, for its wording: its static texts (and the lines of a joined list), the strings of an object serialised into the
 * text (`JSON.stringify({ success: false, error: '…' })`), a message read from an object declared beside it
 * (`text: output.message`), and the strings of a literal structuredContent.
 */
function wordingOf(envelope: ErrorEnvelope): string {
  const parts: string[] = [];
  for (const part of envelope.texts) {
    if (part.staticText !== undefined) parts.push(part.staticText);
    parts.push(...joinedLines(part.node));
    if (part.jsonObject) parts.push(...literalStrings(part.jsonObject));
    const declared = declaredPropertyText(part.node);
    if (declared !== undefined) parts.push(declared);
  }
  if (envelope.structuredContent) parts.push(...literalStrings(envelope.structuredContent));
  return parts.join(' ');
}

/**
 * Whether the tool acts on a target (`update_fix`, `runRunbook`): nothing found to act on is then a failure
 * (NOT_FOUND), not an empty answer. The first verb among the name's words decides (`get_run_status` reads).
 */
function actsOnTarget(toolName: string | null): boolean {
  if (!toolName) return false;
  const words = toolName
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/);
  for (const word of words) {
    if (READ_VERB.test(word)) return false;
    if (ACT_VERB.test(word)) return true;
  }
  return false;
}

/** Whether this empty-branch envelope reports a real failure after all rather than a valid empty answer. */
function isRealFailure(envelope: ErrorEnvelope, test: EmptinessTest): boolean {
  if (test.lookupById) return true;
  const category = canonicalCategory(literalString(envelope.category) ?? '');
  // An explicit category other than UNKNOWN is a considered decision (NOT_FOUND for a lookup by id,
  // TRANSIENT for "no healthy replica", BUSINESS for "cannot check out an empty cart").
  if (category && category !== 'UNKNOWN') return true;
  const text = wordingOf(envelope);
  if (FAILURE_WORDING.test(text) || MISSING_INPUT_WORDING.test(text)) return true;
  const root = rootIdentifier(test.tested);
  if (root && WRITE_OUTCOME_NAME.test(root.text)) return true;
  const wording = inferFromWording(text);
  if (!wording) return false;
  if (wording.category === 'NOT_FOUND') return namesAnIdentifier(text);
  return true;
}

/** Strips a leading facts prefix such as `[NOT_FOUND, not retryable] ` from a message. */
function withoutFacts(text: string): string {
  return text.replace(/^\[[A-Za-z_]+, (not )?retryable\]\s*/, '');
}

/** The text of the valid empty result: the original message without a facts prefix, or (for none or JSON) a description of what is empty. */
function emptyResultText(context: AnalysisContext, envelope: ErrorEnvelope, subject: string): string {
  const first = envelope.texts[0];
  if (first && !first.jsonObject && !first.jsonKeys) {
    const node = unwrapExpression(first.node);
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      const message = withoutFacts(node.text).trim();
      if (message.length > 0) return quotedIn(context, message);
    } else {
      return first.node.getText(context.sourceFile).replace(/^`\[[A-Za-z_]+, (not )?retryable\]\s*/, '`');
    }
  }
  return quotedIn(context, `No ${subject} matched the request.`);
}

/**
 * Whether the envelope's text is JSON that says the call failed (`JSON.stringify({ success: false, error: … })`):
 * the author's own verdict, which a "nothing matched" text would contradict and lose.
 */
function saysFailureInJson(envelope: ErrorEnvelope): boolean {
  return envelope.texts.some(
    (text) =>
      text.jsonObject !== undefined &&
      text.jsonObject.properties.some(
        (property) =>
          ts.isPropertyAssignment(property) &&
          /^(?:success|ok)$/.test(propertyNameText(property.name) ?? '') &&
          unwrapExpression(property.initializer).kind === ts.SyntaxKind.FalseKeyword,
      ),
  );
}

/** Whether the envelope's own text item writes `type: 'text' as const`, which the replacement keeps. */
function writesConstTextType(context: AnalysisContext, envelope: ErrorEnvelope): boolean {
  const start = envelope.object.getStart(context.sourceFile);
  return /type:\s*(['"])text\1\s+as\s+const\b/.test(context.text.slice(start, envelope.object.getEnd()));
}

function fix(context: AnalysisContext, envelope: ErrorEnvelope, test: EmptinessTest): Fix[] {
  const object = envelope.object;
  // A client's own result type (`{ result: null; isError: true; error: string }`) has no `content` to give.
  if (breaksDeclaredFailureType(object, ['content'])) return [];
  if (saysFailureInJson(envelope)) return [];
  const sourceFile = context.sourceFile;
  const kept = object.properties.filter((property) => {
    const name = propertyNameText(property.name);
    return !(name && (ERROR_ONLY_KEYS.has(name) || name === 'content' || name === 'structuredContent'));
  });
  const text = emptyResultText(context, envelope, test.subject);
  // In the file's quotes; `as const` kept where the author wrote it (the literal may be typed by nothing else).
  const type = `${quotedIn(context, 'text')}${writesConstTextType(context, envelope) ? ' as const' : ''}`;
  const parts = [`content: [{ type: ${type}, text: ${text} }]`, ...kept.map((p) => p.getText(sourceFile))];
  const start = object.getStart(sourceFile);
  const multiline = context.text.slice(start, object.getEnd()).includes('\n');
  const indent = context.indentOf(object);
  const newText = multiline
    ? `{\n${parts.map((part) => `${indent}  ${part},`).join('\n')}\n${indent}}`
    : `{ ${parts.join(', ')} }`;
  return [
    {
      title: `Return a valid empty result instead of an error (nothing in ${test.subject})`,
      edits: [{ start, end: object.getEnd(), newText }],
      preferred: true,
    },
  ];
}

export const emptyResultAsError: Check<'emptyResultAsError'> = {
  meta: {
    id: 'empty-result-as-error',
    description: 'An error envelope returned when a query found nothing: a valid empty answer reported as a failure.',
    defaultSeverity: 'warning',
    fixable: true,
    messages: {
      emptyResultAsError:
        'This branch runs when nothing was found (it tests {{subject}}), yet it reports isError: true. Finding nothing is a valid answer: return it as a result with a descriptive text, so the agent does not retry or give up on a call that worked.',
    },
  },
  run(context, report) {
    for (const envelope of context.envelopes) {
      if (envelope.conditional) continue;
      const test = emptyBranchTest(envelope.object);
      if (!test || isRealFailure(envelope, test) || testsToolInput(context, test)) continue;
      if (actsOnTarget(toolNameOf(context, envelope.object))) continue;
      report({
        node: envelope.isErrorProperty,
        messageId: 'emptyResultAsError',
        data: { subject: test.subject },
        fixes: () => fix(context, envelope, test),
      });
    }
  },
};
