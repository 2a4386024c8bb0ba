/**
 * Which MCP server dependencies leave a package free to be an MCP client: the combined SDK (one package for both
 * sides, so depending on it says nothing of the side) and any server package listed only among the development
 * dependencies (the test servers of a client library, the split SDK's server package its tests start). A package
 * whose server dependencies are all of those kinds is an MCP client when its files use the client side only; one
 * server package it ships with (`dependencies`, `peerDependencies`, …) keeps it a server package.
 */

/** The combined SDK: one package for both sides. */
export const COMBINED_SDK = '@modelcontextprotocol/sdk';

/**
 * Whether a package's MCP server dependencies (at least one) are all the combined SDK or development-only ones.
 * @param serverDependencies the MCP server packages the manifest lists, in any dependency field
 * @param developmentOnly the packages the manifest lists under `devDependencies` and under no other field
 */
export function serverDependenciesAllowClient(
  serverDependencies: readonly string[],
  developmentOnly: ReadonlySet<string>,
): boolean {
  if (serverDependencies.length === 0) return false;
  return serverDependencies.every((name) => name === COMBINED_SDK || developmentOnly.has(name));
}

/** The packages a parsed manifest lists under `devDependencies` only. */
export function developmentOnlyDependencies(manifest: Readonly<Record<string, unknown>>): Set<string> {
  const names = (field: string): string[] => {
    const value = manifest[field];
    return value && typeof value === 'object' ? Object.keys(value) : [];
  };
  const shipped = new Set(['dependencies', 'peerDependencies', 'optionalDependencies'].flatMap(names));
  return new Set(names('devDependencies').filter((name) => !shipped.has(name)));
}
