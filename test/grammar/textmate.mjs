// Tokenizes text the way VS Code does: vscode-textmate with the oniguruma WASM, the host grammars
// (TypeScript, TSX, JavaScript, JavaScript React as shipped by the tm-grammars package) and the
// grammars this extension contributes in package.json. Injections are looked up as VS Code does:
// for `source.js.jsx` the grammars injected into `source`, `source.js` and `source.js.jsx`.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const textmate = require('vscode-textmate');
const oniguruma = require('vscode-oniguruma');

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The host grammars, from the tm-grammars devDependency (never downloaded at test time). */
export const HOST_GRAMMARS = {
  'source.ts': require.resolve('tm-grammars/grammars/typescript.json'),
  'source.tsx': require.resolve('tm-grammars/grammars/tsx.json'),
  'source.js': require.resolve('tm-grammars/grammars/javascript.json'),
  'source.js.jsx': require.resolve('tm-grammars/grammars/jsx.json'),
};

export const MANIFEST = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
export const CONTRIBUTED_GRAMMARS = MANIFEST.contributes.grammars.map((grammar) => ({
  ...grammar,
  path: join(ROOT, grammar.path),
}));

let onigLib;
function loadOniguruma() {
  onigLib ??= oniguruma
    .loadWASM(readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm')).buffer)
    .then(() => ({
      createOnigScanner: (patterns) => new oniguruma.OnigScanner(patterns),
      createOnigString: (text) => new oniguruma.OnigString(text),
    }));
  return onigLib;
}

/** A registry; `withInjections: false` gives the host grammars alone. */
export function createRegistry({ withInjections }) {
  const paths = { ...HOST_GRAMMARS };
  const injections = {};
  for (const grammar of CONTRIBUTED_GRAMMARS) {
    paths[grammar.scopeName] = grammar.path;
    if (!grammar.injectTo) continue;
    for (const target of grammar.injectTo) (injections[target] ??= []).push(grammar.scopeName);
  }
  return new textmate.Registry({
    onigLib: loadOniguruma(),
    loadGrammar: async (scopeName) =>
      paths[scopeName] ? textmate.parseRawGrammar(readFileSync(paths[scopeName], 'utf8'), paths[scopeName]) : null,
    getInjections: (scopeName) => {
      if (!withInjections) return [];
      const parts = scopeName.split('.');
      return parts.flatMap((_, i) => injections[parts.slice(0, i + 1).join('.')] ?? []);
    },
  });
}

/**
 * Tokenizes `text`; returns, per line, the scopes of every character (the root scope left out).
 * @returns {Promise<Array<{ line: string, scopes: string[][] }>>}
 */
export async function scopesPerCharacter(registry, scopeName, text) {
  const grammar = await registry.loadGrammar(scopeName);
  if (!grammar) throw new Error(`no grammar for ${scopeName}`);
  let state = textmate.INITIAL;
  return text.split('\n').map((line) => {
    const result = grammar.tokenizeLine(line, state);
    state = result.ruleStack;
    const scopes = [];
    for (const token of result.tokens) {
      for (let i = token.startIndex; i < Math.min(token.endIndex, line.length); i++) scopes[i] = token.scopes.slice(1);
    }
    return { line, scopes };
  });
}

/** Scopes this extension's injection grammars add: every one ends in `.mcp-envelope`. */
export const isInjectedScope = (scope) => scope.endsWith('.mcp-envelope');
