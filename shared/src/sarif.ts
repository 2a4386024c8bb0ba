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

/**
 * The SARIF `artifactLocation.uri` of a file path as the CLI prints it. A relative path stays a relative reference
 * (GitHub code scanning and other viewers resolve it against the checkout); an absolute path becomes an absolute
 * `file:` URI. An absolute path written as a relative reference ("/home/…") would be read as relative to a
 * `uriBaseId` and is invalid SARIF (SARIF1004). Each segment is percent-encoded (spaces, `#`, `%`, `?`).
 */
export function sarifArtifactUri(file: string): string {
  if (/^[a-z][a-z0-9+.-]+:\/\//i.test(file)) return file; // already a URI (file:///…, https://…)
  const slashed = file.split('\\').join('/');
  const encode = (part: string) => part.split('/').map(encodeURIComponent).join('/');
  const drive = /^([a-z]):(\/.*)?$/i.exec(slashed);
  if (drive) return `file:///${drive[1]?.toUpperCase()}:${encode(drive[2] ?? '/')}`;
  if (slashed.startsWith('//')) return `file:${encode(slashed)}`; // UNC: //server/share/…
  if (slashed.startsWith('/')) return `file://${encode(slashed)}`;
  return encode(slashed);
}

interface SarifLocationLike {
  physicalLocation?: { artifactLocation?: { uri?: unknown } };
}

/** Rewrites every result location's `artifactLocation.uri` with sarifArtifactUri (results stay otherwise as given). */
function withArtifactUris(results: readonly unknown[]): unknown[] {
  return results.map((result) => {
    if (typeof result !== 'object' || result === null || !('locations' in result)) return result;
    const { locations } = result;
    if (!Array.isArray(locations)) return result;
    return {
      ...result,
      locations: locations.map((location: SarifLocationLike) => {
        const artifact = location.physicalLocation?.artifactLocation;
        if (typeof artifact?.uri !== 'string') return location;
        return {
          ...location,
          physicalLocation: {
            ...location.physicalLocation,
            artifactLocation: { ...artifact, uri: sarifArtifactUri(artifact.uri) },
          },
        };
      }),
    };
  });
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
        results: withArtifactUris(run.results),
      },
    ],
  };
  return JSON.stringify(log, null, 2);
}
