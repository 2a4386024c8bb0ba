/** The SARIF 2.1.0 log shape shared by `check --format sarif` and `probe --format sarif`. */

export interface SarifRule {
  id: string;
  shortDescription: { text: string };
  helpUri?: string;
  defaultConfiguration?: { level: 'error' | 'warning' | 'note' };
}

export interface SarifRun {
  /** The tool's name as SARIF viewers show it. */
  driverName: string;
  version: string;
  rules: SarifRule[];
  results: unknown[];
  /** SARIF invocations: whether the run succeeded, and tool execution notifications (files that could not be analysed). */
  invocations?: unknown[];
  properties?: Record<string, unknown>;
}

export function sarifLog(run: SarifRun): string {
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: run.driverName,
            version: run.version,
            informationUri: 'https://github.com/mcp-envelope/mcp-envelope',
            rules: run.rules,
          },
        },
        ...(run.invocations ? { invocations: run.invocations } : {}),
        ...(run.properties ? { properties: run.properties } : {}),
        results: run.results,
      },
    ],
  };
  return JSON.stringify(log, null, 2);
}
