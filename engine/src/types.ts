/** The contract between the engine and a check. */
import type ts from 'typescript';
import type { CategoryCase } from '../../shared/src/taxonomy';
import type { EnvelopeStyle } from '../../shared/src/envelopeStyle';
import type { ErrorEnvelope } from './envelopes/envelopes';
import type { ToolHandler, ToolRegistration } from './discovery/handlers';
import type { NodeIndex } from './parse/nodeIndex';
import type { FunctionLike } from './parse/syntax';

export type Severity = 'error' | 'warning' | 'info' | 'hint';
export type SeveritySetting = Severity | 'off' | 'default';

export interface CheckMeta {
  /** Stable id: diagnostics code, suppression comments, settings, CLI output. */
  id: string;
  /** One sentence: what the check finds. */
  description: string;
  defaultSeverity: Severity;
  /** Whether the check offers a quick fix. */
  fixable: boolean;
}

/** A text edit in offsets of the analysed text. */
export interface OffsetEdit {
  start: number;
  end: number;
  newText: string;
}

/** A file a fix adds beside the edited one (the tool-errors helper); never overwrites an existing file. */
export interface CreatedFile {
  /** Absolute path (or relative to the analysed file's folder when that name is relative). */
  path: string;
  text: string;
}

export interface Fix {
  title: string;
  edits: OffsetEdit[];
  /** A file the edits rely on (an import of it), created when absent. */
  createFile?: CreatedFile;
  /** The fix `check --fix` and "fix all" apply. */
  preferred: boolean;
}

export interface CheckReport {
  node?: ts.Node;
  start?: number;
  end?: number;
  message: string;
  /** Overrides the check's default severity (the user's setting still wins). */
  severity?: Severity;
  /** Computed only when a fix is asked for. */
  fixes?: () => Fix[];
}

export interface EngineSettings {
  severities: Readonly<Record<string, SeveritySetting>>;
  categoryCase: CategoryCase;
  envelopeStyle: EnvelopeStyle;
  handlerFactories: readonly string[];
}

export interface AnalysisContext {
  readonly sourceFile: ts.SourceFile;
  readonly text: string;
  readonly settings: EngineSettings;
  /** Tool handlers whose functions are in this file. */
  readonly handlers: readonly ToolHandler[];
  readonly registrations: readonly ToolRegistration[];
  /** Every node of the file by kind: look nodes up here instead of walking the tree again. */
  readonly nodes: NodeIndex;
  /** Error envelopes written anywhere in this file. */
  readonly envelopes: readonly ErrorEnvelope[];
  /** The handler whose own body (or a same-file function it calls directly) contains `node`. */
  handlerOf(node: ts.Node): ToolHandler | undefined;
  /** Same-file functions that a handler calls directly, by the handler they serve. */
  helpersOf(handler: ToolHandler): readonly FunctionLike[];
  /** The indentation of the line `node` starts on. */
  indentOf(node: ts.Node): string;
}

export interface Check {
  meta: CheckMeta;
  run(context: AnalysisContext, report: (report: CheckReport) => void): void;
}

export interface Finding {
  check: string;
  severity: Severity;
  message: string;
  start: number;
  end: number;
  fixable: boolean;
  computeFixes: () => Fix[];
}
