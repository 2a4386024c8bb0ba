/**
 * Tool lists renamed on their way to the server: `withPrefix('billing', billingTools)`, where
 * `withPrefix` maps each tool of its list parameter to a copy named `${prefix}_${tool.name}` (or
 * `tool.mcp.name`, any template of the prefix parameter and the tool's own name). The tools of the
 * list take that wire name: definitions of this file, or — through imports, array spreads, `push`
 * calls and re-exports — of the files the list's entries come from (role `renamed`).
 */
import ts from 'typescript';
import { type FunctionLike, unwrapExpression, walk } from '../parse/syntax';
import type { Reexport } from './handlers';
import {
  type NamePattern,
  type Renamer,
  type ScanState,
  type ToolRegistration,
  handOffImport,
  nameOf,
  where,
} from './scanContext';

function parameterIndex(fn: FunctionLike, expression: ts.Expression): number {
  const inner = unwrapExpression(expression);
  if (!ts.isIdentifier(inner)) return -1;
  return fn.parameters.findIndex((p) => ts.isIdentifier(p.name) && p.name.text === inner.text);
}

/** `${prefix}_${tool.mcp.name}` (or the name first): the parts of a template over a prefix parameter and a name. */
function renamingTemplate(
  fn: FunctionLike,
  template: ts.TemplateExpression,
): (Renamer['parts'] & { prefixIndex: number }) | undefined {
  if (template.templateSpans.length !== 2) return undefined;
  const [first, second] = template.templateSpans;
  const isName = (expression: ts.Expression) => {
    const inner = unwrapExpression(expression);
    return ts.isPropertyAccessExpression(inner) && /^(name|toolName)$/.test(inner.name.text);
  };
  const firstParameter = parameterIndex(fn, first.expression);
  const secondParameter = parameterIndex(fn, second.expression);
  const parts = { head: template.head.text, middle: first.literal.text, tail: second.literal.text };
  if (firstParameter >= 0 && isName(second.expression))
    return { ...parts, prefixFirst: true, prefixIndex: firstParameter };
  if (secondParameter >= 0 && isName(first.expression))
    return { ...parts, prefixFirst: false, prefixIndex: secondParameter };
  return undefined;
}

/** Whether `fn` is a renamer: it maps a list parameter to copies whose `name` is such a template. */
function renamerOf(fn: FunctionLike): Renamer | undefined {
  if (fn.parameters.length < 2 || !fn.body) return undefined;
  let listIndex = -1;
  let found: (Renamer['parts'] & { prefixIndex: number }) | undefined;
  walk(fn, (node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'map' &&
      parameterIndex(fn, node.expression.expression) >= 0
    ) {
      listIndex = parameterIndex(fn, node.expression.expression);
    }
    if (
      !found &&
      ts.isPropertyAssignment(node) &&
      ts.isIdentifier(node.name) &&
      /^(name|toolName)$/.test(node.name.text) &&
      ts.isTemplateExpression(unwrapExpression(node.initializer))
    ) {
      found = renamingTemplate(fn, unwrapExpression(node.initializer) as ts.TemplateExpression);
    }
    return true;
  });
  if (!found || listIndex < 0 || listIndex === found.prefixIndex) return undefined;
  const { prefixIndex, ...parts } = found;
  return { prefixIndex, listIndex, parts };
}

function patternFor(renamer: Renamer, prefix: string): NamePattern {
  const { head, middle, tail, prefixFirst } = renamer.parts;
  return prefixFirst
    ? { prefix: head + prefix + middle, suffix: tail }
    : { prefix: head, suffix: middle + prefix + tail };
}

/** Registrations already renamed in a scan (a tool reached twice keeps one prefix). */
const renamedIn = new WeakMap<ScanState, Set<ToolRegistration>>();

function rename(state: ScanState, registration: ToolRegistration, pattern: NamePattern, evidence: readonly string[]) {
  let done = renamedIn.get(state);
  if (!done) renamedIn.set(state, (done = new Set()));
  if (done.has(registration) || registration.name === null || !registration.listed) return;
  done.add(registration);
  const bare = registration.name;
  registration.name = `${pattern.prefix}${bare}${pattern.suffix}`;
  registration.nameExpression = `\`${pattern.prefix}\${name}${pattern.suffix}\` with name '${bare}'`;
  registration.evidence = [...registration.evidence, ...evidence];
  const handler = registration.handler && state.handlers.find((h) => h.fn === registration.handler);
  if (handler) handler.toolName = registration.name;
}

/** The initializer of a top-level `const` of this file. */
function topLevelInitializer(state: ScanState, name: string): ts.Expression | undefined {
  for (const statement of state.sourceFile.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name) && declaration.name.text === name && declaration.initializer) {
        return declaration.initializer;
      }
    }
  }
  return undefined;
}

function handOff(
  state: ScanState,
  specifier: string,
  exportName: string,
  pattern: NamePattern,
  evidence: readonly string[],
) {
  handOffImport(state, specifier, {
    exportName,
    kind: 'definition',
    toolName: null,
    role: 'renamed',
    namePattern: pattern,
    evidence: [...evidence],
  });
}

/** Follows a renamed list to its tools: local definitions, arrays, spreads, `list.push(…)`, imports. */
function renameList(
  state: ScanState,
  expression: ts.Expression,
  pattern: NamePattern,
  evidence: readonly string[],
  depth: number,
): void {
  if (depth > 5) return;
  const inner = unwrapExpression(expression);
  if (ts.isArrayLiteralExpression(inner)) {
    for (const element of inner.elements) {
      renameList(state, ts.isSpreadElement(element) ? element.expression : element, pattern, evidence, depth + 1);
    }
    return;
  }
  if (ts.isCallExpression(inner)) {
    const registration = state.registrations.find((r) => r.node === inner);
    if (registration) rename(state, registration, pattern, evidence);
    return;
  }
  if (ts.isIdentifier(inner)) renameBinding(state, inner.text, pattern, evidence, depth);
}

/** A list (or tool) known by name in this file: imported, or a top-level `const` and what is pushed onto it. */
function renameBinding(
  state: ScanState,
  name: string,
  pattern: NamePattern,
  evidence: readonly string[],
  depth: number,
): boolean {
  const imported = state.imports.get(name);
  if (imported) {
    handOff(state, imported.specifier, imported.exportName, pattern, evidence);
    return true;
  }
  const initializer = topLevelInitializer(state, name);
  if (!initializer) return false;
  renameList(state, initializer, pattern, evidence, depth + 1);
  // `list.push(a, ...[b, c])` anywhere in the file.
  for (const call of state.index.of(ts.SyntaxKind.CallExpression, ts.isCallExpression)) {
    const callee = call.expression;
    if (
      ts.isPropertyAccessExpression(callee) &&
      callee.name.text === 'push' &&
      ts.isIdentifier(callee.expression) &&
      callee.expression.text === name
    ) {
      for (const argument of call.arguments) {
        renameList(state, ts.isSpreadElement(argument) ? argument.expression : argument, pattern, evidence, depth + 1);
      }
    }
  }
  return true;
}

/** The file's renamers, by function name (a cheap text test first: a `.map(` and a template). */
export function renamersOf(state: Pick<ScanState, 'functions' | 'sourceFile'>): Map<string, Renamer> {
  const renamers = new Map<string, Renamer>();
  const text = state.sourceFile.text;
  for (const [name, fn] of state.functions) {
    if (fn.parameters.length < 2) continue;
    const body = text.slice(fn.pos, fn.end);
    if (!body.includes('.map(') || !body.includes('${')) continue;
    const renamer = renamerOf(fn);
    if (renamer) renamers.set(name, renamer);
  }
  return renamers;
}

/** Calls of this file's renamers, or of renamers imported from another file: the lists they are given take the wire names. */
export function scanRenamedLists(
  state: ScanState,
  calls: readonly ts.CallExpression[],
  renamers: ReadonlyMap<string, Renamer>,
): void {
  for (const call of calls) {
    const callee = unwrapExpression(call.expression);
    if (!ts.isIdentifier(callee) || call.arguments.length < 2) continue;
    const imported = state.imports.get(callee.text);
    const renamer =
      renamers.get(callee.text) ??
      (imported && imported.exportName !== '*' && imported.specifier.startsWith('.')
        ? state.knowledge.renamer?.(imported.exportName)
        : undefined);
    const prefixArgument = renamer && call.arguments[renamer.prefixIndex];
    const listArgument = renamer && call.arguments[renamer.listIndex];
    if (!renamer || !prefixArgument || !listArgument) continue;
    const prefix = nameOf(state, prefixArgument).name;
    if (prefix === null) continue;
    const pattern = patternFor(renamer, prefix);
    const evidence = [
      `renamed to \`${pattern.prefix}\${name}${pattern.suffix}\` by ${callee.text}(…) at ${where(state, call)}`,
    ];
    renameList(state, listArgument, pattern, evidence, 0);
  }
}

/** An export of this file that another file's renamer is given (directly or through lists). */
export function renameExport(
  state: ScanState,
  exportName: string,
  pattern: NamePattern,
  evidence: readonly string[],
  reexports: readonly Reexport[],
): void {
  if (renameBinding(state, exportName, pattern, evidence, 0)) return;
  for (const reexport of reexports) {
    if (reexport.exportName === exportName)
      handOff(state, reexport.specifier, reexport.importedName, pattern, evidence);
    else if (reexport.exportName === '*') handOff(state, reexport.specifier, exportName, pattern, evidence);
  }
}
