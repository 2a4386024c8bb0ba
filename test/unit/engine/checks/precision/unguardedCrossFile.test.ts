/**
 * unguarded-handler follows a call into a function that another workspace file exports (one file deep,
 * through the project index): a callee whose whole body is guarded is not a failure that escapes.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Project } from '../../../../../engine/src/discovery/project';
import { indexWorkspace } from '../../../../../engine/src/discovery/workspaceIndex';
import { DEFAULT_SETTINGS, engineSettings } from '../../../../../engine/src/settings';

const manifest = JSON.stringify({ name: 'ws', dependencies: { '@modelcontextprotocol/sdk': '1.0.0' } });

const store = [
  `import { db } from './db.js';`,
  `import { isKnownShop } from './shops.js';`,
  `export async function refreshCatalogue(shop: string) {`,
  `  if (!isKnownShop(shop)) return { ok: false as const, reason: 'unknown shop' };`,
  `  try {`,
  `    await db.reload(shop);`,
  `    return { ok: true as const };`,
  `  } catch (error) {`,
  `    return { ok: false as const, reason: String(error) };`,
  `  }`,
  `}`,
  `export const readCatalogue = async (shop: string) => {`,
  `  const rows = await db.rows(shop);`,
  `  return rows.map((row: { name: string }) => row.name);`,
  `};`,
].join('\n');

const NAMED_IMPORTS = `import { readCatalogue, refreshCatalogue as refresh } from './store.js';`;

function handlerFile(call: string, imports: string): string {
  return [
    `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';`,
    imports,
    `import { remoteSync } from 'catalogue-client';`,
    `const server = new McpServer({ name: 'shop', version: '1' });`,
    `server.registerTool('catalogue', {}, async ({ shop }) => {`,
    `  const result = ${call};`,
    `  return { content: [{ type: 'text', text: JSON.stringify(result) }] };`,
    `});`,
  ].join('\n');
}

/** The unguarded-handler messages for the handler file, analysed in a workspace with store.ts beside it. */
function unguarded(call: string, imports = NAMED_IMPORTS): string[] {
  const files = new Map([
    ['/ws/package.json', manifest],
    ['/ws/src/store.ts', store],
    [
      '/ws/src/shops.ts',
      `const shops = new Set(['north', 'south']);\nexport function isKnownShop(shop: string) {\n  return shops.has(shop.toLowerCase());\n}`,
    ],
    [
      '/ws/src/log.ts',
      [
        `import { appendFileSync } from 'node:fs';`,
        `export function log(message: string) {`,
        `  appendFileSync('/tmp/catalogue.log', message + '\\n');`,
        `}`,
        `export function record(message: string) {`,
        `  appendFileSync('/tmp/catalogue.log', message + '\\n');`,
        `}`,
      ].join('\n'),
    ],
    [
      '/ws/src/audit.ts',
      [
        `export default async function auditCatalogue(shop: string) {`,
        `  try {`,
        `    return await fetch('https://audit.invalid/' + shop);`,
        `  } catch {`,
        `    return undefined;`,
        `  }`,
        `}`,
      ].join('\n'),
    ],
    [
      '/ws/src/rebuild.ts',
      `export default async function rebuildCatalogue(shop: string) {\n  return await fetch('https://rebuild.invalid/' + shop);\n}`,
    ],
    ['/ws/src/db.ts', `export const db = { reload: async (s: string) => s, rows: async (s: string) => [s] };`],
    ['/ws/src/server.ts', handlerFile(call, imports)],
  ]);
  const settings = engineSettings(DEFAULT_SETTINGS);
  const project = new Project(
    (fileName) => files.has(fileName),
    (fileName) => files.get(fileName),
  );
  const sources = [...files].filter(([name]) => name.endsWith('.ts')).map(([fileName, text]) => ({ fileName, text }));
  indexWorkspace(project, sources, settings, ['/ws/package.json']);
  const outcome = project.analyse('/ws/src/server.ts', files.get('/ws/src/server.ts') ?? '', settings);
  assert.equal(outcome.kind, 'analysed');
  return outcome.kind === 'analysed'
    ? outcome.result.findings.filter((f) => f.check === 'unguarded-handler').map((f) => f.message)
    : [];
}

describe('unguarded-handler across files', () => {
  it('an imported workspace function (renamed) whose body is guarded, after a check imported from a third file, is not a failure', () => {
    assert.deepEqual(unguarded('await refresh(shop)'), []);
  });

  it('an imported workspace function that awaits without a guard is named, with its file', () => {
    const found = unguarded('await readCatalogue(shop)');
    assert.equal(found.length, 1);
    assert.match(found[0], /readCatalogue\(\) \(in store\.ts\) runs `await db\.rows\(…\)`/);
  });

  it('a namespace import (import * as store) of a workspace file: a guarded function reached through it is not a failure', () => {
    assert.deepEqual(unguarded('await store.refreshCatalogue(shop)', `import * as store from './store.js';`), []);
  });

  it('a namespace import of a workspace file: an unguarded function reached through it is named, with its file', () => {
    const found = unguarded('await store.readCatalogue(shop)', `import * as store from './store.js';`);
    assert.equal(found.length, 1);
    assert.match(found[0], /readCatalogue\(\) \(in store\.ts\) runs `await db\.rows\(…\)`/);
  });

  it('a namespace import of a workspace file: a member it does not export still counts', () => {
    const found = unguarded('await store.rebuildCatalogue(shop)', `import * as store from './store.js';`);
    assert.equal(found.length, 1);
    assert.match(found[0], /await store\.rebuildCatalogue/);
  });

  it('a workspace logger (log(…)) is a log line, not followed into even when it writes a file', () => {
    assert.deepEqual(unguarded('log(shop)', `import { log } from './log.js';`), []);
  });

  it('near miss: the same body under a name that is not a logger is followed and counts', () => {
    const found = unguarded('record(shop)', `import { record } from './log.js';`);
    assert.equal(found.length, 1);
    assert.match(found[0], /record\(\) \(in log\.ts\) runs `appendFileSync\(…\)`/);
  });

  it('a default-exported workspace function imported under its own name, whose body is guarded, is not a failure', () => {
    assert.deepEqual(unguarded('await auditCatalogue(shop)', `import auditCatalogue from './audit.js';`), []);
  });

  it('near miss: a default-exported workspace function that awaits without a guard is named, with its file', () => {
    const found = unguarded('await rebuildCatalogue(shop)', `import rebuildCatalogue from './rebuild.js';`);
    assert.equal(found.length, 1);
    assert.match(found[0], /rebuildCatalogue\(\) \(in rebuild\.ts\)/);
  });

  it('a package import is not followed: it still counts', () => {
    const found = unguarded('await remoteSync(shop)');
    assert.equal(found.length, 1);
    assert.match(found[0], /await remoteSync/);
  });
});
