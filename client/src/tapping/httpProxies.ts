/**
 * The `tap --http` proxies that tapped HTTP entries point at. The extension runs one per record while it is active
 * (the host's URL now names the proxy's loopback port), and stops them when it deactivates. Node only.
 */
import { entryKey } from './serverEntries';
import { startHttpTapProcess, type HttpTapProcess, type TapLaunch } from './tapProcess';
import type { TapRecord } from './tapRewrite';

export type ProxyLog = (message: string) => void;

/** The command people can run themselves when the editor is closed. */
export function manualProxyCommand(record: TapRecord): string | undefined {
  if (record.http === undefined) return undefined;
  const quote = (word: string): string => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`);
  return [
    'mcp-envelope',
    'tap',
    '--http',
    '--target',
    record.http.target,
    '--listen',
    record.http.listen,
    '--name',
    record.http.label,
    ...(record.http.repair === true ? ['--repair'] : []),
  ]
    .map(quote)
    .join(' ');
}

export class TapProxies {
  private readonly running = new Map<string, Promise<HttpTapProcess | undefined>>();

  constructor(
    private readonly launch: TapLaunch,
    private readonly log: ProxyLog,
  ) {}

  /** Starts the proxy for an HTTP record unless it runs already. Resolves undefined when it could not start. */
  ensure(record: TapRecord): Promise<HttpTapProcess | undefined> {
    const http = record.http;
    if (http === undefined) return Promise.resolve(undefined);
    const key = entryKey(record.file, record.path);
    const existing = this.running.get(key);
    if (existing) return existing;
    const started = startHttpTapProcess(this.launch, {
      target: http.target,
      listen: http.listen,
      label: http.label,
      ...(http.repair === true && { repair: true }),
    }).then(
      (proxy) => {
        this.log(`Tap proxy for ${record.name}: ${proxy.origin} → ${http.target}`);
        void proxy.exited.then((code) => {
          if (this.running.get(key) === started) this.running.delete(key);
          this.log(`Tap proxy for ${record.name} ended (code ${code}).`);
        });
        return proxy;
      },
      (error: unknown) => {
        this.running.delete(key);
        const reason = error instanceof Error ? error.message : String(error);
        const busy = /EADDRINUSE|address already in use/i.test(reason);
        this.log(
          busy
            ? `Tap proxy for ${record.name}: ${http.listen} is in use (another window may already run it).`
            : `Tap proxy for ${record.name} could not start: ${reason}`,
        );
        return undefined;
      },
    );
    this.running.set(key, started);
    return started;
  }

  /** Stops the proxy of one record, if this process runs it. */
  async stop(record: TapRecord): Promise<void> {
    const key = entryKey(record.file, record.path);
    const proxy = await this.running.get(key);
    this.running.delete(key);
    await proxy?.stop();
  }

  /** Starts proxies for every HTTP record and stops those whose record is gone. */
  async sync(records: readonly TapRecord[]): Promise<void> {
    const wanted = new Set(records.filter((record) => record.http).map((record) => entryKey(record.file, record.path)));
    const stale = [...this.running.keys()].filter((key) => !wanted.has(key));
    for (const key of stale) {
      const proxy = await this.running.get(key);
      this.running.delete(key);
      await proxy?.stop();
    }
    await Promise.all(records.filter((record) => record.http).map((record) => this.ensure(record)));
  }

  /** Stops every proxy (on deactivation). */
  async stopAll(): Promise<void> {
    const all = [...this.running.values()];
    this.running.clear();
    await Promise.all(all.map(async (pending) => (await pending)?.stop()));
  }
}
