/**
 * The meta-test: keeps the check registry, the per-check test tables, the doc pages and the
 * settings in package.json in step (the typescript-eslint way).
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { CHECKS, CHECK_IDS } from '../../../engine/src/checks';
import { DESIGN_CHECK_IDS } from '../../designCheckIds';

const root = path.resolve(__dirname, '../../../..');
const read = (relative: string) => fs.readFileSync(path.join(root, relative), 'utf8');
const listIds = (relative: string, suffix: string) =>
  fs
    .readdirSync(path.join(root, relative))
    .filter((name) => name.endsWith(suffix))
    .map((name) => name.slice(0, -suffix.length));

interface Manifest {
  contributes: { configuration: { properties: Record<string, { properties?: Record<string, unknown> }> } };
}
const manifest = JSON.parse(read('package.json')) as Manifest;
const settingIds = Object.keys(manifest.contributes.configuration.properties['mcpEnvelope.checks'].properties ?? {});
const sorted = (ids: readonly string[]) => [...ids].sort();

describe('check registry, tables, docs and settings agree', () => {
  it('ids are unique, kebab-case, and every check has a description', () => {
    assert.equal(new Set(CHECK_IDS).size, CHECK_IDS.length);
    for (const check of CHECKS) {
      assert.match(check.meta.id, /^[a-z]+(-[a-z]+)*$/);
      assert.ok(check.meta.description.length > 20, `${check.meta.id} needs a description`);
    }
  });

  it('one check file per registered check, and nothing unregistered', () => {
    const files = listIds('engine/src/checks', '.ts').filter((id) => id !== 'index');
    assert.deepEqual(sorted(files), sorted(CHECK_IDS));
    for (const id of CHECK_IDS) {
      assert.match(read(`engine/src/checks/${id}.ts`), new RegExp(`id: '${id}'`), `${id}.ts declares its own id`);
    }
  });

  it('one test table per check, running that check', () => {
    const tables = listIds('test/unit/engine/checks', '.test.ts');
    assert.deepEqual(sorted(tables), sorted(CHECK_IDS));
    for (const id of CHECK_IDS) {
      const table = read(`test/unit/engine/checks/${id}.test.ts`);
      assert.match(table, new RegExp(`runCheckTable\\('${id}'`), `${id}.test.ts runs its check`);
      assert.match(table, /invalid: \[/, `${id}.test.ts has invalid cases`);
    }
  });

  it('one doc page per check, with a bad and a good example', () => {
    const pages = listIds('docs/checks', '.md');
    assert.deepEqual(sorted(pages), sorted(CHECK_IDS));
    for (const id of CHECK_IDS) {
      const page = read(`docs/checks/${id}.md`);
      assert.match(page, new RegExp(`^# ${id}`, 'm'), `${id}.md starts with its id`);
      assert.ok((page.match(/```(ts|typescript)/g) ?? []).length >= 2, `${id}.md has bad and good examples`);
      assert.match(page, /mcp-envelope-disable-next-line/, `${id}.md says how to disable it`);
    }
  });

  it('one severity setting per check in package.json', () => {
    assert.deepEqual(sorted(settingIds), sorted(CHECK_IDS));
  });

  it('the fourteen checks of the design are all registered', () => {
    assert.deepEqual([...CHECK_IDS], [...DESIGN_CHECK_IDS], 'registered in the order of the design table');
  });
});
