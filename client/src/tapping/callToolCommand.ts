/**
 * "MCP Envelope: Call a Tool…": connect to a configured server (or a command / URL typed in) THROUGH the tap,
 * pick a tool, type JSON arguments checked against its inputSchema, call, and show the decoded verdict.
 * Sessions stay open for the next call and close when the extension deactivates.
 */
import * as vscode from 'vscode';
import { COMMANDS } from '../../../shared/src/protocol';
import { labelForCommand } from '../../../shared/src/serverTarget';
import { DirectSession, verdictSummary, type DirectCallVerdict, type DirectTarget } from './directCall';
import { directTargetFor, splitCommandLine } from './entryTargets';
import { showToolCalls } from './tapCommands';
import type { TappingContext } from './tappingContext';
import { argumentSkeleton, checkArguments } from './toolArguments';

interface TargetItem extends vscode.QuickPickItem {
  target?: DirectTarget;
  problem?: string;
  ask?: 'command' | 'url';
}

function targetKey(target: DirectTarget): string {
  return JSON.stringify(target);
}

export class CallToolSessions implements vscode.Disposable {
  private readonly sessions = new Map<string, Promise<DirectSession>>();

  constructor(private readonly tapping: TappingContext) {}

  /** An open session for a target, reusing the last one while its connection lives. */
  async sessionFor(target: DirectTarget): Promise<DirectSession> {
    const key = targetKey(target);
    const existing = this.sessions.get(key);
    if (existing) {
      const session = await existing.catch(() => undefined);
      if (session?.isOpen) return session;
      this.sessions.delete(key);
    }
    const opening = DirectSession.open(target, {
      cliPath: this.tapping.cliPath,
      clientName: 'mcp-envelope-vscode',
      clientVersion: String(this.tapping.extension.extension.packageJSON.version ?? '0.0.0'),
    }).then((session) => {
      session.onclose = () => {
        if (this.sessions.get(key) === opening) this.sessions.delete(key);
        this.tapping.log.info(`Direct session to ${target.label} closed.`);
      };
      this.tapping.log.info(`Connected to ${target.label} through the tap; trace: ${session.traceFile}`);
      return session;
    });
    this.sessions.set(key, opening);
    opening.catch(() => this.sessions.delete(key));
    return opening;
  }

  openTargets(): DirectTarget[] {
    return [...this.sessions.keys()].map((key) => JSON.parse(key) as DirectTarget);
  }

  async closeAll(): Promise<void> {
    const all = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.all(all.map(async (pending) => (await pending.catch(() => undefined))?.close()));
  }

  dispose(): void {
    void this.closeAll();
  }
}

function configuredItems(tapping: TappingContext, sessions: CallToolSessions): TargetItem[] {
  const items: TargetItem[] = [];
  const open = new Set(sessions.openTargets().map(targetKey));
  const records = tapping.allRecords();
  const variables = tapping.variableContext();
  for (const file of tapping.discover()) {
    if (file.entries.length === 0) continue;
    items.push({ label: file.candidate.description, kind: vscode.QuickPickItemKind.Separator });
    for (const entry of file.entries) {
      const resolved = directTargetFor(entry, variables, records);
      const connected = resolved.ok && open.has(targetKey(resolved.value));
      items.push({
        label: `${connected ? '$(plug)' : resolved.ok ? '$(server)' : '$(circle-slash)'} ${entry.name}`,
        description: resolved.ok
          ? `${connected ? 'connected · ' : ''}${resolved.value.kind === 'stdio' ? [resolved.value.command, ...resolved.value.args].join(' ') : resolved.value.url}`
          : `(cannot connect: ${resolved.problem})`,
        detail: entry.file,
        ...(resolved.ok ? { target: resolved.value } : { problem: resolved.problem }),
      });
    }
  }
  return items;
}

async function pickTarget(tapping: TappingContext, sessions: CallToolSessions): Promise<DirectTarget | undefined> {
  const items: TargetItem[] = [
    ...configuredItems(tapping, sessions),
    { label: 'Other', kind: vscode.QuickPickItemKind.Separator },
    { label: '$(terminal) Enter a server command…', ask: 'command' },
    { label: '$(globe) Enter a streamable HTTP URL…', ask: 'url' },
  ];
  const picked = await vscode.window.showQuickPick(items, {
    title: 'Call a tool: pick a server (the connection goes through the tap)',
    matchOnDescription: true,
  });
  if (!picked) return undefined;
  if (picked.problem !== undefined) {
    void vscode.window.showWarningMessage(`MCP Envelope: cannot connect to this server: ${picked.problem}.`);
    return undefined;
  }
  if (picked.target) return picked.target;
  if (picked.ask === 'command') {
    const line = await vscode.window.showInputBox({
      title: 'Server command (stdio)',
      prompt: 'The command that starts the MCP server, e.g. npx -y @modelcontextprotocol/server-everything',
      validateInput: (value) => (splitCommandLine(value).length === 0 ? 'Enter a command.' : undefined),
    });
    const words = line !== undefined ? splitCommandLine(line) : [];
    if (words.length === 0) return undefined;
    const [command, ...args] = words;
    const cwd = tapping.workspaceFolders()[0];
    return { kind: 'stdio', label: labelForCommand(words), command, args, ...(cwd !== undefined && { cwd }) };
  }
  const url = await vscode.window.showInputBox({
    title: 'Server URL (streamable HTTP)',
    prompt: 'e.g. http://127.0.0.1:3001/mcp',
    validateInput: (value) => {
      try {
        return /^https?:$/.test(new URL(value).protocol) ? undefined : 'Enter an http(s) URL.';
      } catch {
        return 'Enter an http(s) URL.';
      }
    },
  });
  if (url === undefined) return undefined;
  const parsed = new URL(url);
  return { kind: 'http', label: `http-${parsed.hostname}-${parsed.port || parsed.protocol.slice(0, -1)}`, url };
}

async function showVerdict(verdict: DirectCallVerdict): Promise<void> {
  const { decoded } = verdict;
  const text =
    `MCP Envelope: ${verdict.tool} → ${verdictSummary(verdict)}` +
    `${decoded.message !== null && decoded.outcome !== 'success' ? `: ${decoded.message.slice(0, 200)}` : ''}. Next: ${verdict.nextAction}`;
  const failed = decoded.outcome === 'tool-error' || decoded.outcome === 'protocol-error';
  const show = failed ? vscode.window.showWarningMessage : vscode.window.showInformationMessage;
  const choice = await show(text, 'Show in Tool Calls', 'Show Result');
  if (choice === 'Show in Tool Calls') await showToolCalls();
  if (choice === 'Show Result') {
    const content = JSON.stringify(
      { verdict: { ...decoded, nextAction: verdict.nextAction }, arguments: verdict.arguments, result: verdict.raw },
      null,
      2,
    );
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument({ language: 'json', content }));
  }
}

async function callToolCommand(tapping: TappingContext, sessions: CallToolSessions): Promise<void> {
  if (!tapping.cliExists()) {
    void vscode.window.showErrorMessage(
      `MCP Envelope: ${tapping.cliPath} is missing; build the extension (npm run build).`,
    );
    return;
  }
  const target = await pickTarget(tapping, sessions);
  if (!target) return;
  let session: DirectSession;
  let tools;
  try {
    [session, tools] = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `Connecting to ${target.label} through the tap…` },
      async () => {
        const opened = await sessions.sessionFor(target);
        return [opened, await opened.listTools()] as const;
      },
    );
  } catch (error) {
    tapping.log.error(`Connecting to ${target.label}: ${error instanceof Error ? error.message : String(error)}`);
    void vscode.window.showErrorMessage(
      `MCP Envelope: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
    );
    return;
  }
  if (tools.length === 0) {
    void vscode.window.showInformationMessage(`MCP Envelope: ${target.label} lists no tools.`);
    return;
  }
  const tool = await vscode.window.showQuickPick(
    tools.map((item) => ({
      label: item.name,
      description: item.title ?? '',
      detail: item.description ?? '',
      tool: item,
    })),
    { title: `Call a tool of ${target.label}`, matchOnDetail: true },
  );
  if (!tool) return;
  const schema = tool.tool.inputSchema;
  const input = await vscode.window.showInputBox({
    title: `Arguments for ${tool.label} (JSON, checked against its inputSchema)`,
    value: JSON.stringify(argumentSkeleton(schema)),
    validateInput: (value) => {
      const check = checkArguments(value, schema);
      return check.ok ? undefined : check.message;
    },
  });
  if (input === undefined) return;
  const check = checkArguments(input, schema);
  if (!check.ok) return;
  if (check.note) tapping.log.warn(check.note);
  try {
    const verdict = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `Calling ${tool.label}…` },
      () => session.callTool(tool.label, check.value),
    );
    tapping.log.info(`${target.label} ${tool.label}: ${verdictSummary(verdict)} in ${verdict.durationMs} ms`);
    await showVerdict(verdict);
  } catch (error) {
    void vscode.window.showErrorMessage(
      `MCP Envelope: calling ${tool.label} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

export function registerCallTool(tapping: TappingContext, sessions: CallToolSessions): vscode.Disposable {
  return vscode.commands.registerCommand(COMMANDS.callTool, () => callToolCommand(tapping, sessions));
}
