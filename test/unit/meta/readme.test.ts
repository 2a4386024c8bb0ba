/**
 * The README stays whole: a section for every capability, well-formed tables, every setting of package.json in the
 * settings table with its scope and default (and nothing else there), every check in the checks table, and
 * relative links that lead to files (and headings) that exist.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { CHECK_IDS } from '../../../engine/src/checks';

const root = path.resolve(__dirname, '../../../..');
const read = (relative: string) => fs.readFileSync(path.join(root, relative), 'utf8');

/** A capability and the pattern its README heading must match. */
const REQUIRED_SECTIONS: readonly { capability: string; heading: RegExp }[] = [
  { capability: 'diagnostics and quick fixes', heading: /diagnostics and quick fixes/i },
  { capability: 'settings', heading: /^settings$/i },
  { capability: 'the CLI in CI', heading: /CI: `mcp-envelope check`/ },
  { capability: 'snippets and grammars', heading: /snippets and grammars/i },
  { capability: 'the tap and the Tool Calls panel', heading: /the tap and the Tool Calls panel/i },
  { capability: 'the probe', heading: /the probe/i },
  { capability: 'the example server', heading: /example server/i },
  { capability: 'speed', heading: /^speed$/i },
  { capability: 'development', heading: /^development$/i },
];

interface Heading {
  level: number;
  text: string;
  line: number;
}

interface Table {
  /** 1-based line of the header row. */
  line: number;
  rows: string[][];
  /** The heading the table sits under. */
  section: string;
}

/** Markdown lines outside fenced code blocks, with their 1-based numbers. */
function proseLines(markdown: string): { text: string; line: number }[] {
  const lines: { text: string; line: number }[] = [];
  let fenced = false;
  markdown.split('\n').forEach((text, index) => {
    if (/^\s*```/.test(text)) fenced = !fenced;
    else if (!fenced) lines.push({ text, line: index + 1 });
  });
  return lines;
}

function headings(markdown: string): Heading[] {
  return proseLines(markdown).flatMap(({ text, line }) => {
    const match = /^(#{1,6})\s+(.+?)\s*$/.exec(text);
    return match ? [{ level: match[1].length, text: match[2], line }] : [];
  });
}

/** The cells of a table row: split on `|` outside inline code, `\|` kept as text. */
function tableCells(row: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let inCode = false;
  const body = row.trim().replace(/^\|/, '').replace(/\|$/, '');
  for (let index = 0; index < body.length; index++) {
    const char = body[index];
    if (char === '\\' && body[index + 1] === '|') {
      cell += '|';
      index++;
    } else if (char === '`') {
      inCode = !inCode;
      cell += char;
    } else if (char === '|' && !inCode) {
      cells.push(cell.trim());
      cell = '';
    } else {
      cell += char;
    }
  }
  cells.push(cell.trim());
  return cells;
}

function tables(markdown: string): Table[] {
  const found: Table[] = [];
  let section = '';
  let current: Table | undefined;
  for (const { text, line } of proseLines(markdown)) {
    const heading = /^#{1,6}\s+(.+?)\s*$/.exec(text);
    if (heading) section = heading[1];
    if (text.trimStart().startsWith('|')) {
      current ??= { line, rows: [], section };
      current.rows.push(tableCells(text));
    } else if (current) {
      found.push(current);
      current = undefined;
    }
  }
  if (current) found.push(current);
  return found;
}

/** Why a table is malformed, or undefined when it is well-formed. */
function tableProblem(table: Pick<Table, 'rows'>): string | undefined {
  const [header, separator, ...body] = table.rows;
  if (!separator || !separator.every((cell) => /^:?-{3,}:?$/.test(cell)))
    return 'the second row is not a separator row (| --- | --- |)';
  if (separator.length !== header.length)
    return `the separator has ${separator.length} columns, the header ${header.length}`;
  if (body.length === 0) return 'no rows under the header';
  const uneven = body.findIndex((row) => row.length !== header.length);
  if (uneven >= 0) return `row ${uneven + 1} has ${body[uneven].length} cells, the header ${header.length}`;
  if (header.some((cell) => cell === '')) return 'an empty header cell';
  return undefined;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchor(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

const readme = read('README.md');
const readmeHeadings = headings(readme);
const readmeTables = tables(readme);

interface SettingSchema {
  scope?: string;
  default?: unknown;
}
const manifest = JSON.parse(read('package.json')) as {
  contributes: { configuration: { properties: Record<string, SettingSchema> } };
};
const settings = manifest.contributes.configuration.properties;

/** A code span as the README writes a default: strings bare, everything else as JSON. */
const codeSpan = (value: unknown) => `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``;

describe('README', () => {
  it('has a section for every capability', () => {
    for (const { capability, heading } of REQUIRED_SECTIONS) {
      assert.ok(
        readmeHeadings.some((h) => h.level >= 2 && heading.test(h.text)),
        `no section on ${capability} (a heading matching ${heading})`,
      );
    }
  });

  it('has well-formed tables: a separator row and the same number of cells in every row', () => {
    for (const table of readmeTables) {
      const problem = tableProblem(table);
      assert.equal(problem, undefined, `table at line ${table.line} (under "${table.section}"): ${problem}`);
    }
    assert.ok(readmeTables.length >= 3, `expected the checks, settings and speed tables, found ${readmeTables.length}`);
  });

  it('the table check rejects a header with too few separators, a missing separator and uneven rows', () => {
    // The settings table as a speed figure once left it: five cells under three separators.
    const cutTable = [
      '| setting | default | what | measured (last runs) | target |',
      '| --- | --- | --- |',
      '| the decoder | **196,046** results/s | ≥ 50,000/s |',
    ];
    assert.match(tableProblem({ rows: cutTable.map(tableCells) }) ?? '', /separator has 3 columns, the header 5/);
    assert.match(
      tableProblem({
        rows: [
          ['a', 'b'],
          ['1', '2'],
        ],
      }) ?? '',
      /not a separator row/,
    );
    assert.match(tableProblem({ rows: [['a', 'b'], ['---', '---'], ['1']] }) ?? '', /row 1 has 1 cells/);
    assert.deepEqual(tableCells('| `a | b` | c \\| d |'), ['`a | b`', 'c | d']);
  });

  it('lists every setting of package.json with its scope and default, and nothing else, under Settings', () => {
    const settingsTables = readmeTables.filter((table) => /^settings$/i.test(table.section));
    assert.equal(settingsTables.length, 1, 'one table under the Settings heading');
    const [header, , ...rows] = settingsTables[0].rows;
    const column = (name: string) => {
      const index = header.findIndex((cell) => cell.toLowerCase() === name);
      assert.ok(index >= 0, `the settings table has a "${name}" column`);
      return index;
    };
    const [settingColumn, scopeColumn, defaultColumn] = [column('setting'), column('scope'), column('default')];
    const listed = rows.map((row) => row[settingColumn].replace(/`/g, ''));
    assert.deepEqual([...listed].sort(), Object.keys(settings).sort(), 'the settings table lists package.json');
    for (const row of rows) {
      const key = row[settingColumn].replace(/`/g, '');
      const schema = settings[key];
      assert.equal(row[scopeColumn], codeSpan(schema.scope ?? 'window'), `${key}: scope`);
      assert.equal(row[defaultColumn], codeSpan(schema.default), `${key}: default`);
    }
  });

  it('the checks table links every registered check to its page, in the registry order', () => {
    const linked = [...readme.matchAll(/^\| \[([a-z-]+)\]\(docs\/checks\/([a-z-]+)\.md\)/gm)];
    assert.deepEqual(
      linked.map((match) => match[1]),
      [...CHECK_IDS],
    );
    for (const match of linked) assert.equal(match[2], match[1], `${match[1]} links to its own page`);
  });

  it('relative links and images point to files (and headings) that exist', () => {
    const links = proseLines(readme).flatMap(({ text, line }) =>
      [...text.matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)].map((match) => ({ target: match[1], line })),
    );
    assert.ok(links.length > 10, `expected the README's links, found ${links.length}`);
    for (const { target, line } of links) {
      if (/^[a-z]+:/i.test(target)) continue;
      const [file, fragment] = target.split('#');
      const resolved = file === '' ? 'README.md' : file;
      assert.ok(fs.existsSync(path.join(root, resolved)), `line ${line}: ${target} does not exist`);
      if (fragment && resolved.endsWith('.md')) {
        const anchors = headings(read(resolved)).map((h) => anchor(h.text));
        assert.ok(anchors.includes(fragment), `line ${line}: ${resolved} has no heading #${fragment}`);
      }
    }
  });

  it('says which Node versions the tests run on and where the speed figures come from', () => {
    assert.match(readme, /Node 20, 22 and 24/);
    const speed = readmeHeadings.find((h) => /^speed$/i.test(h.text));
    assert.ok(speed);
    const sectionText = readme.split('\n').slice(speed.line).join('\n').split(/^## /m)[0];
    assert.match(sectionText, /`npm run bench`/);
  });
});
