// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// The architecture (docs/architecture.md): which product part may import which. Each part has its own tsconfig with
// project references; these rules say the same for the imports a reference cannot catch (deep imports past a
// part's public index, and parts that are referenced for types only).
const PARTS = ['shared', 'engine', 'server', 'cli', 'probe', 'tap', 'webview', 'client'];
/** @type {Record<string, string[]>} */
const MAY_IMPORT = {
  shared: [],
  engine: ['shared'],
  server: ['shared', 'engine'],
  cli: ['shared', 'engine', 'probe', 'tap'],
  probe: ['shared'],
  tap: ['shared'],
  webview: ['shared'],
  client: ['shared'],
};
/** The globals of Node's ES modules (the `globals` package's list, for what the scripts use). */
const NODE_GLOBALS = [
  'AbortController',
  'AbortSignal',
  'Buffer',
  'URL',
  'URLSearchParams',
  'TextDecoder',
  'TextEncoder',
  'clearInterval',
  'clearTimeout',
  'console',
  'fetch',
  'performance',
  'process',
  'queueMicrotask',
  'setImmediate',
  'setInterval',
  'setTimeout',
  'structuredClone',
];
/** Parts reached only through their index (src/index.ts): the bundler loads them as bundles of their own. */
const INDEX_ONLY = ['engine', 'probe', 'tap'];

/**
 * @param {keyof typeof MAY_IMPORT} part
 * @returns {import('eslint').Linter.Config}
 */
function boundaries(part) {
  const forbidden = PARTS.filter((other) => other !== part && !MAY_IMPORT[part].includes(other));
  const patterns = [];
  if (forbidden.length > 0) {
    patterns.push({
      regex: `(^|/)\\.\\./(?:\\.\\./)*(${forbidden.join('|')})/src(/|$)`,
      message: `${part}/ may import only ${['its own files', ...MAY_IMPORT[part].map((p) => `${p}/`)].join(', ')} (docs/architecture.md).`,
    });
  }
  const deep = INDEX_ONLY.filter((other) => MAY_IMPORT[part].includes(other));
  if (deep.length > 0) {
    patterns.push({
      regex: `(^|/)(${deep.join('|')})/src/.`,
      message: 'Import another part through its index (<part>/src), the API it bundles (docs/architecture.md).',
    });
  }
  if (part === 'webview')
    patterns.push({ regex: '^node:', message: 'The webview runs in a browser: no Node modules.' });
  return { files: [`${part}/src/**/*.ts`], rules: { 'no-restricted-imports': ['error', { patterns }] } };
}

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'out/**',
      '.cache/**',
      'node_modules/**',
      'examples/**/node_modules/**',
      'test/e2e/.run/**',
      'bench/corpus/**',
      '**/*.js',
      'test/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          // node:test's describe/it return promises the runner itself awaits.
          allowForKnownSafeCalls: [
            {
              from: 'package',
              package: 'node:test',
              name: ['describe', 'it', 'test', 'suite', 'before', 'after', 'beforeEach', 'afterEach'],
            },
          ],
        },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The build, test and bench scripts (and the grammar tests): plain ES modules for Node, type-checked through
    // JSDoc by scripts/tsconfig.json.
    files: ['**/*.mjs'],
    languageOptions: {
      sourceType: 'module',
      globals: Object.fromEntries(NODE_GLOBALS.map((name) => [name, 'readonly'])),
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  ...PARTS.map(boundaries),
  {
    files: ['shared/src/decoder/**/*.ts', 'shared/src/classifier/**/*.ts', 'shared/src/taxonomy.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^node:|(^|/)\\.\\./(?:\\.\\./)*[a-z]+/src(/|$)',
              message: 'Pure TypeScript: no Node modules, no other part.',
            },
          ],
        },
      ],
    },
  },
);
