/**
 * Tool names that are not string literals: module constants, members of names objects and enums,
 * `toolName || 'default'`, templates over constants, and constants imported from another file.
 * What cannot be known statically keeps its expression text.
 */
import ts from 'typescript';
import { type FunctionLike, propertyNameText, returnedExpressions, unwrapExpression } from '../parse/syntax';

/** A constant's value: a string, or an object (names object, enum) of such values. */
export type ConstValue = string | { readonly [key: string]: ConstValue };

export interface ResolvedName {
  /** The name, where it can be known. */
  name: string | null;
  /** The expression's text as written (for names that cannot be known, and for `--explain`). */
  expression: string;
}

/**
 * Where a function's returned object is kept in its constant: `getConfig()` reads `value['()']`, and a
 * class's static `Thing.createConfig()` reads `value.createConfig['()']`.
 */
const RETURNED = '()';

/** Looks an identifier up in the file's scope and, through imports, in other files. */
export type ConstLookup = (identifier: string) => ConstValue | undefined;

/** A constant's value from its initialiser, or undefined when it is not made of literals and known constants. */
export function constValueOf(node: ts.Expression, local: ConstLookup): ConstValue | undefined {
  const inner = unwrapExpression(node);
  if (ts.isStringLiteralLike(inner)) return inner.text;
  if (ts.isObjectLiteralExpression(inner)) {
    const result: Record<string, ConstValue> = {};
    for (const property of inner.properties) {
      // `{ name, … }` after `const name = 'x'`: the shorthand's constant.
      if (ts.isShorthandPropertyAssignment(property)) {
        const value = local(property.name.text);
        if (typeof value === 'string') result[property.name.text] = value;
        else delete result[property.name.text];
        continue;
      }
      // `{ ...BASE_CONFIG, description }`: the spread constant's members, until a later property replaces one.
      if (ts.isSpreadAssignment(property)) {
        const spread = lookupPath(property.expression, local);
        if (spread !== undefined && typeof spread === 'object') Object.assign(result, spread);
        continue;
      }
      const key = propertyNameText(property.name);
      if (key === undefined) continue;
      const value = ts.isPropertyAssignment(property) ? constValueOf(property.initializer, local) : undefined;
      if (value !== undefined) result[key] = value;
      else delete result[key];
    }
    return Object.keys(result).length > 0 ? result : undefined;
  }
  const text = valueOf(inner, local);
  return text ?? definitionLookup(inner) ?? validatedLiteral(inner, local) ?? lookupPath(inner, local);
}

/** Callees that check or build a definition and return it: `ToolSchema.parse({…})`, `defineTool({…})`. */
const VALIDATING_CALL = /^(parse|define\w*)$/;

/**
 * `export const ThingTool = ToolSchema.parse({ name: 'thing', … })`: the literal a validating call
 * wraps, whose `.name` is the definition's name.
 */
function validatedLiteral(node: ts.Expression, local: ConstLookup): ConstValue | undefined {
  if (!ts.isCallExpression(node) || node.arguments.length !== 1) return undefined;
  const argument = unwrapExpression(node.arguments[0]);
  if (!ts.isObjectLiteralExpression(argument)) return undefined;
  const callee = unwrapExpression(node.expression);
  const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : '';
  return VALIDATING_CALL.test(name) ? constValueOf(argument, local) : undefined;
}

/** Callees that fetch a tool definition by its name: `getToolDefinition('x')`, `findToolSpec('x')`. */
const DEFINITION_LOOKUP = /^(get|find|lookup|load|read)\w*(Tool|Definition|Def|Spec)\w*$/i;

/**
 * `const searchTool = getToolDefinition('search')`: a definition looked up by its name, whose
 * `.name` is that name.
 */
function definitionLookup(node: ts.Expression): ConstValue | undefined {
  if (!ts.isCallExpression(node) || node.arguments.length !== 1) return undefined;
  const argument = unwrapExpression(node.arguments[0]);
  const callee = unwrapExpression(node.expression);
  const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : '';
  return ts.isStringLiteralLike(argument) && DEFINITION_LOOKUP.test(name) ? { name: argument.text } : undefined;
}

/** The module-level constants of a file (`const X = 'x'`, names objects, string enums), by name. */
export function fileConstants(sourceFile: ts.SourceFile): Map<string, ConstValue> {
  const constants = new Map<string, ConstValue>();
  const lookup: ConstLookup = (name) => constants.get(name);
  for (const statement of sourceFile.statements) {
    if (ts.isVariableStatement(statement) && statement.declarationList.flags & ts.NodeFlags.Const) {
      for (const declaration of statement.declarationList.declarations) {
        if (!ts.isIdentifier(declaration.name) || !declaration.initializer) continue;
        const value = constValueOf(declaration.initializer, lookup);
        if (value !== undefined) constants.set(declaration.name.text, value);
      }
    } else if (ts.isEnumDeclaration(statement)) {
      const members: Record<string, ConstValue> = {};
      for (const member of statement.members) {
        const key = propertyNameText(member.name);
        if (key !== undefined && member.initializer && ts.isStringLiteralLike(member.initializer)) {
          members[key] = member.initializer.text;
        }
      }
      if (Object.keys(members).length > 0) constants.set(statement.name.text, members);
    }
  }
  addReturnedObjects(sourceFile, constants, lookup);
  // `export default ToolNames;` after `enum ToolNames { … }`: importers know the constant as `default`.
  for (const statement of sourceFile.statements) {
    if (!ts.isExportAssignment(statement) || statement.isExportEquals) continue;
    const exported = unwrapExpression(statement.expression);
    const value = ts.isIdentifier(exported) ? constants.get(exported.text) : undefined;
    if (value !== undefined) constants.set('default', value);
  }
  return constants;
}

/** The object a function always returns (`{ ...BASE, description }`), its parameters unknown. */
function returnedObject(fn: FunctionLike, lookup: ConstLookup): ConstValue | undefined {
  const returned = returnedExpressions(fn);
  // Most functions do not return an object literal first: nothing to resolve then.
  if (returned.length === 0 || !ts.isObjectLiteralExpression(unwrapExpression(returned[0]))) return undefined;
  const parameters = new Set(fn.parameters.flatMap((p) => (ts.isIdentifier(p.name) ? [p.name.text] : [])));
  const own: ConstLookup = (name) => (parameters.has(name) ? undefined : lookup(name));
  const values = returned.map((expression) => {
    const inner = unwrapExpression(expression);
    return ts.isObjectLiteralExpression(inner) ? constValueOf(inner, own) : undefined;
  });
  const [first] = values;
  if (first === undefined || values.some((value) => JSON.stringify(value) !== JSON.stringify(first))) return undefined;
  return { [RETURNED]: first };
}

/** Module functions and static methods that return an object of constants (config builders), by name. */
function addReturnedObjects(sourceFile: ts.SourceFile, constants: Map<string, ConstValue>, lookup: ConstLookup): void {
  const add = (name: string, value: ConstValue | undefined) => {
    if (value !== undefined && !constants.has(name)) constants.set(name, value);
  };
  for (const statement of sourceFile.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name)
      add(statement.name.text, returnedObject(statement, lookup));
    else if (ts.isVariableStatement(statement) && statement.declarationList.flags & ts.NodeFlags.Const) {
      for (const declaration of statement.declarationList.declarations) {
        const init = declaration.initializer && unwrapExpression(declaration.initializer);
        if (ts.isIdentifier(declaration.name) && init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init))) {
          add(declaration.name.text, returnedObject(init, lookup));
        }
      }
    } else if (ts.isClassDeclaration(statement) && statement.name) {
      const members: Record<string, ConstValue> = {};
      for (const member of statement.members) {
        if (!ts.isMethodDeclaration(member)) continue;
        const key = propertyNameText(member.name);
        const isStatic = ts.getModifiers(member)?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword) === true;
        const value = isStatic && key ? returnedObject(member, lookup) : undefined;
        if (key && value !== undefined) members[key] = value;
      }
      if (Object.keys(members).length > 0) add(statement.name.text, members);
    }
  }
}

function member(value: ConstValue | undefined, key: string): ConstValue | undefined {
  return value !== undefined && typeof value === 'object' ? value[key] : undefined;
}

function lookupPath(node: ts.Expression, lookup: ConstLookup): ConstValue | undefined {
  const inner = unwrapExpression(node);
  if (ts.isIdentifier(inner)) return lookup(inner.text);
  if (ts.isPropertyAccessExpression(inner)) return member(lookupPath(inner.expression, lookup), inner.name.text);
  if (ts.isCallExpression(inner)) return member(lookupPath(inner.expression, lookup), RETURNED);
  if (ts.isElementAccessExpression(inner) && ts.isStringLiteralLike(inner.argumentExpression)) {
    return member(lookupPath(inner.expression, lookup), inner.argumentExpression.text);
  }
  return undefined;
}

function valueOf(node: ts.Expression, lookup: ConstLookup): string | undefined {
  const inner = unwrapExpression(node);
  if (ts.isStringLiteralLike(inner)) return inner.text;
  if (ts.isTemplateExpression(inner)) {
    let text = inner.head.text;
    for (const span of inner.templateSpans) {
      const part = valueOf(span.expression, lookup);
      if (part === undefined) return undefined;
      text += part + span.literal.text;
    }
    return text;
  }
  if (ts.isBinaryExpression(inner)) {
    const operator = inner.operatorToken.kind;
    if (operator === ts.SyntaxKind.PlusToken) {
      const left = valueOf(inner.left, lookup);
      const right = valueOf(inner.right, lookup);
      return left !== undefined && right !== undefined ? left + right : undefined;
    }
    if (operator === ts.SyntaxKind.BarBarToken || operator === ts.SyntaxKind.QuestionQuestionToken) {
      return valueOf(inner.left, lookup) ?? valueOf(inner.right, lookup);
    }
    return undefined;
  }
  // `ToolNames.Search.toString()`, `String(ToolNames.Search)`: the string converted is the name.
  const converted = convertedToString(inner);
  if (converted) return valueOf(converted, lookup);
  const value = lookupPath(inner, lookup);
  return typeof value === 'string' ? value : undefined;
}

/** The operand of `x.toString()` or `String(x)`, when the expression is such a conversion. */
function convertedToString(node: ts.Expression): ts.Expression | undefined {
  if (!ts.isCallExpression(node)) return undefined;
  const callee = unwrapExpression(node.expression);
  if (node.arguments.length === 0 && ts.isPropertyAccessExpression(callee) && callee.name.text === 'toString') {
    return callee.expression;
  }
  if (node.arguments.length === 1 && ts.isIdentifier(callee) && callee.text === 'String') return node.arguments[0];
  return undefined;
}

/** Resolves a tool-name expression; `lookup` finds constants (same file first, then imports). */
export function resolveName(node: ts.Expression, lookup: ConstLookup, sourceFile: ts.SourceFile): ResolvedName {
  return { name: valueOf(node, lookup) ?? null, expression: node.getText(sourceFile) };
}
