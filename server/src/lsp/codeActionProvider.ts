/** Quick fixes per diagnostic, "disable for this line", and `source.fixAll.mcpEnvelope`. */
import {
  type CodeAction,
  CodeActionKind,
  type CodeActionParams,
  type Diagnostic,
  type TextEdit,
  type WorkspaceEdit,
} from 'vscode-languageserver/node';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { fixAll, DISABLE_NEXT_LINE, type CreatedFile, type Finding, type OffsetEdit } from '../../../engine/src';
import type { DocumentAnalysis } from './analysisService';
import { FIX_ALL_KIND } from '../../../shared/src/protocol';
import { DIAGNOSTIC_SOURCE, isDiagnosticData } from './diagnosticsProvider';

export { FIX_ALL_KIND };

function toTextEdit(document: TextDocument, edit: OffsetEdit): TextEdit {
  return {
    range: { start: document.positionAt(edit.start), end: document.positionAt(edit.end) },
    newText: edit.newText,
  };
}

/**
 * The edit of a fix: its text edits, and, when it relies on a file that does not exist yet (the tool-errors
 * helper), a CreateFile and the file's text before them.
 */
export function workspaceEditFor(
  document: TextDocument,
  edits: readonly OffsetEdit[],
  createFiles: readonly CreatedFile[] = [],
): WorkspaceEdit {
  const textEdits = edits.map((edit) => toTextEdit(document, edit));
  const absent = createFiles.filter((file) => path.isAbsolute(file.path) && !fs.existsSync(file.path));
  if (absent.length === 0) return { changes: { [document.uri]: textEdits } };
  const creations = absent.flatMap((file) => {
    const uri = pathToFileURL(file.path).href;
    const start = { line: 0, character: 0 };
    return [
      { kind: 'create' as const, uri, options: { ignoreIfExists: true } },
      { textDocument: { uri, version: null }, edits: [{ range: { start, end: start }, newText: file.text }] },
    ];
  });
  return {
    documentChanges: [
      ...creations,
      { textDocument: { uri: document.uri, version: document.version }, edits: textEdits },
    ],
  };
}

/** One minimal edit turning `before` into `after` (common prefix and suffix kept). */
export function minimalEdit(before: string, after: string): OffsetEdit {
  let prefix = 0;
  const max = Math.min(before.length, after.length);
  while (prefix < max && before.charCodeAt(prefix) === after.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  while (
    suffix < max - prefix &&
    before.charCodeAt(before.length - 1 - suffix) === after.charCodeAt(after.length - 1 - suffix)
  ) {
    suffix++;
  }
  return { start: prefix, end: before.length - suffix, newText: after.slice(prefix, after.length - suffix) };
}

function findingFor(analysis: DocumentAnalysis, document: TextDocument, diagnostic: Diagnostic): Finding | undefined {
  if (diagnostic.source !== DIAGNOSTIC_SOURCE) return undefined;
  const data = diagnostic.data;
  const check = isDiagnosticData(data) ? data.check : String(diagnostic.code ?? '');
  const start = document.offsetAt(diagnostic.range.start);
  const end = document.offsetAt(diagnostic.range.end);
  return analysis.findings.find((f) => f.check === check && f.start === start && f.end === end);
}

function disableAction(document: TextDocument, diagnostic: Diagnostic, check: string): CodeAction {
  const line = diagnostic.range.start.line;
  const lineText = document.getText({ start: { line, character: 0 }, end: { line: line + 1, character: 0 } });
  const indent = /^[ \t]*/.exec(lineText)?.[0] ?? '';
  const previous =
    line > 0 ? document.getText({ start: { line: line - 1, character: 0 }, end: { line, character: 0 } }) : '';
  let edit: TextEdit;
  if (previous.includes(DISABLE_NEXT_LINE) && !/disable-next-line(\s+--.*)?\s*$/.test(previous.trimEnd())) {
    // Before a `-- reason`: the checker ignores everything after it.
    const content = previous.replace(/\r?\n$/, '');
    const reason = content.search(/\s--/);
    const at = reason >= 0 ? reason : content.length;
    edit = {
      range: { start: { line: line - 1, character: at }, end: { line: line - 1, character: at } },
      newText: `, ${check}`,
    };
  } else {
    edit = {
      range: { start: { line, character: 0 }, end: { line, character: 0 } },
      newText: `${indent}// ${DISABLE_NEXT_LINE} ${check}\n`,
    };
  }
  return {
    title: `Disable ${check} for this line`,
    kind: CodeActionKind.QuickFix,
    diagnostics: [diagnostic],
    edit: { changes: { [document.uri]: [edit] } },
  };
}

export function fixAllAction(
  document: TextDocument,
  fileName: string,
  analyse: (text: string) => readonly Finding[],
): CodeAction | undefined {
  const before = document.getText();
  let result: ReturnType<typeof fixAll>;
  try {
    result = fixAll(fileName, before, analyse);
  } catch {
    // Contained: a file fix-all cannot process (it overflows the parser) offers no fix-all; its diagnostic says why.
    return undefined;
  }
  if (result.text === before) return undefined;
  return {
    title: `Fix all mcp-envelope problems (${result.applied.length})`,
    kind: FIX_ALL_KIND,
    edit: workspaceEditFor(document, [minimalEdit(before, result.text)], result.createFiles),
  };
}

/** The `data` of a "fix all" quick fix whose edit is computed only when the user picks it. */
export interface FixAllData {
  fixAllOf: string;
  version: number;
}

export function isFixAllData(value: unknown): value is FixAllData {
  return typeof value === 'object' && value !== null && typeof (value as FixAllData).fixAllOf === 'string';
}

export const FIX_ALL_TITLE = 'Fix all mcp-envelope problems in this file';

export function provideCodeActions(
  params: CodeActionParams,
  document: TextDocument,
  analysis: DocumentAnalysis,
  fixAllFor: () => CodeAction | undefined,
  /** The client resolves a code action's edit lazily, so "fix all" need not run on every request. */
  canResolve = false,
): CodeAction[] {
  const only = params.context.only;
  const wantsFixAll = only?.some((kind) => FIX_ALL_KIND.startsWith(kind) || kind === CodeActionKind.Source) ?? false;
  if (only && only.every((kind) => kind.startsWith(CodeActionKind.Source))) {
    const action = wantsFixAll ? fixAllFor() : undefined;
    return action ? [action] : [];
  }
  const actions: CodeAction[] = [];
  let anyFixable = false;
  for (const diagnostic of params.context.diagnostics) {
    const finding = findingFor(analysis, document, diagnostic);
    if (!finding) continue;
    for (const fix of finding.computeFixes()) {
      anyFixable = true;
      actions.push({
        title: fix.title,
        kind: CodeActionKind.QuickFix,
        diagnostics: [diagnostic],
        isPreferred: fix.preferred,
        edit: workspaceEditFor(document, fix.edits, fix.createFile ? [fix.createFile] : []),
      });
    }
    actions.push(disableAction(document, diagnostic, finding.check));
  }
  if (anyFixable && analysis.findings.filter((f) => f.fixable).length > 1) {
    if (canResolve) {
      const data: FixAllData = { fixAllOf: document.uri, version: document.version };
      actions.push({ title: FIX_ALL_TITLE, kind: CodeActionKind.QuickFix, data });
    } else {
      const action = fixAllFor();
      if (action) actions.push({ ...action, kind: CodeActionKind.QuickFix, title: FIX_ALL_TITLE });
    }
  }
  return actions;
}
