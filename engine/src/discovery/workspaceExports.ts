/**
 * Imports that reach outside the scanned files: bare imports of another package of the workspace
 * (`import { NAMES } from 'shared-lib'`) and the constants of files that are not scanned themselves
 * (a shared package without MCP code), read on demand so names written there still resolve.
 */
import * as path from 'node:path';
import ts from 'typescript';
import { type Reexport, declaredExports, reexportsOf, resolveRelativeImport } from './handlers';
import { type ConstValue, fileConstants } from './names';
import { jsDocParsingModeFor } from '../parse/jsDocParsing';

/** What a file exports, as far as names are concerned. */
export interface ExportFacts {
  constants: ReadonlyMap<string, ConstValue>;
  reexports: readonly Reexport[];
  declared: ReadonlySet<string>;
}

/** The package name of a bare specifier (`@scope/name/sub` → `@scope/name`) and the subpath. */
export function splitPackageSpecifier(specifier: string): { name: string; subpath: string } {
  const parts = specifier.split('/');
  const nameLength = specifier.startsWith('@') ? 2 : 1;
  return { name: parts.slice(0, nameLength).join('/'), subpath: parts.slice(nameLength).join('/') };
}

/** The source file a workspace package's import names: the subpath, or `src/index`, `index`, `lib/index`. */
export function workspacePackageSource(
  dir: string,
  subpath: string,
  exists: (fileName: string) => boolean,
): string | undefined {
  if (dir.split(path.sep).includes('node_modules')) return undefined;
  const manifest = path.join(dir, 'package.json');
  const candidates = subpath ? [`./${subpath}`, `./src/${subpath}`] : ['./src/index', './index', './lib/index'];
  for (const candidate of candidates) {
    const found = resolveRelativeImport(candidate, manifest, exists);
    if (found) return found;
  }
  return undefined;
}

/** Reads the constants, re-exports and declared exports of a file that is not scanned. */
export function readExportFacts(fileName: string, text: string): ExportFacts {
  const options = { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: jsDocParsingModeFor(text) };
  const sourceFile = ts.createSourceFile(fileName, text, options, true);
  return {
    constants: fileConstants(sourceFile),
    reexports: reexportsOf(sourceFile),
    declared: declaredExports(sourceFile),
  };
}
