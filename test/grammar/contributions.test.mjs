// The grammar files are what scripts/generate-snippets.mjs generates, package.json contributes them
// as intended, and the trace grammar survives truncated lines.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { INJECTION_HOSTS, generatedFiles, injectionGrammarPath } from '../../scripts/generate-snippets.mjs';
import { MANIFEST, ROOT, createRegistry, scopesPerCharacter } from './textmate.mjs';

const contributes = MANIFEST.contributes;

describe('contributed grammars', () => {
  it('every generated file is committed as generated (run node scripts/generate-snippets.mjs)', async () => {
    for (const file of await generatedFiles()) {
      assert.equal(readFileSync(join(ROOT, file.path), 'utf8'), file.text, file.path);
    }
  });

  it('one injection grammar per host language, injected into that language only', () => {
    for (const host of INJECTION_HOSTS) {
      const entry = contributes.grammars.find(
        (grammar) => grammar.scopeName === `mcp-envelope.injection.${host.suffix}`,
      );
      assert.ok(entry, `grammar for ${host.base}`);
      assert.deepEqual(entry.injectTo, [host.base]);
      assert.equal(entry.path, `./${injectionGrammarPath(host.suffix)}`);
      const grammar = JSON.parse(readFileSync(join(ROOT, entry.path), 'utf8'));
      assert.equal(grammar.scopeName, entry.scopeName);
      assert.match(grammar.injectionSelector, new RegExp(`^L:${host.base.replace(/\./g, '\\.')} `));
    }
  });

  it('the mcptrace language: *.mcptrace.jsonl, its grammar, and Open in Tool Calls Panel in the editor title', () => {
    const language = contributes.languages.find((candidate) => candidate.id === 'mcptrace');
    assert.ok(language);
    assert.deepEqual(language.extensions, ['.mcptrace.jsonl']);
    assert.ok(existsSync(join(ROOT, language.configuration)));
    const grammar = contributes.grammars.find((candidate) => candidate.language === 'mcptrace');
    assert.equal(grammar?.scopeName, 'source.mcptrace');
    assert.ok(existsSync(join(ROOT, grammar.path)));
    const command = contributes.commands.find((candidate) => candidate.command === 'mcpEnvelope.openTraceInPanel');
    assert.ok(command, 'the command is declared');
    const titleEntry = contributes.menus['editor/title'].find((entry) => entry.command === command.command);
    assert.equal(titleEntry?.when, 'resourceLangId == mcptrace');
  });

  it('snippets for TypeScript, TSX, JavaScript and JSX point at existing files', () => {
    const languages = contributes.snippets.map((entry) => entry.language).sort();
    assert.deepEqual(languages, ['javascript', 'javascriptreact', 'typescript', 'typescriptreact']);
    for (const entry of contributes.snippets) assert.ok(existsSync(join(ROOT, entry.path)), entry.path);
  });
});

describe('mcptrace grammar', () => {
  const registry = createRegistry({ withInjections: true });
  const response =
    '{"ts":"2026-11-30T03:00:00Z","dir":"server→host","server":"s","msg":{"jsonrpc":"2.0","id":1,"result":{"isError":true,"errorCategory":"transient"}}}';

  it('a truncated line does not change how the next line is read', async () => {
    const alone = await scopesPerCharacter(registry, 'source.mcptrace', response);
    for (const truncated of [
      '{"ts":"2026',
      '{"msg":{"result":{"content":[{"text":"abc',
      '{"msg":{"error":{"code":-3',
    ]) {
      const after = await scopesPerCharacter(registry, 'source.mcptrace', `${truncated}\n${response}`);
      assert.deepEqual(after[1].scopes, alone[0].scopes, truncated);
    }
  });

  it('scopes direction, isError and the category', async () => {
    const [{ line, scopes }] = await scopesPerCharacter(registry, 'source.mcptrace', response);
    const scopeAt = (text) => scopes[line.indexOf(text)].at(-1);
    assert.equal(scopeAt('server→host'), 'keyword.other.direction.server-to-host.mcptrace');
    assert.equal(scopeAt('true'), 'constant.language.is-error.true.mcptrace');
    assert.equal(scopeAt('transient'), 'constant.other.error-category.transient.mcptrace');
  });
});
