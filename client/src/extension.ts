/** MCP Envelope's extension entry point: wires the language client and the commands. */
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { COMMANDS } from '../../shared/src/protocol';
import { fixAllInActiveEditor } from './fixAllCommand';
import { createLanguageClient } from './languageClient';
import { startWhenMcpCodeAppears } from './lazyStart';
import { registerToolCalls } from './panel';
import { registerProbe } from './probe';
import { registerTapping } from './tapping';

let client: LanguageClient | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const output = vscode.window.createOutputChannel('MCP Envelope', { log: true });
  context.subscriptions.push(output);
  client = createLanguageClient(context, output);
  registerToolCalls(context, client);
  registerTapping(context);
  registerProbe(context, client);

  const languageClient = client;
  // The language server starts only once the workspace or an opened file has MCP code (client/src/lazyStart.ts).
  const startServer = startWhenMcpCodeAppears(context, async (reason) => {
    output.appendLine(`Starting the language server: ${reason}.`);
    try {
      await languageClient.start();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      output.appendLine(`The MCP Envelope language server could not start: ${message}`);
      void vscode.window.showErrorMessage(
        `MCP Envelope: the language server could not start (${message}). See the output channel.`,
      );
    }
  });

  context.subscriptions.push(
    vscode.commands.registerCommand(COMMANDS.fixAll, fixAllInActiveEditor),
    vscode.commands.registerCommand(COMMANDS.restartServer, async () => {
      if (languageClient.isRunning()) {
        await languageClient.restart();
        output.appendLine('Language server restarted.');
      } else {
        await startServer('Restart Language Server was run');
      }
    }),
    vscode.commands.registerCommand(COMMANDS.showOutput, () => output.show(true)),
  );
}

export async function deactivate(): Promise<void> {
  if (client?.isRunning()) await client.stop();
}
