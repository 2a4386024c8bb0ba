/**
 * Wires the live side of MCP Envelope: the trace watcher, the Tool Calls panel, its commands and the CodeLens
 * with live counts. extension.ts calls registerToolCalls once, after creating the language client.
 */
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { COMMANDS, INTERNAL_COMMANDS } from '../../../shared/src/protocol';
import { SHOW_TOOL_CALLS_COMMAND, ToolCallsCodeLensProvider } from '../codelens/toolCallsCodeLens';
import type { CallUpdate } from '../traces/callFeed';
import { TraceService } from '../traces/traceService';
import { CallStore } from './callStore';
import { EMPTY_FILTER, type CallFilter } from '../../../shared/src/panel/filter';
import { parseFilter } from '../../../shared/src/panel/messages';
import { exportCalls, goToHandler, openDocs, pickAndOpenTraces } from './panelActions';
import { ToolCallsPanel } from './toolCallsPanel';

export const OPEN_TRACE_COMMAND = COMMANDS.openTraceInPanel;
/** Test-only (not contributed): the extension-side model's counts, for the e2e suite. */
export const PANEL_STATE_COMMAND = INTERNAL_COMMANDS.panelState;
/** Internal (not contributed): adds decoded calls that come from no trace (the probe's sessions) to the model. */
export const ADD_CALLS_COMMAND = INTERNAL_COMMANDS.addCalls;

const CODELENS_LANGUAGES = ['typescript', 'typescriptreact', 'javascript', 'javascriptreact'];

/** `showToolCalls` arguments: nothing, a tool name, or `{ tool }` / a partial filter (from the CodeLens). */
function filterFromArgument(argument: unknown): CallFilter | undefined {
  if (typeof argument === 'string' && argument !== '') return { ...EMPTY_FILTER, tool: argument };
  if (typeof argument === 'object' && argument !== null && !(argument instanceof vscode.Uri))
    return parseFilter(argument);
  return undefined;
}

function traceUriFromArgument(argument: unknown): vscode.Uri | undefined {
  if (argument instanceof vscode.Uri) return argument;
  const active = vscode.window.activeTextEditor?.document.uri;
  return active && active.scheme === 'file' && active.path.endsWith('.jsonl') ? active : undefined;
}

export function registerToolCalls(context: vscode.ExtensionContext, client: LanguageClient | undefined): void {
  const output = vscode.window.createOutputChannel('MCP Envelope: Tool Calls', { log: true });
  const log = (message: string) => output.info(message);
  const store = new CallStore();
  const traces = new TraceService(store, log);
  const panel: ToolCallsPanel = new ToolCallsPanel(
    context.extensionUri,
    store,
    {
      openTrace: async () => {
        await pickAndOpenTraces(traces);
      },
      exportCalls: (uids) => exportCalls(store, uids),
      goToHandler: (tool): Promise<void> => goToHandler(client, tool, panel.sourceColumn),
      openDocs,
      clear: () => traces.clear(),
      folders: () => traces.folders,
    },
    log,
  );
  const lenses = new ToolCallsCodeLensProvider(store, () => client);

  context.subscriptions.push(
    output,
    traces,
    panel,
    lenses,
    vscode.languages.registerCodeLensProvider(
      CODELENS_LANGUAGES.map((language) => ({ scheme: 'file', language })),
      lenses,
    ),
    vscode.commands.registerCommand(SHOW_TOOL_CALLS_COMMAND, (argument?: unknown) =>
      panel.show(filterFromArgument(argument)),
    ),
    vscode.commands.registerCommand(OPEN_TRACE_COMMAND, async (argument?: unknown) => {
      const uri = traceUriFromArgument(argument);
      if (uri && uri.scheme !== 'file') {
        void vscode.window.showWarningMessage(
          `MCP Envelope: only traces on disk can be opened (${uri.scheme}: is not).`,
        );
        return;
      }
      if (uri) await traces.openTrace(uri.fsPath);
      else if ((await pickAndOpenTraces(traces)).length === 0) return;
      panel.show();
    }),
    vscode.commands.registerCommand(PANEL_STATE_COMMAND, () => ({
      calls: store.size,
      outcomes: store.outcomeCounts(),
      tools: Object.fromEntries(
        [...new Set(store.rows().map((row) => row.tool))].map((tool) => [tool, store.statsFor(tool)]),
      ),
      folders: [...traces.folders],
      files: traces.trackedFiles,
      panel: panel.state,
    })),
    vscode.commands.registerCommand(ADD_CALLS_COMMAND, (updates: readonly CallUpdate[]) => store.apply(updates).length),
    traces.onDidChangeFolders(() => panel.refreshState()),
  );
  traces.refreshFolders().then(
    () => log(`Watching for traces in: ${traces.folders.join(', ')}`),
    (error: unknown) =>
      log(`Cannot watch the trace folders: ${error instanceof Error ? error.message : String(error)}`),
  );
}
