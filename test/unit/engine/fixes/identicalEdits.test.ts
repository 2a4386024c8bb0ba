/**
 * Several fixes of one pass may need the same edit (each catch-all fixed with toolError adds the helper's
 * import): identical edits are applied once, fixes sharing only such an edit do not block each other, and the
 * helper file is asked for once.
 */
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { Project, engineSettings, parseSettings } from '../../../../engine/src';
import type { Finding, OffsetEdit } from '../../../../engine/src';
import { applyEdits, fixAll, preferredFixes } from '../../../../engine/src/fixes/fixApplier';

function findingWithFix(title: string, edits: OffsetEdit[]): Finding {
  return {
    check: 'failure-as-success',
    severity: 'warning',
    messageId: 'testFix',
    data: {},
    message: title,
    start: edits[0].start,
    end: edits[0].end,
    fixable: true,
    computeFixes: () => [{ title, edits, preferred: true }],
  };
}

const IMPORT: OffsetEdit = { start: 0, end: 0, newText: "import { toolError } from './toolErrors.js';\n" };

describe('identical edits', () => {
  it('applyEdits applies an edit repeated verbatim once, and different edits at one offset both', () => {
    assert.equal(applyEdits('abc', [IMPORT, { start: 1, end: 2, newText: 'B' }, IMPORT]), `${IMPORT.newText}aBc`);
    assert.equal(
      applyEdits('abc', [
        { start: 3, end: 3, newText: '1' },
        { start: 3, end: 3, newText: '1' },
      ]),
      'abc1',
    );
  });

  it('two fixes that share only the import are both picked; a fix overlapping another edit is not', () => {
    const first = findingWithFix('first', [{ start: 10, end: 20, newText: 'x' }, IMPORT]);
    const second = findingWithFix('second', [{ start: 30, end: 40, newText: 'y' }, IMPORT]);
    const clashing = findingWithFix('clashing', [{ start: 15, end: 35, newText: 'z' }, IMPORT]);
    assert.deepEqual(
      preferredFixes([first, second, clashing]).map((fix) => fix.title),
      ['first', 'second'],
    );
  });

  it('fix-all on two catch-alls of one file: one import line, one helper file, both catches fixed', () => {
    const settings = engineSettings(parseSettings({}).settings);
    const file = path.resolve('/nonexistent-project/src/server.ts');
    const text = [
      `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';`,
      `const server = new McpServer({ name: 's', version: '1' });`,
      `server.registerTool('a', {}, async () => {`,
      `  try {`,
      `    return { content: [{ type: 'text', text: await loadA() }] };`,
      `  } catch (error) {`,
      `    return { content: [{ type: 'text', text: 'nothing' }] };`,
      `  }`,
      `});`,
      `server.registerTool('b', {}, async () => {`,
      `  try {`,
      `    return { content: [{ type: 'text', text: await loadB() }] };`,
      `  } catch (error) {`,
      `    return { content: [{ type: 'text', text: 'nothing' }] };`,
      `  }`,
      `});`,
    ].join('\n');
    const project = new Project();
    project.indexText(file, text, settings);
    const result = fixAll(file, text, (current) => {
      const outcome = project.analyse(file, current, settings);
      return outcome.kind === 'analysed' ? outcome.result.findings : [];
    });
    assert.equal(result.text.match(/import \{ toolError \} from '\.\/toolErrors\.js';/g)?.length, 1, result.text);
    assert.match(result.text, /return toolError\(error, 'a'\);/);
    assert.match(result.text, /return toolError\(error, 'b'\);/);
    assert.deepEqual(
      result.createFiles.map((created) => created.path),
      [path.join(path.dirname(file), 'toolErrors.ts')],
    );
  });
});
