/**
 * A definition whose name and input schema arrive by a spread: `{ ...searchSchema, handler: search }` kept
 * in a list, where `searchSchema` is `{ name: 'search', description, inputSchema }` of this file or exported
 * by another (`import { schema as searchSchema, search } from './search.js'`). The object the spread copies
 * is where the tool's name is written, so it is the registration site; the holder's handler is its handler.
 * Across files the defining file's own scan records it (role `spreadDefinition`, `member` = the export that
 * is the handler when it comes from the same module).
 */
import ts from 'typescript';
import { outermostWrapper, propertyNameText, unwrapExpression } from '../parse/syntax';
import { NOT_TOOL_KEYS, handlerMember, memberOf, valueOfMember } from './definitions';
import type { ExternalInfo } from './handlers';
import { recordHandler } from './handlerTargets';
import { moduleObjectOf } from './localObjects';
import { isTestFile } from './mcpSides';
import { type ScanState, handOffImport, nameOf, where } from './scanContext';

/** Schema keys that say "tool input" on their own (not `schema` / `params`, which many objects have). */
const INPUT_SCHEMA_KEYS = ['inputSchema', 'inputShape', 'paramsSchema', 'argsSchema', 'parameters'];
const NAME_KEYS = ['name', 'toolName'];

/** The one identifier the holder spreads (`...searchSchema`), when it spreads exactly one. */
function spreadSource(object: ts.ObjectLiteralExpression): ts.Identifier | undefined {
  const spreads = object.properties.filter(ts.isSpreadAssignment);
  if (spreads.length !== 1 || !spreads[0]) return undefined;
  const source = unwrapExpression(spreads[0].expression);
  return ts.isIdentifier(source) ? source : undefined;
}

/** A plain holder: an element of an array literal or the value of a variable, not a call's argument. */
function isPlainHolder(object: ts.ObjectLiteralExpression): boolean {
  const parent = outermostWrapper(object).parent;
  return ts.isArrayLiteralExpression(parent) || ts.isVariableDeclaration(parent);
}

/** `{ name, inputSchema, … }` without a handler of its own: metadata a holder completes. */
function isToolMetadata(object: ts.ObjectLiteralExpression): boolean {
  return (
    memberOf(object, NAME_KEYS) !== undefined &&
    memberOf(object, INPUT_SCHEMA_KEYS) !== undefined &&
    handlerMember(object) === undefined &&
    memberOf(object, NOT_TOOL_KEYS) === undefined
  );
}

/** Records the metadata object as the tool; `handler` is its function when known in this file. */
function recordMetadata(
  state: ScanState,
  metadata: ts.ObjectLiteralExpression,
  evidence: readonly string[],
  handler: ts.Expression | undefined,
): void {
  if (state.consumed.has(metadata) || state.registrations.some((r) => r.node === metadata)) return;
  const nameNode = valueOfMember(memberOf(metadata, NAME_KEYS));
  if (!nameNode) return;
  const resolved = nameOf(state, nameNode);
  const steps = [`tool metadata at ${where(state, metadata)}`, ...evidence];
  const recorded = recordHandler(state, handler, 'definition', resolved.name, steps);
  state.consumed.add(metadata);
  state.registrations.push({
    name: resolved.name,
    nameExpression: ts.isStringLiteralLike(unwrapExpression(nameNode)) ? undefined : resolved.expression,
    kind: 'definition',
    node: metadata,
    nameNode,
    handler: recorded.fn,
    evidence: [...steps, ...recorded.evidence],
    listed: true,
  });
}

/** Holders of this file: each completes the metadata it spreads with a handler. */
export function scanSpreadDefinitions(state: ScanState): void {
  // A test's fixtures copy real metadata (`{ ...meta, handler: fake }`): not a registration.
  if (isTestFile(state.sourceFile.fileName) || !state.sourceFile.text.includes('...')) return;
  for (const holder of state.index.of(ts.SyntaxKind.ObjectLiteralExpression, ts.isObjectLiteralExpression)) {
    if (state.consumed.has(holder) || !isPlainHolder(holder)) continue;
    const handler = handlerMember(holder);
    if (!handler || (!ts.isPropertyAssignment(handler) && !ts.isShorthandPropertyAssignment(handler))) continue;
    if (memberOf(holder, NAME_KEYS) || memberOf(holder, INPUT_SCHEMA_KEYS) || memberOf(holder, NOT_TOOL_KEYS)) continue;
    const source = spreadSource(holder);
    if (!source) continue;
    const handlerValue = valueOfMember(handler);
    const handlerKey = propertyNameText(handler.name) ?? 'handler';
    const evidence = [`spread into a definition with its ${handlerKey} at ${where(state, holder)}`];
    const imported = state.imports.get(source.text);
    if (!imported) {
      const metadata = moduleObjectOf(source);
      if (metadata && isToolMetadata(metadata)) recordMetadata(state, metadata, evidence, handlerValue);
      continue;
    }
    if (imported.exportName === '*' || !imported.specifier.startsWith('.')) continue;
    // The handler imported from the same module: that module links it to the tool it defines.
    const handlerInner = handlerValue && unwrapExpression(handlerValue);
    const handlerImport =
      handlerInner && ts.isIdentifier(handlerInner) ? state.imports.get(handlerInner.text) : undefined;
    const sameModule = handlerImport?.specifier === imported.specifier && handlerImport.exportName !== '*';
    const handedOff = handOffImport(state, imported.specifier, {
      exportName: imported.exportName,
      kind: 'definition',
      toolName: null,
      role: 'spreadDefinition',
      ...(sameModule ? { member: handlerImport.exportName } : {}),
      evidence,
    });
    if (handedOff && !sameModule) recordHandler(state, handlerValue, 'definition', null, evidence);
    if (handedOff) state.consumed.add(holder);
  }
}

/** An export of this file that another file spreads into a definition (role `spreadDefinition`). */
export function spreadDefinitionExport(state: ScanState, exportName: string, ref: ExternalInfo): void {
  const declared = state.sourceFile.statements
    .filter(ts.isVariableStatement)
    .flatMap((statement) => [...statement.declarationList.declarations])
    .find((declaration) => ts.isIdentifier(declaration.name) && declaration.name.text === exportName);
  const metadata = declared && ts.isIdentifier(declared.name) ? moduleObjectOf(declared.name) : undefined;
  if (!metadata || !isToolMetadata(metadata)) return;
  recordMetadata(state, metadata, ref.evidence ?? [], ref.member ? functionNameNode(state, ref.member) : undefined);
}

/** The identifier that declares the file's function `name` (`function name`, `const name = () => …`). */
function functionNameNode(state: ScanState, name: string): ts.Identifier | undefined {
  const fn = state.functions.get(name);
  if (!fn) return undefined;
  if (ts.isFunctionDeclaration(fn)) return fn.name;
  return ts.isVariableDeclaration(fn.parent) && ts.isIdentifier(fn.parent.name) ? fn.parent.name : undefined;
}
