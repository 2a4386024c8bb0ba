/**
 * The layout a file is written in, so code a fix inserts looks like the code around it: the indentation step
 * (a tab, or the file's number of spaces) and the quote its string literals use.
 */
import ts from 'typescript';
import type { AnalysisContext } from '../types';

export interface FileStyle {
  /** One indentation step: `\t`, or two or four spaces. */
  indentUnit: string;
  quote: "'" | '"';
  /** `;` when most of the file's statements end with one, else nothing (a file written without semicolons). */
  semicolon: ';' | '';
  /** `' '` when the file's named imports pad their braces (`import { z }`), `''` when not (`import {z}`). */
  braceSpace: ' ' | '';
}

const styles = new WeakMap<ts.SourceFile, FileStyle>();

/** The indentation step: tabs when most indented lines start with one, else the most common step between lines. */
function indentUnitOf(text: string): string {
  let tabs = 0;
  let spaces = 0;
  const steps = new Map<number, number>();
  let previous = 0;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const leading = /^[ \t]*/.exec(line)?.[0] ?? '';
    if (leading.startsWith('\t')) tabs++;
    else if (leading.length > 0) spaces++;
    // Lines of a block comment (` * …`) sit one space in from their opening line: not a step.
    if (leading.startsWith('\t') || line.trimStart().startsWith('*')) continue;
    const step = leading.length - previous;
    if (step >= 2 && step <= 8) steps.set(step, (steps.get(step) ?? 0) + 1);
    previous = leading.length;
  }
  if (tabs > spaces) return '\t';
  let best = 2;
  let bestCount = 0;
  for (const [step, count] of steps) {
    if (count > bestCount || (count === bestCount && step < best)) {
      best = step;
      bestCount = count;
    }
  }
  return ' '.repeat(best);
}

/** The quote most of the file's string literals use (single when none, or as many double). */
function quoteOf(sourceFile: ts.SourceFile): "'" | '"' {
  let single = 0;
  let double = 0;
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node)) {
      const first = sourceFile.text[node.getStart(sourceFile)];
      if (first === "'") single++;
      else if (first === '"') double++;
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return double > single ? '"' : "'";
}

/** Whether most statements that may end with a semicolon do. */
function semicolonOf(sourceFile: ts.SourceFile): ';' | '' {
  let ended = 0;
  let bare = 0;
  const visit = (node: ts.Node): void => {
    if (
      ts.isExpressionStatement(node) ||
      ts.isReturnStatement(node) ||
      ts.isVariableStatement(node) ||
      ts.isImportDeclaration(node) ||
      ts.isThrowStatement(node)
    ) {
      if (sourceFile.text[node.getEnd() - 1] === ';') ended++;
      else bare++;
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return bare > ended ? '' : ';';
}

/** Whether most named imports pad their braces; padded when the file has none. */
function braceSpaceOf(sourceFile: ts.SourceFile): ' ' | '' {
  let padded = 0;
  let tight = 0;
  for (const statement of sourceFile.statements) {
    const bindings = ts.isImportDeclaration(statement) ? statement.importClause?.namedBindings : undefined;
    if (!bindings || !ts.isNamedImports(bindings) || bindings.elements.length === 0) continue;
    if (/^\{\s/.test(sourceFile.text.slice(bindings.getStart(sourceFile), bindings.getEnd()))) padded++;
    else tight++;
  }
  return tight > padded ? '' : ' ';
}

export function fileStyle(sourceFile: ts.SourceFile): FileStyle {
  const known = styles.get(sourceFile);
  if (known) return known;
  const style: FileStyle = {
    indentUnit: indentUnitOf(sourceFile.text),
    quote: quoteOf(sourceFile),
    semicolon: semicolonOf(sourceFile),
    braceSpace: braceSpaceOf(sourceFile),
  };
  styles.set(sourceFile, style);
  return style;
}

/** `text` as a string literal in the file's quote. */
export function quotedIn(context: Pick<AnalysisContext, 'sourceFile'>, text: string): string {
  const { quote } = fileStyle(context.sourceFile);
  return quote + text.replace(/\\/g, '\\\\').split(quote).join(`\\${quote}`) + quote;
}
