// Generates the static editor contributions that VS Code reads from the package:
//  - snippets/*.code-snippets.json, from the catalog in shared/src/snippetCatalog.ts (which renders
//    envelopes through shared/src/envelopeStyle.ts, like the quick fixes);
//  - syntaxes/mcp-envelope.injection.*.tmLanguage.json, the injection grammars for envelope keys and
//    category values, one per host language (see injectionGrammar below).
// `--check` writes nothing and exits 1 when a committed file differs from what would be generated.
// Unit tests import this module (its exports) to compare the committed files.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// ---------------------------------------------------------------------------------------------
// Injection grammars: envelope keys and category values get scopes of their own in TypeScript and
// JavaScript. vscode-textmate reads only one injectionSelector per injected grammar, and the scopes
// a rule re-creates must carry the host language's suffix (.ts, .tsx, .js, .js.jsx), so there is one
// grammar per host language, all from this template.
// ---------------------------------------------------------------------------------------------

const CATEGORIES = ['TRANSIENT', 'VALIDATION', 'PERMISSION', 'BUSINESS', 'NOT_FOUND', 'UNKNOWN'];
const ENVELOPE_KEYS = ['isError', 'errorCategory', 'isRetryable', 'retryAfterMs', 'suggestedAction'];

export const INJECTION_HOSTS = [
  { base: 'source.ts', suffix: 'ts' },
  { base: 'source.tsx', suffix: 'tsx' },
  { base: 'source.js', suffix: 'js' },
  { base: 'source.js.jsx', suffix: 'js.jsx' },
];

const kebab = (text) =>
  text
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .replace(/_/g, '-')
    .toLowerCase();
export const keyScope = (key) => `variable.other.property.envelope.${kebab(key)}.mcp-envelope`;
export const categoryScope = (category) => `constant.other.error-category.${kebab(category)}.mcp-envelope`;

export function injectionGrammarPath(suffix) {
  return `syntaxes/mcp-envelope.injection.${suffix}.tmLanguage.json`;
}

export function injectionGrammar({ base, suffix }) {
  const s = (scope) => `${scope}.${suffix}`;
  // A key starts an object member: after `{` or `,` on its line, or first on its line.
  const keyStart = '(?:(?<=[{,])|^)(\\s*)';
  // TypeScript scopes a key whose value is a function differently; leave those alone.
  const notFunctionValue = '(?!:\\s*(?:async\\b|function\\b|[(<]|[$_[:alpha:]][$_[:alnum:]]*\\s*=>))';
  const hostKey = `${s('meta.object.member')} ${s('meta.object-literal.key')}`;
  const categoryGroups = CATEGORIES.map((c) => `(${c}|${c.toLowerCase()})`).join('|');
  const categoryString = (quote, name, punctuation) => ({
    match: `(${quote})(?:${categoryGroups})(${quote})`,
    name: s(name),
    captures: {
      1: { name: s(`${punctuation}.begin`) },
      ...Object.fromEntries(CATEGORIES.map((c, i) => [String(i + 2), { name: categoryScope(c) }])),
      [String(CATEGORIES.length + 2)]: { name: s(`${punctuation}.end`) },
    },
  });
  const otherKeys = ENVELOPE_KEYS.filter((key) => key !== 'errorCategory');
  const notNested = base === 'source.js' ? ' - source.js.jsx' : '';
  return {
    name: `MCP Envelope keys and categories in ${base}`,
    scopeName: `mcp-envelope.injection.${suffix}`,
    injectionSelector:
      `L:${base} meta.objectliteral${notNested} - comment - (string - meta.embedded) - meta.object.type, ` +
      `L:${base} meta.object-literal.key string${notNested} - comment`,
    patterns: [{ include: '#category-member' }, { include: '#envelope-key' }, { include: '#quoted-key' }],
    repository: {
      'category-member': {
        comment:
          'errorCategory: VALUE. Re-creates the host scopes of the key and the value; category strings gain a scope.',
        begin: `${keyStart}(errorCategory)(\\s*)(?=:)${notFunctionValue}`,
        beginCaptures: { 2: { name: `${hostKey} ${keyScope('errorCategory')}` }, 3: { name: hostKey } },
        end: '(?=[,}])',
        patterns: [
          {
            begin: ':',
            beginCaptures: { 0: { name: `${s('meta.object-literal.key')} ${s('punctuation.separator.key-value')}` } },
            end: '(?=[,}])',
            name: s('meta.object.member'),
            patterns: [
              { include: '#category-string' },
              { include: '#category-ternary' },
              { include: `${base}#possibly-arrow-return-type` },
              { include: `${base}#expression` },
            ],
          },
        ],
      },
      'category-ternary': {
        comment: 'cond ? VALUE : VALUE, as the host grammar scopes it, with category strings inside.',
        begin: '(?!\\?\\.\\s*\\D)(\\?)(?!\\?)',
        beginCaptures: { 1: { name: s('keyword.operator.ternary') } },
        end: '\\s*(:)',
        endCaptures: { 1: { name: s('keyword.operator.ternary') } },
        patterns: [
          { include: '#category-string' },
          { include: '#category-ternary' },
          { include: `${base}#expression` },
        ],
      },
      'category-string': {
        patterns: [
          categoryString("'", 'string.quoted.single', 'punctuation.definition.string'),
          categoryString('"', 'string.quoted.double', 'punctuation.definition.string'),
          categoryString('`', 'string.template', 'punctuation.definition.string.template'),
        ],
      },
      'envelope-key': {
        comment: 'isError, isRetryable, retryAfterMs and suggestedAction as object-literal keys.',
        match: `${keyStart}(?:${otherKeys.map((key) => `(${key})`).join('|')})(\\s*)(?=:)${notFunctionValue}`,
        captures: {
          ...Object.fromEntries(otherKeys.map((key, i) => [String(i + 2), { name: `${hostKey} ${keyScope(key)}` }])),
          [String(otherKeys.length + 2)]: { name: hostKey },
        },
      },
      'quoted-key': {
        comment: "The text of a quoted key: 'isError': …",
        match: `(?<=['"])(?:${ENVELOPE_KEYS.map((key) => `(${key})`).join('|')})(?=['"])`,
        captures: Object.fromEntries(ENVELOPE_KEYS.map((key, i) => [String(i + 1), { name: keyScope(key) }])),
      },
    },
  };
}

export function injectionGrammarText(host) {
  return JSON.stringify(injectionGrammar(host), null, 2) + '\n';
}

// ---------------------------------------------------------------------------------------------

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

async function loadSnippetCatalog() {
  const esbuild = await import('esbuild');
  const bundle = await esbuild.build({
    entryPoints: [join(root, 'shared/src/snippetCatalog.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
    logLevel: 'warning',
  });
  const source = bundle.outputFiles[0].text;
  return import(`data:text/javascript;base64,${Buffer.from(source).toString('base64')}`);
}

/** Every generated file: its path relative to the repository root and its text. */
export async function generatedFiles() {
  const catalog = await loadSnippetCatalog();
  return [
    ...catalog.SNIPPET_LANGUAGES.map((language) => ({
      path: catalog.SNIPPET_FILES[language],
      text: catalog.snippetFileText(language),
    })),
    ...INJECTION_HOSTS.map((host) => ({ path: injectionGrammarPath(host.suffix), text: injectionGrammarText(host) })),
  ];
}

async function main() {
  const check = process.argv.includes('--check');
  let stale = 0;
  for (const file of await generatedFiles()) {
    const absolute = join(root, file.path);
    let committed;
    try {
      committed = readFileSync(absolute, 'utf8');
    } catch {
      committed = '';
    }
    if (committed === file.text) continue;
    if (check) {
      console.error(`${file.path} is out of date: run node scripts/generate-snippets.mjs`);
      stale++;
    } else {
      writeFileSync(absolute, file.text);
      console.log(`wrote ${file.path}`);
    }
  }
  process.exitCode = stale > 0 ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
