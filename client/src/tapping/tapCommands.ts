/** "MCP Envelope: Tap a Server…" and "MCP Envelope: Untap a Server…". */
import * as vscode from 'vscode';
import { COMMANDS } from '../../../shared/src/protocol';
import { HOST_NAMES } from './hostConfigs';
import { manualProxyCommand } from './httpProxies';
import type { ServerEntry } from './serverEntries';
import type { TappingContext } from './tappingContext';
import { TAP_MODES, TapEditError, type TapRecord } from './tapRewrite';
import { isTappedHttp, tapServer, untapServer } from './tapService';
import { findFreePort } from './tapProcess';

interface EntryItem extends vscode.QuickPickItem {
  entry?: ServerEntry;
  /** Why this entry cannot be tapped, when it cannot. */
  blocked?: string;
}

function summary(entry: ServerEntry): string {
  if (entry.transport === 'stdio') return [entry.command ?? '', ...entry.args].join(' ');
  return `${entry.transport} ${entry.url ?? ''}`;
}

function entryItems(tapping: TappingContext, records: readonly TapRecord[]): EntryItem[] {
  const items: EntryItem[] = [];
  for (const file of tapping.discover()) {
    if (file.entries.length === 0) continue;
    items.push({ label: file.candidate.description, kind: vscode.QuickPickItemKind.Separator });
    for (const entry of file.entries) {
      const tappedHttp = isTappedHttp(entry, records);
      const blocked = entry.tap
        ? 'already runs through the tap'
        : tappedHttp
          ? 'already goes through a tap proxy'
          : entry.transport === 'sse'
            ? 'uses the older SSE transport, which the tap does not proxy'
            : entry.transport === 'unsupported'
              ? 'has neither a command nor a URL the tap understands'
              : undefined;
      items.push({
        label: `${blocked ? '$(circle-slash)' : entry.transport === 'stdio' ? '$(terminal)' : '$(globe)'} ${entry.name}`,
        description: blocked ? `(${blocked})` : summary(entry),
        detail: entry.project !== undefined ? `${entry.file} — project ${entry.project}` : entry.file,
        entry,
        ...(blocked !== undefined && { blocked }),
      });
    }
  }
  return items;
}

async function confirm(message: string, detail: string, action: string): Promise<boolean> {
  return (await vscode.window.showWarningMessage(message, { modal: true, detail }, action)) === action;
}

async function tapCommand(tapping: TappingContext): Promise<void> {
  if (!tapping.cliExists()) {
    void vscode.window.showErrorMessage(
      `MCP Envelope: ${tapping.cliPath} is missing; build the extension (npm run build).`,
    );
    return;
  }
  const records = tapping.allRecords();
  const items = entryItems(tapping, records);
  if (items.length === 0) {
    const looked = tapping.discoveryContext();
    void vscode.window.showInformationMessage(
      `MCP Envelope: no MCP server configurations found (looked for .vscode/mcp.json, .mcp.json and .cursor/mcp.json in ${
        looked.workspaceFolders.length
      } workspace folder(s), the VS Code profile's mcp.json, ~/.claude.json, Claude Desktop's config and ~/.cursor/mcp.json).`,
    );
    return;
  }
  const picked = await vscode.window.showQuickPick(items, {
    title: 'Tap an MCP server: its host will run it through mcp-envelope tap',
    placeHolder: 'Pick a configured server',
    matchOnDescription: true,
    matchOnDetail: true,
  });
  const entry = picked?.entry;
  if (!entry || !picked) return;
  if (picked.blocked) {
    void vscode.window.showInformationMessage(`MCP Envelope: ${entry.name} ${picked.blocked}.`);
    return;
  }
  if (tapping.hasUnsavedEditor(entry.file)) {
    void vscode.window.showWarningMessage(`MCP Envelope: save or revert ${entry.file} first.`);
    return;
  }
  const mode = await vscode.window.showQuickPick(
    TAP_MODES.map((item) => ({ label: item.label, detail: item.detail, repair: item.repair })),
    { title: `Tap ${entry.name}: record only, or also repair its unstructured errors?` },
  );
  if (!mode) return;
  const repair = mode.repair;
  const host = HOST_NAMES[entry.host];
  const repairFlag = repair ? ' --repair' : '';
  const detail =
    entry.transport === 'stdio'
      ? `${entry.file}\n\nThe entry's command becomes:\nnode ${tapping.cliPath} tap${repairFlag} --name ${entry.name} -- ${summary(entry)}\n\n` +
        `env and every other key stay as they are. A backup goes to ${entry.file}.mcp-envelope-backup.json and to VS Code's ` +
        `state; "MCP Envelope: Untap a Server…" restores the entry exactly.`
      : `${entry.file}\n\nThe url becomes a loopback proxy (tap --http${repairFlag}) in front of ${entry.url}. VS Code runs the proxy while ` +
        `this extension is active; when VS Code is closed, ${host} cannot reach the server until you run the proxy yourself ` +
        `or untap. A backup is kept as for stdio entries.`;
  if (!(await confirm(`Tap ${entry.name} (${host})?`, detail, 'Tap'))) return;
  let record: TapRecord;
  try {
    record =
      entry.transport === 'stdio'
        ? await tapServer(entry, { kind: 'stdio', cliPath: tapping.cliPath, repair }, tapping.records)
        : await tapServer(entry, { kind: 'http', port: await findFreePort(), repair }, tapping.records);
  } catch (error) {
    const reason = error instanceof TapEditError || error instanceof Error ? error.message : String(error);
    void vscode.window.showErrorMessage(`MCP Envelope: could not tap ${entry.name}: ${reason}`);
    return;
  }
  tapping.log.info(`Tapped ${entry.name} in ${entry.file}.`);
  if (record.http) {
    tapping.log.info(`While VS Code is closed, run the proxy yourself: ${manualProxyCommand(record)}`);
    const proxy = await tapping.proxies.ensure(record);
    if (!proxy) {
      void vscode.window.showWarningMessage(
        `MCP Envelope: ${entry.name} is tapped but its proxy did not start; run: ${manualProxyCommand(record)}`,
      );
    }
  }
  const restart =
    entry.host === 'vscode'
      ? 'Restart the server in VS Code (MCP: List Servers) to use the tap.'
      : `Restart the server in ${host} (or restart ${host}) to use the tap.`;
  const choice = await vscode.window.showInformationMessage(
    `MCP Envelope: ${entry.name} now runs through the tap. ${restart} Its calls appear in Tool Calls.`,
    'Open File',
    'Show Tool Calls',
  );
  if (choice === 'Open File') await vscode.window.showTextDocument(vscode.Uri.file(entry.file));
  if (choice === 'Show Tool Calls') await showToolCalls();
}

/** Opens the Tool Calls panel (its command belongs to the panel); says so when the panel is not there. */
export async function showToolCalls(): Promise<void> {
  try {
    await vscode.commands.executeCommand(COMMANDS.showToolCalls);
  } catch (error) {
    void vscode.window.showWarningMessage(`MCP Envelope: the Tool Calls panel is not available (${String(error)}).`);
  }
}

async function untapCommand(tapping: TappingContext): Promise<void> {
  const records = tapping.allRecords();
  if (records.length === 0) {
    void vscode.window.showInformationMessage('MCP Envelope: no tapped servers (no backups found).');
    return;
  }
  const picked = await vscode.window.showQuickPick(
    records.map((record) => ({
      label: `${record.transport === 'stdio' ? '$(terminal)' : '$(globe)'} ${record.name}`,
      description: `${HOST_NAMES[record.host] ?? record.host} · tapped ${record.tappedAt.slice(0, 16).replace('T', ' ')}`,
      detail: record.file,
      record,
    })),
    { title: 'Untap an MCP server: restore its original entry', matchOnDetail: true },
  );
  if (!picked) return;
  const { record } = picked;
  if (tapping.hasUnsavedEditor(record.file)) {
    void vscode.window.showWarningMessage(`MCP Envelope: save or revert ${record.file} first.`);
    return;
  }
  try {
    let status = await untapServer(record, tapping.records);
    if (status === 'changed-since-tap') {
      const force = await confirm(
        `${record.name} was edited after it was tapped.`,
        `Restore the entry as it was before tapping? Edits made to this entry since then are lost; the rest of ${record.file} is kept.`,
        'Restore Original',
      );
      if (!force) return;
      status = await untapServer(record, tapping.records, { force: true });
    }
    await tapping.proxies.stop(record);
    const messages: Record<typeof status, string> = {
      restored: `${record.name} is restored in ${record.file}. Restart it in ${HOST_NAMES[record.host]} to stop tapping.`,
      'already-original': `${record.name} was already back to its original entry; its backup is removed.`,
      'entry-missing': `${record.name} is no longer in ${record.file}; its backup is removed.`,
      'changed-since-tap': `${record.name} was left as it is.`,
    };
    tapping.log.info(`Untap ${record.name} in ${record.file}: ${status}.`);
    void vscode.window.showInformationMessage(`MCP Envelope: ${messages[status]}`);
  } catch (error) {
    void vscode.window.showErrorMessage(
      `MCP Envelope: could not untap ${record.name}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

export function registerTapCommands(tapping: TappingContext): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(COMMANDS.tapServer, () => tapCommand(tapping)),
    vscode.commands.registerCommand(COMMANDS.untapServer, () => untapCommand(tapping)),
  ];
}
