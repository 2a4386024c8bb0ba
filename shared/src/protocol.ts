/**
 * The one definition of what the extension and the language server say to each other, and of the command ids the
 * extension contributes (package.json's `contributes.commands`; a unit test keeps the two lists in step).
 */
import { RequestType0 } from 'vscode-languageserver-protocol';

/** A tool registration the language server found in the workspace (lines are 1-based). */
export interface WorkspaceTool {
  /** The tool's name where it can be known statically, else null. */
  name: string | null;
  line: number;
  /** How it was registered (registerTool, tool, setRequestHandler, wrapper, definition, class, dispatch, factory, jsdoc, …). */
  kind: string;
  /** The registration style: sdk, wrapper, definition, class, dispatcher, factory or tag. */
  style?: string;
  /** The name as written, when it is not a plain string literal (`NAMES.search`, `this.name`). */
  nameExpression?: string;
  /** Why this counts as a tool, outermost first. */
  evidence?: string[];
  /** The handler function (for Go to handler): in the tool's file, or in the file `uri` when it is imported from there. */
  handler?: { line: number; name?: string; uri?: string };
  uri: string;
}

/** `mcpEnvelope/tools`: every tool registration of the workspace, for CodeLens counts, Go to handler and the probe. */
export const WorkspaceToolsRequest = new RequestType0<WorkspaceTool[], void>('mcpEnvelope/tools');

/** The code action kind of "fix all MCP Envelope problems in this file" (`source.fixAll` + our id). */
export const FIX_ALL_KIND = 'source.fixAll.mcpEnvelope';

/** Commands the extension contributes (shown in the Command Palette). */
export const COMMANDS = {
  fixAll: 'mcpEnvelope.fixAll',
  restartServer: 'mcpEnvelope.restartServer',
  showOutput: 'mcpEnvelope.showOutput',
  openTraceInPanel: 'mcpEnvelope.openTraceInPanel',
  showToolCalls: 'mcpEnvelope.showToolCalls',
  tapServer: 'mcpEnvelope.tapServer',
  untapServer: 'mcpEnvelope.untapServer',
  callTool: 'mcpEnvelope.callTool',
  probeServer: 'mcpEnvelope.probeServer',
  saveProbeReport: 'mcpEnvelope.saveProbeReport',
} as const;

/** Commands for the extension's own tests and webviews: registered, never contributed. */
export const INTERNAL_COMMANDS = {
  panelState: 'mcpEnvelope.internal.panelState',
  addCalls: 'mcpEnvelope.internal.addCalls',
  probe: 'mcpEnvelope.internal.probe',
} as const;
