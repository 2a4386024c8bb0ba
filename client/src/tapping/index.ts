/**
 * Getting real hosts to use the tap: "Tap a Server…" / "Untap a Server…" rewrite host configurations,
 * "Call a Tool…" calls tools directly through the tap, and VS Code's MCP support is offered tapped copies.
 */
import * as vscode from 'vscode';
import { CallToolSessions, registerCallTool } from './callToolCommand';
import { registerTappedServerProvider } from './mcpProvider';
import { registerTapCommands } from './tapCommands';
import { TappingContext } from './tappingContext';
import type { TapRecord } from './tapRewrite';
import { refreshCliPaths, staleCliRecords } from './tapService';

export function registerTapping(context: vscode.ExtensionContext): void {
  const log = vscode.window.createOutputChannel('MCP Envelope Tapping', { log: true });
  const tapping = new TappingContext(context, log);
  const sessions = new CallToolSessions(tapping);
  context.subscriptions.push(
    log,
    ...registerTapCommands(tapping),
    registerCallTool(tapping, sessions),
    ...registerTappedServerProvider(tapping),
    sessions,
    { dispose: () => void tapping.proxies.stopAll() },
  );
  if (!tapping.cliExists()) return;
  const records = tapping.allRecords();
  // Tapped HTTP entries point at a loopback proxy: run those proxies while the extension is active.
  void tapping.proxies.sync(records).catch((error: unknown) => log.error(`Tap proxies: ${String(error)}`));
  void offerCliPathRefresh(tapping, records);
}

/** After an update the extension lives in a new folder: offer to point tapped entries at the new dist/cli.js. */
async function offerCliPathRefresh(tapping: TappingContext, records: readonly TapRecord[]): Promise<void> {
  const stale = staleCliRecords(records, tapping.cliPath);
  if (stale.length === 0) return;
  const names = stale.map((record) => record.name).join(', ');
  const choice = await vscode.window.showWarningMessage(
    `MCP Envelope: tapped servers point at an older install of the extension that is gone (${names}); their hosts cannot start them.`,
    'Update Paths',
  );
  if (choice !== 'Update Paths') return;
  try {
    const { updated, left } = await refreshCliPaths(stale, tapping.cliPath, tapping.records);
    tapping.log.info(
      `Updated the tap path of ${updated.join(', ') || 'no server'}; left ${left.join(', ') || 'none'}.`,
    );
    void vscode.window.showInformationMessage(
      `MCP Envelope: updated ${updated.length} tapped server(s)${left.length > 0 ? `; ${left.join(', ')} changed since tapping (untap and tap again)` : ''}. Restart them in their hosts.`,
    );
  } catch (error) {
    void vscode.window.showErrorMessage(`MCP Envelope: ${error instanceof Error ? error.message : String(error)}`);
  }
}
