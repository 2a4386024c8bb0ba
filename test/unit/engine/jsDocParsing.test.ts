/** JSDoc is parsed only for files whose text holds a tag the engine reads; the analysis is the same either way. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import ts from 'typescript';
import { analyseSourceFile, engineSettings, parseSettings, parseSource, reparseSource } from '../../../engine/src';
import { jsDocParsingModeFor } from '../../../engine/src/parse/jsDocParsing';

const settings = engineSettings(parseSettings({}).settings);

const UNTAGGED =
  `/** Looks an invoice up. @param id the invoice */\n` +
  `export async function lookUpInvoice(id: string) {\n  throw new Error('ledger unavailable: ' + id);\n}\n`;
const TAGGED = UNTAGGED.replace('/** Looks', '/** @mcpToolHandler Looks');

type WithJsDoc = ts.Node & { jsDoc?: readonly ts.JSDoc[] };
const docsOfFirstStatement = (sourceFile: ts.SourceFile) => (sourceFile.statements[0] as WithJsDoc).jsDoc?.length ?? 0;
const toolsOf = (sourceFile: ts.SourceFile) =>
  analyseSourceFile(sourceFile, settings).scan.registrations.map((r) => `${r.kind}@${r.node.getStart(sourceFile)}`);

describe('JSDoc parsing', () => {
  it('is skipped for a text without a tag the engine reads, and done for one with', () => {
    assert.equal(jsDocParsingModeFor(UNTAGGED), ts.JSDocParsingMode.ParseNone);
    assert.equal(jsDocParsingModeFor(TAGGED), ts.JSDocParsingMode.ParseAll);
    assert.equal(jsDocParsingModeFor('/** @ignore */ class A {}'), ts.JSDocParsingMode.ParseAll);
    assert.equal(docsOfFirstStatement(parseSource('/r/invoices.ts', UNTAGGED)), 0);
    assert.equal(docsOfFirstStatement(parseSource('/r/invoices.ts', TAGGED)), 1);
  });

  it('finds a tagged handler, and nothing in the untagged text', () => {
    assert.deepEqual(toolsOf(parseSource('/r/invoices.ts', TAGGED)), ['jsdoc@66']);
    assert.deepEqual(toolsOf(parseSource('/r/invoices.ts', UNTAGGED)), []);
  });

  it('an edit that adds or removes a tag gives the same analysis as a fresh parse', () => {
    const added = reparseSource(parseSource('/r/invoices.ts', UNTAGGED), TAGGED);
    assert.deepEqual(toolsOf(added), toolsOf(parseSource('/r/invoices.ts', TAGGED)));
    const removed = reparseSource(parseSource('/r/invoices.ts', TAGGED), UNTAGGED);
    assert.deepEqual(toolsOf(removed), []);
  });
});
