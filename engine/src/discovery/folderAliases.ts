/**
 * Scope-shaped folder aliases: `@src/tools/base.js`, `@lib/names`, `@utils/errors`. Projects map such a prefix to
 * a folder of their own (tsconfig `paths` `"@src/*": ["src/*"]`, a bundler alias), and the prefix reads like an npm
 * scope. When no workspace package has that name, the alias resolves to the nearest folder above the importing file
 * that holds a folder of the prefix's name under which the rest of the specifier names a source file. A real
 * scoped package (`@modelcontextprotocol/sdk/…`) names no such folder of the project, so it stays unresolved.
 */
import * as path from 'node:path';
import { resolveRelativeImport } from './handlers';

const FOLDER_ALIAS = /^@([A-Za-z][\w-]*)\/(.+)$/;
/** How many folders above the importing file the aliased folder may lie. */
const MAX_LEVELS = 8;

export function resolveFolderAlias(
  specifier: string,
  fromFile: string,
  exists: (fileName: string) => boolean,
): string | undefined {
  const match = FOLDER_ALIAS.exec(specifier);
  if (!match) return undefined;
  const [, folder, rest] = match;
  let dir = path.dirname(fromFile);
  for (let level = 0; level < MAX_LEVELS; level++) {
    if (path.basename(dir) === 'node_modules') break;
    const target = resolveRelativeImport(`./${folder}/${rest}`, path.join(dir, 'index.ts'), exists);
    if (target) return target;
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return undefined;
}
