/**
 * The object shapes a named return type stands for, read from its declaration without the type checker: an interface
 * (no `extends`) or an object type alias (a literal, or a union of literals) declared in the same file or exported by
 * a relative import (`import { ClientResponse } from '../types/response.js'`). Fixes use it to leave alone a literal
 * whose declared type would refuse an added field (`type ClientResponse<T> = { result: T; isError: false } |
 * { result: null; isError: true; error: string }`).
 */
import * as fs from 'node:fs';
import ts from 'typescript';
import { resolveRelativeImport } from '../discovery/handlers';

/** The members of each object shape a type stands for. */
export type Shapes = ReadonlyArray<ts.NodeArray<ts.TypeElement>>;

const parsed = new Map<string, { mtimeMs: number; sourceFile: ts.SourceFile }>();
const MAX_PARSED = 64;

function isFile(fileName: string): boolean {
  try {
    return fs.statSync(fileName).isFile();
  } catch {
    return false;
  }
}

/** Another file of the workspace, parsed once per change on disk. */
function parseFile(fileName: string): ts.SourceFile | undefined {
  try {
    const { mtimeMs } = fs.statSync(fileName);
    const cached = parsed.get(fileName);
    if (cached && cached.mtimeMs === mtimeMs) return cached.sourceFile;
    const sourceFile = ts.createSourceFile(fileName, fs.readFileSync(fileName, 'utf8'), ts.ScriptTarget.Latest, true);
    if (parsed.size >= MAX_PARSED) parsed.clear();
    parsed.set(fileName, { mtimeMs, sourceFile });
    return sourceFile;
  } catch {
    return undefined;
  }
}

/** The shapes of a type alias's or interface's body; undefined when one part is not an object literal. */
function shapesOfDeclaration(declaration: ts.Statement): Shapes | undefined {
  if (ts.isInterfaceDeclaration(declaration)) return declaration.heritageClauses ? undefined : [declaration.members];
  if (!ts.isTypeAliasDeclaration(declaration)) return undefined;
  const parts = ts.isUnionTypeNode(declaration.type) ? declaration.type.types : [declaration.type];
  const shapes: Array<ts.NodeArray<ts.TypeElement>> = [];
  for (const part of parts) {
    const inner = ts.isParenthesizedTypeNode(part) ? part.type : part;
    if (!ts.isTypeLiteralNode(inner)) return undefined;
    shapes.push(inner.members);
  }
  return shapes;
}

/** A top-level interface or type alias of `sourceFile` named `name`. */
function declarationIn(sourceFile: ts.SourceFile, name: string): ts.Statement | undefined {
  return sourceFile.statements.find(
    (statement) =>
      (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) && statement.name.text === name,
  );
}

/** The relative module and exported name a file imports `name` from (`import { A as B } from './x.js'`). */
function importOf(sourceFile: ts.SourceFile, name: string): { specifier: string; exported: string } | undefined {
  for (const statement of sourceFile.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    const element = bindings.elements.find((candidate) => candidate.name.text === name);
    if (element)
      return { specifier: statement.moduleSpecifier.text, exported: (element.propertyName ?? element.name).text };
  }
  return undefined;
}

/**
 * The object shapes the type named `name` stands for at `sourceFile` (declared there, or imported from a relative
 * module that declares it); undefined when it cannot be read that way (a class, an `extends`, a package's type).
 */
export function shapesOfNamedType(sourceFile: ts.SourceFile, name: string): Shapes | undefined {
  const local = declarationIn(sourceFile, name);
  if (local) return shapesOfDeclaration(local);
  const imported = importOf(sourceFile, name);
  const target = imported && resolveRelativeImport(imported.specifier, sourceFile.fileName, isFile);
  const other = target ? parseFile(target) : undefined;
  const declaration = other && imported ? declarationIn(other, imported.exported) : undefined;
  return declaration ? shapesOfDeclaration(declaration) : undefined;
}
