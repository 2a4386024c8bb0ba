/** Settings pulled per resource from the client (`workspace/configuration`), cached until they change. */
import type { Connection } from 'vscode-languageserver/node';
import { DEFAULT_SETTINGS, type Settings, parseSettings } from '../../../engine/src';

export class SettingsProvider {
  private readonly cache = new Map<string, Promise<Settings>>();
  private pullSupported = false;
  private reported = new Set<string>();

  constructor(private readonly connection: Connection) {}

  enablePull(supported: boolean): void {
    this.pullSupported = supported;
  }

  clear(): void {
    this.cache.clear();
  }

  forget(uri: string): void {
    this.cache.delete(uri);
  }

  get(uri: string): Promise<Settings> {
    if (!this.pullSupported) return Promise.resolve(DEFAULT_SETTINGS);
    let pending = this.cache.get(uri);
    if (!pending) {
      pending = this.connection.workspace
        .getConfiguration({ scopeUri: uri, section: 'mcpEnvelope' })
        .then((raw: unknown) => {
          const { settings, problems } = parseSettings(raw);
          for (const problem of problems) {
            if (!this.reported.has(problem)) {
              this.reported.add(problem);
              this.connection.console.warn(problem);
            }
          }
          return settings;
        })
        .catch(() => DEFAULT_SETTINGS);
      this.cache.set(uri, pending);
    }
    return pending;
  }
}
