/**
 * File-convention tools (xmcp and frameworks like it): a file under a `tools/` folder is one tool,
 * with no registration call anywhere. It exports its input `schema` and/or a `metadata` object
 * naming the tool, and its default export is the handler. Without a name in the metadata the file
 * name is the tool name.
 */
import * as path from 'node:path';
import ts from 'typescript';
import { type FunctionLike, propertyNameText, unwrapExpression } from '../parse/syntax';
import { type ScanState, nameOf, where } from './scanContext';

/** Packages whose projects follow the convention: a file under `tools/` that imports one is a tool. */
const FILE_CONVENTION_MODULES = /^xmcp(?:\/|$)/;
/** The folders such a framework reads: its tools, prompts and resources. */
const CONVENTION_FOLDERS = new Set(['tools', 'prompts', 'resources']);
/** Metadata types of the framework's other primitives: a file whose metadata is typed so is not a tool. */
const OTHER_PRIMITIVE_METADATA = /^(?:Prompt|Resource)Metadata$/;

function hasModifier(node: ts.Node, kind: ts.SyntaxKind): boolean {
  return ts.canHaveModifiers(node) ? (ts.getModifiers(node) ?? []).some((m) => m.kind === kind) : false;
}

/** `export const schema = …` / `export const metadata = { … }` of the file, by name. */
function exportedConstants(sourceFile: ts.SourceFile): Map<string, ts.VariableDeclaration> {
  const result = new Map<string, ts.VariableDeclaration>();
  for (const statement of sourceFile.statements) {
    if (!ts.isVariableStatement(statement) || !hasModifier(statement, ts.SyntaxKind.ExportKeyword)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name)) result.set(declaration.name.text, declaration);
    }
  }
  return result;
}

/** A function expression, a named function of the file, or the function a higher-order call wraps (`paid(async () => …)`). */
function functionOf(state: ScanState, expression: ts.Expression, depth = 0): FunctionLike | undefined {
  const value = unwrapExpression(expression);
  if (ts.isArrowFunction(value) || ts.isFunctionExpression(value)) return value;
  if (ts.isIdentifier(value)) return state.functions.get(value.text);
  if (ts.isCallExpression(value) && depth < 3) {
    for (const argument of value.arguments) {
      const inner = functionOf(state, argument, depth + 1);
      if (inner) return inner;
    }
  }
  return undefined;
}

/** The default-exported function: `export default function f`, `export default async (…) => …`, `export default f`, `export default wrap(f)`. */
function defaultHandler(state: ScanState): FunctionLike | undefined {
  for (const statement of state.sourceFile.statements) {
    if (
      ts.isFunctionDeclaration(statement) &&
      statement.body &&
      hasModifier(statement, ts.SyntaxKind.ExportKeyword) &&
      hasModifier(statement, ts.SyntaxKind.DefaultKeyword)
    ) {
      return statement;
    }
    if (ts.isExportAssignment(statement) && !statement.isExportEquals) {
      const value = unwrapExpression(statement.expression);
      return functionOf(state, value);
    }
  }
  return undefined;
}

function objectOf(declaration: ts.VariableDeclaration | undefined): ts.ObjectLiteralExpression | undefined {
  const init = declaration?.initializer && unwrapExpression(declaration.initializer);
  return init && ts.isObjectLiteralExpression(init) ? init : undefined;
}

function importsConventionModule(state: ScanState): boolean {
  for (const binding of state.imports.values()) if (FILE_CONVENTION_MODULES.test(binding.specifier)) return true;
  // `import type { ToolMetadata } from 'xmcp'` with only type bindings is still an import of the module.
  return state.sourceFile.statements.some(
    (s) =>
      ts.isImportDeclaration(s) &&
      ts.isStringLiteral(s.moduleSpecifier) &&
      FILE_CONVENTION_MODULES.test(s.moduleSpecifier.text),
  );
}

/**
 * A file under a `tools/` folder that is a tool by what it exports — or, in the tools folder of a project
 * that depends on the framework (`inConventionFolder`), by its default-exported function alone.
 */
export function scanFileConventionTool(state: ScanState, inConventionFolder: boolean): void {
  const fileName = state.sourceFile.fileName;
  const segments = fileName.split(/[\\/]/);
  // The nearest convention folder decides: a prompt in `src/prompts/` of a project kept under `~/tools/` is no tool.
  const folder = segments
    .slice(0, -1)
    .reverse()
    .find((segment) => CONVENTION_FOLDERS.has(segment));
  if (folder !== 'tools' && !inConventionFolder) return;
  if (!state.sourceFile.text.includes('export default')) return;
  // A module that registers tools itself (`export default function register(server) { server.tool(…) }`) is not one.
  if (state.registrations.length > 0) return;
  const constants = exportedConstants(state.sourceFile);
  const schema = constants.get('schema') ?? constants.get('outputSchema');
  const metadataDeclaration = constants.get('metadata');
  const metadataType = metadataDeclaration?.type;
  if (
    metadataType &&
    ts.isTypeReferenceNode(metadataType) &&
    OTHER_PRIMITIVE_METADATA.test(metadataType.typeName.getText(state.sourceFile))
  )
    return;
  // A schema export, or the framework's own import, tells a tool file from a page that exports metadata;
  // in the framework's tools folder, every file with a default-exported function is a tool.
  const conventionImport = importsConventionModule(state);
  if (!inConventionFolder && !schema && (!metadataDeclaration || !conventionImport)) return;
  const handler = defaultHandler(state);
  if (!handler) return;
  const metadata = objectOf(metadataDeclaration);
  const nameProperty = metadata?.properties.find(
    (p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && propertyNameText(p.name) === 'name',
  );
  const resolved = nameProperty ? nameOf(state, nameProperty.initializer) : undefined;
  const fileStem = path.basename(fileName).replace(/\.[^.]+$/, '');
  const name = resolved ? resolved.name : fileStem;
  const site = metadataDeclaration ?? schema ?? handler;
  const exported = [schema && 'schema', metadataDeclaration && 'metadata'].filter(Boolean).join(' and ');
  const evidence = [
    exported
      ? `file convention: ${path.basename(fileName)} under tools/ exports ${exported} and a default handler (${where(state, site)})`
      : `file convention: ${path.basename(fileName)} in the src/tools/ folder of a project depending on xmcp has a default handler (${where(state, site)})`,
    nameProperty ? 'name: its metadata name' : `name: the file name ${fileStem}`,
    ...(conventionImport ? ['imports the file-convention framework xmcp'] : []),
  ];
  if (!state.seen.has(handler)) {
    state.seen.add(handler);
    state.handlers.push({ fn: handler, kind: 'fileConvention', lowLevel: false, toolName: name, evidence });
  }
  state.registrations.push({
    name,
    nameExpression:
      resolved && nameProperty && !ts.isStringLiteralLike(unwrapExpression(nameProperty.initializer))
        ? resolved.expression
        : undefined,
    kind: 'fileConvention',
    node: site,
    nameNode: nameProperty?.initializer ?? site,
    handler,
    evidence: [...evidence, 'handler: the default export'],
    listed: true,
  });
}
