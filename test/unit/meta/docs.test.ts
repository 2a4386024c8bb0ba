/**
 * The doc pages' meta-test: every docs/checks/<id>.md page's Bad example makes its check fire and
 * its Good example keeps it silent, and the page states the check's default severity and whether it
 * has a quick fix as the check's meta does (the typescript-eslint way of keeping docs honest).
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { CHECKS } from '../../../engine/src/checks';
import { analyseSourceFile, isRelevant, parseSource } from '../../../engine/src/engine';
import { DEFAULT_SETTINGS, engineSettings } from '../../../engine/src/settings';

const root = path.resolve(__dirname, '../../../..');

/** The first ```ts block under a `## <heading>` of a page. */
function example(page: string, heading: string): string {
  const section = new RegExp(`^## ${heading}\\s*$([\\s\\S]*?)(?=^## )`, 'm').exec(page);
  assert.ok(section, `a "## ${heading}" section`);
  const block = /^```(?:ts|typescript)\s*$([\s\S]*?)^```\s*$/m.exec(section[1]);
  assert.ok(block, `a ts example under "## ${heading}"`);
  return block[1];
}

const settings = engineSettings(DEFAULT_SETTINGS);

function findingsOf(checkId: string, code: string, fileName: string): string[] {
  const { findings } = analyseSourceFile(parseSource(fileName, code), settings);
  return findings.filter((finding) => finding.check === checkId).map((finding) => finding.message);
}

describe('doc pages agree with their checks', () => {
  for (const check of CHECKS) {
    const id = check.meta.id;
    const file = `docs/checks/${id}.md`;
    const page = fs.readFileSync(path.join(root, file), 'utf8');

    it(`${id}: the Bad example fires the check`, () => {
      const bad = example(page, 'Bad');
      // A workspace file is analysed only when it looks like MCP code (imports the SDK, or writes isError).
      assert.ok(isRelevant(bad, settings, false), `${file}: the Bad example is a file the engine would analyse`);
      const findings = findingsOf(id, bad, `/docs/${id}.bad.ts`);
      assert.ok(findings.length > 0, `${file}: the Bad example should make ${id} fire`);
    });

    it(`${id}: the Good example keeps the check silent`, () => {
      assert.deepEqual(findingsOf(id, example(page, 'Good'), `/docs/${id}.good.ts`), [], `${file}: Good example`);
    });

    it(`${id}: the page states the meta's default severity and quick fix`, () => {
      const line = /^\*\*Default severity:\*\* (\w+).*· \*\*Quick fix:\*\* (yes|no)\b/m.exec(page);
      assert.ok(line, `${file}: a "**Default severity:** … · **Quick fix:** yes|no" line`);
      assert.equal(line[1], check.meta.defaultSeverity, `${file}: default severity`);
      assert.equal(line[2] === 'yes', check.meta.fixable, `${file}: quick fix`);
    });

    it(`${id}: the page has a "When not to use it / known limits" section`, () => {
      assert.match(page, /^## When not to use it \/ known limits$/m, file);
    });
  }
});
