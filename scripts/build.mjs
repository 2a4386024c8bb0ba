// Bundles every product part with esbuild. TypeScript ships once, in dist/engine.js: the language server and the
// CLI load it from there, and the tap (dist/tap.js) never loads it. The probe and its MCP SDK live in dist/probe.js,
// which only `mcp-envelope probe` loads.
import { chmodSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as esbuild from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');
const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));

/** Product parts bundled on their own: another bundle that imports their entry loads the built file instead. */
const SHARED_BUNDLES = {
  [path.join(root, 'engine/src/index.ts')]: './engine.js',
  [path.join(root, 'probe/src/index.ts')]: './probe.js',
  [path.join(root, 'tap/src/index.ts')]: './tap.js',
};

/** @param {string} own the entry of the bundle being built (which must not refer to itself) @returns {import('esbuild').Plugin} */
function separateBundles(own) {
  return {
    name: 'separate-bundles',
    setup(build) {
      build.onResolve({ filter: /^\.{1,2}\// }, (args) => {
        const resolved = path.resolve(args.resolveDir, args.path).replace(/\.js$/, '');
        for (const candidate of [resolved, `${resolved}.ts`, path.join(resolved, 'index.ts')]) {
          const bundle = SHARED_BUNDLES[candidate];
          if (bundle && candidate !== own) return { path: bundle, external: true };
        }
        return undefined;
      });
    },
  };
}

/**
 * Every `import ts from 'typescript'` goes through one ES module that imports it once. esbuild wraps a CommonJS
 * module for each module that imports it, copying its exports (over 2,000 getters) each time: with the engine's
 * dozens of modules that cost tens of milliseconds at every start of the CLI and the language server.
 * @returns {import('esbuild').Plugin}
 */
function typescriptOnce() {
  const namespace = 'typescript-once';
  return {
    name: namespace,
    setup(build) {
      build.onResolve({ filter: /^typescript$/ }, (args) =>
        args.namespace === namespace ? undefined : { path: 'typescript', namespace },
      );
      build.onLoad({ filter: /.*/, namespace }, () => ({
        contents: "import ts from 'typescript';\nexport default ts;\n",
        resolveDir: root,
        loader: 'js',
      }));
    },
  };
}

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
  // jsonc-parser's UMD build requires its own files at run time, which a bundle cannot: take its ES module build.
  mainFields: ['module', 'main'],
};

/**
 * @param {string} entry @param {string} outfile @param {Partial<import('esbuild').BuildOptions>} [extra]
 * @returns {import('esbuild').BuildOptions}
 */
function nodeBundle(entry, outfile, extra = {}) {
  const entryPath = path.join(root, entry);
  return {
    ...common,
    entryPoints: [entryPath],
    outfile: path.join(root, outfile),
    plugins: [separateBundles(entryPath), typescriptOnce()],
    ...extra,
  };
}

/** @type {import('esbuild').BuildOptions[]} */
const targets = [
  nodeBundle('client/src/extension.ts', 'dist/extension.js', { external: ['vscode'] }),
  nodeBundle('engine/src/index.ts', 'dist/engine.js'),
  nodeBundle('server/src/server.ts', 'dist/server.js'),
  nodeBundle('cli/src/main.ts', 'dist/cli.js'),
  nodeBundle('probe/src/index.ts', 'dist/probe.js'),
  nodeBundle('tap/src/index.ts', 'dist/tap.js'),
  {
    ...common,
    entryPoints: [path.join(root, 'webview/src/main.ts')],
    outfile: path.join(root, 'dist/webview.js'),
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
  console.log('esbuild: watching every product part …');
} else {
  const started = Date.now();
  await Promise.all(targets.map((options) => esbuild.build(options)));
  chmodSync(path.join(root, 'dist/cli.js'), 0o755);
  chmodSync(path.join(root, 'dist/tap.js'), 0o755);
  const names = targets.map((options) => path.basename(String(options.outfile))).join(', ');
  console.log(`esbuild: built ${names} in ${Date.now() - started} ms`);
}
