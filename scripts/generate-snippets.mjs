// Writes the static snippet files VS Code reads (snippets/*.code-snippets.json) from the catalog in
// shared/src/snippetCatalog.ts, which renders envelopes through shared/src/envelopeStyle.ts.
// `--check` writes nothing and exits 1 when a committed file differs from what the catalog generates.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');

const bundle = await esbuild.build({
  entryPoints: [join(root, 'shared/src/snippetCatalog.ts')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  write: false,
  logLevel: 'warning',
});
const source = bundle.outputFiles[0].text;
const catalog = await import(`data:text/javascript;base64,${Buffer.from(source).toString('base64')}`);

let stale = 0;
for (const language of catalog.SNIPPET_LANGUAGES) {
  const file = join(root, catalog.SNIPPET_FILES[language]);
  const text = catalog.snippetFileText(language);
  let committed = '';
  try {
    committed = readFileSync(file, 'utf8');
  } catch {
    committed = '';
  }
  if (committed === text) continue;
  if (check) {
    console.error(`${catalog.SNIPPET_FILES[language]} is out of date: run node scripts/generate-snippets.mjs`);
    stale++;
  } else {
    writeFileSync(file, text);
    console.log(`wrote ${catalog.SNIPPET_FILES[language]}`);
  }
}
process.exitCode = stale > 0 ? 1 : 0;
