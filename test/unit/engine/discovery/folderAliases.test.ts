import assert from 'node:assert/strict';
import * as path from 'node:path';
import { test } from 'node:test';
import { resolveFolderAlias } from '../../../../engine/src/discovery/folderAliases';

const ROOT = path.resolve('/project');
const FILES = new Set(
  [
    'src/tools/tool-name.ts',
    'src/tools/handlers/queues/list-queues.ts',
    'src/lib/index.ts',
    'node_modules/@scope/pkg/index.ts',
  ].map((file) => path.join(ROOT, file)),
);
const exists = (fileName: string) => FILES.has(fileName);
const from = path.join(ROOT, 'src/tools/handlers/queues/list-queues.ts');

test('a scope-shaped alias resolves to the folder of that name above the importing file', () => {
  assert.equal(resolveFolderAlias('@src/tools/tool-name.js', from, exists), path.join(ROOT, 'src/tools/tool-name.ts'));
  assert.equal(resolveFolderAlias('@lib', from, exists), undefined);
  assert.equal(resolveFolderAlias('@src/lib', from, exists), path.join(ROOT, 'src/lib/index.ts'));
});

test('a real scoped package, a bare package and a relative path stay unresolved', () => {
  assert.equal(resolveFolderAlias('@modelcontextprotocol/sdk/server/mcp.js', from, exists), undefined);
  assert.equal(resolveFolderAlias('zod', from, exists), undefined);
  assert.equal(resolveFolderAlias('./tool-name.js', from, exists), undefined);
  // Inside node_modules the walk stops: a package's own scope is not a project folder.
  const inPackage = path.join(ROOT, 'node_modules/@scope/pkg/index.ts');
  assert.equal(resolveFolderAlias('@scope/pkg', inPackage, exists), undefined);
});
