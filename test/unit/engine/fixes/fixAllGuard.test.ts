/**
 * The guard of fix-all: a pass whose fixes would leave the file with more syntax errors than it started with is
 * rolled back, and the text of the last good pass is returned. Each case hands fix-all fixes that break the file.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Project, engineSettings, fixAll, parseSettings, syntaxErrorCount } from '../../../../engine/src';
import type { Finding, OffsetEdit } from '../../../../engine/src';

/** A finding at `start` whose preferred fix is the given edits. */
function findingWithFix(title: string, start: number, edits: OffsetEdit[]): Finding {
  return {
    check: 'throw-in-handler',
    severity: 'warning',
    messageId: 'testFix',
    data: {},
    message: title,
    start,
    end: start,
    fixable: true,
    computeFixes: () => [{ title, edits, preferred: true }],
  };
}

/** Findings for a text: each `TODO` gets a fix to `DONE`; once none is left, `breaking` gives the next fixes. */
function todoThenBreaking(breaking: (text: string) => Finding[]): (text: string) => Finding[] {
  return (text) => {
    const todos = [...text.matchAll(/TODO/g)].map((match) =>
      findingWithFix('mark done', match.index, [{ start: match.index, end: match.index + 4, newText: 'DONE' }]),
    );
    return todos.length > 0 ? todos : breaking(text);
  };
}

const deleteLastBrace = (text: string): Finding[] => {
  const at = text.lastIndexOf('}');
  return [findingWithFix('delete brace', at, [{ start: at, end: at + 1, newText: '' }])];
};
const unterminateString = (text: string): Finding[] => {
  const at = text.indexOf("'b'");
  return [findingWithFix('unterminate', at, [{ start: at + 2, end: at + 3, newText: '' }])];
};
const openTemplate = (text: string): Finding[] => {
  const at = text.indexOf('return');
  return [findingWithFix('open template', at, [{ start: at, end: at, newText: '`${' }])];
};
const nothing = (): Finding[] => [];

interface GuardCase {
  name: string;
  input: string;
  breaking: (text: string) => Finding[];
  output: string;
  applied: string[];
}

const SOURCE = "function f() {\n  // TODO one\n  const a = 'b';\n  return a; // TODO two\n}\n";
const FIXED = "function f() {\n  // DONE one\n  const a = 'b';\n  return a; // DONE two\n}\n";
const BROKEN_ALREADY = 'function f() {\n  // TODO\n  return (1;\n}\n';

const CASES: GuardCase[] = [
  {
    name: 'no breaking fix: both passes apply',
    input: SOURCE,
    breaking: nothing,
    output: FIXED,
    applied: ['mark done', 'mark done'],
  },
  {
    name: 'a fix deleting the closing brace is rolled back',
    input: SOURCE,
    breaking: deleteLastBrace,
    output: FIXED,
    applied: ['mark done', 'mark done'],
  },
  {
    name: 'a fix leaving a string unterminated is rolled back',
    input: SOURCE,
    breaking: unterminateString,
    output: FIXED,
    applied: ['mark done', 'mark done'],
  },
  {
    name: 'a fix opening a template literal is rolled back',
    input: SOURCE,
    breaking: openTemplate,
    output: FIXED,
    applied: ['mark done', 'mark done'],
  },
  {
    name: 'a breaking first pass leaves the file untouched',
    input: FIXED,
    breaking: deleteLastBrace,
    output: FIXED,
    applied: [],
  },
  {
    name: 'a file already broken: fixes adding no error apply, one adding an error does not',
    input: BROKEN_ALREADY,
    breaking: deleteLastBrace,
    output: 'function f() {\n  // DONE\n  return (1;\n}\n',
    applied: ['mark done'],
  },
];

describe('fix-all rollback guard', () => {
  for (const testCase of CASES) {
    it(testCase.name, () => {
      const result = fixAll('guard.ts', testCase.input, todoThenBreaking(testCase.breaking));
      assert.equal(result.text, testCase.output);
      assert.deepEqual(result.applied, testCase.applied);
      assert.ok(syntaxErrorCount('guard.ts', result.text) <= syntaxErrorCount('guard.ts', testCase.input));
    });
  }

  it('the breaking fixes do break the file when applied without the guard (the cases test something)', () => {
    for (const breaking of [deleteLastBrace, unterminateString, openTemplate]) {
      const [finding] = breaking(FIXED);
      const [edit] = finding.computeFixes()[0].edits;
      const applied = FIXED.slice(0, edit.start) + edit.newText + FIXED.slice(edit.end);
      assert.ok(syntaxErrorCount('guard.ts', applied) > 0, finding.message);
    }
  });

  it('with the real engine: one breaking fix among a pass of real fixes rolls the pass back', () => {
    const text = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nconst server = new McpServer({ name: 'orders', version: '1.0.0' });\nserver.registerTool('get_order', {}, async ({ id }: { id: string }) => {\n  if (!id) throw new Error('id must be a non-empty string');\n  return { content: [{ type: 'text', text: 'ok' }] };\n});\n`;
    const engine = engineSettings(parseSettings({}).settings);
    const project = new Project(() => false);
    const real = (current: string): Finding[] => {
      const outcome = project.analyse('/guard/server.ts', current, engine, undefined, false);
      return outcome.kind === 'analysed' ? outcome.result.findings : [];
    };
    const fixed = fixAll('/guard/server.ts', text, real);
    assert.notEqual(fixed.text, text, 'the real fixes alone change the file');
    const sabotaged = fixAll('/guard/server.ts', text, (current) => [...real(current), ...deleteLastBrace(current)]);
    assert.equal(sabotaged.text, text);
    assert.deepEqual(sabotaged.applied, []);
  });
});
