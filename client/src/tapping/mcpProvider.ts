/**
 * Offers "<name> (tapped)" copies of the configured stdio servers to VS Code's own MCP support, so its agent's
 * calls go through the tap. That API (`vscode.lm.registerMcpServerDefinitionProvider`) is newer than the VS Code
 * version this extension requires: it is detected at run time and typed here with only what is used.
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import { tappedCopiesOf } from './tappedCopies';
import type { TappingContext } from './tappingContext';

/** The provider id, also declared in package.json `contributes.mcpServerDefinitionProviders`. */
export const TAPPED_SERVERS_PROVIDER_ID = 'mcpEnvelope.tappedServers';

interface McpStdioServerDefinitionLike {
  cwd?: vscode.Uri;
}

type McpStdioServerDefinitionConstructor = new (
  label: string,
  command: string,
  args?: string[],
  env?: Record<string, string | number | null>,
  version?: string,
) => McpStdioServerDefinitionLike;

interface McpServerDefinitionProviderLike {
  onDidChangeMcpServerDefinitions?: vscode.Event<void>;
  provideMcpServerDefinitions(token: vscode.CancellationToken): McpStdioServerDefinitionLike[];
}

interface McpApi {
  register(id: string, provider: McpServerDefinitionProviderLike): vscode.Disposable;
  Definition: McpStdioServerDefinitionConstructor;
}

/** The MCP server definition API when this VS Code has it. */
function detectMcpApi(): McpApi | undefined {
  const api = vscode as unknown as {
    lm?: {
      registerMcpServerDefinitionProvider?: (
        id: string,
        provider: McpServerDefinitionProviderLike,
      ) => vscode.Disposable;
    };
    McpStdioServerDefinition?: McpStdioServerDefinitionConstructor;
  };
  const register = api.lm?.registerMcpServerDefinitionProvider;
  const Definition = api.McpStdioServerDefinition;
  if (typeof register !== 'function' || typeof Definition !== 'function') return undefined;
  return { register: (id, provider) => register.call(api.lm, id, provider), Definition };
}

/** Registers the provider and refreshes it when workspace MCP files change. Nothing happens on older VS Code. */
export function registerTappedServerProvider(tapping: TappingContext): vscode.Disposable[] {
  const api = detectMcpApi();
  if (!api) {
    tapping.log.info(
      'This VS Code has no MCP server definition API: tapped copies are not offered (use Tap a Server…).',
    );
    return [];
  }
  const changed = new vscode.EventEmitter<void>();
  const provider: McpServerDefinitionProviderLike = {
    onDidChangeMcpServerDefinitions: changed.event,
    provideMcpServerDefinitions: () => {
      if (!tapping.cliExists()) return [];
      const workspaceFiles = tapping
        .discover()
        .filter(
          (file) =>
            tapping.workspaceFolders().some((folder) => file.candidate.file.startsWith(folder + path.sep)) ||
            (file.candidate.host === 'vscode' && file.candidate.layout === 'servers'),
        );
      const entries = workspaceFiles.flatMap((file) => file.entries);
      const { copies, skipped } = tappedCopiesOf(entries, tapping.variableContext(), {
        cliPath: tapping.cliPath,
        nodePath: process.execPath,
      });
      for (const { entry, problem } of skipped) tapping.log.info(`No tapped copy of ${entry.name}: ${problem}.`);
      return copies.map((copy) => {
        const definition = new api.Definition(copy.label, copy.command, copy.args, copy.env, copy.version);
        if (copy.cwd !== undefined) definition.cwd = vscode.Uri.file(copy.cwd);
        return definition;
      });
    },
  };
  const watcher = vscode.workspace.createFileSystemWatcher('**/{.vscode/mcp.json,.mcp.json,.cursor/mcp.json}');
  const fire = (): void => changed.fire();
  return [
    changed,
    watcher,
    watcher.onDidChange(fire),
    watcher.onDidCreate(fire),
    watcher.onDidDelete(fire),
    api.register(TAPPED_SERVERS_PROVIDER_ID, provider),
  ];
}
