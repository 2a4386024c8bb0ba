import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { resolveTraceFolders } from '../../../../client/src/traces/traceFolders';

void describe('trace folders from the setting', () => {
  const home = path.resolve('/home/dev');
  const def = path.resolve('/home/dev/.mcp-envelope/traces');
  const ws = [path.resolve('/work/a'), path.resolve('/work/b')];

  void it('always watches the default folder first', () => {
    assert.deepEqual(resolveTraceFolders(undefined, def, ws, home), [def]);
    assert.deepEqual(resolveTraceFolders('not a list', def, ws, home), [def]);
  });

  void it('expands ~, ${userHome} and ${workspaceFolder}; relative entries apply to each workspace folder', () => {
    assert.deepEqual(
      resolveTraceFolders(['~/t', '${userHome}/u', '${workspaceFolder}/.traces', 'logs', 42, ''], def, ws, home),
      [
        def,
        path.join(home, 't'),
        path.join(home, 'u'),
        path.join(ws[0], '.traces'),
        path.join(ws[1], '.traces'),
        path.join(ws[0], 'logs'),
        path.join(ws[1], 'logs'),
      ],
    );
  });

  void it('keeps absolute entries once and drops duplicates', () => {
    const abs = path.resolve('/var/traces');
    assert.deepEqual(resolveTraceFolders([abs, `${abs}/`, def], def, [], home), [def, abs]);
  });

  void it('skips workspace-relative entries when no folder is open', () => {
    assert.deepEqual(resolveTraceFolders(['rel', '${workspaceFolder}/x'], def, [], home), [def]);
  });
});
