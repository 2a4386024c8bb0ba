// The injection grammars must not disturb the host language: for every character of every case,
// the host grammar's scopes with the injections are exactly its scopes without them, once the
// `.mcp-envelope` scopes are taken out. Characters the injections do not touch are thus identical,
// and so are the host scopes around (and under) every injected token.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { HOST_GRAMMARS, ROOT, createRegistry, isInjectedScope, scopesPerCharacter } from './textmate.mjs';

const CASES = join(ROOT, 'test', 'grammar', 'cases');
const plain = createRegistry({ withInjections: false });
const injected = createRegistry({ withInjections: true });

/** Every fixture of every host language. */
function hostCases() {
  return Object.keys(HOST_GRAMMARS).flatMap((scopeName) =>
    readdirSync(join(CASES, scopeName)).map((file) => ({
      scopeName,
      file: `${scopeName}/${file}`,
      text: readFileSync(join(CASES, scopeName, file), 'utf8'),
    })),
  );
}

/** Extra inputs that stress where an object literal starts and ends. */
const STRESS = [
  'const a = { isError: true, errorCategory: "TRANSIENT", };\nconst b = { ...a, isRetryable: false }',
  'f({ errorCategory: x?.y ?? "UNKNOWN", isError: !!x });\nconst t = `${{ isError: 1 }.isError}`;',
  'const o = {\n  isError:\n    true,\n  errorCategory /* why */ : "VALIDATION",\n  errorCategory: // later\n    "BUSINESS",\n};',
  'const o = { errorCategory: cond ? (a ? "TRANSIENT" : "UNKNOWN") : `not_found`, isError: cond };',
  "label: { isError: true }\nswitch (x) { case 'TRANSIENT': break; }",
  'const o = {\n  run() {\n    if (a) { return { isError: true, errorCategory: "UNKNOWN" }; }\n    const t = z.object({ isError: z.boolean() });\n  },\n  get isError() { return true; },\n  isRetryable,\n  [key]: "TRANSIENT",\n};',
];

describe('injection grammars keep the host scopes', () => {
  for (const { scopeName, file, text } of [
    ...hostCases(),
    ...Object.keys(HOST_GRAMMARS).flatMap((scopeName) =>
      STRESS.map((text, i) => ({ scopeName, file: `${scopeName} stress ${i + 1}`, text })),
    ),
  ]) {
    it(file, async () => {
      const before = await scopesPerCharacter(plain, scopeName, text);
      const after = await scopesPerCharacter(injected, scopeName, text);
      let injectedCharacters = 0;
      const differences = [];
      before.forEach(({ line, scopes }, row) => {
        for (let column = 0; column < line.length; column++) {
          const withInjection = after[row].scopes[column];
          const hostOnly = withInjection.filter((scope) => !isInjectedScope(scope));
          if (hostOnly.length !== withInjection.length) injectedCharacters++;
          if (hostOnly.join(' ') !== scopes[column].join(' ') && differences.length < 5) {
            differences.push(
              `${row + 1}:${column + 1} ${JSON.stringify(line[column])}\n  host:     ${scopes[column].join(' ')}` +
                `\n  injected: ${withInjection.join(' ')}`,
            );
          }
        }
      });
      assert.deepEqual(differences, []);
      if (!file.includes('stress 5')) assert.ok(injectedCharacters > 0, 'the case exercises the injection');
    });
  }
});

describe('what the injection scopes', () => {
  const injectedWords = async (scopeName, text) => {
    const lines = await scopesPerCharacter(injected, scopeName, text);
    const words = [];
    for (const { line, scopes } of lines) {
      let current = '';
      let currentScope = '';
      for (let i = 0; i <= line.length; i++) {
        const scope = i < line.length ? (scopes[i].find(isInjectedScope) ?? '') : '';
        if (scope !== currentScope) {
          if (currentScope) words.push([current, currentScope]);
          current = '';
          currentScope = scope;
        }
        if (scope) current += line[i];
      }
    }
    return words;
  };

  it('keys and upper- or lower-case categories in object literals, nothing in comments, strings or types', async () => {
    const text = [
      "// isError: true, errorCategory: 'TRANSIENT'",
      "const s = 'isError: true';",
      'type T = { isError: boolean; errorCategory: "UNKNOWN" };',
      "const e = { isError: true, errorCategory: 'not_found', note: 'UNKNOWN', isRetryable: false };",
    ].join('\n');
    assert.deepEqual(await injectedWords('source.ts', text), [
      ['isError', 'variable.other.property.envelope.is-error.mcp-envelope'],
      ['errorCategory', 'variable.other.property.envelope.error-category.mcp-envelope'],
      ['not_found', 'constant.other.error-category.not-found.mcp-envelope'],
      ['isRetryable', 'variable.other.property.envelope.is-retryable.mcp-envelope'],
    ]);
  });

  it('leaves a look-alike that is not a category, and a value computed by a call, alone', async () => {
    const text = "const e = { errorCategory: 'Transient', other: { errorCategory: pick('UNKNOWN') } };";
    assert.deepEqual(await injectedWords('source.ts', text), [
      ['errorCategory', 'variable.other.property.envelope.error-category.mcp-envelope'],
      ['errorCategory', 'variable.other.property.envelope.error-category.mcp-envelope'],
    ]);
  });
});
