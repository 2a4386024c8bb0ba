/**
 * The tool-errors helper for JavaScript files, which cannot import the TypeScript one: generated from the same
 * template source (TOOL_ERRORS_HELPER_SOURCE) by stripping its types, with the types kept as JSDoc, in the module
 * style of the file that imports it (ESM `export` or CommonJS `module.exports`).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';
import { TOOL_ERRORS_HELPER_SOURCE } from '../../../shared/src/classifier';

export type ModuleStyle = 'esm' | 'commonjs';

/** Whether a file is JavaScript (it cannot import the TypeScript helper). */
export function isJavaScriptFile(fileName: string): boolean {
  return /\.(?:js|jsx|mjs|cjs)$/i.test(fileName);
}

/** The `"type"` of the nearest package.json above `fileName`, if any. */
function packageType(fileName: string): string | undefined {
  let dir = path.dirname(fileName);
  for (let depth = 0; depth < 12; depth++) {
    try {
      const text = fs.readFileSync(path.join(dir, 'package.json'), 'utf8');
      const parsed: unknown = JSON.parse(text);
      const type = parsed !== null && typeof parsed === 'object' ? (parsed as { type?: unknown }).type : undefined;
      return typeof type === 'string' ? type : undefined;
    } catch {
      const parent = path.dirname(dir);
      if (parent === dir) return undefined;
      dir = parent;
    }
  }
  return undefined;
}

/** The module style a JavaScript file uses: its own import/export or require, else its extension or package. */
export function moduleStyleOf(sourceFile: ts.SourceFile): ModuleStyle {
  if (/\.mjs$/i.test(sourceFile.fileName)) return 'esm';
  if (/\.cjs$/i.test(sourceFile.fileName)) return 'commonjs';
  const esm = sourceFile.statements.some(
    (statement) =>
      ts.isImportDeclaration(statement) ||
      ts.isExportDeclaration(statement) ||
      ts.isExportAssignment(statement) ||
      (ts.getModifiers(statement as ts.HasModifiers) ?? []).some(
        (modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword,
      ),
  );
  if (esm) return 'esm';
  if (/\brequire\(\s*['"]|\bmodule\.exports\b/.test(sourceFile.text)) return 'commonjs';
  return packageType(sourceFile.fileName) === 'module' ? 'esm' : 'commonjs';
}

/** The extension the JavaScript helper needs beside `fileName` so Node loads it in `style`. */
export function javaScriptHelperExtension(fileName: string, style: ModuleStyle): string {
  const moduleByDefault = packageType(fileName) === 'module';
  if (style === 'esm') return moduleByDefault ? '.js' : '.mjs';
  return moduleByDefault ? '.cjs' : '.js';
}

/** `{ a: T; b?: U }` members of an interface as a JSDoc record type `{ a: T, b?: U }`. */
function recordType(source: ts.SourceFile, declaration: ts.InterfaceDeclaration): string {
  const members = declaration.members.flatMap((member) => {
    if (!ts.isPropertySignature(member) || !member.type) return [];
    return [`${member.name.getText(source)}${member.questionToken ? '?' : ''}: ${member.type.getText(source)}`];
  });
  return `{ ${members.join(', ')} }`;
}

/** JSDoc typedefs for the template's exported types, and `@param`/`@returns` tags for its exported functions. */
function jsDocTypes(source: ts.SourceFile): { typedefs: string; tags: Map<string, string> } {
  const typedefs: string[] = [];
  const tags = new Map<string, string>();
  for (const statement of source.statements) {
    if (ts.isTypeAliasDeclaration(statement)) {
      typedefs.push(`/** @typedef {${statement.type.getText(source)}} ${statement.name.text} */`);
    } else if (ts.isInterfaceDeclaration(statement)) {
      typedefs.push(`/** @typedef {${recordType(source, statement)}} ${statement.name.text} */`);
    } else if (ts.isFunctionDeclaration(statement) && statement.name) {
      const exported = (ts.getModifiers(statement) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
      if (!exported) continue;
      const lines = statement.parameters.map((parameter) => {
        const name = parameter.name.getText(source);
        const type = parameter.type ? parameter.type.getText(source) : 'unknown';
        return ` * @param {${type}} ${parameter.questionToken ? `[${name}]` : name}`;
      });
      if (statement.type) lines.push(` * @returns {${statement.type.getText(source)}}`);
      tags.set(statement.name.text, lines.join('\n'));
    }
  }
  return { typedefs: typedefs.join('\n'), tags };
}

/**
 * The JavaScript helper: the TypeScript template with its types stripped (the same code, so the same behaviour),
 * the types as JSDoc, exporting `toolError` and `classifyError` in the given module style.
 */
export function toolErrorsJavaScript(style: ModuleStyle): string {
  const source = ts.createSourceFile('toolErrors.ts', TOOL_ERRORS_HELPER_SOURCE, ts.ScriptTarget.ES2020, true);
  const { typedefs, tags } = jsDocTypes(source);
  let code = ts.transpileModule(TOOL_ERRORS_HELPER_SOURCE, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2020, removeComments: false },
  }).outputText;
  // The exported functions' own comments gain their parameter types.
  for (const [name, lines] of tags) {
    const oneLine = new RegExp(String.raw`^/\*\* (.+) \*/\n(export function ${name}\()`, 'm');
    const block = new RegExp(String.raw`^( \*/\n)(export function ${name}\()`, 'm');
    code = oneLine.test(code)
      ? code.replace(oneLine, (_match, text: string, head: string) => `/**\n * ${text}\n${lines}\n */\n${head}`)
      : code.replace(block, (_match, close: string, head: string) => `${lines}\n${close}${head}`);
  }
  // Two spaces a level, as the TypeScript helper (TypeScript's printer writes four).
  code = code.replace(/^((?: {4})+)/gm, (indent: string) => ' '.repeat(indent.length / 2));
  // And as the TypeScript helper is laid out: `} catch`, a short `if (…) return …;` on one line, functions apart.
  code = code
    .replace(/\n( *)\}\n\1catch/g, '\n$1} catch')
    .replace(
      /^( *)(if \(.*\))\n\1 {2}((?:return|continue)\b.*;)$/gm,
      (line: string, indent: string, test: string, then: string) =>
        indent.length + test.length + then.length < 120 ? `${indent}${test} ${then}` : line,
    )
    .replace(/^\}\n(?=\/\*\*|function |const |module\.)/gm, '}\n\n');
  const headerEnd = code.indexOf('*/\n') + 3;
  const header = code
    .slice(0, headerEnd)
    .replace('In a tool handler:', 'JavaScript (types as JSDoc). In a tool handler:');
  let body = code.slice(headerEnd).replace(/^export \{\};\n?/m, '');
  if (style === 'commonjs') {
    const exported = [...body.matchAll(/^export function (\w+)/gm)].map((match) => match[1]);
    body = body.replace(/^export function /gm, 'function ');
    body = `${body.trimEnd()}\n\nmodule.exports = { ${exported.join(', ')} };\n`;
  }
  return `${header}\n${typedefs}\n${body.replace(/^\n+/, '\n')}`;
}
