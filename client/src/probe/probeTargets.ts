/**
 * Choosing what to probe: a server configured for a host (found by the tapping module's discovery, tapped entries
 * reached at their original server), or a command / URL typed in. Turns the choice into the engine's target.
 */
import * as vscode from 'vscode';
import type { DirectTarget } from '../tapping/directCall';
import { directTargetFor, splitCommandLine } from '../tapping/entryTargets';
import type { TappingContext } from '../tapping/tappingContext';
import { commandChoice, probeTargetOf, urlChoice, type ProbeChoice } from './targetChoice';

export type { ProbeChoice } from './targetChoice';

interface TargetItem extends vscode.QuickPickItem {
  target?: DirectTarget;
  problem?: string;
  ask?: 'command' | 'url';
}

function configuredItems(tapping: TappingContext): TargetItem[] {
  const items: TargetItem[] = [];
  const records = tapping.allRecords();
  const variables = tapping.variableContext();
  for (const file of tapping.discover()) {
    if (file.entries.length === 0) continue;
    items.push({ label: file.candidate.description, kind: vscode.QuickPickItemKind.Separator });
    for (const entry of file.entries) {
      const resolved = directTargetFor(entry, variables, records);
      items.push({
        label: `${resolved.ok ? '$(server)' : '$(circle-slash)'} ${entry.name}`,
        description: resolved.ok
          ? resolved.value.kind === 'stdio'
            ? [resolved.value.command, ...resolved.value.args].join(' ')
            : resolved.value.url
          : `(cannot probe: ${resolved.problem})`,
        detail: entry.file,
        ...(resolved.ok ? { target: resolved.value } : { problem: resolved.problem }),
      });
    }
  }
  return items;
}

/** Asks which server to probe; undefined when the user cancels. */
export async function pickProbeTarget(tapping: TappingContext): Promise<ProbeChoice | undefined> {
  const items: TargetItem[] = [
    ...configuredItems(tapping),
    { label: 'Other', kind: vscode.QuickPickItemKind.Separator },
    { label: '$(terminal) Enter a server command…', ask: 'command' },
    { label: '$(globe) Enter a streamable HTTP URL…', ask: 'url' },
  ];
  const picked = await vscode.window.showQuickPick(items, {
    title: 'Probe a server: pick one (only its read-only tools are called unless you opt in)',
    matchOnDescription: true,
  });
  if (!picked) return undefined;
  if (picked.problem !== undefined) {
    void vscode.window.showWarningMessage(`MCP Envelope: cannot probe this server: ${picked.problem}.`);
    return undefined;
  }
  if (picked.target) return { label: picked.target.label, target: probeTargetOf(picked.target) };
  if (picked.ask === 'command') {
    const line = await vscode.window.showInputBox({
      title: 'Server command (stdio), run in the first workspace folder',
      prompt: 'e.g. node dist/server.js — the server gets only PATH and HOME from the environment',
      validateInput: (value) => (splitCommandLine(value).length === 0 ? 'Enter a command.' : undefined),
    });
    return line !== undefined ? commandChoice(line, tapping.workspaceFolders()[0]) : undefined;
  }
  const url = await vscode.window.showInputBox({
    title: 'Server URL (streamable HTTP)',
    prompt: 'e.g. http://127.0.0.1:3001/mcp',
    validateInput: (value) => (urlChoice(value) ? undefined : 'Enter an http(s) URL.'),
  });
  return url !== undefined ? urlChoice(url) : undefined;
}
