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

/** Every check's id: diagnostics code, suppression comments, settings keys, CLI output. */
export type CheckId =
  | 'throw-in-handler'
  | 'unguarded-handler'
  | 'missing-is-retryable'
  | 'missing-error-category'
  | 'invalid-error-category'
  | 'contradictory-retryable'
  | 'missing-error-content'
  | 'generic-error-message'
  | 'leaked-internals'
  | 'empty-result-as-error'
  | 'failure-as-success'
  | 'retry-inside-tool'
  | 'protocol-error-for-execution-failure'
  | 'envelope-hidden-from-model'
  | 'error-structured-content-with-output-schema';

/** Values for a message's `{{placeholders}}`. */
export type MessageData = Readonly<Record<string, string | number>>;

export interface CheckMeta<MessageId extends string = string> {
  /** Stable id: diagnostics code, suppression comments, settings, CLI output. */
  id: CheckId;
  /** One sentence: what the check finds. */
  description: string;
  defaultSeverity: Severity;
  /** Whether the check offers a quick fix. */
  fixable: boolean;
  /** The check's messages by stable id (tests assert ids, not wording); `{{name}}` is filled from the report's data. */
  messages: Readonly<Record<MessageId, string>>;
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

export interface CheckReport<MessageId extends string = string> {
  node?: ts.Node;
  start?: number;
  end?: number;
  messageId: MessageId;
  /** Values for the message's placeholders. */
  data?: MessageData;
  /** Overrides the check's default severity (the user's setting still wins). */
  severity?: Severity;
  /** Computed only when a fix is asked for. */
  fixes?: () => Fix[];
}

export interface EngineSettings {
  severities: Readonly<Partial<Record<CheckId, SeveritySetting>>>;
  categoryCase: CategoryCase;
  envelopeStyle: EnvelopeStyle;
  handlerFactories: readonly string[];
}

/** A function another workspace file exports, with that file's parse. */
export interface ForeignFunction {
  fn: FunctionLike;
  sourceFile: ts.SourceFile;
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
  /**
   * The function an import of `fromFile` (this file, or one whose functions a check follows) names
   * (`import { load } from './store'`), when the project has parsed the file that exports it.
   */
  importedFunction?(specifier: string, exportName: string, fromFile: string): ForeignFunction | undefined;
}

export interface Check<MessageId extends string = string> {
  meta: CheckMeta<MessageId>;
  run(context: AnalysisContext, report: (report: CheckReport<MessageId>) => void): void;
}

export interface Finding {
  check: CheckId;
  severity: Severity;
  /** Which of the check's messages this is (stable across rewordings). */
  messageId: string;
  data: MessageData;
  /** The message with its placeholders filled. */
  message: string;
  start: number;
  end: number;
  fixable: boolean;
  computeFixes: () => Fix[];
}
