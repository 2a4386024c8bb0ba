/**
 * Getting real hosts to use the tap: "Tap a Server…" / "Untap a Server…" rewrite host configurations,
 * "Call a Tool…" calls tools directly through the tap, and VS Code's MCP support is offered tapped copies.
 */
import * as vscode from 'vscode';
import { CallToolSessions, registerCallTool } from './callToolCommand';
import { registerTappedServerProvider } from './mcpProvider';
import { registerTapCommands } from './tapCommands';
import { TappingContext } from './tappingContext';

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
  // Tapped HTTP entries point at a loopback proxy: run those proxies while the extension is active.
  if (tapping.cliExists()) {
    void tapping.proxies
      .sync(tapping.allRecords())
      .catch((error: unknown) => log.error(`Tap proxies: ${String(error)}`));
  }
}
