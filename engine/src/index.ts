/**
 * The engine's public face: what the language server and the CLI may use. Everything behind it (parse, tool
 * discovery, checks, fixes, settings) is private to engine/; the build bundles it once, into dist/engine.js.
 */
export {
  type AnalysisResult,
  type CheckFailure,
  analyseSourceFile,
  isRelevant,
  looksBinary,
  parseSource,
  reparseSource,
} from './engine';
export { Project } from './discovery/project';
export { collectSourceFiles, isIndexable } from './discovery/sourceFiles';
export {
  type WorkspaceFile,
  type WorkspaceOutcome,
  analyseWorkspace,
  indexWorkspace,
  indexWorkspaceGradually,
} from './discovery/workspaceIndex';
export {
  type FileTool,
  type ToolStyle,
  listTools,
  toolOf,
  toolsOf,
  withoutDispatchedDefinitions,
} from './discovery/toolList';
export { type FileHandlerLinks, NO_HANDLER_LINKS } from './discovery/importedHandlers';
export { type FileToolShare, joinWorkspaceTools, toolShareOf } from './discovery/workspaceToolList';
export { fixAll, syntaxErrorCount } from './fixes/fixApplier';
export { DISABLE_NEXT_LINE } from './parse/suppression';
export { CHECKS, CHECK_IDS, isCheckId } from './checks';
export { DEFAULT_SETTINGS, type Settings, engineSettings, parseSettings, settingsSchema } from './settings';
export type { CheckId, CreatedFile, EngineSettings, Finding, Fix, OffsetEdit, Severity } from './types';
