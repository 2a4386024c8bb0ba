/**
 * Root path aliases: `@/lib/tools`, `~/server/names`, `$/mcp/tools/shared.ts`, `#/config`. Projects map such a
 * prefix to their source root (tsconfig `paths`, a Deno import map, a bundler alias), almost always a folder above
 * the importing file (`./src/` or the project root). Without reading those configurations, the alias resolves to
 * the nearest folder above the importing file under which the rest of the specifier names a source file.
 */
import * as path from 'node:path';
import { resolveRelativeImport } from './handlers';

/** `@/…`, `~/…`, `~~/…`, `$/…`, `#/…`: a prefix of punctuation only, which no npm package name can be. */
const ROOT_ALIAS = /^([@~$#]{1,2})\/(.+)$/;
/** How many folders above the importing file an alias's root may lie. */
const MAX_LEVELS = 8;

export function resolveRootAlias(
  specifier: string,
  fromFile: string,
  exists: (fileName: string) => boolean,
): string | undefined {
  const match = ROOT_ALIAS.exec(specifier);
  if (!match) return undefined;
  const rest = match[2];
  let dir = path.dirname(fromFile);
  for (let level = 0; level < MAX_LEVELS; level++) {
    const target = resolveRelativeImport('./' + rest, path.join(dir, 'index.ts'), exists);
    if (target) return target;
    const parent = path.dirname(dir);
    if (parent === dir || path.basename(dir) === 'node_modules') break;
    dir = parent;
  }
  return undefined;
}
