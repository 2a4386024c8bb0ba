/**
 * The committed snippet files are what the catalog generates, every body is valid snippet syntax,
 * and every envelope a snippet writes has the shape the quick fixes write.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import ts from 'typescript';
import { findErrorEnvelopes, literalBoolean, literalString } from '../../../../engine/src/envelopes/envelopes';
import { parseSource } from '../../../../engine/src/engine';
import { staticText } from '../../../../engine/src/parse/syntax';
import { factsPrefix, renderEnvelope } from '../../../../shared/src/envelopeStyle';
import {
  SNIPPET_FILES,
  SNIPPET_LANGUAGES,
  type SnippetDefinition,
  type SnippetFileEntry,
  snippetCatalog,
  snippetFileText,
} from '../../../../shared/src/snippetCatalog';
import { ERROR_CATEGORIES, canonicalCategory, isCategoryInCase } from '../../../../shared/src/taxonomy';
import { analyseSnippet } from './snippetExpansion';

const ROOT = join(__dirname, '..', '..', '..', '..', '..');

function committed(file: string): Record<string, SnippetFileEntry> {
  return JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as Record<string, SnippetFileEntry>;
}

/** The first object literal in a statement snippet's expansion (the returned result). */
function firstObject(text: string): { sourceFile: ts.SourceFile; object: ts.ObjectLiteralExpression } {
  const sourceFile = parseSource('/virtual/snippet.ts', `async function handler() {\n${text}\n}`);
  let found: ts.ObjectLiteralExpression | undefined;
  const visit = (node: ts.Node): void => {
    if (!found && ts.isObjectLiteralExpression(node)) found = node;
    else ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  assert.ok(found, 'the snippet writes an object literal');
  return { sourceFile, object: found };
}

void describe('snippet files', () => {
  for (const language of SNIPPET_LANGUAGES) {
    void describe(language, () => {
      void it(`${SNIPPET_FILES[language]} is what the catalog generates (run node scripts/generate-snippets.mjs)`, () => {
        assert.equal(readFileSync(join(ROOT, SNIPPET_FILES[language]), 'utf8'), snippetFileText(language));
      });

      void it('every body is valid snippet syntax whose defaults give the catalog text', () => {
        const file = committed(SNIPPET_FILES[language]);
        const catalog = snippetCatalog(language);
        assert.deepEqual(
          Object.keys(file),
          catalog.map((snippet) => snippet.name),
        );
        for (const snippet of catalog) {
          const analysis = analyseSnippet(file[snippet.name].body.join('\n'));
          assert.equal(analysis.expanded, snippet.expanded, snippet.name);
          const numbered = analysis.tabOrder.filter((index) => index !== 0);
          assert.deepEqual(
            numbered,
            numbered.map((_, i) => i + 1),
            `${snippet.name}: tab stops are 1..n`,
          );
          assert.equal(analysis.tabOrder.at(-1), 0, `${snippet.name}: ends with $0`);
        }
      });

      void it('prefixes are unique and start with mcp-', () => {
        const prefixes = snippetCatalog(language).map((snippet) => snippet.prefix);
        assert.equal(new Set(prefixes).size, prefixes.length);
        for (const prefix of prefixes) assert.match(prefix, /^mcp-[a-z-]+$/);
      });
    });
  }
});

void describe('envelope snippets', () => {
  const catalog = snippetCatalog('typescript');
  const envelopes = catalog.filter((snippet) => snippet.name.startsWith('MCP tool error:'));

  void it('there is one per category', () => {
    const categories = envelopes.map((snippet) => /errorCategory: '([A-Z_]+)'/.exec(snippet.expanded)?.[1]);
    assert.deepEqual([...categories].sort(), [...ERROR_CATEGORIES].sort());
  });

  /** The expansion with the category spelled in `categoryCase` (the spelling is a choice). */
  const expandedIn = (snippet: SnippetDefinition, categoryCase: 'upper' | 'lower'): string => {
    const { choices } = analyseSnippet(snippet.body);
    const spelling = [...choices].find(
      ([, options]) => options.length === 2 && canonicalCategory(options[0]) !== undefined,
    );
    assert.ok(spelling, `${snippet.prefix}: the category spelling is a choice`);
    assert.equal(spelling[1][1], spelling[1][0].toLowerCase());
    return analyseSnippet(snippet.body, new Map([[spelling[0], categoryCase === 'upper' ? 0 : 1]])).expanded;
  };

  for (const snippet of envelopes) {
    for (const categoryCase of ['upper', 'lower'] as const) {
      void it(`${snippet.prefix} (${categoryCase}-case category) writes the envelope a quick fix would write`, () => {
        const { sourceFile, object } = firstObject(expandedIn(snippet, categoryCase));
        const [envelope] = findErrorEnvelopes(sourceFile);
        assert.ok(envelope, 'an error envelope');
        const spelled = literalString(envelope.category) ?? '';
        const category = canonicalCategory(spelled);
        const retryable = literalBoolean(envelope.retryable);
        assert.ok(category, 'a valid errorCategory');
        assert.ok(isCategoryInCase(spelled, categoryCase), `${spelled} is ${categoryCase} case`);
        assert.equal(typeof retryable, 'boolean', 'a literal isRetryable');
        assert.equal(envelope.category?.location, 'top-level');
        const text = staticText(envelope.texts[0]?.node);
        const prefix = factsPrefix(category, retryable === true, categoryCase);
        assert.ok(text !== undefined && text.startsWith(`${prefix} `), `text starts with ${prefix}: ${text}`);
        const message = text.slice(prefix.length + 1);
        const retryAfterMs = envelope.retryAfterMs?.value.getText(sourceFile);
        const rendered = renderEnvelope(
          { category, retryable: retryable === true, messageSource: `'${message}'`, retryAfterMsSource: retryAfterMs },
          { style: 'recommended', categoryCase, indent: '', indentUnit: '\t' },
        );
        assert.equal(object.getText(sourceFile), rendered);
      });
    }
  }

  void it('no snippet writes structuredContent on an error (SDK 1.x clients validate it against an outputSchema)', () => {
    for (const language of SNIPPET_LANGUAGES) {
      let seen = 0;
      for (const snippet of snippetCatalog(language)) {
        const sourceFile = parseSource(`snippet.${language === 'typescript' ? 'ts' : 'js'}`, snippet.expanded);
        for (const envelope of findErrorEnvelopes(sourceFile)) {
          assert.equal(envelope.structuredContent, undefined, `${language} ${snippet.prefix}`);
          assert.ok(
            !/\bstructuredContent\b/.test(envelope.object.getText(sourceFile)),
            `${language} ${snippet.prefix}`,
          );
          seen++;
        }
      }
      assert.ok(seen >= ERROR_CATEGORIES.length, `${language}: an error envelope per category was checked (${seen})`);
    }
  });

  void it('TRANSIENT is retryable with retryAfterMs; VALIDATION, PERMISSION and BUSINESS are not retryable', () => {
    for (const snippet of envelopes) {
      const { sourceFile } = firstObject(snippet.expanded);
      const [envelope] = findErrorEnvelopes(sourceFile);
      const category = literalString(envelope.category);
      const retryable = literalBoolean(envelope.retryable);
      if (category === 'TRANSIENT') {
        assert.equal(retryable, true);
        assert.ok(envelope.retryAfterMs, 'TRANSIENT carries retryAfterMs');
      } else {
        assert.equal(retryable, false, `${category} is not retryable`);
      }
    }
  });

  void it('values that are a choice are offered as choices', () => {
    const choices = (prefix: string) => {
      const snippet = catalog.find((candidate) => candidate.prefix === prefix);
      assert.ok(snippet);
      return [...analyseSnippet(snippet.body).choices.values()].map((options) => options.join('|')).sort();
    };
    assert.deepEqual(choices('mcp-transient'), [
      'TRANSIENT|transient',
      'timed out|is rate limited|is temporarily unavailable',
    ]);
    assert.deepEqual(choices('mcp-permission'), ['PERMISSION|permission', 'scope|role|permission']);
    assert.deepEqual(choices('mcp-business'), ['BUSINESS|business']);
  });

  void it('the valid empty result is not an error and says what was searched', () => {
    const snippet = catalog.find((candidate) => candidate.prefix === 'mcp-empty');
    assert.ok(snippet);
    const { sourceFile, object } = firstObject(snippet.expanded);
    assert.equal(findErrorEnvelopes(sourceFile).length, 0);
    assert.match(object.getText(sourceFile), /isError: false/);
    assert.match(snippet.expanded, /text: 'No orders match the customer 8421; widen the date range/);
  });
});
