/** Applies fixes to text: non-overlapping edits in one pass, repeated passes for fix-all. */
import ts from 'typescript';
import { scriptKindFor } from '../engine';
import type { CreatedFile, Finding, Fix, OffsetEdit } from '../types';

function sameEdit(a: OffsetEdit, b: OffsetEdit): boolean {
  return a.start === b.start && a.end === b.end && a.newText === b.newText;
}

/** Edits without repeats: several fixes adding the same import add it once. */
function distinct(edits: readonly OffsetEdit[]): OffsetEdit[] {
  const kept: OffsetEdit[] = [];
  for (const edit of edits) if (!kept.some((other) => sameEdit(other, edit))) kept.push(edit);
  return kept;
}

/** Applies edits that do not overlap (an edit repeated verbatim is applied once). */
export function applyEdits(text: string, edits: readonly OffsetEdit[]): string {
  const sorted = distinct(edits).sort((a, b) => b.start - a.start || b.end - a.end);
  let result = text;
  for (const edit of sorted) result = result.slice(0, edit.start) + edit.newText + result.slice(edit.end);
  return result;
}

function overlaps(a: readonly OffsetEdit[], b: readonly OffsetEdit[]): boolean {
  return a.some((x) =>
    b.some(
      (y) => !sameEdit(x, y) && ((x.start < y.end && y.start < x.end) || (x.start === y.start && x.end === y.end)),
    ),
  );
}

/** How much text a fix replaces (its widest edit: an import it adds at the top does not make it broad). */
function span(edits: readonly OffsetEdit[]): number {
  return Math.max(...edits.map((edit) => edit.end - edit.start));
}

/**
 * Picks each finding's preferred fix, narrowest first, skipping fixes whose edits overlap one already
 * picked: a targeted fix (a throw turned into a NOT_FOUND envelope) wins over a broad one (wrapping the
 * whole handler), which a later pass of fix-all can still apply if its finding remains.
 */
export function preferredFixes(findings: readonly Finding[]): Fix[] {
  const candidates: Fix[] = [];
  for (const finding of findings) {
    if (!finding.fixable) continue;
    const fix = finding.computeFixes().find((candidate) => candidate.preferred);
    if (fix && fix.edits.length > 0) candidates.push(fix);
  }
  candidates.sort((a, b) => span(a.edits) - span(b.edits));
  const picked: Fix[] = [];
  for (const fix of candidates) {
    if (picked.some((other) => overlaps(other.edits, fix.edits))) continue;
    picked.push(fix);
  }
  return picked;
}

/** Syntax errors in a text, to refuse a fix that would leave a file that no longer parses. */
export function syntaxErrorCount(fileName: string, text: string): number {
  const kind = scriptKindFor(fileName);
  const sourceFile = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, kind);
  const host: ts.CompilerHost = {
    getSourceFile: (name) => (name === fileName ? sourceFile : undefined),
    getDefaultLibFileName: () => 'lib.d.ts',
    writeFile: () => undefined,
    getCurrentDirectory: () => '',
    getCanonicalFileName: (name) => name,
    useCaseSensitiveFileNames: () => true,
    getNewLine: () => '\n',
    fileExists: (name) => name === fileName,
    readFile: () => undefined,
  };
  const program = ts.createProgram({
    rootNames: [fileName],
    options: { noLib: true, noResolve: true, allowJs: true },
    host,
  });
  return program.getSyntacticDiagnostics(sourceFile).length;
}

export interface FixAllResult {
  text: string;
  /** Titles of the fixes applied, in order. */
  applied: string[];
  passes: number;
  /** Files the applied fixes rely on (the tool-errors helper), one per path; the caller creates absent ones. */
  createFiles: CreatedFile[];
}

/**
 * Applies preferred fixes repeatedly (as `eslint --fix` does) until nothing changes or ten passes,
 * and never returns text with more syntax errors than it started with.
 */
export function fixAll(fileName: string, text: string, analyse: (text: string) => readonly Finding[]): FixAllResult {
  const baseline = syntaxErrorCount(fileName, text);
  let current = text;
  const applied: string[] = [];
  const createFiles: CreatedFile[] = [];
  let passes = 0;
  for (; passes < 10; passes++) {
    const fixes = preferredFixes(analyse(current));
    if (fixes.length === 0) break;
    const next = applyEdits(
      current,
      fixes.flatMap((fix) => fix.edits),
    );
    if (next === current || syntaxErrorCount(fileName, next) > baseline) break;
    current = next;
    applied.push(...fixes.map((fix) => fix.title));
    for (const fix of fixes) {
      if (fix.createFile && !createFiles.some((file) => file.path === fix.createFile?.path)) {
        createFiles.push(fix.createFile);
      }
    }
  }
  return { text: current, applied, passes, createFiles };
}
