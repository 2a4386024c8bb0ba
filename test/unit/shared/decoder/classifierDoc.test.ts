/**
 * docs/classifier.md carries two generated tables: every classifier rule (CLASSIFIER_RULES) and the foreign-shape
 * class spellings (FOREIGN_CLASSES). This test fails when they drift; `UPDATE_CLASSIFIER_DOC=1` rewrites them.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CLASSIFIER_RULES, FOREIGN_CLASSES, type ClassifierRule } from '../../../../shared/src/classifier';
import { ERROR_CATEGORIES } from '../../../../shared/src/taxonomy';

const DOC = path.resolve(__dirname, '../../../../../docs/classifier.md');

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function matchText(rule: ClassifierRule): string {
  const match = rule.match instanceof RegExp ? `/${rule.match.source}/${rule.match.flags}` : String(rule.match);
  return `\`${cell(match)}\``;
}

export function rulesTable(): string {
  const lines = ['| # | evidence | match | category | retryable | reason |', '| - | - | - | - | - | - |'];
  CLASSIFIER_RULES.forEach((rule, index) => {
    const retry = `${rule.retryable ? 'yes' : 'no'}${rule.weak ? ' (weak)' : ''}`;
    lines.push(
      `| ${index + 1} | ${rule.source} | ${matchText(rule)} | ${rule.category} | ${retry} | ${cell(rule.reason)} |`,
    );
  });
  return lines.join('\n');
}

export function classesTable(): string {
  const lines = [
    '| category | class or code spellings (any case; `notFound`, `NOT-FOUND` and `not found` read alike) |',
    '| - | - |',
  ];
  for (const category of ERROR_CATEGORIES) {
    lines.push(`| ${category} | ${FOREIGN_CLASSES[category].map((name) => `\`${name}\``).join(', ')} |`);
  }
  return lines.join('\n');
}

function replaceBlock(text: string, name: string, body: string): string {
  const start = `<!-- generated:${name} -->`;
  const end = `<!-- /generated:${name} -->`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  assert.ok(from >= 0 && to > from, `docs/classifier.md has the ${name} markers`);
  return `${text.slice(0, from + start.length)}\n\n${body}\n\n${text.slice(to)}`;
}

void describe('docs/classifier.md', () => {
  void it('lists every classifier rule and every foreign class spelling as the code has them', () => {
    const text = fs.readFileSync(DOC, 'utf8');
    const expected = replaceBlock(replaceBlock(text, 'rules', rulesTable()), 'classes', classesTable());
    if (process.env.UPDATE_CLASSIFIER_DOC === '1') fs.writeFileSync(DOC, expected);
    assert.equal(text, expected, 'regenerate with UPDATE_CLASSIFIER_DOC=1');
    assert.equal((text.match(/^\| \d+ \| /gm) ?? []).length, CLASSIFIER_RULES.length);
  });
});
