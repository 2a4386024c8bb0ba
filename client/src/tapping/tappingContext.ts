/** What the tapping commands share inside VS Code: the CLI path, tap records, running proxies, discovery inputs. */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { VariableContext } from './entryTargets';
import type { DiscoveryContext } from './hostConfigs';
import { TapProxies } from './httpProxies';
import { TapRecords, type RecordStore } from './tapRecords';
import type { TapRecord } from './tapRewrite';
import { discoverServers, type DiscoveredFile } from './tapService';

const RECORDS_KEY = 'mcpEnvelope.tapRecords';

export class TappingContext {
  readonly cliPath: string;
  readonly records: TapRecords;
  readonly proxies: TapProxies;

  constructor(
    readonly extension: vscode.ExtensionContext,
    readonly log: vscode.LogOutputChannel,
  ) {
    this.cliPath = extension.asAbsolutePath(path.join('dist', 'cli.js'));
    const state = extension.globalState;
    const store: RecordStore = {
      read: () => state.get<TapRecord[]>(RECORDS_KEY, []),
      write: (records) => Promise.resolve(state.update(RECORDS_KEY, records)),
    };
    this.records = new TapRecords(store);
    this.proxies = new TapProxies({ cliPath: this.cliPath }, (message) => log.info(message));
  }

  /** Whether dist/cli.js is there (it is in a packaged extension; a dev checkout needs `npm run build`). */
  cliExists(): boolean {
    return fs.existsSync(this.cliPath);
  }

  workspaceFolders(): string[] {
    return (vscode.workspace.workspaceFolders ?? [])
      .filter((folder) => folder.uri.scheme === 'file')
      .map((folder) => folder.uri.fsPath);
  }

  discoveryContext(): DiscoveryContext {
    // globalStorage is <profile>/User/globalStorage/<extension id>: the profile's mcp.json is in <profile>/User.
    const userDir = path.dirname(path.dirname(this.extension.globalStorageUri.fsPath));
    return {
      workspaceFolders: this.workspaceFolders(),
      home: os.homedir(),
      platform: process.platform,
      ...(process.env.APPDATA !== undefined && { appData: process.env.APPDATA }),
      ...(process.env.XDG_CONFIG_HOME !== undefined && { xdgConfigHome: process.env.XDG_CONFIG_HOME }),
      ...(path.basename(userDir) === 'User' && { vscodeUserDir: userDir }),
    };
  }

  variableContext(): VariableContext {
    return { workspaceFolders: this.workspaceFolders(), home: os.homedir(), env: process.env };
  }

  discover(): DiscoveredFile[] {
    const found = discoverServers(this.discoveryContext());
    for (const file of found) {
      for (const error of file.errors) this.log.warn(`${file.candidate.file}: ${error}`);
    }
    return found;
  }

  /** Every tap record: the extension's own, plus those in backup files beside the known configuration files. */
  allRecords(): TapRecord[] {
    return this.records.all(this.discover().map((file) => file.candidate.file));
  }

  /** Whether an editor holds unsaved changes to a file (then the file must not be rewritten under it). */
  hasUnsavedEditor(file: string): boolean {
    return vscode.workspace.textDocuments.some(
      (document) => document.uri.scheme === 'file' && document.uri.fsPath === file && document.isDirty,
    );
  }
}
