/**
 * Whether a workspace has MCP server code, decided from text alone (no `vscode` here, so unit tests run in Node):
 * a package.json that depends on an MCP server package, or a source file that imports one. The extension starts
 * its language server only then (client/src/lazyStart.ts), so a workspace without MCP code stays light.
 */
import {
  MCP_SERVER_NAMED_IMPORT,
  MCP_SERVER_PACKAGES,
  MCP_SERVER_SUBPATHS,
  packageAlternation,
} from '../../shared/src/mcpServerPackages';

export { MCP_SERVER_PACKAGES };

const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'];

/** True when package.json text lists an MCP server package in any dependency field. Invalid JSON: false. */
export function packageJsonUsesMcp(text: string): boolean {
  let manifest: unknown;
  try {
    manifest = JSON.parse(text);
  } catch {
    return false;
  }
  if (typeof manifest !== 'object' || manifest === null) return false;
  return DEPENDENCY_FIELDS.some((field) => {
    const dependencies: unknown = (manifest as Record<string, unknown>)[field];
    return (
      typeof dependencies === 'object' &&
      dependencies !== null &&
      MCP_SERVER_PACKAGES.some((name) => Object.prototype.hasOwnProperty.call(dependencies, name))
    );
  });
}

const escaped = packageAlternation([...MCP_SERVER_PACKAGES, ...MCP_SERVER_SUBPATHS]);
/** `from '<pkg>'`, `from "<pkg>/sub/path.js"`, `require('<pkg>')`, `import('<pkg>')`, `import '<pkg>'`. */
const IMPORT = new RegExp(
  `(?:\\bfrom\\s*|\\brequire\\s*\\(\\s*|\\bimport\\s*\\(\\s*|\\bimport\\s+)(['"\`])(?:${escaped})(?:/[^'"\`]*)?\\1`,
);

/** True when source text imports or requires an MCP server package (or a sub-path of one). */
export function sourceImportsMcp(text: string): boolean {
  return IMPORT.test(text) || MCP_SERVER_NAMED_IMPORT.test(text);
}
