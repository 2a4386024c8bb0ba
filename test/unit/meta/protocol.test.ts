/** The command ids of shared/src/protocol.ts are exactly the commands package.json contributes. */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { COMMANDS, INTERNAL_COMMANDS, WorkspaceToolsRequest } from '../../../shared/src/protocol';

const root = path.resolve(__dirname, '../../../..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  contributes: { commands: { command: string }[] };
};

describe('client–server protocol (shared/src/protocol.ts)', () => {
  it('declares every contributed command, and no other', () => {
    const contributed = manifest.contributes.commands.map((entry) => entry.command).sort();
    assert.deepEqual(Object.values(COMMANDS).sort(), contributed);
  });

  it('keeps internal commands out of the Command Palette', () => {
    const contributed = new Set(manifest.contributes.commands.map((entry) => entry.command));
    for (const id of Object.values(INTERNAL_COMMANDS)) {
      assert.ok(id.startsWith('mcpEnvelope.internal.'), id);
      assert.ok(!contributed.has(id), `${id} is contributed`);
    }
  });

  it('names the tools request once', () => {
    assert.equal(WorkspaceToolsRequest.method, 'mcpEnvelope/tools');
  });
});
