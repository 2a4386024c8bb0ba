/**
 * Where MCP hosts keep their server configurations, and which shape each file has. Pure Node (paths only):
 * no file is read here, and nothing depends on `vscode`.
 *
 *   VS Code          .vscode/mcp.json and the profile's User/mcp.json   {"servers": {name: entry}, "inputs": […]}
 *   Claude Code      .mcp.json (project scope)                          {"mcpServers": {name: entry}}
 *                    ~/.claude.json (user scope and per-project)        {"mcpServers": {…}, "projects": {path: {"mcpServers": {…}}}}
 *   Claude Desktop   claude_desktop_config.json                         {"mcpServers": {name: entry}}
 *   Cursor           ~/.cursor/mcp.json and .cursor/mcp.json            {"mcpServers": {name: entry}}
 */
import * as path from 'node:path';

export type HostKind = 'vscode' | 'claude-code' | 'claude-desktop' | 'cursor';

/** How servers are laid out in a file: under `servers` (VS Code), under `mcpServers`, or `~/.claude.json`'s two levels. */
export type ConfigLayout = 'servers' | 'mcpServers' | 'claude-json';

export interface ConfigFileCandidate {
  file: string;
  host: HostKind;
  layout: ConfigLayout;
  /** For people: which host and scope, e.g. "VS Code (workspace)". */
  description: string;
}

export const HOST_NAMES: Record<HostKind, string> = {
  vscode: 'VS Code',
  'claude-code': 'Claude Code',
  'claude-desktop': 'Claude Desktop',
  cursor: 'Cursor',
};

export interface DiscoveryContext {
  /** Workspace folder paths (absolute). */
  workspaceFolders: readonly string[];
  home: string;
  platform: NodeJS.Platform;
  /** `%APPDATA%` on Windows. */
  appData?: string;
  /** `$XDG_CONFIG_HOME`, when set. */
  xdgConfigHome?: string;
  /** The VS Code profile's `User` folder (holds the user-level mcp.json), when known. */
  vscodeUserDir?: string;
}

/** Claude Desktop's configuration file for a platform. */
export function claudeDesktopConfigPath(context: DiscoveryContext): string {
  if (context.platform === 'darwin') {
    return path.join(context.home, 'Library', 'Application Support', 'Claude', 'claude_desktop_config.json');
  }
  if (context.platform === 'win32') {
    const appData = context.appData ?? path.join(context.home, 'AppData', 'Roaming');
    return path.win32.join(appData, 'Claude', 'claude_desktop_config.json');
  }
  const configHome = context.xdgConfigHome ?? path.join(context.home, '.config');
  return path.join(configHome, 'Claude', 'claude_desktop_config.json');
}

/** Every configuration file a known host may read, workspace files first. Files need not exist. */
export function candidateConfigFiles(context: DiscoveryContext): ConfigFileCandidate[] {
  const candidates: ConfigFileCandidate[] = [];
  for (const folder of context.workspaceFolders) {
    const base = path.basename(folder);
    candidates.push(
      {
        file: path.join(folder, '.vscode', 'mcp.json'),
        host: 'vscode',
        layout: 'servers',
        description: `VS Code (workspace ${base})`,
      },
      {
        file: path.join(folder, '.mcp.json'),
        host: 'claude-code',
        layout: 'mcpServers',
        description: `Claude Code (project ${base})`,
      },
      {
        file: path.join(folder, '.cursor', 'mcp.json'),
        host: 'cursor',
        layout: 'mcpServers',
        description: `Cursor (project ${base})`,
      },
    );
  }
  if (context.vscodeUserDir !== undefined) {
    candidates.push({
      file: path.join(context.vscodeUserDir, 'mcp.json'),
      host: 'vscode',
      layout: 'servers',
      description: 'VS Code (user profile)',
    });
  }
  candidates.push(
    {
      file: path.join(context.home, '.claude.json'),
      host: 'claude-code',
      layout: 'claude-json',
      description: 'Claude Code (~/.claude.json)',
    },
    {
      file: claudeDesktopConfigPath(context),
      host: 'claude-desktop',
      layout: 'mcpServers',
      description: 'Claude Desktop',
    },
    {
      file: path.join(context.home, '.cursor', 'mcp.json'),
      host: 'cursor',
      layout: 'mcpServers',
      description: 'Cursor (user)',
    },
  );
  return candidates;
}
