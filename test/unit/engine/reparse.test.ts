/** An edit's incremental parse gives the same analysis as parsing the edited text afresh. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyseSourceFile, engineSettings, parseSettings, parseSource, reparseSource } from '../../../engine/src';

const settings = engineSettings(parseSettings({}).settings);

const block = (i: number): string =>
  `server.registerTool('t${i}', {}, async ({ id }: { id: string }) => {\n` +
  `  if (!id) {\n    return { isError: true, errorCategory: 'VALIDATION', content: [{ type: 'text', text: 'id must be set' }] };\n  }\n` +
  `  const rows = await db.query(id);\n  return { content: [{ type: 'text', text: String(rows) }] };\n});\n`;

const ORIGINAL =
  `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\n` +
  `const server = new McpServer({ name: 'orders', version: '1.0.0' });\n` +
  [0, 1, 2, 3].map(block).join('');

/** Each edit turns the previous text into the next one. */
const EDITS: Array<{ what: string; edit: (text: string) => string }> = [
  { what: 'a string changed', edit: (t) => t.replace("'id must be set'", "'id must be a non-empty string'") },
  {
    what: 'a throw typed in',
    edit: (t) => t.replace('  const rows', "  if (id === 'x') throw new Error('no');\n  const rows"),
  },
  {
    what: 'a try/catch wrapped around a body',
    edit: (t) =>
      t.replace(/(const rows = await db\.query\(id\);)/, 'try { $1 } catch { return { isError: true, content: [] }; }'),
  },
  { what: 'a half-typed call', edit: (t) => t.replace("server.registerTool('t3'", "server.registerTool('t3', (") },
  { what: 'a registration deleted', edit: (t) => t.replace(block(2), '') },
  { what: 'the same text again', edit: (t) => t },
  { what: 'everything replaced', edit: () => ORIGINAL },
];

function summary(text: string, sourceFile = parseSource('/r/server.ts', text)) {
  const result = analyseSourceFile(sourceFile, settings);
  return {
    findings: result.findings.map((f) => `${f.check}@${f.start}-${f.end}: ${f.message}`),
    tools: result.scan.registrations.map((r) => `${r.name}@${r.node.getStart(sourceFile)}`),
  };
}

describe('reparseSource', () => {
  it('each edit analyses like a fresh parse of the edited text', () => {
    let text = ORIGINAL;
    let parsed = parseSource('/r/server.ts', text);
    for (const { what, edit } of EDITS) {
      const next = edit(text);
      const reparsed = reparseSource(parsed, next);
      assert.equal(reparsed.text, next, what);
      assert.deepEqual(summary(next, reparsed), summary(next), what);
      text = next;
      parsed = reparsed;
    }
  });

  it('an edit changes the findings the way the text says', () => {
    const parsed = parseSource('/r/server.ts', ORIGINAL);
    const before = summary(ORIGINAL, parsed).findings.filter((f) => f.startsWith('throw-in-handler'));
    const edited = ORIGINAL.replace('  const rows', "  if (id === 'x') throw new Error('no');\n  const rows");
    const after = summary(edited, reparseSource(parsed, edited)).findings.filter((f) =>
      f.startsWith('throw-in-handler'),
    );
    assert.equal(before.length, 0);
    assert.equal(after.length, 1);
  });
});
