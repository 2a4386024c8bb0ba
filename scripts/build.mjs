// Bundles the extension, the language server and the CLI with esbuild.
import { chmodSync, readFileSync } from 'node:fs';
import * as esbuild from 'esbuild';

const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');
const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

/** @type {import('esbuild').BuildOptions} */
const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: production ? false : 'linked',
  minify: production,
  logLevel: 'warning',
  define: { MCP_ENVELOPE_VERSION: JSON.stringify(version) },
};

const targets = [
  // jsonc-parser's UMD build requires its own files at run time, which a bundle cannot: take its ES module build.
  {
    ...common,
    entryPoints: ['client/src/extension.ts'],
    outfile: 'dist/extension.js',
    external: ['vscode'],
    mainFields: ['module', 'main'],
  },
  { ...common, entryPoints: ['server/src/server.ts'], outfile: 'dist/server.js' },
  { ...common, entryPoints: ['server/src/cli/main.ts'], outfile: 'dist/cli.js' },
  {
    ...common,
    entryPoints: ['client/src/panel/webview/main.ts'],
    outfile: 'dist/webview.js',
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
  },
];

if (watch) {
  for (const options of targets) {
    const context = await esbuild.context(options);
    await context.watch();
  }
  console.log('esbuild: watching client/, server/ and shared/ …');
} else {
  const started = Date.now();
  await Promise.all(targets.map((options) => esbuild.build(options)));
  chmodSync('dist/cli.js', 0o755);
  console.log(`esbuild: built dist/extension.js, dist/server.js, dist/cli.js in ${Date.now() - started} ms`);
}
