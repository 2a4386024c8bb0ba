/**
 * The tool-errors helper that catch-all fixes call when only the caught error itself can tell the category
 * (`return toolError(error, 'read_file')`). The helper is a file the user owns (TOOL_ERRORS_HELPER_SOURCE),
 * added once per project: an existing file exporting `toolError` is reused, else the fix creates
 * `src/toolErrors.ts` beside the project's package.json (or a `toolErrors.ts` beside the file, with no
 * package.json above it). Fixes import it by a relative path in the file's own import style.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';
import { TOOL_ERRORS_HELPER_SOURCE } from '../../../shared/src/classifier';
import type { CreatedFile, OffsetEdit } from '../types';
import { fileStyle } from './fileStyle';
import { isJavaScriptFile, javaScriptHelperExtension, moduleStyleOf, toolErrorsJavaScript } from './toolErrorsJs';

export const TOOL_ERROR_FUNCTION = 'toolError';
export const CLASSIFY_ERROR_FUNCTION = 'classifyError';

/** What a fix needs to call the helper: the import edit (if the file lacks it) and the file to create (if absent). */
export interface HelperUse {
  /** The name the file calls the function by (an alias when the file binds the name to something else). */
  local: string;
  edits: OffsetEdit[];
  createFile?: CreatedFile;
}

function readText(fileName: string): string | undefined {
  try {
    return fs.statSync(fileName).isFile() ? fs.readFileSync(fileName, 'utf8') : undefined;
  } catch {
    return undefined;
  }
}

function exportsToolError(fileName: string): boolean {
  const text = readText(fileName);
  return (
    text !== undefined &&
    /export\s+(?:async\s+)?function\s+toolError\b|export\s+const\s+toolError\b|module\.exports\s*=\s*\{[^}]*\btoolError\b|exports\.toolError\s*=/.test(
      text,
    )
  );
}

/** The nearest folder above `fileName` holding a package.json, stopping below node_modules. */
function projectRoot(fileName: string): string | undefined {
  let dir = path.dirname(fileName);
  for (let depth = 0; depth < 12; depth++) {
    if (path.basename(dir) === 'node_modules') return undefined;
    if (readText(path.join(dir, 'package.json')) !== undefined) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
  return undefined;
}

/** Where the helper is (or will be) for a file, and whether it exists already. */
export function helperLocation(fileName: string, helperFile = 'toolErrors.ts'): { path: string; exists: boolean } {
  const dir = path.dirname(fileName);
  const root = path.isAbsolute(fileName) ? projectRoot(fileName) : undefined;
  const candidates = [path.join(dir, helperFile)];
  if (root) {
    candidates.push(path.join(root, 'src', helperFile), path.join(root, 'src', 'utils', helperFile));
    candidates.push(path.join(root, 'src', 'lib', helperFile), path.join(root, helperFile));
  }
  const existing = candidates.find(exportsToolError);
  if (existing) return { path: existing, exists: true };
  if (!root) return { path: path.join(dir, helperFile), exists: false };
  const hasSrc = fs.existsSync(path.join(root, 'src'));
  return { path: hasSrc ? path.join(root, 'src', helperFile) : path.join(root, helperFile), exists: false };
}

/** Relative module specifiers the file already imports. */
function relativeImports(sourceFile: ts.SourceFile): string[] {
  const specifiers: string[] = [];
  for (const statement of sourceFile.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const text = statement.moduleSpecifier.text;
      if (text.startsWith('.')) specifiers.push(text);
    }
  }
  return specifiers;
}

/** The module specifier for the helper from `fileName`: `.js` unless the file imports its neighbours bare. */
function specifierFor(sourceFile: ts.SourceFile, helperPath: string): string {
  const from = path.dirname(sourceFile.fileName);
  let relative = path.relative(from, helperPath).split(path.sep).join('/');
  relative = relative.replace(/\.ts$/, '');
  if (!relative.startsWith('.')) relative = `./${relative}`;
  const local = relativeImports(sourceFile);
  const bare = local.length > 0 && local.every((specifier) => !/\.[cm]?[jt]sx?$/.test(specifier));
  return bare ? relative : `${relative}.js`;
}

/** Whether a module specifier names the helper file (`./toolErrors.js`, `../lib/toolErrors`). */
function isHelperModule(specifier: string): boolean {
  return /(^|\/)toolErrors(\.[cm]?[jt]s)?$/.test(specifier);
}

/**
 * What the file imports from the helper module: the local name of each imported export (`{ toolError as te }`
 * maps toolError → te) and the import declaration to extend.
 */
function importedHelperNames(sourceFile: ts.SourceFile): {
  names: Map<string, string>;
  declaration?: ts.ImportDeclaration;
} {
  for (const statement of sourceFile.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!isHelperModule(statement.moduleSpecifier.text)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings) && !statement.importClause?.isTypeOnly) {
      const names = new Map(
        bindings.elements.map((element) => [(element.propertyName ?? element.name).text, element.name.text]),
      );
      return { names, declaration: statement };
    }
  }
  return { names: new Map() };
}

/** Names the file binds at its top level (imports, functions, classes, variables, enums). */
export function topLevelNames(sourceFile: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  const addBinding = (name: ts.BindingName): void => {
    if (ts.isIdentifier(name)) names.add(name.text);
    else for (const element of name.elements) if (!ts.isOmittedExpression(element)) addBinding(element.name);
  };
  for (const statement of sourceFile.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.name) names.add(clause.name.text);
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) names.add(bindings.name.text);
      if (bindings && ts.isNamedImports(bindings))
        for (const element of bindings.elements) names.add(element.name.text);
    } else if (ts.isImportEqualsDeclaration(statement)) names.add(statement.name.text);
    else if (
      (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement) || ts.isEnumDeclaration(statement)) &&
      statement.name
    ) {
      names.add(statement.name.text);
    } else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) addBinding(declaration.name);
    }
  }
  return names;
}

/**
 * The local name under which the file will call the helper's `name`: the name itself, or, when the file already
 * binds it to something else (its own one-argument `toolError`), `<name>FromHelper` (numbered if taken too).
 */
function freeLocalName(sourceFile: ts.SourceFile, name: string): string {
  const taken = topLevelNames(sourceFile);
  if (!taken.has(name)) return name;
  let candidate = `${name}FromHelper`;
  for (let n = 2; taken.has(candidate); n++) candidate = `${name}FromHelper${n}`;
  return candidate;
}

/** Where a new import goes: after the last import, else after a leading shebang and comments. */
function importOffset(sourceFile: ts.SourceFile): { offset: number; before: string; after: string } {
  const imports = sourceFile.statements.filter(ts.isImportDeclaration);
  const last = imports[imports.length - 1];
  if (last) return { offset: last.getEnd(), before: '\n', after: '' };
  const first = sourceFile.statements[0];
  const offset = first ? first.getStart(sourceFile) : sourceFile.text.length;
  return { offset, before: '', after: first ? '\n\n' : '\n' };
}

/**
 * The edits and file a fix needs to call `name` (toolError or classifyError) from the helper, and the local name
 * to call it by. Identical import edits from several fixes of one pass are applied once (fixApplier merges
 * identical edits).
 */
export function useHelper(sourceFile: ts.SourceFile, name: string): HelperUse {
  if (isJavaScriptFile(sourceFile.fileName)) return useJavaScriptHelper(sourceFile, name);
  const imported = importedHelperNames(sourceFile);
  const location = helperLocation(sourceFile.fileName);
  const createFile = location.exists ? undefined : { path: location.path, text: TOOL_ERRORS_HELPER_SOURCE };
  const withFile = createFile ? { createFile } : {};
  const already = imported.names.get(name);
  if (already) return { local: already, edits: [], ...withFile };
  const local = freeLocalName(sourceFile, name);
  const binding = local === name ? name : `${name} as ${local}`;
  const declaration = imported.declaration;
  const bindings = declaration?.importClause?.namedBindings;
  if (declaration && bindings && ts.isNamedImports(bindings)) {
    const last = bindings.elements[bindings.elements.length - 1];
    const at = last ? last.getEnd() : bindings.getStart(sourceFile) + 1;
    const edit = { start: at, end: at, newText: last ? `, ${binding}` : ` ${binding} ` };
    return { local, edits: [edit], ...withFile };
  }
  const quote = /^\s*import[^\n]*"/m.test(sourceFile.text) && !/^\s*import[^\n]*'/m.test(sourceFile.text) ? '"' : "'";
  const specifier = specifierFor(sourceFile, location.path);
  const { offset, before, after } = importOffset(sourceFile);
  const { semicolon, braceSpace: pad } = fileStyle(sourceFile);
  const newText = `${before}import {${pad}${binding}${pad}} from ${quote}${specifier}${quote}${semicolon}${after}`;
  return { local, edits: [{ start: offset, end: offset, newText }], ...withFile };
}

/** `const { toolError, classifyError: ce } = require('./toolErrors.js')` at the top level: names and the pattern. */
function requiredHelperNames(sourceFile: ts.SourceFile): {
  names: Map<string, string>;
  pattern?: ts.ObjectBindingPattern;
} {
  for (const statement of sourceFile.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const init = declaration.initializer;
      if (!init || !ts.isCallExpression(init) || !ts.isIdentifier(init.expression)) continue;
      const specifier = init.arguments[0];
      if (init.expression.text !== 'require' || !specifier || !ts.isStringLiteral(specifier)) continue;
      if (!isHelperModule(specifier.text) || !ts.isObjectBindingPattern(declaration.name)) continue;
      const names = new Map<string, string>();
      for (const element of declaration.name.elements) {
        if (!ts.isIdentifier(element.name)) continue;
        const property =
          element.propertyName && ts.isIdentifier(element.propertyName) ? element.propertyName : undefined;
        names.set((property ?? element.name).text, element.name.text);
      }
      return { names, pattern: declaration.name };
    }
  }
  return { names: new Map() };
}

/** After the last top-level import or `require` statement, else where an import would go. */
function requireOffset(sourceFile: ts.SourceFile): { offset: number; before: string; after: string } {
  const requires = sourceFile.statements.filter(
    (statement) =>
      ts.isImportDeclaration(statement) ||
      (ts.isVariableStatement(statement) && /^\s*(?:const|let|var)\s[^=]*=\s*require\(/.test(statement.getText())),
  );
  const last = requires[requires.length - 1];
  return last ? { offset: last.getEnd(), before: '\n', after: '' } : importOffset(sourceFile);
}

/**
 * The helper for a JavaScript file: `toolErrors.js` (`.mjs`/`.cjs` where the package's module type needs it),
 * generated from the TypeScript template in the file's module style, imported by `import` or `require` as the
 * file itself does.
 */
function useJavaScriptHelper(sourceFile: ts.SourceFile, name: string): HelperUse {
  const style = moduleStyleOf(sourceFile);
  const extension = javaScriptHelperExtension(sourceFile.fileName, style);
  const location = helperLocation(sourceFile.fileName, `toolErrors${extension}`);
  const createFile = location.exists ? undefined : { path: location.path, text: toolErrorsJavaScript(style) };
  const withFile = createFile ? { createFile } : {};
  const { quote, semicolon } = fileStyle(sourceFile);
  let relative = path.relative(path.dirname(sourceFile.fileName), location.path).split(path.sep).join('/');
  if (!relative.startsWith('.')) relative = `./${relative}`;
  const imported = style === 'esm' ? importedHelperNames(sourceFile) : undefined;
  const required = style === 'commonjs' ? requiredHelperNames(sourceFile) : undefined;
  const already = (imported ?? required)?.names.get(name);
  if (already) return { local: already, edits: [], ...withFile };
  const local = freeLocalName(sourceFile, name);
  if (style === 'commonjs') {
    const binding = local === name ? name : `${name}: ${local}`;
    const pattern = required?.pattern;
    const lastElement = pattern?.elements[pattern.elements.length - 1];
    if (lastElement) {
      const at = lastElement.getEnd();
      return { local, edits: [{ start: at, end: at, newText: `, ${binding}` }], ...withFile };
    }
    const { offset, before, after } = requireOffset(sourceFile);
    const newText = `${before}const { ${binding} } = require(${quote}${relative}${quote})${semicolon}${after}`;
    return { local, edits: [{ start: offset, end: offset, newText }], ...withFile };
  }
  const binding = local === name ? name : `${name} as ${local}`;
  const bindings = imported?.declaration?.importClause?.namedBindings;
  if (bindings && ts.isNamedImports(bindings) && bindings.elements.length > 0) {
    const at = bindings.elements[bindings.elements.length - 1].getEnd();
    return { local, edits: [{ start: at, end: at, newText: `, ${binding}` }], ...withFile };
  }
  const { offset, before, after } = importOffset(sourceFile);
  const pad = fileStyle(sourceFile).braceSpace;
  const newText = `${before}import {${pad}${binding}${pad}} from ${quote}${relative}${quote}${semicolon}${after}`;
  return { local, edits: [{ start: offset, end: offset, newText }], ...withFile };
}
